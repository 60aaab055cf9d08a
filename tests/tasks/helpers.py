"""Driving games to the play phase for task tests."""

from __future__ import annotations

from games import services
from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.playout import acting_seat
from games.models import Game
from games.persistence import load_state


def users_by_seat(game):
    return {seat.index: seat.user for seat in game.seats.all()}


def submit_first_legal(game, user_of=None):
    game.refresh_from_db()
    state = load_state(game)
    seat = acting_seat(state)
    action = legal_actions(load_content(), state, seat)[0]
    return services.action_submit(game=game, user=users_by_seat(game)[seat], action=action.to_json(),
                                  expected_version=game.version, idempotency_key=f"t-{game.version}")


def game_in_play(creator, other, **options) -> Game:
    """A two-seat game whose setup is done; the first turn has not begun."""
    game = services.game_create(creator=creator, title="Tasks", seat_count=2, **options)
    services.game_join(game=game, user=other)
    game.refresh_from_db()
    while game.phase != "play":
        submit_first_legal(game)
        game.refresh_from_db()
    return game
