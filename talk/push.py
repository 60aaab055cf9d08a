"""Web push: subscriptions per browser, and messages claimed once per user and event.

A message is a ``PushDelivery`` row (unique per user and key: ``notification:<id>`` for "your
turn", reminders and finished games, whose once-only claim is the games' Notification row;
``mention:<message id>`` for chat mentions). ``deliver`` sends it to every browser of the user,
encrypted (RFC 8291) and signed with the site's VAPID key by pywebpush; a subscription the push
service reports gone (404/410) is deleted.
"""

from __future__ import annotations

import base64
import json
import logging
from collections.abc import Callable
from typing import Any

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from accounts.channels import PUSH, channels_for
from accounts.models import User
from games import notifications, queue
from games.errors import InvalidRequest
from games.models import Notification

from . import claims, urlguard
from .models import ChatMessage, DeliveryStatus, PushDelivery, PushSubscription

log = logging.getLogger(__name__)


# --- keys -------------------------------------------------------------------------------------------------
def configured() -> bool:
    return bool(getattr(settings, "VAPID_PRIVATE_KEY", ""))


def vapid() -> Vapid:
    return Vapid.from_string(settings.VAPID_PRIVATE_KEY)


def vapid_public_key() -> str:
    """The application server key browsers subscribe with (uncompressed point, base64url)."""
    if not configured():
        return ""
    point = vapid().public_key.public_bytes(serialization.Encoding.X962,
                                             serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(point).rstrip(b"=").decode()


# --- subscriptions ----------------------------------------------------------------------------------------
def subscription_save(*, user: User, endpoint: str, p256dh: str, auth: str, user_agent: str = "") -> PushSubscription:
    urlguard.check_url(endpoint)
    if not p256dh or not auth or len(p256dh) > 200 or len(auth) > 100:
        raise InvalidRequest(gettext_lazy("A subscription needs its p256dh and auth keys."))
    with transaction.atomic():
        subscription, _ = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth, "user_agent": user_agent[:200]})
    return subscription


def subscription_delete(*, user: User, subscription_id: int | None = None, endpoint: str | None = None) -> int:
    rows = PushSubscription.objects.filter(user=user)
    rows = rows.filter(pk=subscription_id) if subscription_id is not None else rows.filter(endpoint=endpoint)
    return rows.delete()[0]


# --- recording messages -----------------------------------------------------------------------------------
def _record(user: User, key: str, payload: dict[str, Any]) -> PushDelivery | None:
    if not user.push_subscriptions.exists():
        return None
    try:
        with transaction.atomic():
            return PushDelivery.objects.create(user=user, key=key, payload=payload)
    except IntegrityError:
        return None  # already recorded: a retry, a second worker


def _enqueue(row: PushDelivery | None) -> None:
    """Send a recorded message once the transaction that recorded it commits (None: nothing recorded)."""
    if row is not None:
        queue.send_on_commit("talk.tasks.send_push", row.pk)


# Keyed by str: a row's kind is read as a plain str (Kind members are strs and look up the same).
NOTIFICATION_TEXTS: dict[str, Callable[[str], tuple[str, str]]] = {
    Notification.Kind.YOUR_TURN: lambda game: (_("Your turn"), _("It is your turn in %(game)s.") % {"game": game}),
    Notification.Kind.REMINDER: lambda game: (_("Deadline soon"),
                                              _("Your turn in %(game)s ends soon.") % {"game": game}),
    Notification.Kind.FINISHED: lambda game: (_("Game over"), _("%(game)s is finished.") % {"game": game}),
}


def notification_push(*, notification_id: int) -> None:
    """Push a recorded notification to a user who chose push (its row made it once-only already)."""
    row = Notification.objects.select_related("user", "game").filter(pk=notification_id).first()
    if row is None or row.kind not in NOTIFICATION_TEXTS or PUSH not in channels_for(row.user, row.kind):
        return
    with translation.override(row.user.language):
        title, body = NOTIFICATION_TEXTS[row.kind](row.game.title if row.game else "")
    url = f"{settings.SITE_URL}/games/{row.game_id}/" if row.game_id else settings.SITE_URL
    with transaction.atomic():
        _enqueue(_record(row.user, f"notification:{row.pk}", {"title": title, "body": body, "url": url,
                                                               "tag": f"game-{row.game_id}"}))


def mention_push(*, message_id: int, user_ids: list[int]) -> None:
    message = ChatMessage.objects.select_related("game", "author").filter(pk=message_id).first()
    if message is None or message.is_hidden:
        return
    author = message.author.public_name if message.author else "?"
    with transaction.atomic():
        for user in get_user_model().objects.filter(pk__in=user_ids):
            if PUSH not in channels_for(user, "mention"):
                continue
            with translation.override(user.language):
                title = _("%(name)s mentioned you in %(game)s") % {"name": author, "game": message.game.title}
            payload = {"title": title, "body": message.body[:200], "tag": f"chat-{message.game_id}",
                       "url": f"{settings.SITE_URL}/games/{message.game_id}/"}
            _enqueue(_record(user, f"mention:{message.pk}", payload))


# --- sending ----------------------------------------------------------------------------------------------
def _held(row: PushDelivery) -> bool:
    """Ruling R-200 (R-180 for push as for mail): no "your turn" while the player is on the site. The
    row waits with its claim running until he may have left (``stale`` hands it out again then) and is
    skipped once the turn is no longer his; True when this attempt sends nothing."""
    kind, _sep, ident = row.key.partition(":")
    if kind != "notification" or not ident.isdigit():
        return False
    notification = Notification.objects.select_related("user", "game").filter(pk=int(ident)).first()
    held = notifications.hold_while_on_site(notification) if notification is not None else None
    if held == notifications.LATER:
        PushDelivery.objects.filter(pk=row.pk).update(claimed_until=notifications.away_from(row.user_id))
    elif held == notifications.SKIP:
        claims.skipped(PushDelivery, row.pk)
    return held is not None


def stale() -> list[int]:
    """Pending messages whose claim ran out: held while their player was on the site, or taken by a
    worker that died. (A failed attempt releases its claim and is retried by its task, not here.)"""
    return list(PushDelivery.objects.filter(status=DeliveryStatus.PENDING, claimed_until__lt=timezone.now())
                .order_by("claimed_until").values_list("pk", flat=True)[:500])


def deliver(delivery_id: int) -> bool:
    """Send one claimed message to each browser of its user not yet reached; True when it is done."""
    row = claims.claim(PushDelivery, delivery_id, "user")
    if row is None:
        return False
    if _held(row):
        return False
    done = set(row.payload.get("done", []))
    data = json.dumps({k: row.payload[k] for k in ("title", "body", "url", "tag") if k in row.payload})
    failure = None
    for subscription in PushSubscription.objects.filter(user=row.user).exclude(pk__in=done):
        try:
            urlguard.check_url(subscription.endpoint)
            webpush(
                subscription_info={"endpoint": subscription.endpoint,
                                   "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}},
                data=data, vapid_private_key=vapid(), vapid_claims={"sub": settings.VAPID_SUBJECT},
                ttl=24 * 3600, timeout=10,
            )
        except WebPushException as exc:
            status = exc.response.status_code if exc.response is not None else None
            if status in (404, 410):
                subscription.delete()  # the browser unsubscribed or the subscription expired
                continue
            failure = exc
            continue
        except Exception as exc:  # any network or guard error: retry later
            failure = exc
            continue
        done.add(subscription.pk)
        PushSubscription.objects.filter(pk=subscription.pk).update(last_success_at=timezone.now())
    payload = {**row.payload, "done": sorted(done)}
    if failure is not None:
        claims.failed(PushDelivery, row.pk, failure, payload=payload)
        raise failure
    claims.sent(PushDelivery, row.pk, payload=payload)
    return True


def give_up(delivery_id: int, error: str) -> None:
    claims.give_up(PushDelivery, delivery_id, error)
