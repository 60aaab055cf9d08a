"""Small helpers for the game templates."""

from __future__ import annotations

import uuid

from django import template
from django.utils.translation import gettext as _

from games.board import SEAT_COLOURS

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


@register.simple_tag
def idempotency_key() -> str:
    """A fresh key for one form: the same submission sent twice is applied once."""
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
