"""Play a whole game of heldenweb through its REST API, every seat choosing random legal actions.

    python examples/api_client.py --base http://localhost:8000 --player anna:PASSWORD --player ben:PASSWORD

Each player logs in for a token; the first creates the game and the others join. Then every player
asks for its legal actions; the one who may act picks one at random and submits it with the version
it saw and a fresh Idempotency-Key, until nobody can act (the game is over) or --max-actions is reached.
"""

from __future__ import annotations

import argparse
import random
import time
import uuid

import requests


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status, self.code = status, code


class Player:
    def __init__(self, base: str, username: str, password: str) -> None:
        self.api = base.rstrip("/") + "/api/v1"
        self.name = username
        self.http = requests.Session()
        token = self.call("POST", "/auth/token/", json={"username": username, "password": password,
                                                         "name": "api_client.py"})
        self.http.headers["Authorization"] = f"Token {token['token']}"
        self.token_id = token["id"]

    def call(self, method: str, path: str, **kwargs) -> dict:
        response = self.http.request(method, self.api + path, timeout=30, **kwargs)
        if response.status_code >= 400:
            error = response.json()
            raise ApiError(response.status_code, error["code"], error["message"])
        return response.json() if response.content else {}

    def submit(self, game_id: int, action: dict, version: int) -> dict:
        key = str(uuid.uuid4())  # one key per intended action: retries with it apply the action once
        for attempt in range(3):
            try:
                return self.call("POST", f"/games/{game_id}/actions/", headers={"Idempotency-Key": key},
                                 json={"action": action, "expected_version": version})
            except requests.ConnectionError:
                time.sleep(2**attempt)
        raise SystemExit("the server does not answer")


def play(players: list[Player], max_actions: int, rng: random.Random) -> int:
    creator, *others = players
    game = creator.call("POST", "/games/", json={"title": "Random heroes", "seat_count": len(players)})
    for player in others:
        player.call("POST", f"/games/{game['id']}/join/", json={})
    applied = 0
    while applied < max_actions:
        offers = [(player, player.call("GET", f"/games/{game['id']}/actions/")) for player in players]
        acting = [(player, legal) for player, legal in offers if legal["actions"]]
        if not acting:
            break  # nobody may act: the game is over
        player, legal = acting[0]
        action = rng.choice(legal["actions"])
        try:
            result = player.submit(game["id"], action, legal["version"])
        except ApiError as error:
            if error.code == "stale_version":
                continue  # the game moved on meanwhile (e.g. the server began the turn): ask again
            raise
        applied += 1
        dice = [d for event in result["events"] for d in event["dice"]]
        rolled = f"  dice {dice}" if dice else ""
        print(f"{result['sequence']:4}  seat {result['seat']} {player.name:>8}  {action}{rolled}")
    final = creator.call("GET", f"/games/{game['id']}/")
    print(f"game {final['id']}: {applied} actions, status {final['status']}, winner {final['winner']}")
    return final["id"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="http://localhost:8000")
    parser.add_argument("--player", action="append", required=True, help="username:password, 1 to 6 times")
    parser.add_argument("--max-actions", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=None, help="for the random choices")
    args = parser.parse_args()
    players = [Player(args.base, *spec.split(":", 1)) for spec in args.player]
    try:
        play(players, args.max_actions, random.Random(args.seed))
    finally:
        for player in players:  # the tokens were only for this run
            player.call("DELETE", f"/tokens/{player.token_id}/")


if __name__ == "__main__":
    main()
