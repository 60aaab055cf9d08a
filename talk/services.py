"""Services write the table talk: check with ``talk.access`` first, then do.

Refusals raise the games' service errors (``NotAllowed``, ``InvalidRequest``, ``NotFound``), which
pages and the API already turn into messages and JSON errors.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy

from games import queue
from games.errors import InvalidRequest, NotAllowed, NotFound
from games.models import Game

from . import access
from .models import ChatMessage, ChatReport, SeatNote, Spectator, TalkSettings

MENTION = re.compile(r"@([\w.+-]{1,150})")


def _now():
    return timezone.now()


def chat_rate() -> tuple[int, int]:
    """(messages, seconds): how many messages a user may post per window (in the shared cache)."""
    count, seconds = getattr(settings, "TALK_CHAT_RATE", (8, 60))
    return int(count), int(seconds)


def _check_rate(user) -> None:
    count, seconds = chat_rate()
    window = int(_now().timestamp()) // seconds
    key = f"talk:chat-rate:{user.pk}:{window}"
    cache.add(key, 0, timeout=seconds + 5)
    try:
        used = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=seconds + 5)
        used = 1
    if used > count:
        raise NotAllowed(gettext_lazy("At most %(count)s messages per %(seconds)s seconds; please wait a moment."),
                         count=count, seconds=seconds)


def chat_changed(game_id: int) -> None:
    """Drop the chat's stamp, so every reader's next poll renders the chat again (now, and after the
    commit: a poll in between may have rendered the old state under a new stamp)."""
    from .selectors import _stamp_key

    cache.delete(_stamp_key(game_id))
    transaction.on_commit(lambda: cache.delete(_stamp_key(game_id)))


def chat_post(*, user, game: Game, body: str) -> ChatMessage:
    room = access.writable_room(user, game)
    if room is None:
        raise NotFound("no_such_game")
    body = (body or "").strip()
    if not body:
        raise InvalidRequest(gettext_lazy("A message needs some text."))
    if len(body) > ChatMessage.MAX_LENGTH:
        raise InvalidRequest(gettext_lazy("A message has at most %(max)s characters."), max=ChatMessage.MAX_LENGTH)
    _check_rate(user)
    with transaction.atomic():
        message = ChatMessage.objects.create(game=game, room=room, author=user, body=body)
        chat_changed(game.pk)
        mentioned = mentioned_users(message)
        if mentioned:
            from .push import mention_push

            ids = [u.pk for u in mentioned]
            transaction.on_commit(lambda: mention_push(message_id=message.pk, user_ids=ids))
    return message


def mentioned_users(message: ChatMessage) -> list:
    """Readers of the message's room named as ``@username`` in it (never the author)."""
    names = {m.lower() for m in MENTION.findall(message.body)}
    if not names:
        return []
    query = Q()
    for name in names:
        query |= Q(username__iexact=name)
    candidates = get_user_model().objects.filter(query, is_active=True)
    if message.author_id is not None:
        candidates = candidates.exclude(pk=message.author_id)
    return [u for u in candidates if message.room in access.readable_rooms(u, message.game)]


def _message_for(user, game: Game, message_id: int) -> ChatMessage:
    message = ChatMessage.objects.filter(pk=message_id, game=game).first()
    if message is None or message.room not in access.readable_rooms(user, game):
        raise NotFound(gettext_lazy("There is no such message."))
    return message


def chat_report(*, user, game: Game, message_id: int, reason: str = "") -> ChatReport:
    message = _message_for(user, game, message_id)
    if message.author_id == user.pk:
        raise InvalidRequest(gettext_lazy("You cannot report your own message."))
    try:
        with transaction.atomic():
            report = ChatReport.objects.create(message=message, reporter=user, reason=(reason or "").strip()[:200])
    except IntegrityError:
        return ChatReport.objects.get(message=message, reporter=user)
    chat_changed(game.pk)
    # The moderators hear of the message once (ReportNotice rows); a task, so a report never waits for mail.
    # A broker problem must not fail the report itself: try_send logs it.
    message_id, reporter_id = message.pk, user.pk
    transaction.on_commit(lambda: queue.try_send("talk.tasks.report_notices", message_id, reporter_id))
    return report


def chat_hide(*, user, game: Game, message_id: int, hidden: bool = True) -> ChatMessage:
    if not access.may_moderate(user, game):
        raise NotAllowed(gettext_lazy("Only the game's creator (or the club's organisers) may hide messages."))
    message = ChatMessage.objects.filter(pk=message_id, game=game).first()
    if message is None:
        raise NotFound(gettext_lazy("There is no such message."))
    if hidden:
        ChatMessage.objects.filter(pk=message.pk, hidden_at__isnull=True).update(hidden_at=_now(), hidden_by=user)
    else:  # shown (again): the moderator judged it fine, so its reports are resolved
        ChatMessage.objects.filter(pk=message.pk).update(hidden_at=None, hidden_by=None)
        ChatReport.objects.filter(message=message, resolved_at__isnull=True).update(resolved_at=_now())
    chat_changed(game.pk)
    message.refresh_from_db()
    return message


def note_save(*, user, game: Game, body: str) -> SeatNote:
    seat = access.seat_of(user, game)
    if seat is None:
        raise NotFound(gettext_lazy("There is no such game, or you have no seat in it."))
    body = body or ""
    if len(body) > SeatNote.MAX_LENGTH:
        raise InvalidRequest(gettext_lazy("Notes have at most %(max)s characters."), max=SeatNote.MAX_LENGTH)
    note, _ = SeatNote.objects.update_or_create(seat=seat, defaults={"body": body, "updated_at": _now()})
    return note


def spectator_delay_set(*, user, game: Game, delay: int) -> TalkSettings:
    if not access.may_manage(user, game):
        raise NotAllowed(gettext_lazy("Only the game's creator sets the spectators' delay."))
    if not 0 <= delay <= TalkSettings.MAX_DELAY:
        raise InvalidRequest(gettext_lazy("The delay lies between 0 and %(max)s turns."), max=TalkSettings.MAX_DELAY)
    settings_row, _ = TalkSettings.objects.update_or_create(game=game, defaults={"spectator_delay": delay})
    return settings_row


#: A watching spectator's row is written at most this often (the poll asks every 5 seconds; the list
#: counts who was seen in the last two minutes), so watching costs no database write per poll.
SEEN_EVERY_SECONDS = 30


def spectator_seen(*, user, game: Game) -> None:
    """Record that a spectator is watching now (for the spectator list and count)."""
    if access.role_of(user, game) is not access.Role.SPECTATOR:
        return
    if not cache.add(f"talk:seen:{game.pk}:{user.pk}", 1, timeout=SEEN_EVERY_SECONDS):
        return  # written a moment ago
    Spectator.objects.update_or_create(game=game, user=user, defaults={"last_seen": _now()})


def channels_update(*, user, notify_by_email: bool | None = None, notify_by_push: bool | None = None,
                    notify_chat_mentions: bool | None = None):
    """Choose how notifications reach the user (None: leave as it is)."""
    changes = {"notify_by_email": notify_by_email, "notify_by_push": notify_by_push,
               "notify_chat_mentions": notify_chat_mentions}
    fields = [name for name, value in changes.items() if value is not None]
    for name in fields:
        setattr(user, name, changes[name])
    if fields:
        user.save(update_fields=fields)
    return user
