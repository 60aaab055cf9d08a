"""Celery tasks: thin entry points that take ids and call one service each.

Every task is safe to run twice: turn starts and system steps are claimed by idempotency keys in
the game's log, mails by Notification rows, deadlines by a conditional update of the game row.
Tasks acknowledge late (settings), so a worker that dies mid-task leaves the message to another.
The services queue these tasks by their registered names (``games.queue``), which the beat schedule
in settings uses too: a task keeps its name (module path and function) as long as it exists.
"""

from __future__ import annotations

import logging
from datetime import datetime

from celery import shared_task

from . import services
from .errors import StaleVersion

log = logging.getLogger(__name__)

RETRY = {"autoretry_for": (StaleVersion,), "retry_backoff": True, "retry_jitter": True, "max_retries": 6}


@shared_task(acks_late=True, **RETRY)
def begin_turn(game_id: int, turn: int) -> None:
    """Resolve the start-of-turn rolls of ``turn`` once, tell the player, or let a bot play."""
    services.turn_start(game_id=game_id, turn=turn)


@shared_task(acks_late=True, **RETRY)
def bot_play(game_id: int, turn: int) -> None:
    """A whole turn for an overdue bot seat or a dropped seat (the stand-in bot)."""
    services.stand_in_turn(game_id=game_id, turn=turn)


@shared_task(acks_late=True)
def bot_move(game_id: int, version: int) -> None:
    """One step of a bot seat at ``version``; the submit's commit queues the next (services.bot_seats)."""
    services.play_step(game_id=game_id, version=version)


@shared_task(bind=True, acks_late=True, max_retries=8)
def send_notification(self, notification_id: int) -> None:
    try:
        services.send_notification(notification_id)
    except Exception as exc:
        if self.request.retries >= self.max_retries:
            services.give_up_notification(notification_id, repr(exc))
            log.error("notification %s failed for good: %r", notification_id, exc)
            return
        # Exponential backoff with jitter; a mail problem never touches the game.
        countdown = min(300, 2 ** self.request.retries * 10)  # never an ETA far ahead
        raise self.retry(exc=exc, countdown=countdown + (notification_id % 7)) from exc


@shared_task(acks_late=True)
def sweep_notifications() -> int:
    """Periodic: hand every stale pending mail to a sender again."""
    return services.sweep_notifications()


@shared_task(acks_late=True)
def notify_finished(game_id: int) -> None:
    services.notify_finished(game_id=game_id)


@shared_task(acks_late=True)
def enforce_deadlines() -> int:
    """Periodic: every overdue turn gets its consequence, each claimed by exactly one worker."""
    return services.enforce_deadlines()


@shared_task(acks_late=True, **RETRY)
def expire_deadline(game_id: int, deadline_iso: str) -> str:
    return services.expire_deadline(game_id=game_id, deadline=datetime.fromisoformat(deadline_iso))


@shared_task(acks_late=True)
def send_reminders() -> int:
    return services.send_reminders()


@shared_task(acks_late=True)
def send_daily_digests() -> int:
    return services.send_daily_digests()
