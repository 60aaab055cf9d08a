"""Selectors read the table talk, always through ``talk.access``: nobody reads what he may not."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Count, QuerySet
from django.utils import timezone

from games import selectors as game_selectors
from games.models import Game

from . import access
from .models import ChatMessage, SeatNote, Spectator, TalkSettings

WATCHING_WINDOW = timedelta(minutes=2)


def chat_messages(*, user, game: Game, room: str | None = None, after: int | None = None,
                  before: int | None = None) -> QuerySet[ChatMessage]:
    """The messages the user may read, oldest first; hidden ones only for those who may moderate."""
    rooms = access.readable_rooms(user, game)
    if room is not None:
        rooms = [r for r in rooms if r == room]
    messages = ChatMessage.objects.filter(game=game, room__in=rooms).select_related("author")
    if access.may_moderate(user, game):
        messages = messages.annotate(report_count=Count("reports"))
    else:
        messages = messages.filter(hidden_at__isnull=True)
    if after is not None:
        messages = messages.filter(pk__gt=after)
    if before is not None:
        messages = messages.filter(pk__lt=before)
    return messages.order_by("id")


def latest_messages(*, user, game: Game, limit: int = 50) -> list[ChatMessage]:
    newest = chat_messages(user=user, game=game).order_by("-id")[:limit]
    return list(reversed(list(newest)))


def note_for(*, user, game: Game) -> str | None:
    """The user's own seat's notes (None: he has no seat, so no notes to read)."""
    seat = access.seat_of(user, game)
    if seat is None:
        return None
    note = SeatNote.objects.filter(seat=seat).first()
    return note.body if note else ""


def spectator_delay(game: Game) -> int:
    row = TalkSettings.objects.filter(game=game).first()
    return row.spectator_delay if row else 0


def watching(game: Game) -> list:
    """Spectators seen in the last two minutes (the poll refreshes them), by name."""
    since = timezone.now() - WATCHING_WINDOW
    rows = Spectator.objects.filter(game=game, last_seen__gte=since).select_related("user")
    return sorted((row.user for row in rows), key=lambda u: u.public_name.lower())


def spectator_view(game: Game, delay: int) -> game_selectors.SpectatorView:
    """The games' spectator view (cached there per game version and delay)."""
    return game_selectors.spectator_view(game=game, delay=delay)
