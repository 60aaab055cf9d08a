"""Mails to players: each one claimed by a unique Notification row before it is sent.

``notify`` records what should be sent (respecting the user's preferences; digest users get their
mails collected instead), ``deliver`` sends one claimed row. Sending failures are recorded and
re-raised for the task's retry; they never touch the game.
"""

from __future__ import annotations

import logging
import zoneinfo
from datetime import UTC, date, datetime, timedelta

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from accounts import activity
from accounts.channels import EMAIL, channels_for
from accounts.unsubscribe import unsubscribe_token

from . import signals, visits
from .models import Game, Notification

log = logging.getLogger(__name__)


def claim_lease() -> timedelta:
    return timedelta(seconds=getattr(settings, "NOTIFICATION_CLAIM_LEASE_SECONDS", 120))


def notify(*, user, game: Game | None, turn: int, kind: str, variant: str = "") -> Notification | None:
    """Record one mail; returns the row when it is new and should be delivered now, else None."""
    # The row is the claim that the user hears of this event once; the channels he chose
    # (accounts.channels) decide whether a mail goes out and whether others (push) are told.
    if user is None:
        return None
    chosen = channels_for(user, kind)
    if not chosen:
        return None
    status = Notification.Status.PENDING
    if EMAIL not in chosen:
        status = Notification.Status.SKIPPED
    elif kind != Notification.Kind.DIGEST and user.wants_digest:
        status = Notification.Status.DIGEST
    try:
        with transaction.atomic():
            row = Notification.objects.create(user=user, game=game, turn=turn, kind=kind, variant=variant,
                                              status=status)
    except IntegrityError:
        return None  # somebody (a retry, a second worker or beat) recorded it already
    if chosen - {EMAIL}:
        transaction.on_commit(lambda: signals.notification_recorded.send(sender=Notification,
                                                                         notification_id=row.pk))
    return row if status == Notification.Status.PENDING else None


def claim(notification_id: int) -> Notification | None:
    """Take the right to send this row for a lease; None when it is sent or someone else holds it."""
    now = timezone.now()
    claimed = Notification.objects.filter(
        Q(claimed_until__isnull=True) | Q(claimed_until__lt=now),
        pk=notification_id,
        status=Notification.Status.PENDING,
    ).update(claimed_until=now + claim_lease())
    if not claimed:
        return None
    row = Notification.objects.select_related("user", "game").get(pk=notification_id)
    Notification.objects.filter(pk=row.pk).update(attempts=row.attempts + 1)
    return row


SKIP = "skip"
LATER = "later"


def hold(row: Notification, now: float | None = None) -> str | None:
    """Whether a claimed "your turn" mail goes out now (None), later (LATER) or not at all (SKIP).

    Ruling R-180: no such mail while the player is on the site (accounts.activity) — it waits until
    he leaves, and is dropped when he took the turn meanwhile. In the mode "only when away" a player
    hears once per absence: no second mail until he has been back on the site.
    """
    held = hold_while_on_site(row, now)
    if held is not None or row.kind != Notification.Kind.YOUR_TURN or row.game is None:
        return held
    user = row.user
    if user.mail_mode == user.MailMode.AWAY:
        seen = activity.last_seen(user.pk)
        last_mail = (Notification.objects.filter(user=user, kind=Notification.Kind.YOUR_TURN,
                                                 status=Notification.Status.SENT)
                     .exclude(pk=row.pk).order_by("-sent_at").values_list("sent_at", flat=True).first())
        if last_mail is not None and (seen is None or seen < last_mail.timestamp()):
            return SKIP
    return None


def hold_while_on_site(row: Notification, now: float | None = None) -> str | None:
    """The part of ``hold`` every channel obeys (mail and web push alike): a "your turn" message waits
    (LATER) while the player is on the site and is dropped (SKIP) once the turn is no longer his."""
    if row.kind != Notification.Kind.YOUR_TURN or row.game is None:
        return None
    if not _still_waiting(row.game, row.user, row.turn):
        return SKIP
    if activity.is_on_site(row.user_id, now):
        return LATER
    return None


def away_from(user_id: int) -> datetime:
    """When a player now on the site may have left: his last stamp plus the on-site window."""
    seen = activity.last_seen(user_id) or timezone.now().timestamp()
    until = max(seen + activity.active_seconds(), timezone.now().timestamp() + 1)
    return datetime.fromtimestamp(until, tz=UTC)


def _still_waiting(game: Game, user, turn: int) -> bool:
    """False once the game has ended or moved past ``turn`` (the player took it, or it ran out)."""
    game.refresh_from_db(fields=["status", "turn_number"])
    return game.status in (Game.Status.SETUP, Game.Status.RUNNING) and game.turn_number <= turn


def _postpone(row: Notification) -> None:
    """Give the claim back with a lease until the player may have left; the sweep sends it then."""
    Notification.objects.filter(pk=row.pk).update(claimed_until=away_from(row.user_id))


def deliver(notification_id: int, before_send=None) -> bool:
    """Send one notification if it is still to be sent; True when this call sent it."""
    row = claim(notification_id)
    if row is None:
        return False
    held = hold(row)
    if held == LATER:
        _postpone(row)
        return False
    if held == SKIP:
        Notification.objects.filter(pk=row.pk).update(status=Notification.Status.SKIPPED, claimed_until=None)
        return False
    if before_send is not None:
        before_send(row)
    try:
        message = build_message(row)
        message.send(fail_silently=False)
    except Exception as exc:
        Notification.objects.filter(pk=row.pk).update(claimed_until=None, last_error=repr(exc)[:2000])
        log.warning("sending notification %s failed: %r", row.pk, exc)
        raise
    Notification.objects.filter(pk=row.pk).update(status=Notification.Status.SENT, sent_at=timezone.now(),
                                                  claimed_until=None)
    if row.kind == Notification.Kind.DIGEST:
        mark_digest_delivered(row)
    return True


def stale_pending(now=None) -> list[int]:
    """Pending mails nobody is sending: their claim expired (the process holding it died; a
    re-delivered task saw the live claim and gave up) or they were never claimed for longer than
    a lease (the task was lost). The periodic sweep sends them (ruling R-112)."""
    now = now or timezone.now()
    return list(
        Notification.objects.filter(status=Notification.Status.PENDING)
        .filter(Q(claimed_until__lt=now) | Q(claimed_until__isnull=True, created_at__lt=now - claim_lease()))
        .order_by("created_at").values_list("pk", flat=True)[:500]
    )


def give_up(notification_id: int, error: str) -> None:
    Notification.objects.filter(pk=notification_id, status=Notification.Status.PENDING).update(
        status=Notification.Status.FAILED, last_error=error[:2000], claimed_until=None)


def _local(dt, user):
    if dt is None:
        return None
    try:
        return timezone.localtime(dt, zoneinfo.ZoneInfo(user.time_zone))
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return timezone.localtime(dt)


def build_message(row: Notification) -> EmailMultiAlternatives:
    user, game = row.user, row.game
    with translation.override(user.language):
        context = {
            "user": user,
            "game": game,
            "kind": row.kind,
            "variant": row.variant,
            "deadline": _local(game.turn_deadline_at, user) if game else None,
            "game_url": f"{settings.SITE_URL}/games/{game.pk}/" if game else settings.SITE_URL,
            "preferences_url": settings.SITE_URL + reverse("accounts:profile"),
            "unsubscribe_url": settings.SITE_URL + reverse(
                "accounts:unsubscribe", args=[unsubscribe_token(user, row.kind)]),
            "items": _digest_items(row) if row.kind == Notification.Kind.DIGEST else [],
            # A digest lists every game waiting; a turn mail names the other games waiting too.
            "waiting": [w for w in _waiting_games(user) if w["game"] != game]
            if row.kind in (Notification.Kind.DIGEST, Notification.Kind.YOUR_TURN) else [],
            "winner": _winner_name(game) if game and row.kind == Notification.Kind.FINISHED else "",
        }
        subject = render_to_string(f"mail/{row.kind}_subject.txt", context).strip()
        text = render_to_string(f"mail/{row.kind}.txt", context)
        html = render_to_string(f"mail/{row.kind}.html", context)
    message = EmailMultiAlternatives(subject=subject, body=text, to=[user.email],
                                     headers={"List-Unsubscribe": f"<{context['unsubscribe_url']}>",
                                              # RFC 8058: mail programs may unsubscribe with one POST.
                                              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})
    message.attach_alternative(html, "text/html")
    return message


def _winner_name(game: Game) -> str:
    if game.winner_seat is None:
        return ""
    seat = game.seats.filter(index=game.winner_seat).select_related("user").first()
    return seat.user.public_name if seat and seat.user else ""


def _digest_items(row: Notification) -> list[Notification]:
    """What happened besides turns (reminders, finished games); the turns are in ``_waiting_games``."""
    day = date.fromordinal(row.turn)
    return list(
        Notification.objects.filter(user=row.user, status=Notification.Status.DIGEST,
                                    created_at__date__lte=day)
        .exclude(kind=Notification.Kind.YOUR_TURN).select_related("game").order_by("created_at")
    )


def _waiting_games(user) -> list[dict]:
    """Every game waiting for ``user`` right now (his seat is the one to act), oldest deadline first."""
    games = visits.waiting_games(user).order_by(F("turn_deadline_at").asc(nulls_last=True), "pk")
    return [{"game": game, "url": f"{settings.SITE_URL}/games/{game.pk}/",
             "deadline": _local(game.turn_deadline_at, user)} for game in games]


def collect_digest(*, user, day: date) -> Notification | None:
    """One digest per user and day, claimed by its row; the collected mails are marked as sent with it."""
    collected = Notification.objects.filter(user=user, status=Notification.Status.DIGEST,
                                            created_at__date__lte=day)
    if not collected.exists():
        return None
    if (not collected.exclude(kind=Notification.Kind.YOUR_TURN).exists()
            and not visits.waiting_games(user).exists()):
        # Only turns he has taken since: nothing to tell (ruling R-180).
        collected.update(status=Notification.Status.SKIPPED)
        return None
    return notify(user=user, game=None, turn=day.toordinal(), kind=Notification.Kind.DIGEST)


def mark_digest_delivered(row: Notification) -> None:
    day = date.fromordinal(row.turn)
    Notification.objects.filter(user=row.user, status=Notification.Status.DIGEST,
                                created_at__date__lte=day).update(status=Notification.Status.SENT,
                                                                  sent_at=timezone.now())
