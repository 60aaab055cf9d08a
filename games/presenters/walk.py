"""The reachable fields of a one-click walk as board targets and buttons, each with its cost."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine.content.model import Content
from games.engine.core.actions import Move
from games.presenters import board, labels
from games.walking import Route

_FIELD = Move.PARAMS[0]


def cost_text(route: Route) -> str:
    """The cost in words: "3 movement points, 1 gold, 58 % chance (1 secret path roll)"."""
    parts = [ngettext("%(n)s movement point", "%(n)s movement points", route.points) % {"n": route.points}]
    if route.gold:
        parts.append(_("%(n)s gold") % {"n": route.gold})
    if route.rolls:
        parts.append(ngettext("%(percent)s %% chance (%(n)s secret path roll)",
                              "%(percent)s %% chance (%(n)s secret path rolls)", route.rolls)
                     % {"percent": route.percent, "n": route.rolls})
    return ", ".join(parts)


def cost_badge(route: Route) -> str:
    """The cost in few characters for the board: points, then gold and chance when they apply."""
    badge = str(route.points)
    if route.gold:
        badge += f" · {route.gold}G"
    if route.rolls:
        badge += f" · {route.percent}%"
    return badge


def walk_options(content: Content, routes: dict[str, Route], lang: str, id_prefix: str) -> list[board.Option]:
    """One option per reachable field (nearest first), its label naming the place and the cost."""
    options = []
    ordered = sorted(routes.values(), key=lambda r: (r.points, len(r.steps), r.to))
    for index, route in enumerate(ordered):
        place = labels.param_value_label(content, _FIELD, route.to, lang, kind=Move.KIND)
        options.append(board.Option(
            id=f"{id_prefix}-walk-{index}", params={"to": route.to},
            label=_("Walk to %(place)s: %(cost)s") % {"place": place, "cost": cost_text(route)},
            target=board.board_target(_FIELD, route.to), badge=cost_badge(route)))
    return options
