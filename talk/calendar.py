"""The iCalendar feed (RFC 5545) of a user's deadlines, at a secret URL.

Written by hand: a handful of properties, escaped and folded as the RFC says, so no library is
needed. One VEVENT per running game of the user with a deadline; its UID names the game and the
turn, so calendar apps update the event when the turn passes.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.models import Game

from .models import CalendarFeed, new_calendar_token


def feed_for(user) -> CalendarFeed:
    feed, _ = CalendarFeed.objects.get_or_create(user=user)
    return feed


def feed_reset(*, user) -> CalendarFeed:
    """A new secret: the old URL stops working."""
    with transaction.atomic():
        feed = feed_for(user)
        feed.token = new_calendar_token()
        feed.created_at = timezone.now()
        feed.save(update_fields=["token", "created_at"])
    return feed


def feed_url(feed: CalendarFeed) -> str:
    return settings.SITE_URL + reverse("talk:calendar", args=[feed.token])


def _escape(text: str) -> str:
    return (text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\r\n", "\\n").replace("\n", "\\n"))


def _fold(line: str) -> str:
    """Lines of at most 75 octets; continuation lines start with a space (never splitting a character)."""
    out: list[str] = []
    current = b""
    for char in line:
        encoded = char.encode()
        if len(current) + len(encoded) > (75 if not out else 74):
            out.append(current.decode())
            current = b""
        current += encoded
    out.append(current.decode())
    return "\r\n ".join(out)


def _utc(dt: datetime) -> str:
    return timezone.localtime(dt, timezone.get_fixed_timezone(0)).strftime("%Y%m%dT%H%M%SZ")


def deadline_games(user):
    return (Game.objects.filter(seats__user=user, seats__dropped=False, status=Game.Status.RUNNING,
                                turn_deadline_at__isnull=False)
            .prefetch_related("seats__user").distinct().order_by("turn_deadline_at"))


def render_feed(user, now: datetime | None = None) -> str:
    now = now or timezone.now()
    host = urlsplit(settings.SITE_URL).hostname or "heldenweb"
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//heldenweb//talk calendar//EN", "CALSCALE:GREGORIAN",
             "METHOD:PUBLISH"]
    with translation.override(user.language):
        lines.append("X-WR-CALNAME:" + _escape(_("heldenweb deadlines")))
        for game in deadline_games(user):
            seats = {s.index: s for s in game.seats.all()}
            acting = seats.get(game.current_seat)
            mine = acting is not None and acting.user_id == user.pk
            if mine:
                summary = _("Your turn ends: %(game)s") % {"game": game.title}
            else:
                name = acting.user.public_name if acting and acting.user else "?"
                summary = _("Turn of %(name)s ends: %(game)s") % {"name": name, "game": game.title}
            url = f"{settings.SITE_URL}/games/{game.pk}/"
            lines += [
                "BEGIN:VEVENT",
                f"UID:game-{game.pk}-turn-{game.turn_number}@{host}",
                f"DTSTAMP:{_utc(now)}",
                f"DTSTART:{_utc(game.turn_deadline_at)}",
                f"DTEND:{_utc(game.turn_deadline_at + timedelta(minutes=15))}",
                "SUMMARY:" + _escape(summary),
                "URL:" + url,
                "DESCRIPTION:" + _escape(url),
            ]
            if mine:
                lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT2H", "DESCRIPTION:" + _escape(summary),
                          "END:VALARM"]
            lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(_fold(line) + "\r\n" for line in lines)
