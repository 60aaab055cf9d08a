"""Small helpers for the game templates."""

from __future__ import annotations

import uuid

from django import template
from django.utils.translation import gettext as _

from games.fragments import MARK_KEY, MARK_WAITING
from games.presenters.board import SEAT_COLOURS
from games.variants import AUTOMATIC_LEVEL

register = template.Library()

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
PHASES = {
    "lobby": lambda: _("Waiting for players"),
    "setup_hero": lambda: _("Choosing heroes"),
    "setup_region": lambda: _("Placing the region cards"),
    "setup_manor": lambda: _("Placing the manors"),
    "setup_axis": lambda: _("Laying the first tokens"),
    "play": lambda: _("Playing"),
    "finished": lambda: _("Finished"),
}


@register.simple_tag(takes_context=True)
def idempotency_key(context) -> str:
    """A fresh key for one form: the same submission sent twice is applied once. In a partial rendered
    to be kept (games.fragments) a mark, replaced by a fresh key in every response."""
    if context.get("fragment_marks"):
        return MARK_KEY
    return uuid.uuid4().hex


@register.filter
def die_face(value) -> str:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return ""
    return DIE_FACES[number - 1] if 1 <= number <= 6 else ""


@register.filter
def seat_colour(seat) -> str:
    try:
        return SEAT_COLOURS[int(seat) % len(SEAT_COLOURS)]
    except (TypeError, ValueError):
        return "#555"


@register.filter
def phase_label(phase) -> str:
    label = PHASES.get(phase)
    return label() if label else str(phase)


@register.filter
def get_item(mapping, key):
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def seq(count) -> range:
    try:
        return range(int(count))
    except (TypeError, ValueError):
        return range(0)


@register.simple_tag
def invitation_for(next_url):
    """The game a ``next`` URL invites to (``games:join_invite`` with the right code), else None.

    The log-in and sign-up pages use it to say who invites the visitor to what, and to keep ``next``.
    """
    from django.urls import Resolver404, resolve

    from games.models import Game

    if not next_url:
        return None
    try:
        match = resolve(str(next_url).split("?", 1)[0])
    except Resolver404:
        return None
    if match.view_name != "games:join_invite":
        return None
    game = Game.objects.select_related("creator").filter(
        pk=match.kwargs["game_id"], invite_code=match.kwargs["invite_code"]).first()
    return game


@register.simple_tag
def url_with_next(url, next_url) -> str:
    """``url`` carrying ``?next=`` (so a visitor who switches between log-in and sign-up keeps it)."""
    from urllib.parse import quote

    return f"{url}?next={quote(str(next_url), safe='/')}" if next_url else url


@register.simple_tag(takes_context=True)
def games_waiting(context) -> int:
    """How many games wait for the signed-in user (the header's count, the tab title, the favicon)."""
    if context.get("fragment_marks"):
        return MARK_WAITING  # type: ignore[return-value]  # a kept partial: filled in per request
    request = context.get("request")
    if request is None:
        return 0
    if not hasattr(request, "_games_waiting"):
        from games.visits import games_waiting_for

        request._games_waiting = games_waiting_for(request.user)
    return request._games_waiting


@register.filter
def taken_seats(seats) -> list:
    """The seats people and bots take: a co-op game's automatic villains' seat (added by the site) is none."""
    return [seat for seat in seats
            if not (seat.user_id is None and not seat.is_bot and seat.bot_level == AUTOMATIC_LEVEL)]
