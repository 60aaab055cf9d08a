"""Celery tasks of the talk: thin entry points taking ids; each send is claimed by its delivery row."""

from __future__ import annotations

import logging

from celery import shared_task

from . import push, reports, webhooks

log = logging.getLogger(__name__)

MAX_RETRIES = 6


def _send_or_retry(task, module, delivery_id: int) -> None:
    """Send with exponential backoff (never an ETA far ahead); after the last retry the row is failed."""
    try:
        module.deliver(delivery_id)
    except Exception as exc:
        if task.request.retries >= task.max_retries:
            module.give_up(delivery_id, repr(exc))
            log.error("%s %s failed for good: %r", task.name, delivery_id, exc)
            return
        countdown = min(300, 2 ** task.request.retries * 10) + delivery_id % 7
        raise task.retry(exc=exc, countdown=countdown) from exc


@shared_task(acks_late=True)
def push_for_notification(notification_id: int) -> None:
    push.notification_push(notification_id=notification_id)


@shared_task(bind=True, acks_late=True, max_retries=MAX_RETRIES)
def send_push(self, delivery_id: int) -> None:
    _send_or_retry(self, push, delivery_id)


@shared_task
def sweep_push() -> int:
    """Periodic: hand each push held while its player was on the site (or orphaned) to a sender again."""
    ids = push.stale()
    for delivery_id in ids:
        send_push.delay(delivery_id)
    return len(ids)


@shared_task(acks_late=True)
def webhooks_for_event(game_id: int, key: str, event: dict) -> int:
    return len(webhooks.record_event(game_id=game_id, key=key, event=event))


@shared_task(bind=True, acks_late=True, max_retries=MAX_RETRIES)
def send_webhook(self, delivery_id: int) -> None:
    _send_or_retry(self, webhooks, delivery_id)


@shared_task(acks_late=True)
def report_notices(message_id: int, reporter_id: int | None = None) -> int:
    return len(reports.record(message_id=message_id, reporter_id=reporter_id))


@shared_task(bind=True, acks_late=True, max_retries=MAX_RETRIES)
def send_report_mail(self, notice_id: int) -> None:
    _send_or_retry(self, reports, notice_id)
