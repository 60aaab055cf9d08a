"""What the game page draws: the board as inline SVG, its text alternative, and the legal actions as
generic forms.

Everything here is computed from a seat's view (``games.engine.view``: the only way state leaves the
engine) plus the static content of REVEALED region cards. A face-down card contributes nothing but
its square: no letter, no field, no path. The legal actions come from ``engine.legal_actions`` and are
laid out by their kind's ``PARAMS`` and labels, with no code for any particular kind; options whose
parameter is a field or a square are also drawn as targets on the board.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any

from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from apibase.kept import Kept
from games.engine.content.model import Content, Direction, FieldKind, PathKind, Region
from games.engine.core.actions import Action, Param
from games.engine.core.board import SIZE, row_col
from games.presenters import board_coop
from games.presenters import board_figures as figures
from games.presenters.board_labels import (
    ASCENT,
    DESCENT,
    Box,
    Placed,
    Request,
    centred,
    circle_box,
    place_labels,
    text_width,
)
from games.presenters.labels import (
    action_label,
    cell_label,
    cell_pattern,
    display_name,
    param_label,
    param_value_label,
    token_name,
)
from games.presenters.svg import NOTHING
from games.presenters.svg import el as _el
from games.presenters.svg import fmt as _fmt
from games.presenters.svg import join as _join
from games.presenters.svg import spaced as _spaced
from games.presenters.svg import text as _text

CARD = 200                  # one region card is CARD x CARD units; field x/y (0..100) are scaled by 2
MARGIN = 22                 # room for the row and column numbers around the square
BOARD = CARD * SIZE
FIELD_R = 8
SEAT_COLOURS = ("#c0392b", "#1f5fbf", "#2e7d32", "#8e44ad", "#d35400", "#00838f")
SEAT_COLOUR_NAMES = ("red", "blue", "green", "violet", "orange", "teal")
BORDER_COLOURS = {
    "red": "#c0392b", "violet": "#7d3c98", "green": "#2e7d32", "blue": "#1f5fbf", "yellow": "#d4a017",
    "orange": "#e67e22", "grey": "#7f8c8d", "darkblue": "#1b2a6b",
}
SECRET_COLOURS = {"red": "#d64535", "yellow": "#f2c12e", "green": "#3fa34d"}
BOARD_PARAM_TYPES = ("field", "cell")

# The font sizes (board units) of the board's words; static/css/site.css draws them at these sizes (a test
# compares the two), and the label layout measures them with these.
CODE_FONT = 8.0        # a field's code ("F2")
NAME_FONT = 8.0        # a field's name ("Marktplatz")
TOKEN_FONT = 6.5       # a token's or figure's name
BADGE_FONT = 8.5       # a target's cost
CARD_NAME_FONT = 9.0   # "F · Marktflecken" in a card's corner
AXIS_FONT = 12.0       # the row and column numbers
#: The smallest on-screen size (px) of a field's name at the board's default zoom: the page opens at
#: MIN_FONT_PX / NAME_FONT screen pixels per board unit or more (``data-min-scale``, static/js/board.js).
MIN_FONT_PX = 11.0
LABEL_REACH = 16       # how far past its card's edge a label may stand (the fitted view keeps MARGIN)


def lang_of(language: str | None) -> str:
    return "de" if (language or "de").startswith("de") else "en"


# --- the legal actions as generic forms ------------------------------------------------------------
@dataclass
class Option:
    id: str
    params: dict[str, Any]
    label: str
    target: str | None = None          # "field:F2" or "cell:12" when it can be clicked on the board
    badge: str = ""                    # a short cost drawn beside the target ("2", "3 · 58 %")

    @property
    def value(self) -> str:
        return json.dumps(self.params, sort_keys=True, separators=(",", ":"))


@dataclass
class Item:
    key: Any
    label: str
    primary: Option | None = None
    alternatives: list[Option] = field(default_factory=list)
    alternatives_label: str = ""
    hero: dict[str, Any] | None = None


@dataclass
class Group:
    kind: str
    label: str
    params: tuple[Param, ...]
    items: list[Item] = field(default_factory=list)
    on_board: bool = False

    @property
    def options(self) -> list[Option]:
        result = []
        for item in self.items:
            if item.primary:
                result.append(item.primary)
            result.extend(item.alternatives)
        return result

    @property
    def single(self) -> Option | None:
        """A kind without parameters: one button."""
        return self.items[0].primary if not self.params and self.items else None


def board_target(param: Param, value: Any) -> str | None:
    if param.type == "cell":
        return f"cell:{int(value)}"
    if param.type == "field" and isinstance(value, str):
        if value.startswith("?") and value[1:].isdigit():
            return f"cell:{int(value[1:])}"
        return f"field:{value}"
    return None


def hero_card(content: Content, key: str, lang: str) -> dict[str, Any]:
    hero = content.heroes[key]
    return {
        "key": key, "name": display_name(hero, lang), "lp": hero.lp, "gold": hero.gold, "movement": hero.movement,
        "magic": hero.magic, "ranged": hero.ranged, "melee": hero.melee,
        "ability": (hero.ability_de if lang == "de" else hero.ability_en) or hero.ability_en,
    }


def action_groups(content: Content, actions: list[Action], lang: str,
                  names: dict[int, str] | None = None, id_prefix: str = "act") -> list[Group]:
    """Group the legal actions by kind; within a kind, by the value of the first parameter.

    ``id_prefix`` makes the buttons' ids differ between positions (the view passes the game's version):
    after an htmx swap the browser must not put the focus back on a button that now means another move.
    """
    groups: dict[str, Group] = {}
    for index, action in enumerate(actions):
        group = groups.get(action.kind)
        if group is None:
            group = groups[action.kind] = Group(
                kind=action.kind, label=action_label(action.kind),
                params=action.PARAMS)
        params = action.params()
        option = Option(id=f"{id_prefix}-{action.kind}-{index}", params=params, label="")
        if not action.PARAMS:
            option.label = group.label
            group.items.append(Item(key=None, label=group.label, primary=option))
            continue
        first, rest = action.PARAMS[0], action.PARAMS[1:]
        key = params[first.name]
        item = next((i for i in group.items if i.key == key), None)
        if item is None:
            item = Item(key=key, label=param_value_label(content, first, key, lang, names, action.kind))
            if first.type == "hero" and key in content.heroes:
                item.hero = hero_card(content, key, lang)
            group.items.append(item)
        extra = [(p, params[p.name]) for p in rest if params.get(p.name) is not None]
        if not extra:
            option.label = item.label
            item.primary = option
        else:
            option.label = ", ".join(param_value_label(content, p, v, lang, names, action.kind) for p, v in extra)
            item.alternatives.append(option)
            item.alternatives_label = " / ".join(param_label(action.kind, p.name) for p, _v in extra)
        if first.type in BOARD_PARAM_TYPES and not extra:
            option.target = board_target(first, key)
            group.on_board = True
    return list(groups.values())


def board_targets(groups: list[Group]) -> dict[str, Option]:
    targets: dict[str, Option] = {}
    for group in groups:
        for option in group.options:
            if option.target and option.target not in targets:
                targets[option.target] = option
    return targets


# --- the board ---------------------------------------------------------------------------------------
class Layout:
    """Where things are: the revealed cards of one view, their fields and the fields' positions."""

    def __init__(self, content: Content, view: dict[str, Any]) -> None:
        self.content = content
        self.cells: dict[int, str] = {}
        for cell in view.get("board", []):
            if cell.get("revealed") and cell.get("letter"):
                self.cells[cell["cell"]] = cell["letter"]
        self.cell_of_letter = {letter: cell for cell, letter in self.cells.items()}

    def region(self, cell: int) -> Region:
        return self.content.regions[self.cells[cell]]

    def pos(self, code: str | None) -> tuple[float, float] | None:
        """Board position of a field of a revealed card, else None."""
        if not code or code[:1] not in self.cell_of_letter:
            return None
        try:
            f = self.content.regions[code[:1]].field(code)
        except KeyError:
            return None
        row, col = row_col(self.cell_of_letter[code[:1]])
        return col * CARD + f.x * CARD / 100, row * CARD + f.y * CARD / 100


# --- the terrain drawn on a card ---------------------------------------------------------------------
# One faint SVG pattern per terrain, laid over the card's base colour (its ``terrain-*`` class keeps the
# colour): simple paths of our own, drawn thin and pale so field dots, numbers and labels stay legible.
# Each entry: the tile size, the ink colour and the tile's paths as (d, filled).
TERRAIN_ART: dict[str, tuple[int, str, tuple[tuple[str, bool], ...]]] = {
    "forest": (40, "#3f6b2f", (
        ("M10 3 L16 15 L4 15 Z M10 15 V19", True),
        ("M30 23 L36 35 L24 35 Z M30 35 V39", True))),
    "mountain": (48, "#6a6357", (
        ("M2 34 L14 14 L26 34 M18 34 L30 20 L42 34", False),
        ("M11 19 L14 14 L17 19 L14 17.5 Z M27 25 L30 20 L33 25 L30 23.5 Z", True))),
    "hills": (56, "#7d7440", (
        ("M2 22 Q14 10 26 22 M30 46 Q42 34 54 46", False),)),
    "desert": (48, "#a8843a", (
        ("M0 14 Q12 6 24 14 T48 14 M0 38 Q12 30 24 38 T48 38", False),
        ("M36 24 h1.2 v1.2 h-1.2 Z M10 26 h1.2 v1.2 h-1.2 Z", True))),
    "lake": (36, "#2f6f9f", (
        ("M3 10 q4 -4 8 0 t8 0 M19 28 q4 -4 8 0 t8 0", False),)),
    "swamp": (40, "#4e6a3a", (
        ("M10 18 l-3 -7 M10 18 v-8 M10 18 l3 -7 M4 19 h12", False),
        ("M30 37 l-3 -7 M30 37 v-8 M30 37 l3 -7 M24 38 h12", False))),
    "city": (44, "#7a5a3a", (
        ("M5 20 V13 L10 8 L15 13 V20 Z M9 20 v-3 h2 v3", False),
        ("M27 42 V35 L32 30 L37 35 V42 Z M31 42 v-3 h2 v3", False))),
    "plain": (24, "#6d8a3a", (
        ("M5 10 l1.5 -4 M8 10 l-1 -4 M17 22 l1.5 -4 M20 22 l-1 -4", False),)),
    "special": (50, "#6b3f7a", (
        ("M12 4 L14.4 10.6 L21.5 10.6 L15.8 14.8 L18 21.5 L12 17.4 L6 21.5 L8.2 14.8 L2.5 10.6 L9.6 10.6 Z",
         False),
        ("M37 28 V46 M37 32 L42 28 M37 38 L32 34", False))),
}


def terrain_pattern_id(terrain: str, prefix: str = "") -> str:
    return f"{prefix}terrain-art-{terrain}"


def terrain_defs(terrains: Iterable[str], prefix: str = "") -> SafeString:
    """One <pattern> per terrain in ``terrains`` (each once, sorted), for a <defs> block."""
    return _join([_terrain_pattern(terrain, prefix) for terrain in sorted(set(terrains)) if terrain in TERRAIN_ART])


@lru_cache(maxsize=64)
def _terrain_pattern(terrain: str, prefix: str) -> SafeString:
    """A terrain's <pattern>: drawn from constants alone, so once per process and pattern set (it was drawn
    for every board and legend, its paths spaced by a regular expression each time: issue 17, seventh wave)."""
    size, ink, paths = TERRAIN_ART[terrain]
    body = _join(
        _el("path", d=_spaced(d), fill=ink if filled else "none", stroke=ink, stroke_width="1.2",
            stroke_linecap="round", stroke_linejoin="round")
        for d, filled in paths)
    return _el("pattern", body, id=terrain_pattern_id(terrain, prefix), width=size, height=size,
               patternUnits="userSpaceOnUse", class_=f"terrain-art terrain-art-{terrain}")


@dataclass
class Scene:
    """What the label layout needs from the drawing: the boxes of what is drawn (dots, pawns, tokens,
    figures, manors, the Kahn, fixed words) and the labels asked for, by kind, in order of importance."""

    obstacles: list[Box] = field(default_factory=list)
    fixed: list[Placed] = field(default_factory=list)     # words drawn where they are (axis numbers, Unwetter)
    codes: list[Request] = field(default_factory=list)
    cards: list[Request] = field(default_factory=list)
    badges: list[Request] = field(default_factory=list)
    names: list[Request] = field(default_factory=list)
    tokens: list[Request] = field(default_factory=list)
    classes: dict[str, str] = field(default_factory=dict)  # a label's key -> its CSS class
    words: dict[Any, str] = field(default_factory=dict)    # the fields' kinds' names in this drawing
    # How many of the first obstacles are kept per process and the same on every board with the same
    # revealed cards (the axis numbers, the cards' dots): the layout files their grid once (place_labels).
    static: int = 0

    def requests(self) -> list[Request]:
        return self.codes + self.badges + self.cards + self.names + self.tokens

    def word(self, key: str, x: float, y: float, text: str, size: float, *, bold: bool = False,
             anchor: str = "start") -> Placed:
        """A word drawn at a fixed place (left-aligned or centred on ``x``): an obstacle for the labels."""
        width = text_width(text, size, bold=bold)
        x0 = x if anchor == "start" else x - width / 2
        placed = Placed(key, text, text, x0 + width / 2, y, width, size,
                        Box(x0, y - ASCENT * size, x0 + width, y + DESCENT * size))
        self.fixed.append(placed)
        self.obstacles.append(placed.box)
        return placed

    def place(self) -> dict[str, Placed]:
        return place_labels(self.requests(), self.obstacles, self.static, lead=len(self.codes))


@lru_cache(maxsize=1)
def _axis_words() -> tuple[tuple[Placed, ...], tuple[Box, ...], tuple[SafeString, ...]]:
    """The column and row numbers as words, their boxes and their drawing, in the order ``_compose`` drew
    them: the same on every board (digits, whose width does not depend on the language), kept so that
    their boxes are the same objects on every board (``place_labels``'s ``static``)."""
    scene = Scene()
    out = []
    for i in range(SIZE):
        column = scene.word(f"axis:c{i}", i * CARD + CARD / 2, -7, str(i + 1), AXIS_FONT, anchor="middle")
        row = scene.word(f"axis:r{i}", -11, i * CARD + CARD / 2 + 4, str(i + 1), AXIS_FONT, anchor="middle")
        out += [_text(column.x, column.y, column.text, class_="axis-label"),
                _text(row.x, row.y, row.text, class_="axis-label")]
    return tuple(scene.fixed), tuple(scene.obstacles), tuple(out)


def card_corner(layout: Layout, code: str) -> tuple[float, float]:
    """The top left corner of the card a field is on (a field on an edge lies on two cards' borders)."""
    row, col = row_col(layout.cell_of_letter[code[:1]])
    return col * CARD, row * CARD


def card_box(x0: float, y0: float) -> Box:
    """Where the labels of a card's fields may stand: the card and a little of the gutter around it."""
    return Box(x0 - LABEL_REACH, y0 - LABEL_REACH, x0 + CARD + LABEL_REACH, y0 + CARD + LABEL_REACH)


# Each revealed card's drawing by card, place, language and pattern set (issue 17, seventh wave): a card
# shows nothing of the game's state or of the viewer — only the content's region, where it lies and the
# words of the language — so every seat's and every version's board draws the same card the same way.
# Kept per process (a pure function's answers, never stale: the region itself is held with its drawing,
# so a content loaded anew never meets an old entry), at most CARDS_KEPT drawings: some 7 kB of text and
# as much again of label requests each, so at most about 15 MB; 25 regions on 25 squares make 625 per
# language. When full, all are dropped and drawn again as they are asked for.
CARDS_KEPT = 1024
_CARDS = Kept(CARDS_KEPT)   # key -> (region, drawing, scene)


def _card(region: Region, x0: float, y0: float, lang: str, scene: Scene, prefix: str = "") -> list[SafeString]:
    """One revealed card: background and its terrain's drawing, letter and name, paths, fields (with their
    own coordinates). ``prefix`` names the pattern set of the <svg> the card is drawn in. The fields' codes
    and names are asked of ``scene``'s label layout and drawn with the other labels.

    Drawn once per card, place and language (``_CARDS``); what it asks of the label layout is added to
    ``scene`` in the order ``_draw_card`` asked it (each of the scene's lists keeps its own order)."""
    def draw() -> tuple[Region, list[SafeString], Scene]:
        own = Scene()
        return region, _draw_card(region, x0, y0, lang, own, prefix), own

    key = (id(region), x0, y0, lang, translation.get_language(), prefix)
    _region, out, own = _CARDS.keep(key, draw, holder=region)
    scene.obstacles.extend(own.obstacles)
    scene.cards.extend(own.cards)
    scene.codes.extend(own.codes)
    scene.names.extend(own.names)
    scene.classes.update(own.classes)
    return list(out)


def _draw_card(region: Region, x0: float, y0: float, lang: str, scene: Scene, prefix: str) -> list[SafeString]:
    """``_card``'s drawing: it adds to ``scene``'s obstacles, cards, codes, names and classes only."""
    out = [
        _el("rect", x=x0, y=y0, width=CARD, height=CARD, class_=f"card terrain-{region.terrain}"),
    ]
    if region.terrain in TERRAIN_ART:
        out.append(_el("rect", x=x0, y=y0, width=CARD, height=CARD, class_="card-art",
                       fill=f"url(#{terrain_pattern_id(region.terrain, prefix)})", aria_hidden="true"))
    out.append(_text(x0 + CARD / 2, y0 + CARD / 2 + 40, region.letter, class_="card-letter", aria_hidden="true"))
    # The card's name in a free corner of the card (bottom left where it can), laid out with the labels.
    scene.cards.append(Request(f"card:{region.letter}", f"{region.letter} · {display_name(region, lang)}",
                               CARD_NAME_FONT, Box(x0 + 3, y0 + 3, x0 + CARD - 3, y0 + CARD - 3), bold=True,
                               corners=True))
    scene.classes[f"card:{region.letter}"] = "card-name"
    within = card_box(x0, y0)
    pos = {f.code: (x0 + f.x * CARD / 100, y0 + f.y * CARD / 100) for f in region.fields}
    for path in region.paths:
        (x1, y1), (x2, y2) = pos[path.a], pos[path.b]
        out.append(_el("line", x1=_fmt(x1), y1=_fmt(y1), x2=_fmt(x2), y2=_fmt(y2), class_=f"path path-{path.kind}"))
    for f in region.fields:
        x, y = pos[f.code]
        classes = [f"field kind-{f.kind}"]
        if f.colour:
            classes.append(f"secret-{f.colour}")
        title = field_title_of(f, lang, scene.words)
        parts = [_el("title", escape(title)),
                 _el("circle", cx=_fmt(x), cy=_fmt(y), r=FIELD_R, class_="field-dot")]
        if f.kind is FieldKind.SECRET and f.target:
            parts.append(_text(x, y + 3, str(f.target), class_="field-target"))
        elif f.kind is FieldKind.CITY:
            parts.append(_text(x, y + 3.2, "★", class_="field-symbol"))
        elif f.kind is FieldKind.TELEPORTER:
            parts.append(_text(x, y + 3.2, "⟲", class_="field-symbol"))
        elif f.kind is FieldKind.LABYRINTH:
            parts.append(_text(x, y + 3, str(f.number), class_="field-symbol"))
        dot = circle_box(x, y, FIELD_R + 1)
        scene.obstacles.append(dot)
        # Codes sit above their dot where they can, names below: the layout moves them where that is taken.
        scene.codes.append(Request(f"code:{f.code}", f.code, CODE_FONT, dot, ("above", "below", "right", "left"),
                                   within=within, keep=True, shorten=False))
        scene.classes[f"code:{f.code}"] = "field-code"
        if f.name_de or f.name_en:
            scene.names.append(Request(f"name:{f.code}", display_name(f, lang), NAME_FONT, dot, within=within))
            scene.classes[f"name:{f.code}"] = "field-name"
        out.append(_el("g", _join(parts), class_=" ".join(classes), data_field=f.code))
    return out


def _label_text(placed: Placed, cls: str) -> SafeString:
    """A laid-out word: drawn exactly as wide as the layout measured it (``textLength``), centred on its x.
    A shortened one carries its full text as a tooltip."""
    return _label_text_kept(placed.key, placed.text, placed.full, placed.x, placed.y, placed.width, cls)


@lru_cache(maxsize=8192)
def _label_text_kept(key: str, text: str, full: str, x: float, y: float, width: float, cls: str) -> SafeString:
    """``_label_text`` kept per process by what it writes, plain values whose hashing calls nothing (a
    ``Placed`` and its ``Box`` are dataclasses: five calls per label to hash and compare; issue 17,
    seventh wave, second round)."""
    body: str = text
    if text != full:  # placed.shortened
        body = _join([_el("title", escape(full)), text])
        cls += " label-short"
    return _el("text", body, x=_fmt(x), y=_fmt(y), class_=cls, textLength=_fmt(width),
               lengthAdjust="spacingAndGlyphs", text_anchor="middle", data_label=key)


def _labels_layer(scene: Scene, placed: dict[str, Placed]) -> SafeString:
    """The laid-out labels, drawn over everything (rings included) so nothing hides a field's code."""
    classes = scene.classes
    parts = [_label_text_kept(label.key, label.text, label.full, label.x, label.y, label.width,
                              classes.get(key, "board-label"))
             for key, label in placed.items() if not key.startswith("badge:")]
    return _el("g", _join(parts), class_="board-labels", aria_hidden="true")


def field_title_of(f, lang: str, words: dict[Any, str] | None = None) -> str:
    """A field's tooltip ("A3: water – Fluss"). ``words``: the kinds' translated names already asked for
    in this drawing (one board asks for the same few kinds a hundred times: issue 17, fifth wave)."""
    if words is None:
        kind = FIELD_KIND_LABELS.get(f.kind, lambda: str(f.kind))()
    else:
        known = words.get(f.kind)
        if known is None:
            known = words[f.kind] = FIELD_KIND_LABELS.get(f.kind, lambda: str(f.kind))()
        kind = known
    name = display_name(f, lang) if (f.name_de or f.name_en) else ""
    text = f"{f.code}: {kind}"
    if f.colour:
        text += f" ({SECRET_COLOUR_LABELS[f.colour]()}, ≤ {f.target})"
    if name:
        text += f" – {name}"
    return text


FIELD_KIND_LABELS = {
    FieldKind.BEIGE: lambda: _("beige field"),
    FieldKind.SECRET: lambda: _("secret path"),
    FieldKind.WATER: lambda: _("water"),
    FieldKind.GUARDIAN: lambda: _("guardian field"),
    FieldKind.TELEPORTER: lambda: _("teleporter"),
    FieldKind.CITY: lambda: _("city of mages"),
    FieldKind.DUMP: lambda: _("rubbish dump"),
    FieldKind.LABYRINTH: lambda: _("labyrinth"),
    FieldKind.SITE: lambda: _("special place"),
}
SECRET_COLOUR_LABELS = {
    "red": lambda: _("red"), "yellow": lambda: _("yellow"), "green": lambda: _("green"),
}
PATH_KIND_LABELS = {
    PathKind.PATH: lambda: _("path"),
    PathKind.FERRY: lambda: _("ferry"),
    PathKind.ISLAND: lambda: _("way to the island"),
    PathKind.CORRIDOR: lambda: _("labyrinth corridor"),
    PathKind.ROPE: lambda: _("rope"),
}


# The ways between cards per process, by the revealed cards and their squares (issue 17, seventh wave,
# second round): they follow from the content and ``layout.cells`` alone (in its order), which change
# only when a card is revealed, so most versions' boards draw them from here. The content is held
# beside the drawing, as for the cards.
ENTRY_LINKS_KEPT = 4096
_ENTRY_LINKS = Kept(ENTRY_LINKS_KEPT)   # the cells -> (content, drawing)


def _entry_links(layout: Layout) -> list[SafeString]:
    """Ways between neighbouring cards: entry to entry when both are revealed, else a stub to the edge."""
    kept = _ENTRY_LINKS.keep(tuple(layout.cells.items()),
                             lambda: (layout.content, _draw_entry_links(layout)), holder=layout.content)
    return list(kept[1])


def _draw_entry_links(layout: Layout) -> list[SafeString]:
    out = []
    for cell, letter in layout.cells.items():
        region = layout.content.regions[letter]
        row, col = row_col(cell)
        for direction in Direction:
            dr, dc = direction.delta
            r2, c2 = row + dr, col + dc
            if not (0 <= r2 < SIZE and 0 <= c2 < SIZE):
                continue
            here = layout.pos(region.entries[direction])
            if here is None:  # never for a placed card's own entry: its field is on the board
                continue
            other = layout.cells.get(r2 * SIZE + c2)
            if other is not None:
                if direction in (Direction.SOUTH, Direction.EAST):  # draw each shared way once
                    there = layout.pos(layout.content.regions[other].entries[direction.opposite])
                    if there is None:  # as above: the neighbour is placed, so its entry is on the board
                        continue
                    out.append(_el("line", x1=_fmt(here[0]), y1=_fmt(here[1]), x2=_fmt(there[0]),
                                   y2=_fmt(there[1]), class_="path path-entry"))
                continue
            # The neighbour is face down (or not placed yet): a stub to the card's edge only.
            ex = here[0] + dc * (CARD * 0.04 + 2)
            ey = here[1] + dr * (CARD * 0.04 + 2)
            out.append(_el("line", x1=_fmt(here[0]), y1=_fmt(here[1]), x2=_fmt(ex), y2=_fmt(ey),
                           class_="path path-entry path-stub"))
    return out


BADGE_PAD = (3.5, 1.5)   # room around a cost's text inside its dark badge


def badge_request(layout: Layout, key: str, badge: str, p: tuple[float, float]) -> Request:
    """A target's cost beside its field (right of it where it can); where even the shortest place is taken,
    the cost alone ("3" of "3 · 58 %"), the full one then in its tooltip."""
    short = badge.split(" · ")[0]
    return Request(f"badge:{key}", badge, BADGE_FONT, circle_box(p[0], p[1], FIELD_R + 1),
                   ("right", "left", "above", "below"), bold=True, pad=BADGE_PAD, keep=True, shorten=False,
                   fallbacks=(short,) if short != badge else (), within=card_box(*card_corner(layout, key[6:])))


def _badge(placed: Placed | None) -> SafeString:
    """A target's cost in its dark badge, where the label layout put it."""
    if placed is None:
        return NOTHING
    box = placed.box
    return (_el("rect", x=_fmt(box.x0), y=_fmt(box.y0), width=_fmt(box.x1 - box.x0), height=_fmt(box.y1 - box.y0),
                rx=3, class_="target-cost-bg")
            + _label_text(placed, "target-cost"))


def _target_link(option: Option, inner: str) -> SafeString:
    return _el("a", inner, href=f"#{option.id}", class_="board-target", data_option=option.id,
               data_target=option.target, aria_label=option.label, role="button")


def render_board(*, content: Content, view: dict[str, Any], lang: str, targets: dict[str, Option],
                 names: dict[int, str] | None = None, changed=()) -> SafeString:
    """The inline SVG of one view. ``targets`` maps "field:F2"/"cell:12" to the option it submits;
    ``changed`` names fields to ring as changed since the viewer's last visit."""
    layout = Layout(content, view)
    out, _scene, _placed = _compose(content, layout, view, lang, targets, names or {}, changed)
    full = f"{-MARGIN} {-MARGIN} {BOARD + 2 * MARGIN} {BOARD + 2 * MARGIN}"
    vb = fitted_viewbox(layout, targets) or full
    classes = "board-svg unwetter" if view.get("unwetter") else "board-svg"
    terrains = [layout.region(cell).terrain for cell in layout.cells]
    card_back = _el("pattern", _el("rect", width=16, height=16, class_="back-a")
                    + _el("rect", width=8, height=16, class_="back-b"),
                    id="card-back-pattern", width=16, height=16, patternUnits="userSpaceOnUse",
                    patternTransform="rotate(45)")
    return _el("svg", _el("defs", card_back + terrain_defs(terrains)) + _join(out),
               xmlns="http://www.w3.org/2000/svg", viewBox=vb, data_fit=vb, data_full=full, class_=classes,
               data_min_scale=f"{MIN_FONT_PX / NAME_FONT:.4f}", role="group", aria_label=_("Game board"))


def board_scene(*, content: Content, view: dict[str, Any], lang: str, targets: dict[str, Option] | None = None,
                names: dict[int, str] | None = None) -> tuple[Scene, dict[str, Placed]]:
    """The board's label layout for one view exactly as ``render_board`` computes it: what is drawn where
    and where each label went (the tests prove with it that no two collide)."""
    _out, scene, placed = _compose(content, Layout(content, view), view, lang, targets or {}, names or {}, ())
    return scene, placed


def _compose(content: Content, layout: Layout, view: dict[str, Any], lang: str, targets: dict[str, Option],
             names: dict[int, str], changed: Iterable[str]) -> tuple[list[str], Scene, dict[str, Placed]]:
    """The board's drawn parts in painting order, with the label layout they were placed by."""
    scene = Scene()
    out: list[str] = []
    # Column and row numbers.
    axis, axis_boxes, axis_out = _axis_words()
    scene.fixed.extend(axis)
    scene.obstacles.extend(axis_boxes)
    out += axis_out
    cell_targets = []
    face_down: tuple[str, str] | None = None
    for cell_view in view.get("board", []):
        cell = cell_view["cell"]
        row_, col = row_col(cell)
        x0, y0 = col * CARD, row_ * CARD
        if cell in layout.cells:
            out.extend(_card(layout.region(cell), x0, y0, lang, scene))
        elif cell_view.get("placed"):
            if face_down is None:  # asked of gettext once per board, not per face-down card
                face_down = (_("Face-down card at %(where)s"), cell_pattern())
            out.append(_el("g", _el("title", escape(face_down[0] % {"where": cell_label(cell, face_down[1])}))
                           + _el("rect", x=x0, y=y0, width=CARD, height=CARD, class_="card card-back")
                           + _text(x0 + CARD / 2, y0 + CARD / 2 + 22, "?", class_="card-back-mark"),
                           class_="face-down"))
        else:
            out.append(_el("rect", x=x0 + 3, y=y0 + 3, width=CARD - 6, height=CARD - 6, class_="card card-empty"))
        option = targets.get(f"cell:{cell}")
        if option is not None:
            # A square to place a card on holds nothing else: its cost stands at its centre.
            badge = centred(f"badge:{option.target}", option.badge, BADGE_FONT, x0 + CARD / 2, y0 + CARD / 2 - 33,
                            bold=True, pad=BADGE_PAD) if option.badge else None
            cell_targets.append(_target_link(option, _el("title", escape(option.label)) + _el(
                "rect", x=x0 + 5, y=y0 + 5, width=CARD - 10, height=CARD - 10, rx=6, class_="target-cell")
                + _badge(badge)))
    # Up to here the obstacles are the kept axis words' and cards' (``_card``), the same objects on every
    # board with these cards: the label layout files them once (Scene.static).
    scene.static = len(scene.obstacles)
    out.extend(_entry_links(layout))
    # The square's grid lines on top of the cards.
    out.append(_el("rect", x=0, y=0, width=BOARD, height=BOARD, class_="board-frame"))
    out.extend(_manors(layout, view, scene))
    out.extend(_tokens(content, layout, view, lang, scene))
    out.extend(board_coop.overlay(layout, view, scene.obstacles))  # the co-op variant's fires and Diener (i18)
    out.extend(_boat(layout, view, scene))
    out.extend(_heroes(content, layout, view, lang, names, scene))
    field_targets = [(key, option, p) for key, option in targets.items()
                     if key.startswith("field:") and (p := layout.pos(key[6:])) is not None]
    for key, option, p in field_targets:
        if option.badge:
            scene.badges.append(badge_request(layout, key, option.badge, p))
    weather = None
    if view.get("unwetter"):
        # Above the square between the last two column numbers, clear of both.
        weather = centred("weather", "☁ " + _("Unwetter"), AXIS_FONT, BOARD - CARD, -MARGIN / 2 - 1, bold=True,
                          pad=(max(4.0, (150 - text_width("☁ " + _("Unwetter"), AXIS_FONT, bold=True)) / 2), 2.5))
        scene.fixed.append(weather)
        scene.obstacles.append(weather.box)
    placed = scene.place()
    for code in changed:
        p = layout.pos(code)
        if p is not None:
            out.append(_el("circle", cx=_fmt(p[0]), cy=_fmt(p[1]), r=FIELD_R + 10, class_="changed-ring"))
    out.extend(cell_targets)
    for key, option, p in field_targets:
        out.append(_target_link(option, _el("title", escape(option.label)) + _el(
            "circle", cx=_fmt(p[0]), cy=_fmt(p[1]), r=FIELD_R + 6, class_="target-ring")
            + _badge(placed.get(f"badge:{key}"))))
    out.append(_labels_layer(scene, placed))
    if weather is not None:
        box = weather.box
        out.append(_el("g", _el("title", escape(_("Unwetter: brooms, Pegasus and jumping shoes stay grounded")))
                       + _el("rect", x=_fmt(box.x0), y=_fmt(box.y0), width=_fmt(box.x1 - box.x0),
                             height=_fmt(box.y1 - box.y0), rx=4, class_="weather-badge")
                       + _text(weather.x, weather.y, weather.text, class_="weather-text"), class_="weather"))
    return out, scene, placed


def fitted_viewbox(layout: Layout, targets: dict[str, Option]) -> str | None:
    """The part of the square worth looking at: the revealed cards and every card with a target,
    with room for the row and column numbers. None while nothing is revealed (the whole square)."""
    cells = set(layout.cells)
    for key in targets:
        if key.startswith("cell:"):
            cells.add(int(key[5:]))
        elif key.startswith("field:") and key[6:7] in layout.cell_of_letter:
            cells.add(layout.cell_of_letter[key[6:7]])
    if not layout.cells or len(cells) >= SIZE * SIZE:
        return None
    rows = [row_col(c)[0] for c in cells]
    cols = [row_col(c)[1] for c in cells]
    x0, y0 = min(cols) * CARD - MARGIN, min(rows) * CARD - MARGIN
    width = (max(cols) - min(cols) + 1) * CARD + 2 * MARGIN
    height = (max(rows) - min(rows) + 1) * CARD + 2 * MARGIN
    return f"{x0} {y0} {width} {height}"


def _manors(layout: Layout, view: dict[str, Any], scene: Scene) -> list[SafeString]:
    out = []
    for hero in view.get("heroes", []):
        p = layout.pos(hero.get("manor"))
        if p is None:
            continue
        sx, sy = _inward(p)
        # Beside the field, away from the pawns; on a field at the card's edge, off the other side of the
        # field from its tokens instead (so it never stands in the gutter over the row numbers).
        x, y = p[0] - sx * 17, p[1] + 2
        if not 9 <= x % CARD <= CARD - 9 or int(x // CARD) != int(p[0] // CARD):
            x, y = p[0], p[1] - sy * 19 - 0.5
        colour = SEAT_COLOURS[hero["seat"] % len(SEAT_COLOURS)]
        corners = ((x - 7, y), (x, y - 7), (x + 7, y), (x + 7, y + 8), (x - 7, y + 8))
        points = " ".join(f"{a:.1f},{b:.1f}" for a, b in corners)
        scene.obstacles.append(Box(x - 8, y - 8, x + 8, y + 9))
        out.append(_el("g", _el("title", escape(_("Manor of seat %(seat)s") % {"seat": hero["seat"] + 1}))
                       + _el("polygon", points=points, fill=colour, class_="manor"), class_="manor-g"))
    return out


def _inward(p: tuple[float, float]) -> tuple[int, int]:
    """Which way from a field points into its card (fields near an edge put their tokens inside)."""
    fx, fy = (p[0] % CARD) * 100 / CARD, (p[1] % CARD) * 100 / CARD
    return (1 if fx < 78 else -1), (-1 if fy > 24 else 1)


TOKEN_SLOT = 15     # the width a token takes beside its neighbours on one field


def _slot(entry: dict[str, Any]) -> float:
    return figures.SIZE + 2 if _figure_kind(entry) else TOKEN_SLOT


def _figure_kind(entry: dict[str, Any]) -> str | None:
    """The figure a token is drawn as (the dragon, a Wächter …) when the viewer knows its face."""
    kind = entry.get("kind")
    return kind if entry.get("id") is not None and kind in figures.FIGURES else None


# Each field's tokens drawn, per process (issue 17, seventh wave, second round): what a field's tokens look
# like and what they ask of the label layout follows from the tokens as the viewer's view shows them
# (their whole entries are the key: a peeked face is drawn only for a view that shows it), the field's
# place and card, and the language. A step moves a token or two; the other fields are drawn from here.
# Kept like the cards (``_CARDS``), with the content held beside the drawing.
TOKENS_KEPT = 65536
_TOKENS = Kept(TOKENS_KEPT)   # key -> (content, drawing, scene)


def _drawn_tokens(content: Content, code: str, p: tuple[float, float], corner: tuple[float, float],
                  entries: list[dict[str, Any]], lang: str) -> tuple[Content, list[SafeString], Scene]:
    own = Scene()
    return content, _field_tokens(content, code, p, corner, entries, lang, own), own


def _tokens(content: Content, layout: Layout, view: dict[str, Any], lang: str, scene: Scene) -> list[SafeString]:
    out: list[SafeString] = []
    by_field: dict[str, list[dict[str, Any]]] = {}
    for entry in view.get("tokens", []):
        by_field.setdefault(entry["field"], []).append(entry)
    active = translation.get_language()
    for code, entries in by_field.items():
        p = layout.pos(code)
        if p is None:
            continue
        corner = card_corner(layout, code)
        key = (code, p, corner, lang, active, json.dumps(entries, sort_keys=True, default=str))
        _content, drawn, own = _TOKENS.keep(key, partial(_drawn_tokens, content, code, p, corner, entries, lang),
                                            holder=content)
        out.extend(drawn)
        scene.obstacles.extend(own.obstacles)
        scene.tokens.extend(own.tokens)
        scene.classes.update(own.classes)
    return out


def _field_tokens(content: Content, code: str, p: tuple[float, float], corner: tuple[float, float],
                  entries: list[dict[str, Any]], lang: str, scene: Scene) -> list[SafeString]:
    """One field's tokens side by side: it adds to ``scene``'s obstacles, tokens and classes only."""
    out: list[SafeString] = []
    _sx, sy = _inward(p)
    # Side by side, centred on the field, on the side towards the card's middle: a figure takes more
    # room than a token. Their names are laid out with the other labels (``scene``).
    above = p[1] - FIELD_R - 12
    below = p[1] + FIELD_R + 4
    left = p[0] - sum(_slot(e) for e in entries) / 2
    within = card_box(*corner)
    prefer = ("above", "below", "right", "left") if sy < 0 else ("below", "above", "right", "left")
    for n, entry in enumerate(entries):
        centre = left + _slot(entry) / 2
        left += _slot(entry)
        figure_kind = _figure_kind(entry)
        key = f"token:{code}:{n}"
        if figure_kind is not None:
            size = figures.SIZE
            y = above - size if sy < 0 else below
            name = token_name(content, entry, lang)
            title = name if entry.get("face_up") else _("%(token)s (face down)") % {"token": name}
            box = Box(centre - size / 2, y, centre + size / 2, y + size)
            scene.obstacles.append(box)
            scene.tokens.append(Request(key, name, TOKEN_FONT, box, prefer, bold=True, within=within))
            scene.classes[key] = "token-label"
            out.append(_el("g", figures.figure(figure_kind, centre - size / 2, y, title,
                                               face_down=not entry.get("face_up")),
                           class_=f"token-g figure-g token-kind-{figure_kind}", data_kind=figure_kind))
            continue
        x = centre - 6.5
        y = above - 13 if sy < 0 else below
        box = Box(x - 1, y - 1, x + 14, y + 14)
        scene.obstacles.append(box)
        if entry.get("id") is None:
            out.append(_el("g", _el("title", escape(_("face-down token")))
                           + _el("rect", x=_fmt(x), y=_fmt(y), width=13, height=13, rx=2, class_="token token-back")
                           + _text(x + 6.5, y + 10, "?", class_="token-back-mark"), class_="token-g"))
            continue
        name = token_name(content, entry, lang)
        scene.tokens.append(Request(key, name, TOKEN_FONT, box, prefer, bold=True, within=within))
        scene.classes[key] = "token-label"
        borders = entry.get("border") or ["grey"]
        stroke = BORDER_COLOURS.get(borders[0], "#555")
        inner = BORDER_COLOURS.get(borders[-1], stroke)
        cls = "token token-open" if entry.get("face_up") else "token token-peeked"
        kind = str(entry.get("kind") or "")
        glyph = TOKEN_GLYPHS.get(kind)
        parts = [_el("title", escape(name)),
                 _el("rect", x=_fmt(x), y=_fmt(y), width=13, height=13, rx=2, class_=cls, stroke=stroke)]
        if glyph is None:
            parts.append(_el("rect", x=_fmt(x + 3), y=_fmt(y + 3), width=7, height=7, rx=1, fill=inner,
                             class_="token-core"))
        else:
            # The kind's sign in the inner border colour, drawn in a 10 x 10 box scaled into the token.
            parts.append(_el("path", d=glyph, fill=inner, class_="token-glyph",
                             transform=f"translate({_fmt(x + 2)} {_fmt(y + 2)}) scale(.9)"))
        out.append(_el("g", _join(parts), class_=f"token-g token-kind-{kind.replace('_', '-')}" if kind
                       else "token-g", data_kind=kind or None))
    return out


# What a token shows, drawn as a sign of its kind inside the border colours (paths in a 10 x 10 box).
TOKEN_GLYPHS: dict[str, str] = {kind: _spaced(d) for kind, d in {
    "monster": "M1 9 L2.5 1 L4 6 L5 1 L6 6 L7.5 1 L9 9 Z",                       # claws
    "encounter": "M5 1 A2.2 2.2 0 1 1 4.99 1 Z M1 9.5 Q1 5.5 5 5.5 Q9 5.5 9 9.5 Z",  # a figure
    "quest": "M4 1 H6 L5.6 6.5 H4.4 Z M5 7.3 A1.2 1.2 0 1 1 4.99 7.3 Z",        # "!"
    "item": "M3 3 H7 L9 5 L5 9.5 L1 5 Z",                                         # a gem
    "event": "M6 0.5 L2 5.5 H4.8 L3.6 9.5 L8 4 H5.2 Z",                           # a lightning bolt
    "dragon_event": "M5 0.5 Q9 4 7.5 7.5 Q6.5 9.5 5 9.5 Q3.5 9.5 2.5 7.5 Q1 4 5 0.5 Z",  # a flame
    "deed_part": "M5 0.5 L6.2 3.8 L9.5 3.8 L6.8 5.9 L7.8 9.3 L5 7.2 L2.2 9.3 L3.2 5.9 L0.5 3.8 L3.8 3.8 Z",
    "weapon_part": "M4.3 0.5 H5.7 V6 H8 V7.2 H5.7 V9.5 H4.3 V7.2 H2 V6 H4.3 Z",    # a sword
    "servant": "M5 0.5 Q8.5 1 8.5 5 V9.5 H1.5 V5 Q1.5 1 5 0.5 Z",                # a hooded servant
    "guardian": "M5 0.5 L9 2 V5 Q9 8.3 5 9.8 Q1 8.3 1 5 V2 Z",                    # a shield
    "namenloser": "M0.5 5 Q5 0.5 9.5 5 Q5 9.5 0.5 5 Z",                           # an eye
    "dragon": "M0.5 8 L3 3 L5 5.5 L7 1 L9.5 8 L7 6.5 L5 9 L3 6.5 Z",              # wings
    "drachenmensch": "M1 0.5 L3.5 3.5 H6.5 L9 0.5 L8.5 5 Q8 9.5 5 9.5 Q2 9.5 1.5 5 Z",  # a horned head
    "spell": "M5 0.5 L6 4 L9.5 5 L6 6 L5 9.5 L4 6 L0.5 5 L4 4 Z",                 # a sparkle
}.items()}


def boat_fields(boat: str | None) -> tuple[str, ...]:
    """The field(s) the Kahn lies at: its field, or both ends of its crossing while the staff is aboard."""
    if not boat:
        return ()
    return figures.STAFF_CROSSING if boat == figures.STAFF else tuple(str(boat).split("|"))


def _boat(layout: Layout, view: dict[str, Any], scene: Scene) -> list[SafeString]:
    """The Kahn beside the water its field lies on, or in the middle of its crossing with the staff aboard."""
    boat = view.get("boat")
    points = [p for p in (layout.pos(code) for code in boat_fields(boat)) if p is not None]
    if not points:
        return []
    staff = boat == figures.STAFF
    x = sum(p[0] for p in points) / len(points)
    y = sum(p[1] for p in points) / len(points) - figures.SIZE / 2
    if staff:
        x -= figures.SIZE / 2
    else:
        # Beside its field, on the side away from the pawns (they stand on the inward side), hull level
        # with the dot, so neither the field's name under it nor a pawn is covered.
        sx, _sy = _inward(points[0])
        x += -FIELD_R - 2 - figures.SIZE if sx > 0 else FIELD_R + 2
    title = _("The Kahn, with the wand aboard: its crossing is free") if staff else _("The boat")
    scene.obstacles.append(Box(x, y, x + figures.SIZE, y + figures.SIZE))
    return [figures.kahn(x, y, title, staff=staff)]


def hero_initial(content: Content, hero_key: str | None, lang: str) -> str:
    if not hero_key or hero_key not in content.heroes:
        return "?"
    return display_name(content.heroes[hero_key], lang)[:1].upper()


def pawn_path(x: float, y: float) -> str:
    """A pawn's silhouette standing at (x, y): a round head over a flared body the initial sits on."""
    return _spaced(f"M{x - 7:.1f},{y + 9:.1f} L{x + 7:.1f},{y + 9:.1f} Q{x + 6.5:.1f},{y + 1:.1f} "
                   f"{x + 2.6:.1f},{y - 2:.1f} A4.3 4.3 0 1 0 {x - 2.6:.1f},{y - 2:.1f} "
                   f"Q{x - 6.5:.1f},{y + 1:.1f} {x - 7:.1f},{y + 9:.1f} Z")


PAWNS_PER_ROW = 3   # pawns on one field stand in rows of three beside it (six seats make two rows)


def _heroes(content: Content, layout: Layout, view: dict[str, Any], lang: str,
            names: dict[int, str], scene: Scene) -> list[SafeString]:
    out = []
    stacked: dict[tuple[float, float], int] = {}
    for hero in view.get("heroes", []):
        between = hero.get("between")
        if between:
            a, b = layout.pos(between[0]), layout.pos(between[1])
            p = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) if a and b else (a or b)
        else:
            p = layout.pos(hero.get("position"))
        if p is None:
            continue
        n = stacked.get(p, 0)
        stacked[p] = n + 1
        sx, sy = _inward(p)
        column, row = n % PAWNS_PER_ROW, n // PAWNS_PER_ROW
        # A second row stands towards the card's middle, clear of the first (a pawn is 21 units high).
        x, y = p[0] + sx * (12 + column * 13), p[1] + 3 - sy * row * 22
        scene.obstacles.append(Box(x - 8, y - 11, x + 8, y + 10))
        seat = hero["seat"]
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        hero_name = display_name(content.heroes[hero["hero"]], lang) if hero.get("hero") in content.heroes else "?"
        who = names[seat] if seat in names else _("seat %(seat)s") % {"seat": seat + 1}  # gettext only if unnamed
        title = f"{hero_name} ({who})"
        out.append(_el("g", _el("title", escape(title))
                       + _el("path", d=pawn_path(x, y), fill=colour, class_="hero")
                       + _text(x, y + 6.2, hero_initial(content, hero.get("hero"), lang), class_="hero-initial"),
                       class_=f"hero-g seat-{seat}" + (" me" if seat == view.get("seat") else ""),
                       data_seat=seat))
    return out


def card_preview(content: Content, letter: str, lang: str) -> SafeString:
    """A single region card (the one a player drew and is about to place)."""
    region = content.regions[letter]
    scene = Scene()
    # Its own pattern ids: the preview stands on the same page as the board.
    body = _join(_card(region, 0, 0, lang, scene, prefix="preview-"))
    labels = _labels_layer(scene, scene.place())
    defs = _el("defs", terrain_defs([region.terrain], prefix="preview-"))
    return _el("svg", defs + body + labels, xmlns="http://www.w3.org/2000/svg",
               viewBox=f"{-LABEL_REACH} {-LABEL_REACH} {CARD + 2 * LABEL_REACH} {CARD + 2 * LABEL_REACH}",
               class_="board-svg card-preview", role="img", aria_label=display_name(region, lang))


# --- the text alternative ------------------------------------------------------------------------------
# What the board-as-text says of a revealed card itself (its title, its fields' codes and titles, its
# ways) per process, by card and language (issue 17, seventh wave, second round): the region's words
# alone, the same on every board. The region is held beside them, as for the cards' drawings.
CardText = tuple[str, tuple[tuple[str, str], ...], tuple[str, ...]]  # title, (code, title) per field, ways
_CARD_TEXTS = Kept(CARDS_KEPT)   # key -> (region, its text)


def _card_text(region: Region, lang: str, active: str | None, words: dict[Any, str]) -> CardText:
    kept: tuple[Region, CardText] = _CARD_TEXTS.keep((id(region), lang, active), lambda: (region, (
            f"{region.letter} – {display_name(region, lang)}",
            tuple((f.code, field_title_of(f, lang, words)) for f in region.fields),
            tuple(f"{p.a}–{p.b}" + ("" if p.kind is PathKind.PATH else f" ({PATH_KIND_LABELS[p.kind]()})")
                  for p in region.paths))), holder=region)
    return kept[1]


def board_text(*, content: Content, view: dict[str, Any], lang: str, names: dict[int, str]) -> list[dict[str, Any]]:
    """The board as a list for the "Board as text" section: each square, its fields, tokens and heroes."""
    layout = Layout(content, view)
    tokens_at: dict[str, list[str]] = {}
    face_down = _("face-down token")  # asked once, not per token (token_name)
    for token in view.get("tokens", []):
        tokens_at.setdefault(token["field"], []).append(token_name(content, token, lang, face_down))
    heroes_at: dict[str, list[str]] = {}
    manors_at: dict[str, list[str]] = {}
    for hero in view.get("heroes", []):
        seat = hero["seat"]
        who = names[seat] if seat in names else _("seat %(seat)s") % {"seat": seat + 1}  # gettext only if unnamed
        hero_name = display_name(content.heroes[hero["hero"]], lang) if hero.get("hero") in content.heroes else "?"
        if hero.get("between"):
            heroes_at.setdefault(hero["between"][0], []).append(
                _("%(hero)s (%(who)s), searching the way to %(to)s") % {
                    "hero": hero_name, "who": who, "to": hero["between"][1]})
        elif hero.get("position"):
            heroes_at.setdefault(hero["position"], []).append(f"{hero_name} ({who})")
        if hero.get("manor"):
            manors_at.setdefault(hero["manor"], []).append(who)
    squares = []
    words: dict[Any, str] = {}
    active = translation.get_language()
    pattern = cell_pattern()  # each square's name, the pattern asked of gettext once (cell_label)
    titles: dict[str, str] = {}  # a face-down and an empty square's titles, each asked of gettext once
    for cell_view in view.get("board", []):
        cell = cell_view["cell"]
        entry: dict[str, Any] = {"cell": cell, "where": cell_label(cell, pattern)}
        if cell in layout.cells:
            region = layout.region(cell)
            title, fields, paths = _card_text(region, lang, active, words)
            entry["title"] = title
            entry["fields"] = [
                {
                    "code": code,
                    "text": text,
                    "tokens": tokens_at.get(code, []),
                    "heroes": heroes_at.get(code, []),
                    "manors": manors_at.get(code, []),
                }
                for code, text in fields
            ]
            entry["paths"] = list(paths)
        elif cell_view.get("placed"):
            entry["title"] = titles.get("placed") or titles.setdefault("placed", _("face-down card"))
        else:
            entry["title"] = titles.get("empty") or titles.setdefault("empty", pgettext("square", "empty"))
        squares.append(entry)
    return squares
