"""The co-op variant on the board (issue 18): the temple's four fires, held or free, and the Diener's march.

Drawn over the board by ``board.render_board`` from the public co-op record ``view["coop"]``
(``games.coop.summary``), and only on revealed cards: a flame in each fire's colour beside its field
(dark and crossed while a Diener holds it), and a dashed ring around every Diener on the board with a
line of its march toward the nearest free fire. An ordinary game's view has no ``coop``: nothing is drawn.
"""

from __future__ import annotations

from typing import Any, Protocol

from django.utils.html import escape
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from games.presenters.board_labels import Box
from games.presenters.coop import FIRE_COLOURS, fire_label
from games.presenters.svg import el, fmt, join, spaced, text

FIELD_R = 8
MARCH_ARROW = 34    # how long the arrow of a Diener's march is drawn
# A flame in a 10 x 12 box, its foot at (5, 12).
FLAME_W, FLAME_H = 10, 12
FLAME = spaced("M5 0 C8 4 10 6 10 8.5 C10 11 8 12 5 12 C2 12 0 11 0 8.5 C0 6 3 5 5 0 Z")


class Positions(Protocol):
    def pos(self, code: str | None) -> tuple[float, float] | None: ...


def overlay(layout: Positions, view: dict[str, Any], obstacles: list[Box] | None = None) -> list[SafeString]:
    """The fires and the Diener of a co-op view; empty for an ordinary game. Each flame's box goes into
    ``obstacles`` (the board's label layout), so no field name or token label is written over it."""
    coop = view.get("coop")
    if not coop:
        return []
    out: list[SafeString] = [el("defs", el("marker", el("path", d=spaced("M0 0 L6 3 L0 6 Z"), class_="coop-arrow-head"),
                                          id="coop-arrow", markerWidth=6, markerHeight=6, refX=5, refY=3,
                                          orient="auto"))]
    free: list[tuple[float, float]] = []
    for fire in coop.get("fires", []):
        p = layout.pos(fire["field"])
        if p is None:
            continue
        held = fire["servant"] is not None
        if not held:
            free.append(p)
        out.append(_flame(p, fire, held))
        if obstacles is not None:
            x, y = _flame_corner(p)
            obstacles.append(Box(x, y, x + FLAME_W, y + FLAME_H))
    for servant in coop.get("servants", []):
        p = layout.pos(servant["field"])
        if p is None:
            continue
        parts = [el("title", escape(_("Servant on %(field)s") % {"field": servant["field"]})),
                 el("circle", cx=fmt(p[0]), cy=fmt(p[1]), r=FIELD_R + 5, class_="coop-servant-ring")]
        target = _nearest(p, free)
        if target is not None and target != p:
            # A short arrow from the Diener toward the nearest free fire: which way his march goes.
            dx, dy = target[0] - p[0], target[1] - p[1]
            dist = (dx * dx + dy * dy) ** 0.5
            reach = min(dist, MARCH_ARROW) / dist
            x1, y1 = p[0] + dx / dist * (FIELD_R + 5), p[1] + dy / dist * (FIELD_R + 5)
            parts.append(el("line", x1=fmt(x1), y1=fmt(y1), x2=fmt(p[0] + dx * reach), y2=fmt(p[1] + dy * reach),
                            class_="coop-march", marker_end="url(#coop-arrow)"))
        out.append(el("g", join(parts), class_="coop-servant", data_field=servant["field"]))
    return out


def _flame(p: tuple[float, float], fire: dict[str, Any], held: bool) -> SafeString:
    """The fire's flame to the left of its field, above its own letter-free label (held: darkened and crossed)."""
    x, y = _flame_corner(p)
    label = fire_label(fire["colour"])
    title = _("%(fire)s: held by a servant") % {"fire": label} if held else _("%(fire)s: free") % {"fire": label}
    parts = [el("title", escape(title)),
             el("path", d=FLAME, fill=FIRE_COLOURS.get(fire["colour"], "#888"), class_="coop-fire-mark",
                transform=f"translate({fmt(x)} {fmt(y)})")]
    if held:
        parts.append(el("path", d=FLAME, class_="coop-fire-held", transform=f"translate({fmt(x)} {fmt(y)})"))
        parts.append(text(x + 5, y + 10, "×", class_="coop-fire-label", fill="#fff"))
    return el("g", join(parts), class_="coop-fire held" if held else "coop-fire", data_fire=fire["colour"])


def _flame_corner(p: tuple[float, float]) -> tuple[float, float]:
    """The flame's top left corner: left of its fire's field, level with it."""
    return p[0] - FIELD_R - 13, p[1] - 6


def _nearest(p: tuple[float, float], targets: list[tuple[float, float]]) -> tuple[float, float] | None:
    if not targets:
        return None
    return min(targets, key=lambda t: (t[0] - p[0]) ** 2 + (t[1] - p[1]) ** 2)
