"""Selectors read the table talk, always through ``talk.access``: nobody reads what he may not."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.core.cache import cache
from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from games import selectors as game_selectors
from games.models import Game

from . import access
from .models import ChatMessage, ChatReport, SeatNote, Spectator, TalkSettings

WATCHING_WINDOW = timedelta(minutes=2)
#: A reader's chat poll is answered "nothing new" (204) without the database for at most this long;
#: then it is rendered again (the spectator list, a role that changed, the end of the game).
CHAT_FRESH_SECONDS = 30
STAMP_SECONDS = 3600


def _stamp_key(game_id: int) -> str:
    return f"talk:{game_id}:chat-stamp"


def _fresh_key(game_id: int, user_id: int) -> str:
    return f"talk:{game_id}:chat-fresh:{user_id}"


def chat_stamp(game_id: int) -> str:
    """The game's chat version in the shared cache: a new token whenever a message is posted, hidden,
    shown or reported (``talk.services`` drops it), or when the cache lost it."""
    key = _stamp_key(game_id)
    value = cache.get(key)
    if value is None:
        cache.add(key, secrets.token_hex(6), STAMP_SECONDS)
        value = cache.get(key)
    return value or ""


def chat_unchanged(*, user, game_id: int, stamp: str) -> bool:
    """Whether the user's poll may be told "nothing new": he was shown this stamp's chat moments ago
    (his access was checked then) and nobody wrote since."""
    if not stamp or not user.is_authenticated:
        return False
    found = cache.get_many([_stamp_key(game_id), _fresh_key(game_id, user.pk)])
    return found.get(_stamp_key(game_id)) == stamp and _fresh_key(game_id, user.pk) in found


def chat_shown(*, user, game_id: int) -> None:
    """Remember that the user was just shown the game's chat (for ``chat_unchanged``)."""
    cache.set(_fresh_key(game_id, user.pk), 1, CHAT_FRESH_SECONDS)


def _open_reports():
    return ChatReport.objects.filter(message=OuterRef("pk"), resolved_at__isnull=True)


def chat_messages(*, user, game: Game, room: str | None = None, after: int | None = None,
                  before: int | None = None, reported: bool = False) -> QuerySet[ChatMessage]:
    """The messages the user may read, oldest first.

    Moderators also see hidden messages, each message's count of open reports (``open_reports``),
    and the messages with open reports of a room they do not read (a club organiser is no player),
    so they can judge them (hide, or dismiss the reports); ``reported`` keeps only messages with open reports.
    """
    rooms = access.readable_rooms(user, game)
    if room is not None:
        rooms = [r for r in rooms if r == room]
    messages = ChatMessage.objects.filter(game=game).select_related("author")
    if access.may_moderate(user, game):
        messages = messages.annotate(open_reports=Count("reports", filter=Q(reports__resolved_at__isnull=True)))
        shown = Q(room__in=rooms) | Q(Exists(_open_reports()))
        if room is not None:
            shown &= Q(room=room)
        messages = messages.filter(shown)
    else:
        messages = messages.filter(room__in=rooms, hidden_at__isnull=True)
    if reported:
        messages = messages.filter(Exists(_open_reports()), hidden_at__isnull=True)
    if after is not None:
        messages = messages.filter(pk__gt=after)
    if before is not None:
        messages = messages.filter(pk__lt=before)
    return messages.order_by("id")


def open_report_count(*, user, game: Game) -> int:
    """How many shown messages of the game have open reports (for its moderators; 0 for anybody else)."""
    if not access.may_moderate(user, game):
        return 0
    return ChatMessage.objects.filter(Exists(_open_reports()), game=game, hidden_at__isnull=True).count()


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
