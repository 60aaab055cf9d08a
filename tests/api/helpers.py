"""Driving games through the API in tests."""

from __future__ import annotations

import hashlib
import itertools

from games.models import Game

GAMES = "/api/v1/games/"
_keys = itertools.count(1)


def game_url(game_id: int, part: str = "") -> str:
    return f"{GAMES}{game_id}/{part + '/' if part else ''}"


def create_game(client, **fields) -> dict:
    body = {"title": "Abendrunde", "seat_count": 2, **fields}
    response = client.post(GAMES, body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def fix_seed(game_id: int, seed: str) -> None:
    """Give a game that has not started yet a known seed, so that a test plays the same game every run."""
    Game.objects.filter(pk=game_id).update(seed=seed, seed_commitment=hashlib.sha256(seed.encode()).hexdigest())


def start_two_player_game(creator, joiner, seed: str | None = None, **fields) -> int:
    """Create a 2-seat game as ``creator`` (seat 0); ``joiner`` takes seat 1 and the setup begins."""
    game = create_game(creator, **fields)
    if seed is not None:
        fix_seed(game["id"], seed)
    body = {"invite_code": game["invite_code"]} if game["invite_code"] else {}
    response = joiner.post(game_url(game["id"], "join"), body, format="json")
    assert response.status_code == 200, response.json()
    return game["id"]


def submit(client, game_id: int, action: dict, version: int, key: str | None = None):
    key = key or f"test-{next(_keys)}"
    return client.post(game_url(game_id, "actions"), {"action": action, "expected_version": version},
                       format="json", HTTP_IDEMPOTENCY_KEY=key)


def acting(game_id: int, clients: dict) -> tuple[int, object]:
    """(seat, client) of whoever must act now, as the game's detail says."""
    any_client = next(iter(clients.values()))
    detail = any_client.get(game_url(game_id)).json()
    seat = detail["acting_seat"]
    return seat, clients[seat]


def play_first_legal(game_id: int, clients: dict, times: int = 1, kind: str | None = None) -> list:
    """Let whoever must act submit their first legal action (of ``kind``), ``times`` times."""
    answers = []
    for _ in range(times):
        seat, client = acting(game_id, clients)
        legal = client.get(game_url(game_id, "actions")).json()
        offered = [a for a in legal["actions"] if kind is None or a["kind"] == kind]
        assert offered, f"seat {seat} is offered no {kind or 'action'}: {legal['actions']}"
        response = submit(client, game_id, offered[0], legal["version"])
        assert response.status_code == 201, response.json()
        answers.append(response.json())
    return answers
