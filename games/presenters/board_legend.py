"""The board's legend: each entry drawn with the very shapes and classes the board uses, so it cannot
drift from the board's look again (issue 16: the old legend showed plain colour dots).

What is on the board right now decides most entries — the terrains of the revealed cards, the kinds of
the tokens the viewer can tell apart, the figures, the pawns' colours, the Kahn — so the legend stays
short and explains exactly what the player sees. The field kinds and the two special ways are always
listed: they are the map's language. Only the view is read, so nothing hidden can leak through it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from apibase.kept import Kept
from games.engine.content.model import Content
from games.presenters import board
from games.presenters import board_figures as figures
from games.presenters.svg import el, join, text


@dataclass(frozen=True)
class Entry:
    swatch: SafeString      # a small inline SVG, hidden from screen readers (the label says it)
    label: str              # plain text: the template escapes it


TERRAIN_LABELS = {
    "plain": lambda: pgettext("terrain", "plain"),
    "forest": lambda: pgettext("terrain", "forest"),
    "mountain": lambda: pgettext("terrain", "mountains"),
    "hills": lambda: pgettext("terrain", "hills"),
    "desert": lambda: pgettext("terrain", "desert"),
    "lake": lambda: pgettext("terrain", "lake"),
    "swamp": lambda: pgettext("terrain", "swamp"),
    "city": lambda: pgettext("terrain", "town"),
    "special": lambda: pgettext("terrain", "special region"),
}
TOKEN_KIND_LABELS = {
    "monster": lambda: pgettext("token kind", "monster"),
    "encounter": lambda: pgettext("token kind", "encounter"),
    "quest": lambda: pgettext("token kind", "quest"),
    "item": lambda: pgettext("token kind", "item"),
    "event": lambda: pgettext("token kind", "event"),
    "dragon_event": lambda: pgettext("token kind", "dragon event"),
    "deed_part": lambda: pgettext("token kind", "part of a deed"),
    "weapon_part": lambda: pgettext("token kind", "part of a magic weapon"),
    "servant": lambda: pgettext("token kind", "servant of the Namenloser"),
    "spell": lambda: pgettext("token kind", "spell"),
}
FIELD_ENTRIES = (
    # (the field's classes, the number or sign it shows, the label)
    ("field kind-beige", "", lambda: _("beige field")),
    ("field kind-water", "", lambda: _("water")),
    ("field kind-guardian", "", lambda: _("guardian field")),
    ("field kind-teleporter", "⟲", lambda: _("teleporter")),
    ("field kind-site", "", lambda: _("special place")),
)


HOUSE = ((3, 10), (10, 3), (17, 10), (17, 18), (3, 18))   # the manor's outline, as on the board


def _swatch(body: str, view_box: str, width: float = 1.25) -> SafeString:
    return el("svg", body, xmlns="http://www.w3.org/2000/svg", class_="legend-swatch", viewBox=view_box,
              style=f"width:{width:g}rem", aria_hidden="true", focusable="false")


def _terrain(terrain: str) -> Entry:
    body = el("defs", board.terrain_defs([terrain], prefix="legend-"))
    body += el("rect", x=0, y=0, width=40, height=40, rx=4, class_=f"card terrain-{terrain}")
    body += el("rect", x=0, y=0, width=40, height=40, rx=4, class_="card-art",
               fill=f"url(#{board.terrain_pattern_id(terrain, 'legend-')})")
    return Entry(_swatch(body, "0 0 40 40"), TERRAIN_LABELS.get(terrain, lambda: terrain)())


def _field(classes: str, sign: str) -> SafeString:
    parts = el("circle", cx=10, cy=10, r=board.FIELD_R, class_="field-dot")
    if sign:
        parts += text(10, 13.2, sign, class_="field-symbol")
    return el("g", parts, class_=classes)


def _token(kind: str, borders: list[str]) -> SafeString:
    stroke = board.BORDER_COLOURS.get(borders[0], "#555") if borders else "#555"
    inner = board.BORDER_COLOURS.get(borders[-1], stroke) if borders else stroke
    return (el("rect", x=3.5, y=3.5, width=13, height=13, rx=2, class_="token token-open", stroke=stroke)
            + el("path", d=board.TOKEN_GLYPHS[kind], fill=inner, class_="token-glyph",
                 transform="translate(5.5 5.5) scale(.9)"))


# Legends drawn, per process: a legend is a pure function of the few things ``_legend_key`` reads from the
# view (and the language), and most views of a game share one (issue 17, seventh wave, second round: a
# thousand calls of every first render). The key holds only what the viewer's own view shows, so a legend
# kept for one seat is one another seat's view would draw byte for byte.
LEGENDS_KEPT = 4096
_LEGENDS = Kept(LEGENDS_KEPT)


def legend(content: Content, view: dict[str, Any], lang: str) -> list[Entry]:
    key = _legend_key(content, view, lang)
    return list(_LEGENDS.keep(key, lambda: tuple(_draw(*key[2:]))))


def _legend_key(content: Content, view: dict[str, Any], lang: str) -> tuple[Any, ...]:
    """Everything the legend shows, read from the view: the revealed cards' terrains, whether a token is
    face down, each token kind's borders (of its first open token) and each figure's name, the seats with
    a pawn or a manor on the board, the Kahn. The language twice: the one asked for and the active one,
    which the labels are translated into."""
    revealed = [cell["letter"] for cell in view.get("board", []) if cell.get("revealed") and cell.get("letter")]
    terrains = {content.regions[letter].terrain for letter in revealed if letter in content.regions}
    tokens = view.get("tokens", [])
    back = any(t.get("id") is None for t in tokens)
    borders_of: dict[str, tuple[str, ...]] = {}
    named: dict[str, str] = {}
    for t in tokens:
        kind = t.get("kind")
        if t.get("id") is None or not kind:
            continue
        if kind in figures.FIGURES:
            if kind not in named:
                named[kind] = board.token_name(content, t, lang)
        elif kind in board.TOKEN_GLYPHS:
            borders_of.setdefault(kind, tuple(t.get("border") or ()))
    heroes = view.get("heroes", [])
    seats = tuple(sorted({h["seat"] for h in heroes if h.get("position") or h.get("between")}))
    manors = tuple(sorted({h["seat"] for h in heroes if h.get("manor")}))
    return (lang, get_language(), tuple(t for t in board.TERRAIN_ART if t in terrains), back,
            tuple(sorted(borders_of.items())), tuple(sorted(named.items())), seats, manors,
            bool(board.boat_fields(view.get("boat"))))


def _draw(terrains: tuple[str, ...], back: bool, borders_of: tuple[tuple[str, tuple[str, ...]], ...],
          named: tuple[tuple[str, str], ...], seats: tuple[int, ...], manors: tuple[int, ...],
          boat: bool) -> list[Entry]:
    entries: list[Entry] = [_terrain(t) for t in terrains]

    for classes, sign, label in FIELD_ENTRIES:
        entries.append(Entry(_swatch(_field(classes, sign), "0 0 20 20", 1), label()))
    secret = join(el("g", el("circle", cx=10 + 18 * i, cy=10, r=board.FIELD_R, class_="field-dot")
                           + text(10 + 18 * i, 13, str(number), class_="field-target"),
                           class_=f"field kind-secret secret-{colour}")
                     for i, (colour, number) in enumerate((("red", 5), ("yellow", 7), ("green", 9))))
    entries.append(Entry(_swatch(secret, "0 0 56 20", 2.6), _("secret path (2W6 ≤ number)")))

    if back:
        back_face = (el("rect", x=3.5, y=3.5, width=13, height=13, rx=2, class_="token token-back")
                     + text(10, 13.5, "?", class_="token-back-mark"))
        entries.append(Entry(_swatch(back_face, "0 0 20 20", 1), _("face-down token")))
    borders = dict(borders_of)
    for kind in TOKEN_KIND_LABELS:
        if kind in borders:
            entries.append(Entry(_swatch(_token(kind, list(borders[kind])), "0 0 20 20", 1),
                                 TOKEN_KIND_LABELS[kind]()))
    for kind, name in named:
        entries.append(Entry(_swatch(figures.figure(kind, 0, 0, name), f"0 0 {figures.SIZE} {figures.SIZE}"),
                             name))

    if seats:
        pawns = join(el("path", d=board.pawn_path(9 + 16 * i, 11), class_="hero",
                           fill=board.SEAT_COLOURS[seat % len(board.SEAT_COLOURS)])
                        for i, seat in enumerate(seats))
        entries.append(Entry(_swatch(pawns, f"0 0 {16 * len(seats) + 2} 22", 0.9 + 0.75 * len(seats)),
                             _("hero, a pawn in the player's colour")))
    if manors:
        houses = join(el("polygon", points=" ".join(f"{x + 20 * i},{y}" for x, y in HOUSE), class_="manor",
                            fill=board.SEAT_COLOURS[seat % len(board.SEAT_COLOURS)])
                         for i, seat in enumerate(manors))
        entries.append(Entry(_swatch(houses, f"0 0 {20 * len(manors)} 20", 0.4 + 0.85 * len(manors)), _("manor")))
    if boat:
        entries.append(Entry(_swatch(figures.kahn(0, 0, _("The boat")), f"0 0 {figures.SIZE} {figures.SIZE}"),
                             _("The boat")))
    entries.append(Entry(_swatch(el("line", x1=1, y1=5, x2=27, y2=5, class_="path path-ferry"), "0 0 28 10", 1.4),
                         _("ferry")))
    entries.append(Entry(_swatch(el("line", x1=1, y1=5, x2=27, y2=5, class_="path path-corridor"), "0 0 28 10", 1.4),
                         _("labyrinth corridor")))
    return entries
