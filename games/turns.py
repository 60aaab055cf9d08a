"""Turns without the player: starting them, skipping them at the deadline, bots, pausing.

Everything here acts through ``services.action_submit`` with a system actor, so the log records it
like any other step, and idempotency keys named after the game's turn make every step happen once.
"""

from __future__ import annotations

import logging
import random
from datetime import datetime, time, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from accounts.models import Vacation
from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.core.actions import BeginTurn, EndMovement, EndTurn
from games.engine.playout import acting_seat

from .bots import Bot, bot_action
from .errors import NotAllowed
from .models import Game, Notification, Seat
from .notifications import notify
from .persistence import load_state

log = logging.getLogger(__name__)

MAX_SYSTEM_STEPS = 80          # a bot or skipped turn never takes more steps than this
DEADLINE_CLAIM = timedelta(minutes=5)


def _now() -> datetime:
    return timezone.now()


def play_system_turn(*, game: Game, seat_index: int, turn: int, reason: str, policy: str) -> int:
    """Play ``seat_index``'s turn ``turn`` to its end: 'skip' (begin and end it) or 'bot'.

    Returns the number of steps applied. Each step's idempotency key names the turn and step, so a
    repeated run continues where the last one stopped and applies nothing twice.
    """
    from .services import action_submit

    content = load_content()
    rng = random.Random(f"{game.pk}:{turn}:{seat_index}")
    steps = 0
    while steps < MAX_SYSTEM_STEPS:
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING or game.turn_number != turn:
            break
        state = load_state(game)
        seat = acting_seat(state)
        if seat != seat_index and state.current != seat_index:
            break
        legal = legal_actions(content, state, seat)
        if not legal:
            break
        if policy == "bot" or state.pending:
            # The stand-in is the normal bot; it sees only this seat's view (games.bots).
            action = bot_action(content, state, seat, Bot("normal", f"{rng.random()}:{game.version}"))
        else:
            action = next((a for a in legal if isinstance(a, (BeginTurn, EndTurn))), None) or next(
                (a for a in legal if isinstance(a, EndMovement)), legal[0])
        action_submit(game=game, user=None, action=action.to_json(), expected_version=game.version,
                      idempotency_key=f"{reason}:{turn}:{game.version}", seat_index=seat)
        steps += 1
    return steps


# --- deadlines -----------------------------------------------------------------------------------------
def overdue_games(now: datetime | None = None):
    """Running, unpaused games whose turn deadline has passed (served by a partial index)."""
    now = now or _now()
    return (
        Game.objects.filter(status=Game.Status.RUNNING, paused=False, turn_deadline_at__lte=now)
        .order_by("turn_deadline_at")
        .values_list("pk", "turn_deadline_at")
    )


def on_vacation(user, when: datetime) -> Vacation | None:
    if user is None:
        return None
    day = timezone.localdate(when)
    return Vacation.objects.filter(user=user, starts_on__lte=day, ends_on__gte=day).first()


def expire_deadline(*, game_id: int, deadline: datetime, now: datetime | None = None) -> str:
    """Apply the game's deadline consequence once; returns what was done."""
    now = now or _now()
    # Claim: move the deadline a little into the future, but only if nobody did it first. A worker
    # that dies after this leaves the game to be claimed again when the short lease runs out.
    claimed = Game.objects.filter(pk=game_id, turn_deadline_at=deadline, status=Game.Status.RUNNING,
                                  paused=False).update(turn_deadline_at=now + DEADLINE_CLAIM)
    if not claimed:
        return "not claimed"
    game = Game.objects.get(pk=game_id)
    seat = game.seats.select_related("user").get(index=game.current_seat)
    vacation = on_vacation(seat.user, now)
    if vacation is not None:
        resume = timezone.make_aware(datetime.combine(vacation.ends_on + timedelta(days=1), time.min))
        Game.objects.filter(pk=game.pk).update(turn_deadline_at=resume + timedelta(hours=game.deadline_hours))
        return "vacation"
    turn = game.turn_number
    Seat.objects.filter(pk=seat.pk).update(missed_turns=F("missed_turns") + 1)
    seat.refresh_from_db()
    outcome = "skipped"
    if seat.missed_turns >= game.missed_turn_limit:
        if game.deadline_consequence == Game.DeadlineConsequence.BOT:
            Seat.objects.filter(pk=seat.pk).update(is_bot=True)
            outcome = "skipped, seat handed to a bot"
        elif game.deadline_consequence == Game.DeadlineConsequence.DROP:
            Seat.objects.filter(pk=seat.pk).update(dropped=True)
            outcome = "skipped, seat dropped"
    play_system_turn(game=game, seat_index=seat.index, turn=turn, reason="deadline", policy="skip")
    log.info("game %s turn %s: deadline passed, %s", game.pk, turn, outcome)
    return outcome


# --- reminders ---------------------------------------------------------------------------------------------
def reminder_hours() -> list[int]:
    return sorted(getattr(settings, "REMINDER_HOURS", [24, 2]), reverse=True)


def due_reminders(now: datetime | None = None) -> list[Notification]:
    """Record the reminders that are due; returns the new rows to deliver."""
    now = now or _now()
    hours = reminder_hours()
    if not hours:
        return []
    rows = []
    games = Game.objects.filter(status=Game.Status.RUNNING, paused=False, turn_deadline_at__gt=now,
                                turn_deadline_at__lte=now + timedelta(hours=hours[0]))
    for game in games:
        seat = game.seats.select_related("user").filter(index=game.current_seat, is_bot=False, dropped=False).first()
        if seat is None or seat.user is None:
            continue
        left = game.turn_deadline_at - now
        for offset in hours:
            # A reminder only makes sense for a turn that was longer than its offset.
            if left <= timedelta(hours=offset) and game.deadline_hours > offset:
                row = notify(user=seat.user, game=game, turn=game.turn_number, kind=Notification.Kind.REMINDER,
                             variant=f"{offset}h")
                if row is not None:
                    rows.append(row)
    return rows


# --- pausing -------------------------------------------------------------------------------------------------
def game_pause(*, game: Game, user) -> None:
    if game.creator_id != user.pk:
        raise NotAllowed("pause_by_creator_only")
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.paused:
            return
        remaining = (game.turn_deadline_at - _now()) if game.turn_deadline_at else None
        game.paused = True
        game.paused_remaining = max(remaining, timedelta(0)) if remaining is not None else None
        game.save(update_fields=["paused", "paused_remaining"])


def game_resume(*, game: Game, user) -> None:
    if game.creator_id != user.pk:
        raise NotAllowed("resume_by_creator_only")
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if not game.paused:
            return
        game.paused = False
        if game.paused_remaining is not None:
            game.turn_deadline_at = _now() + max(game.paused_remaining, timedelta(hours=1))
        game.paused_remaining = None
        game.save(update_fields=["paused", "paused_remaining", "turn_deadline_at"])
