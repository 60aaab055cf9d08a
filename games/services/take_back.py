"""Taking back one's own last step of the turn (ruling R-110): the log keeps the row, the state is replayed."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from games import poll
from games.errors import NotAllowed, StaleVersion
from games.models import Game, GameAction
from games.persistence import apply_game_fields, load_state, write_changes
from games.replay import replay_state

from .submit import seat_of

TAKE_BACK_BLOCKING_EVENTS = frozenset({"token_revealed", "region_explored"})


def check_not_sealed(row: GameAction) -> None:
    """Refuse taking back a step that used chance or revealed something (ruling R-110)."""
    if row.sealed:
        raise NotAllowed("step_sealed")
    # Rows logged before steps were sealed: judged by their events as before.
    if any(event.get("dice") for event in row.events):
        raise NotAllowed("step_rolled")
    if any(event.get("kind") in TAKE_BACK_BLOCKING_EVENTS for event in row.events):
        raise NotAllowed("step_revealed")


def action_take_back(*, game: Game, user, expected_version: int | None = None) -> GameAction:
    """Take back the user's own last step of the current turn; returns the step taken back.

    Allowed only while the step is not sealed (it used no chance — dice, bag, piles, offers — and
    revealed nothing, ruling R-110), it is still the
    same seat's turn with the same turn number, and the step is not the turn's beginning. The log
    keeps the row (``taken_back=True``); the state is rebuilt by replaying the log from the seed
    and written back like any other change, with the same conditional version update as a submit.
    Called again, it takes back the step before that one.
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        seat = seat_of(game, user).index
        if expected_version is not None and game.version != expected_version:
            raise StaleVersion("version_moved_on", version=game.version, sent=expected_version)
        if game.status != Game.Status.RUNNING or game.phase != "play":
            raise NotAllowed("take_back_outside_play")
        if game.current_seat != seat:
            raise NotAllowed("take_back_not_your_turn")
        row = GameAction.objects.filter(game=game, taken_back=False).order_by("-sequence").first()
        if row is None or row.seat != seat or row.action.get("kind") == "begin_turn":
            raise NotAllowed("nothing_to_take_back")
        check_not_sealed(row)
        current = load_state(game)
        GameAction.objects.filter(pk=row.pk).update(taken_back=True)
        rebuilt = replay_state(game)
        if rebuilt.phase != "play" or rebuilt.turn != current.turn or rebuilt.current != seat:
            # Raising inside the transaction also undoes the mark on the row.
            raise NotAllowed("step_of_earlier_turn")
        write_changes(game, current, rebuilt)
        fields = apply_game_fields(game, rebuilt)
        updates = {name: getattr(game, name) for name in fields}
        claimed = Game.objects.filter(pk=game.pk, version=game.version).update(version=F("version") + 1, **updates)
        if claimed != 1:
            raise StaleVersion("simultaneous_action")
        game_id = game.pk
        poll.forget(game_id)
        transaction.on_commit(lambda: poll.forget(game_id))
    row.taken_back = True
    return row
