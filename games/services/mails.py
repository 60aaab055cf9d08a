"""Mails of the games: recorded once per event (``games.notifications``), each sent by its own task.

A row is handed to the sender only after the transaction that recorded it commits, by task name
(``games.queue``), so a mail never announces a step that rolled back.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from datetime import date, datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import notifications, queue
from games.models import Game, Notification


def deliver_on_commit(rows: Iterable[Notification | None]) -> None:
    for row in rows:
        if row is not None:
            queue.send_on_commit("games.tasks.send_notification", row.pk)


def _pause_before_send(row: Notification) -> None:
    # Tests of a worker killed mid-task set this to hold the task between claiming and sending.
    pause = getattr(settings, "NOTIFICATION_TEST_PAUSE_SECONDS", 0)
    if pause:
        time.sleep(pause)


def send_notification(notification_id: int) -> None:
    """Send one recorded mail; a failure is recorded on its row and raised for the task to retry."""
    notifications.deliver(notification_id, before_send=_pause_before_send)


def give_up_notification(notification_id: int, error: str) -> None:
    notifications.give_up(notification_id, error)


def sweep_notifications() -> int:
    """Hand every stale pending mail (claim expired, or never claimed) to a sender again.

    The claim makes a swept mail go out once even if its first task is still alive somewhere."""
    ids = notifications.stale_pending()
    for notification_id in ids:
        queue.send("games.tasks.send_notification", notification_id)
    return len(ids)


def notify_finished(*, game_id: int) -> None:
    """Every seated player hears that the game is over."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return
    rows = []
    with transaction.atomic():
        for seat in game.seats.select_related("user").filter(user__isnull=False):
            rows.append(notifications.notify(user=seat.user, game=game, turn=game.turn_number,
                                             kind=Notification.Kind.FINISHED))
        deliver_on_commit(rows)


# --- reminders ---------------------------------------------------------------------------------------------
def reminder_hours() -> list[int]:
    return sorted(getattr(settings, "REMINDER_HOURS", [24, 2]), reverse=True)


def due_reminders(now: datetime | None = None) -> list[Notification]:
    """Record the reminders that are due; returns the new rows to deliver."""
    now = now or timezone.now()
    hours = reminder_hours()
    if not hours:
        return []
    rows = []
    games = Game.objects.filter(status=Game.Status.RUNNING, paused=False, turn_deadline_at__gt=now,
                                turn_deadline_at__lte=now + timedelta(hours=hours[0]))
    for game in games:
        seat = game.seats.select_related("user").filter(index=game.current_seat, is_bot=False, dropped=False).first()
        # The query asked for a deadline; the column itself may be empty, so the type says so too.
        if seat is None or seat.user is None or game.turn_deadline_at is None:
            continue
        left = game.turn_deadline_at - now
        for offset in hours:
            # A reminder only makes sense for a turn that was longer than its offset.
            if left <= timedelta(hours=offset) and game.deadline_hours > offset:
                row = notifications.notify(user=seat.user, game=game, turn=game.turn_number,
                                           kind=Notification.Kind.REMINDER, variant=f"{offset}h")
                if row is not None:
                    rows.append(row)
    return rows


def send_reminders() -> int:
    """Record the due reminders and send them; returns how many."""
    with transaction.atomic():
        rows = due_reminders()
        deliver_on_commit(rows)
    return len(rows)


def send_daily_digests(day: date | None = None) -> int:
    """One digest for everyone with collected mails (also one who left the digest mode since)."""
    day = day or timezone.localdate()
    users = get_user_model().objects.filter(notifications__status=Notification.Status.DIGEST).distinct()
    rows = []
    with transaction.atomic():
        for user in users:
            rows.append(notifications.collect_digest(user=user, day=day))
        deliver_on_commit(rows)
    return len([r for r in rows if r])
