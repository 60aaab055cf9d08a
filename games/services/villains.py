"""The villains' seat of a co-op game (issue 18): the automatic Diener's turn, played by the turn-start task.

A co-op game's last seat leads the villains (``games.variants``). A person or a bot plays it like any seat;
the automatic one has nobody, and its turn is one action the engine offers (the Diener's march), which
``villains_turn`` submits through ``action_submit`` — once per turn: the idempotency key names the turn,
as ``turn_begin``'s does, so a retried task or a second worker finds the first answer and marches no one twice.
"""

from __future__ import annotations

from games import variants
from games.models import Game
from games.persistence import load_state
from games.titles import title_of

from .submit import SubmitResult, action_submit


def is_villains_turn(game: Game) -> bool:
    """Whether the game's current turn is its villains' seat's (no turn start of a hero's kind then)."""
    seat = variants.villain_seat(game)
    return seat is not None and game.current_seat == seat and game.phase == "play"


def villains_turn(*, game: Game, turn: int) -> SubmitResult | None:
    """The automatic villains' turn ``turn``: their one action, applied once; None if not theirs to take."""
    game.refresh_from_db()
    if (not variants.has_automatic_seat(game) or game.turn_number != turn or game.status != Game.Status.RUNNING
            or not is_villains_turn(game)):
        return None
    title = title_of(game)
    seat = game.current_seat
    legal = title.legal_actions(title.content(), load_state(game), seat)
    if len(legal) != 1:
        return None  # the automatic seat is offered its march alone; anything else is not ours to choose
    return action_submit(game=game, user=None, action=legal[0].to_json(), expected_version=game.version,
                         idempotency_key=f"villains:{turn}", seat_index=seat)
