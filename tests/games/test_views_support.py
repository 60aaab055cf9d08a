"""Helpers for the game page tests: build games through the services and play them like users do.

(This module holds no tests; the test_views_* modules import from it.)
"""

from __future__ import annotations

import hashlib
import json

from django.urls import reverse

from games import services
from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.playout import acting_seat
from games.models import Game
from games.persistence import load_state

SEED = "heldenweb-view-tests-seed"


def new_game(creator, others=(), *, seed: str = SEED, **kwargs) -> Game:
    """A game created by ``creator`` and joined by ``others``, with a fixed seed (so tests replay)."""
    kwargs.setdefault("title", "Abend")
    kwargs.setdefault("seat_count", 1 + len(others))
    game = services.game_create(creator=creator, **kwargs)
    Game.objects.filter(pk=game.pk).update(seed=seed, seed_commitment=hashlib.sha256(seed.encode()).hexdigest())
    game.refresh_from_db()
    for user in others:
        services.game_join(game=game, user=user, invite_code=game.invite_code)
    game.refresh_from_db()
    return game


def users_by_seat(game: Game) -> dict:
    return {seat.index: seat.user for seat in game.seats.select_related("user")}


def state_of(game: Game):
    game.refresh_from_db()
    return load_state(game)


def legal(game: Game, seat: int | None = None):
    state = state_of(game)
    seat = acting_seat(state) if seat is None else seat
    return seat, legal_actions(load_content(), state, seat)


def submit(game: Game, action, *, key: str | None = None):
    """Apply one action for whoever must act, through the service."""
    game.refresh_from_db()
    state = load_state(game)
    seat = acting_seat(state)
    data = action.to_json() if hasattr(action, "to_json") else action
    return services.action_submit(game=game, user=users_by_seat(game)[seat], action=data,
                                  expected_version=game.version, idempotency_key=key or f"t-{game.version}")


def play_setup(game: Game) -> Game:
    """Choose heroes, place cards and manors and choose axes with the first legal option each."""
    for _ in range(40):
        game.refresh_from_db()
        if game.phase == "play":
            return game
        _seat, actions = legal(game)
        submit(game, actions[0])
    raise AssertionError("setup did not finish")


def first_of(actions, kind: str):
    return next((a for a in actions if a.kind == kind), None)


def post_action(client, game: Game, action, *, version: int | None = None, key: str = "key-1", htmx: bool = False):
    data = action.to_json() if hasattr(action, "to_json") else dict(action)
    kind = data.pop("kind")
    game.refresh_from_db()
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse("games:submit", args=[game.pk]), {
        "kind": kind, "params": json.dumps(data),
        "version": game.version if version is None else version, "idempotency_key": key,
    }, **headers)


def detail_url(game: Game) -> str:
    return reverse("games:detail", args=[game.pk])
