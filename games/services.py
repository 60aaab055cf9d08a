"""Services write: creating and joining games, submitting actions, taking steps back.

Every write of a game's state goes through ``action_submit`` (or its siblings here): check the
seat's right to act, load the state, apply the engine, write back only what changed, append to
the log and advance the game's version with a conditional update, all in one transaction.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from games.engine import IllegalActionError, apply, dice_for, new_game, parse_action
from games.engine.content import load_content
from games.engine.playout import acting_seat
from games.engine.rules.setup import MAX_SEATS as ENGINE_MAX_SEATS
from games.engine.visibility import sealed as step_sealed

from . import standing
from .errors import GameServiceError, IdempotencyConflict, IllegalAction, InvalidRequest, NotAllowed, StaleVersion
from .models import Game, GameAction, Seat
from .persistence import (
    apply_game_fields,
    create_rows,
    load_state,
    load_state_for_update,
    seats_of,
    share,
    write_changes,
)

MAX_SEATS = ENGINE_MAX_SEATS  # 1 to 6 seats (ruling R-103)


@dataclass(frozen=True)
class SubmitResult:
    action: GameAction
    replayed: bool


def _now():
    return timezone.now()


# --- lobby ------------------------------------------------------------------------------------------
def game_create(
    *,
    creator,
    title: str,
    seat_count: int,
    deadline_hours: int = 72,
    visibility: str = Game.Visibility.PUBLIC,
    deadline_consequence: str = Game.DeadlineConsequence.SKIP,
    missed_turn_limit: int = 3,
    options: dict | None = None,
) -> Game:
    if not 1 <= seat_count <= MAX_SEATS:
        raise InvalidRequest("seats_out_of_range", max=MAX_SEATS)
    if not 1 <= deadline_hours <= 24 * 14:
        raise InvalidRequest("deadline_out_of_range")
    if not title.strip():
        raise InvalidRequest("name_missing")
    content = load_content()
    with transaction.atomic():
        game = Game.objects.create(
            title=title.strip(),
            creator=creator,
            seat_count=seat_count,
            deadline_hours=deadline_hours,
            visibility=visibility,
            deadline_consequence=deadline_consequence,
            missed_turn_limit=missed_turn_limit,
            options=options or {},
            content_version=content.version,
        )
        Seat.objects.create(game=game, index=0, user=creator)
        if seat_count == 1:
            _start(game)
    return game


def game_join(*, game: Game, user, invite_code: str | None = None) -> Seat:
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.status != Game.Status.OPEN:
            raise NotAllowed("game_not_open")
        if game.visibility == Game.Visibility.PRIVATE and invite_code != game.invite_code:
            raise NotAllowed("invitation_needed")
        if game.seats.filter(user=user).exists():
            raise NotAllowed("already_seated")
        taken = game.seats.count()
        if taken >= game.seat_count:
            raise NotAllowed("seats_taken")
        seat = Seat.objects.create(game=game, index=taken, user=user)
        if taken + 1 == game.seat_count:
            _start(game)
    return seat


def game_leave(*, game: Game, user) -> None:
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.status != Game.Status.OPEN:
            raise NotAllowed("leave_after_start")
        seat = game.seats.filter(user=user).first()
        if seat is None:
            raise NotAllowed("no_seat")
        if seat.index == 0:
            raise NotAllowed("creator_cannot_leave")
        seat.delete()
        # Keep seat indices dense: players who joined later move up one place.
        for later in game.seats.filter(index__gt=seat.index).order_by("index"):
            later.index -= 1
            later.save(update_fields=["index"])


def _start(game: Game) -> None:
    """All seats taken: the engine sets the game up; seats choose heroes in order."""
    state = new_game(load_content(), game.seat_count, game.seed, dice_version=game.dice_version)
    create_rows(game, state)
    fields = apply_game_fields(game, state)
    game.status = Game.Status.SETUP
    game.started_at = _now()
    game.turn_deadline_at = _now() + timedelta(hours=game.deadline_hours)
    game.save(update_fields=[*fields, "status", "started_at", "turn_deadline_at"])


# --- playing ------------------------------------------------------------------------------------------
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
    from .persistence import seats_of

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
    try:
        parsed = parse_action(action)
    except IllegalActionError as exc:
        raise IllegalAction("malformed_action", reason=str(exc)) from exc
    action_json = parsed.to_json()
    content = load_content()
    seat: int | None = None
    try:
        with transaction.atomic():
            # On PostgreSQL this row lock serialises submitters; on SQLite the immediate
            # transaction does. The conditional version update below guards both.
            locked = Game.objects.select_for_update().get(pk=game.pk)
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
            dice = dice_for(locked.dice_version, locked.seed, sequence)
            # The seats' standing settings (R-181); an old client's set_dice_policy step sets its own.
            playing, standing_changes = ((state, {}) if parsed.kind == "set_dice_policy"
                                         else standing.on_state(state, seats_of(locked)))
            try:
                new_state, events = apply(content, playing, seat, parsed, dice)
            except IllegalActionError as exc:
                # The player reads which of the two it is; the engine's own words stay in the reason.
                if acting_seat(playing) != seat:
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
            claimed = Game.objects.filter(pk=locked.pk, version=expected_version).update(
                version=F("version") + 1, **updates)
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
                sealed=step_sealed(playing, new_state, events, dice.draws),
                settings=standing_changes,
            )
            from . import poll, signals, tasks

            game_id, turn, current = locked.pk, new_state.turn, new_state.current
            new_stamp = poll.stamp(sequence, updates.get("status", locked.status), locked.seat_count)
            poll.forget(game_id)  # now, and the new stamp once it is true (a poll between re-adds the old)
            transaction.on_commit(lambda: poll.publish(game_id, new_stamp))
            transaction.on_commit(lambda: share(locked, sequence, new_state))
            if new_state.phase == "finished":
                transaction.on_commit(lambda: tasks.notify_finished.delay(game_id))
                transaction.on_commit(lambda: signals.game_finished.send(sender=Game, game_id=game_id))
            else:
                from .bot_seats import schedule

                transaction.on_commit(lambda: schedule(game_id))   # a bot seat to move next (i14)
            if new_state.phase != "finished" and turn_passed:
                if new_state.phase == "play":
                    transaction.on_commit(lambda: tasks.begin_turn.delay(game_id, turn))
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
    game._seats_list = None
    return SubmitResult(row, replayed=False)


def turn_begin(*, game: Game, turn: int) -> SubmitResult | None:
    """The start-of-turn work for ``turn`` (Unwetter, camel, secret-path retry ...), applied once.

    The idempotency key names the turn, so running it again — a retried task, two workers —
    returns the first result and rolls nothing twice.
    """
    game.refresh_from_db()
    if game.turn_number != turn or game.phase != "play" or game.global_state["turn_state"]["begun"]:
        return None
    return action_submit(
        game=game,
        user=None,
        action={"kind": "begin_turn"},
        expected_version=game.version,
        idempotency_key=f"begin-turn:{turn}",
        seat_index=game.current_seat,
    )


# --- taking steps back -----------------------------------------------------------------------------------
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
    from .replay import replay_state

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
        from . import poll

        game_id = game.pk
        poll.forget(game_id)
        transaction.on_commit(lambda: poll.forget(game_id))
    row.taken_back = True
    return row


# --- games with seats assigned (league tables) -----------------------------------------------------------
def game_create_seated(*, creator, title: str, users: list, deadline_hours: int = 72,
                       visibility: str = Game.Visibility.PUBLIC,
                       deadline_consequence: str = Game.DeadlineConsequence.SKIP,
                       missed_turn_limit: int = 3, options: dict | None = None) -> Game:
    """A game whose seats are given (in seat order) and which starts at once: a league's table."""
    from games.engine.rules.setup import MAX_SEATS as ENGINE_MAX_SEATS

    if not 1 <= len(users) <= ENGINE_MAX_SEATS:
        raise InvalidRequest("seats_out_of_range", max=ENGINE_MAX_SEATS)
    if len({u.pk for u in users}) != len(users):
        raise InvalidRequest("one_seat_each")
    content = load_content()
    with transaction.atomic():
        game = Game.objects.create(
            title=title.strip()[:80], creator=creator, seat_count=len(users), deadline_hours=deadline_hours,
            visibility=visibility, deadline_consequence=deadline_consequence,
            missed_turn_limit=missed_turn_limit, options=options or {}, content_version=content.version,
        )
        for index, user in enumerate(users):
            Seat.objects.create(game=game, index=index, user=user)
        _start(game)
    return game


# --- one-click walking (issue 16) --------------------------------------------------------------------------
def walk_to(*, game: Game, user, to: str, expected_version: int, idempotency_key: str) -> list[GameAction]:
    """Walk the cheapest route to ``to`` in one request, one engine ``move`` (one logged step) at a time.

    Each step goes through ``action_submit`` with its real dice, so each can be taken back like a
    single move. The walk stops after the first step that does more than walk (a token is turned over,
    a card explored, a monster stops the hero, a secret path is not found, a decision is pending).
    The same idempotency key sent again returns the steps it already made.
    """
    from . import walking

    if not idempotency_key or len(idempotency_key) > 60:
        raise InvalidRequest("idempotency_key_missing", max=60)
    done = list(GameAction.objects.filter(game=game, idempotency_key__startswith=f"{idempotency_key}:")
                .order_by("sequence"))
    if done:
        return done
    seat = seat_of(game, user).index
    game.refresh_from_db()
    if game.version != expected_version:
        raise StaleVersion("version_moved_on", version=game.version, sent=expected_version)
    route = walking.reachable(load_content(), load_state(game), seat).get(to)
    if route is None:
        raise IllegalAction("not_reachable_on_foot", field=to)
    rows: list[GameAction] = []
    version = expected_version
    for index, step in enumerate(route.steps):
        try:
            result = action_submit(game=game, user=user, action={"kind": "move", "to": step},
                                   expected_version=version, idempotency_key=f"{idempotency_key}:{index}")
        except GameServiceError:
            if not rows:
                raise
            break  # the steps made so far stand; the page shows where the hero got to
        rows.append(result.action)
        version = result.action.sequence
        if not walking.walk_continues(result.action.events):
            break
    return rows
