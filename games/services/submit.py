"""Submitting an action: the one door through which every step of a game is written.

``action_submit`` checks the seat's right to act, loads the state, applies the engine, writes back
only what changed, appends to the log and advances the game's version with a conditional update,
all in one transaction. What must follow a step (the next turn's start, a bot's move, the mails of a
finished game) is queued to run after the commit, by task name (``games.queue``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from apibase.prepared import Prepared
from games import poll, queue, signals, standing
from games.errors import IdempotencyConflict, IllegalAction, InvalidRequest, NotAllowed, StaleVersion
from games.models import Game, GameAction, Seat
from games.persistence import (
    apply_game_fields,
    load_state_for_update,
    seats_of,
    share,
    update_row,
    write_changes,
)
from games.titles import title_of

from .bot_seats import schedule_bot_after_step


@dataclass(frozen=True)
class SubmitResult:
    action: GameAction
    replayed: bool


def _locked_query(game_id: int) -> QuerySet[Game]:
    return Game.objects.select_for_update().filter(pk=game_id).order_by()  # as .get() (no ordering)


# The game row under its lock, compiled once per process and connection (apibase.prepared; issue 17,
# eleventh wave): the ORM built the same statement again on every submit.
_LOCKED = Prepared(_locked_query)


def _lock(game_id: int) -> Game:
    """The game's row, locked until the transaction ends (inside ``transaction.atomic`` only)."""
    rows = _LOCKED(game_id)
    if not rows:
        raise Game.DoesNotExist("Game matching query does not exist.")
    return rows[0]


def _now():
    return timezone.now()


def request_hash(seat: int, action: dict) -> str:
    canonical = json.dumps({"seat": seat, "action": action}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def seat_of(game: Game, user) -> Seat:
    seat = game.seats.filter(user=user, dropped=False).first()
    if seat is None:
        raise NotAllowed("no_seat")
    return seat


def _own_seat(game: Game, user) -> Seat:
    """The user's seat among the seats ``load_state`` read already (no query of its own)."""
    seat = next((s for s in seats_of(game) if user is not None and s.user_id == user.pk and not s.dropped), None)
    if seat is None:
        raise NotAllowed("no_seat")
    return seat


def _previous_submission(game: Game, key: str, seat: int, action_json: dict) -> SubmitResult | None:
    """The stored answer to an earlier submission with this idempotency key (None: there was none);
    the same key with another action (or seat) is a conflict."""
    previous = GameAction.objects.filter(game_id=game.pk, idempotency_key=key).first()
    if previous is None:
        return None
    if previous.request_hash != request_hash(seat, action_json):
        raise IdempotencyConflict("idempotency_conflict")
    previous.game = game  # read already (under its lock): the answer's words come from its title
    return SubmitResult(previous, replayed=True)


def action_submit(
    *,
    game: Game,
    user,
    action: dict,
    expected_version: int,
    idempotency_key: str,
    seat_index: int | None = None,
) -> SubmitResult:
    """Apply one action for the user's seat (or ``seat_index`` for a bot run by the system)."""
    if not idempotency_key or len(idempotency_key) > 64:
        raise InvalidRequest("idempotency_key_missing", max=64)
    title = title_of(game)
    try:
        parsed = title.parse_action(action)
    except title.illegal_action_error as exc:
        raise IllegalAction("malformed_action", reason=str(exc)) from exc
    action_json = parsed.to_json()
    content = title.content()
    seat: int | None = None
    try:
        with transaction.atomic():
            # On PostgreSQL this row lock serialises submitters; on SQLite the immediate
            # transaction does. The conditional version update below guards both.
            locked = _lock(game.pk)
            if locked.version != expected_version:
                # A repeated submission finds the game moved on by its own first answer.
                seat = seat_index if seat_index is not None else _own_seat(locked, user).index
                previous = _previous_submission(locked, idempotency_key, seat, action_json)
                if previous is not None:
                    return previous
                raise StaleVersion("version_moved_on", version=locked.version, sent=expected_version)
            if locked.status not in (Game.Status.SETUP, Game.Status.RUNNING):
                raise NotAllowed("not_being_played")
            state = load_state_for_update(locked)  # also reads the seats: the acting seat comes from them
            seat = seat_index if seat_index is not None else _own_seat(locked, user).index
            digest = request_hash(seat, action_json)
            sequence = expected_version + 1
            dice = title.dice_for(locked.dice_version, locked.seed, sequence)
            # The seats' standing settings (R-181); an old client's set_dice_policy step sets its own.
            playing, standing_changes = ((state, {}) if parsed.kind == "set_dice_policy"
                                         else standing.on_state(state, seats_of(locked)))
            try:
                new_state, events = title.apply(content, playing, seat, parsed, dice)
            except title.illegal_action_error as exc:
                # The player reads which of the two it is; the engine's own words stay in the reason.
                if title.acting_seat(playing) != seat:
                    raise IllegalAction("not_your_turn", reason=str(exc)) from exc
                raise IllegalAction("illegal_action", reason=str(exc)) from exc
            write_changes(locked, state, new_state)
            if parsed.kind == "set_dice_policy":
                # No longer offered (a standing setting, R-181); a client that still sends it sets it.
                Seat.objects.filter(game=locked, index=seat).update(dice_policy=parsed.policy)
            turn_passed = new_state.current != state.current or new_state.phase != state.phase
            fields = apply_game_fields(locked, new_state)
            updates = {name: getattr(locked, name) for name in fields}
            if new_state.phase == "play" and locked.status == Game.Status.SETUP:
                updates["status"] = Game.Status.RUNNING
            if new_state.phase == "finished":
                updates["status"] = Game.Status.FINISHED
                updates["finished_at"] = _now()
            if turn_passed:
                updates["turn_deadline_at"] = _now() + timedelta(hours=locked.deadline_hours)
            claimed = update_row(Game, updates, increment="version", pk=locked.pk, version=expected_version)
            if claimed != 1:
                raise StaleVersion("simultaneous_action")
            row = GameAction.objects.create(
                game=locked,
                sequence=sequence,
                seat=seat,
                actor=user,
                action=action_json,
                events=[e.to_json() for e in events],
                idempotency_key=idempotency_key,
                request_hash=digest,
                sealed=title.sealed(playing, new_state, events, dice.draws),
                settings=standing_changes,
            )
            game_id, turn, current = locked.pk, new_state.turn, new_state.current
            new_stamp = poll.stamp(sequence, updates.get("status", locked.status), locked.seat_count)
            poll.forget(game_id)  # now, and the new stamp once it is true (a poll between re-adds the old)
            transaction.on_commit(lambda: poll.publish(game_id, new_stamp))
            transaction.on_commit(lambda: share(locked, sequence, new_state))
            if new_state.phase == "finished":
                queue.send_on_commit("games.tasks.notify_finished", game_id)
                transaction.on_commit(lambda: signals.game_finished.send(sender=Game, game_id=game_id))
            else:
                # A bot seat to move next (i14), decided from the state just produced.
                transaction.on_commit(lambda: schedule_bot_after_step(locked, sequence, new_state))
            if new_state.phase != "finished" and turn_passed:
                if new_state.phase == "play":
                    queue.send_on_commit("games.tasks.begin_turn", game_id, turn)
                transaction.on_commit(lambda: signals.turn_passed.send(
                    sender=Game, game_id=game_id, turn=turn, seat=current))
    except IntegrityError as exc:
        # The unique (game, sequence) or (game, idempotency key) constraint caught a race, or the key
        # was used before for another action.
        previous = _previous_submission(game, idempotency_key, seat, action_json) if seat is not None else None
        if previous is not None:
            return previous
        raise StaleVersion("simultaneous_action") from exc
    # The caller's game object now holds the state just produced, for the response it renders: a
    # refresh_from_db() (the new version) finds it without loading the rows again.
    game._state_cache = (sequence, new_state)
    game._state_fresh = True
    if parsed.kind == "set_dice_policy":
        # The one step that changes a seat row: a view that renders its answer from the seats it read
        # before the step (games.views._after_post) holds these very objects.
        for kept in getattr(game, "_seats_list", None) or ():
            if kept.index == seat:
                kept.dice_policy = parsed.policy
    game._seats_list = None
    if game is not locked:
        _written_row(game, locked, updates, sequence)
    return SubmitResult(row, replayed=False)


def _written_row(game: Game, locked: Game, updates: dict, version: int) -> None:
    """Leave on the caller's game object the row as this step wrote it: the locked row with the
    step's updates and the new version (``written_version``), so a response rendered right after the
    step need not read the game row again (games.views._after_post)."""
    for field in Game._meta.concrete_fields:
        setattr(game, field.attname, getattr(locked, field.attname))
    for name, value in updates.items():
        setattr(game, name, value)
    game.version = version
    game.written_version = version
