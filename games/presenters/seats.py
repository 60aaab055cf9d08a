"""How a seat is named on the pages: its player, or a bot with its level."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.models import Seat
from games.variants import AUTOMATIC_LEVEL

LEVEL_NAMES = {"easy": _("easy"), "normal": _("normal"), "strong": _("strong")}


def seat_name(seat: Seat) -> str:
    """The player's name, a bot with its level, or empty; a stand-in bot is named after its player.
    A co-op game's automatic villains' seat (games.variants) is the servants themselves."""
    if seat.user is None and not seat.is_bot and seat.bot_level == AUTOMATIC_LEVEL:
        return gettext("The servants (automatic)")
    if seat.is_bot and seat.user is None:
        return _("Bot (%(level)s)") % {"level": LEVEL_NAMES.get(seat.bot_level or Seat.STAND_IN_LEVEL, seat.bot_level)}
    # gettext, not the lazy _: the name is a str in the active language, as the signature says.
    name = seat.user.public_name if seat.user else gettext("(empty seat)")
    return gettext("%(name)s (bot stands in)") % {"name": name} if seat.is_bot else name
