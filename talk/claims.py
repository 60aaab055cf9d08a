"""Claimed deliveries (push messages, webhook posts): taken for a lease by the worker that sends them.

The row's uniqueness makes an event recorded once; the lease makes it sent by one worker at a time
(a worker that died lets another take over when the lease ends); ``SENT`` makes it sent once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from django.db.models import Q
from django.utils import timezone

from .models import ClaimedDelivery, DeliveryStatus

# The concrete delivery model (ClaimedDelivery is abstract): ``claim`` hands back a row of the model asked
# for, with its own fields (a push's user, a webhook post's hook), and abstract models have no ``objects``.
D = TypeVar("D", bound=ClaimedDelivery)

LEASE = timedelta(seconds=120)
log = logging.getLogger(__name__)


def claim(model: type[D], delivery_id: int, *related: str) -> D | None:
    """The row, now held by this worker for the lease; None when it is sent or someone else holds it."""
    now = timezone.now()
    taken = model._default_manager.filter(
        Q(claimed_until__isnull=True) | Q(claimed_until__lt=now), pk=delivery_id, status=DeliveryStatus.PENDING,
    ).update(claimed_until=now + LEASE)
    if not taken:
        return None
    row = model._default_manager.select_related(*related).get(pk=delivery_id)
    model._default_manager.filter(pk=row.pk).update(attempts=row.attempts + 1)
    return row


def failed(model: type[ClaimedDelivery], delivery_id: int, error: Exception, **fields: Any) -> None:
    """Release the claim after a failed attempt (the task retries)."""
    model._default_manager.filter(pk=delivery_id).update(claimed_until=None, last_error=repr(error)[:2000], **fields)


def sent(model: type[ClaimedDelivery], delivery_id: int, **fields: Any) -> None:
    model._default_manager.filter(pk=delivery_id).update(status=DeliveryStatus.SENT, sent_at=timezone.now(),
                                                claimed_until=None, **fields)


def skipped(model: type[ClaimedDelivery], delivery_id: int) -> None:
    """Not to be sent after all (what it told of is over); kept as the record that it was decided."""
    model._default_manager.filter(pk=delivery_id, status=DeliveryStatus.PENDING).update(
        status=DeliveryStatus.SKIPPED, claimed_until=None)


def give_up(model: type[ClaimedDelivery], delivery_id: int, error: str) -> None:
    model._default_manager.filter(pk=delivery_id, status=DeliveryStatus.PENDING).update(
        status=DeliveryStatus.FAILED, last_error=error[:2000], claimed_until=None)


def attempt(model: type[ClaimedDelivery], row: ClaimedDelivery, send: Callable[[], object], what: str) -> bool:
    """Send a claimed row: marked sent when ``send`` returns; on an error the claim is released with the
    error recorded and the error re-raised, so the task retries. True: this call sent it."""
    try:
        send()
    except Exception as exc:
        failed(model, row.pk, exc)
        log.warning("%s %s failed: %r", what, row.pk, exc)
        raise
    sent(model, row.pk)
    return True
