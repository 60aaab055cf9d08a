"""The board's figures: the dragon, the Namenloser, his Wächter, the Drachenmensch and the Kahn drawn as
what they are, not as one more token square (issue 16). All our own SVG.

A figure stands in a ``SIZE`` x ``SIZE`` box drawn from 20 x 20 units of path data, so it reads at the
board's default zoom where a 13-unit token sign would not. Each figure is a few filled shapes with a
white outline (the board's terrain drawing lies under it) and a ``<title>`` naming it for screen
readers and on hover. Only a token whose face the viewer knows is drawn as a figure (the view hides the
rest); a figure lying face down, seen only by this viewer, is drawn pale and dashed.
"""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString

from games.presenters.svg import NOTHING, el, fmt, join, spaced

#: The drawn box of a figure on the board (a token is 13 units, a field dot 16).
SIZE = 24

# Each figure: (shape class, fill, path data in a 20 x 20 box, y downwards), painted in this order.
FIGURES: dict[str, tuple[tuple[str, str, str], ...]] = {
    # A red dragon facing right: raised wings behind a long body, neck and horned head, tail and legs.
    "dragon": (
        ("wing", "#d9654b", "M6.5 13 L3.5 2.5 L7.5 6 L9 1 L10.8 6 L13.8 3 L12.8 12.6 Z"),
        ("body", "#9b1c1c", "M0.6 17.2 Q2.8 12.8 6.2 12.9 L12 12.4 Q14 11 15 8.4 L16.3 5.4 L17 6 L19.6 6.4 "
                            "L18.2 8.1 L16.6 8.4 Q16.1 11.6 14.2 13.9 L14.7 18.4 L12.9 18.4 L12.4 15.2 L8.6 15.4 "
                            "L8.3 18.4 L6.5 18.4 L6.4 15.2 Q3.4 15.1 0.6 17.2 Z"),
        ("eye", "#ffd23f", "M16.6 6.9 A0.7 0.7 0 1 0 18 6.9 A0.7 0.7 0 1 0 16.6 6.9 Z"),
    ),
    # A Wächter: a helmeted guard in the dark blue of his border, shield in front, spear at his side.
    "guardian": (
        ("spear", "#7a5a3a", "M15.4 3.2 H16.6 V19.6 H15.4 Z"),
        ("steel", "#c9d1e0", "M16 0.2 L17.9 3.8 H14.1 Z"),
        ("body", "#1b2a6b", "M5 8.6 Q9 6.8 13 8.6 L13.2 10 H15.6 V11.6 H13.4 L14 19.6 H4 Z "
                            "M6 4.2 A3 3 0 1 0 12 4.2 A3 3 0 1 0 6 4.2 Z"),
        ("steel", "#c9d1e0", "M2.4 9 H9.6 V13.2 Q9.6 17.3 6 18.9 Q2.4 17.3 2.4 13.2 Z"),
        ("mark", "#1b2a6b", "M5.4 11 H6.6 V12.4 H8 V13.6 H6.6 V16.4 H5.4 V13.6 H4 V12.4 H5.4 Z"),
    ),
    # The Namenloser: a hooded shape with outstretched sleeves, no face but two burning eyes.
    "namenloser": (
        ("body", "#2b1838", "M10 0.6 Q15.6 1.4 15.6 8 L19.4 14 L16 13 L17.2 19.6 H2.8 L4 13 L0.6 14 L4.4 8 "
                            "Q4.4 1.4 10 0.6 Z"),
        ("face", "#000000", "M6.9 6.4 A3.1 3.5 0 1 0 13.1 6.4 A3.1 3.5 0 1 0 6.9 6.4 Z"),
        ("eye", "#ff3b30", "M8 6.2 A0.8 0.8 0 1 0 9.6 6.2 A0.8 0.8 0 1 0 8 6.2 Z "
                           "M10.4 6.2 A0.8 0.8 0 1 0 12 6.2 A0.8 0.8 0 1 0 10.4 6.2 Z"),
    ),
    # The Drachenmensch: a horned, scaled half-dragon standing upright with a dragon's tail.
    "drachenmensch": (
        ("body", "#3d6b35", "M12.4 15 Q18 16 19.4 11.6 Q17.8 14.2 13.4 13.4 Z "
                            "M7 5 L5.8 0.8 L8.5 3 H11.5 L14.2 0.8 L13 5 Q13 8.2 10 8.2 Q7 8.2 7 5 Z "
                            "M5.6 9 H14.4 L15.4 15 H12.8 L13.2 19.6 H11 L10 16 L9 19.6 H6.8 L7.2 15 H4.6 Z"),
        ("eye", "#ffd23f", "M8.2 5 H9.4 V5.9 H8.2 Z M10.6 5 H11.8 V5.9 H10.6 Z"),
    ),
}


def figure(kind: str, x: float, y: float, title: str, *, face_down: bool = False) -> SafeString:
    """The figure of ``kind`` in its box with the top left corner at (x, y), or "" for other kinds."""
    shapes = FIGURES.get(kind)
    if shapes is None:
        return NOTHING
    body = join(el("path", d=spaced(d), fill=fill, class_=f"figure-{part}") for part, fill, d in shapes)
    css = f"figure figure-{kind.replace('_', '-')}" + (" figure-face-down" if face_down else "")
    shadow = el("ellipse", cx="10", cy="19.4", rx="8", ry="1.6", class_="figure-shadow")
    return el("g", el("title", escape(title)) + shadow + body, class_=css, transform=_placed(x, y))


# --- the Kahn ---------------------------------------------------------------------------------------------
#: The Kahn's crossing ("zwischen L2 und L4", WATER-04): where it lies while a magic staff is aboard.
STAFF_CROSSING = ("L2", "L4")
#: The engine's word for "the wand lies in the boat" (games.engine.rules.quests, reward ``wand_in_boat``).
STAFF = "staff"

# A flat-bottomed punt seen from the side, its pole leaning on it; the staff (when aboard) as a gold line.
KAHN_HULL = "M0.5 11 H19.5 L17.2 15.5 H2.8 Z"
KAHN_RIM = "M0.5 11 H19.5 L19.1 11.9 H0.9 Z"
KAHN_POLE = "M4 15 L15.5 1.5"
KAHN_STAFF = "M6 10.2 L15 8"


def kahn(x: float, y: float, title: str, *, staff: bool = False) -> SafeString:
    """The Kahn in a figure's box with the top left corner at (x, y)."""
    parts = [el("title", escape(title)),
             el("path", d=spaced(KAHN_POLE), class_="kahn-pole"),
             el("path", d=spaced(KAHN_HULL), class_="kahn-hull"),
             el("path", d=spaced(KAHN_RIM), class_="kahn-rim")]
    if staff:
        parts.append(el("path", d=spaced(KAHN_STAFF), class_="kahn-staff"))
    return el("g", join(parts), class_="boat-g kahn" + (" kahn-staff-aboard" if staff else ""),
              transform=_placed(x, y))


def _placed(x: float, y: float) -> str:
    """From the 20 x 20 units the shapes are drawn in to a SIZE box at (x, y)."""
    return f"translate({fmt(x)} {fmt(y)}) scale({SIZE / 20:g})"
