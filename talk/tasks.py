"""Celery tasks of the talk: thin entry points taking ids; each send is claimed by its delivery row."""

from __future__ import annotations

import logging

from celery import shared_task

from . import push, webhooks

log = logging.getLogger(__name__)

MAX_RETRIES = 6


def _backoff(retries: int, pk: int) -> int:
    return min(300, 2 ** retries * 10) + pk % 7


@shared_task(acks_late=True)
def push_for_notification(notification_id: int) -> None:
    push.notification_push(notification_id=notification_id)


@shared_task(bind=True, acks_late=True, max_retries=MAX_RETRIES)
def send_push(self, delivery_id: int) -> None:
    try:
        push.deliver(delivery_id)
    except Exception as exc:
        if self.request.retries >= self.max_retries:
            push.give_up(delivery_id, repr(exc))
            log.error("push %s failed for good: %r", delivery_id, exc)
            return
        raise self.retry(exc=exc, countdown=_backoff(self.request.retries, delivery_id)) from exc


@shared_task(acks_late=True)
def webhooks_for_event(game_id: int, key: str, event: dict) -> int:
    return len(webhooks.record_event(game_id=game_id, key=key, event=event))


@shared_task(bind=True, acks_late=True, max_retries=MAX_RETRIES)
def send_webhook(self, delivery_id: int) -> None:
    try:
        webhooks.deliver(delivery_id)
    except Exception as exc:
        if self.request.retries >= self.max_retries:
            webhooks.give_up(delivery_id, repr(exc))
            log.error("webhook delivery %s failed for good: %r", delivery_id, exc)
            return
        raise self.retry(exc=exc, countdown=_backoff(self.request.retries, delivery_id)) from exc
