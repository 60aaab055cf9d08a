"""Driving a table-talk game into its turns."""

from __future__ import annotations

from games import services
from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.playout import acting_seat
from games.persistence import load_state


def act(game, prefer: str = "end_turn"):
    """Submit the preferred action kind if legal, else the first legal action of whoever acts."""
    game.refresh_from_db()
    state = load_state(game)
    seat = acting_seat(state)
    options = legal_actions(load_content(), state, seat)
    action = next((a for a in options if a.to_json()["kind"] == prefer), options[0])
    user = game.seats.get(index=seat).user
    services.action_submit(game=game, user=user, action=action.to_json(), expected_version=game.version,
                           idempotency_key=f"talk-{game.version}")
    game.refresh_from_db()


def play_until_turn(game, turn: int, limit: int = 400):
    for _ in range(limit):
        if game.turn_number >= turn:
            return game
        act(game)
    raise AssertionError(f"turn {turn} not reached")
