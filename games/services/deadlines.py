"""Turn deadlines: finding the overdue games, and giving each its consequence exactly once."""

from __future__ import annotations

import logging
from datetime import datetime, time, timedelta

from django.db.models import F
from django.utils import timezone

from accounts.models import Vacation
from games import queue
from games.models import Game, Seat

from .turns import play_system_turn

log = logging.getLogger(__name__)

DEADLINE_CLAIM = timedelta(minutes=5)


def _now() -> datetime:
    return timezone.now()


def overdue_games(now: datetime | None = None):
    """Running, unpaused games whose turn deadline has passed (served by a partial index)."""
    now = now or _now()
    return (
        Game.objects.filter(status=Game.Status.RUNNING, paused=False, turn_deadline_at__lte=now)
        .order_by("turn_deadline_at")
        .values_list("pk", "turn_deadline_at")
    )


def enforce_deadlines() -> int:
    """Queue one ``expire_deadline`` per overdue turn; returns how many."""
    count = 0
    for game_id, deadline in overdue_games():
        queue.send("games.tasks.expire_deadline", game_id, deadline.isoformat())
        count += 1
    return count


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
