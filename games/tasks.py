"""Celery tasks: thin entry points that take ids, load, and call one service.

Every task is safe to run twice: turn starts and system steps are claimed by idempotency keys in
the game's log, mails by Notification rows, deadlines by a conditional update of the game row.
Tasks acknowledge late (settings), so a worker that dies mid-task leaves the message to another.
"""

from __future__ import annotations

import logging
import time

from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from . import notifications, turns
from .errors import GameServiceError, StaleVersion
from .models import Game, Notification

log = logging.getLogger(__name__)

RETRY = {"autoretry_for": (StaleVersion,), "retry_backoff": True, "retry_jitter": True, "max_retries": 6}


def deliver_on_commit(rows) -> None:
    for row in rows:
        if row is not None:
            transaction.on_commit(lambda pk=row.pk: send_notification.delay(pk))


@shared_task(acks_late=True, **RETRY)
def begin_turn(game_id: int, turn: int) -> None:
    """Resolve the start-of-turn rolls of ``turn`` once, tell the player, or let a bot play."""
    from .services import turn_begin

    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return
    try:
        turn_begin(game=game, turn=turn)
    except StaleVersion:
        raise
    except GameServiceError as exc:
        log.info("begin_turn(%s, %s) not applied: %s", game_id, turn, exc.message)
        return
    game.refresh_from_db()
    if game.turn_number != turn or game.status != Game.Status.RUNNING:
        return
    seat = game.seats.select_related("user").get(index=game.current_seat)
    if seat.is_bot and seat.user_id is None:
        return  # a bot seat from the lobby moves step by step: games.bot_seats.schedule, bot_move
    if seat.is_bot or seat.dropped:
        bot_play.delay(game_id, turn)
        return
    with transaction.atomic():
        row = notifications.notify(user=seat.user, game=game, turn=turn, kind=Notification.Kind.YOUR_TURN)
        deliver_on_commit([row])


@shared_task(acks_late=True, **RETRY)
def bot_play(game_id: int, turn: int) -> None:
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.turn_number != turn:
        return
    seat = game.seats.get(index=game.current_seat)
    # The stand-in for overdue bot seats and dropped seats is the normal bot, so such games finish.
    policy = "bot" if seat.is_bot or seat.dropped else "skip"
    turns.play_system_turn(game=game, seat_index=seat.index, turn=turn, reason="bot", policy=policy)


@shared_task(acks_late=True)
def bot_move(game_id: int, version: int) -> None:
    """One step of a bot seat at ``version``; the submit's commit queues the next (games.bot_seats)."""
    from .bot_seats import play_step

    play_step(game_id=game_id, version=version)


def _pause_before_send(row) -> None:
    # Tests of a worker killed mid-task set this to hold the task between claiming and sending.
    pause = getattr(settings, "NOTIFICATION_TEST_PAUSE_SECONDS", 0)
    if pause:
        time.sleep(pause)


@shared_task(bind=True, acks_late=True, max_retries=8)
def send_notification(self, notification_id: int) -> None:
    try:
        notifications.deliver(notification_id, before_send=_pause_before_send)
    except Exception as exc:
        if self.request.retries >= self.max_retries:
            notifications.give_up(notification_id, repr(exc))
            log.error("notification %s failed for good: %r", notification_id, exc)
            return
        # Exponential backoff with jitter; a mail problem never touches the game.
        countdown = min(300, 2 ** self.request.retries * 10)  # never an ETA far ahead
        raise self.retry(exc=exc, countdown=countdown + (notification_id % 7)) from exc


@shared_task(acks_late=True)
def sweep_notifications() -> int:
    """Periodic: hand every stale pending mail (claim expired, or never claimed) to a sender again.

    The claim makes a swept mail go out once even if its first task is still alive somewhere."""
    ids = notifications.stale_pending()
    for notification_id in ids:
        send_notification.delay(notification_id)
    return len(ids)


@shared_task(acks_late=True)
def notify_finished(game_id: int) -> None:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return
    rows = []
    with transaction.atomic():
        for seat in game.seats.select_related("user").filter(user__isnull=False):
            rows.append(notifications.notify(user=seat.user, game=game, turn=game.turn_number,
                                             kind=Notification.Kind.FINISHED))
        deliver_on_commit(rows)


@shared_task(acks_late=True)
def enforce_deadlines() -> int:
    """Periodic: every overdue turn gets its consequence, each claimed by exactly one worker."""
    count = 0
    for game_id, deadline in turns.overdue_games():
        expire_deadline.delay(game_id, deadline.isoformat())
        count += 1
    return count


@shared_task(acks_late=True, **RETRY)
def expire_deadline(game_id: int, deadline_iso: str) -> str:
    from datetime import datetime

    return turns.expire_deadline(game_id=game_id, deadline=datetime.fromisoformat(deadline_iso))


@shared_task(acks_late=True)
def send_reminders() -> int:
    with transaction.atomic():
        rows = turns.due_reminders()
        deliver_on_commit(rows)
    return len(rows)


@shared_task(acks_late=True)
def send_daily_digests() -> int:
    day = timezone.localdate()
    # Whoever has collected mails (also one who left the digest mode since): one digest each.
    users = get_user_model().objects.filter(notifications__status=Notification.Status.DIGEST).distinct()
    rows = []
    with transaction.atomic():
        for user in users:
            rows.append(notifications.collect_digest(user=user, day=day))
        deliver_on_commit(rows)
    return len([r for r in rows if r])
