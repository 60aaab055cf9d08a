"""The shape of the game's content: frozen dataclasses the loader fills from the data files.

Everything the rulebook prints (or that we author where it prints nothing) is data; the rules code
reads these objects and never a file. Coordinates are strings like ``"F2"``: the region card's
letter followed by the field's number.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property


class Direction(StrEnum):
    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"

    @property
    def opposite(self) -> Direction:
        return _OPPOSITE[self]

    @property
    def delta(self) -> tuple[int, int]:
        """(row, column) step on the 5x5 square; row 0 is the north edge."""
        return _DELTA[self]


_OPPOSITE = {
    Direction.NORTH: Direction.SOUTH,
    Direction.SOUTH: Direction.NORTH,
    Direction.EAST: Direction.WEST,
    Direction.WEST: Direction.EAST,
}
_DELTA = {
    Direction.NORTH: (-1, 0),
    Direction.SOUTH: (1, 0),
    Direction.EAST: (0, 1),
    Direction.WEST: (0, -1),
}


class FieldKind(StrEnum):
    BEIGE = "beige"            # ordinary field: face-down tokens may be put here, manors stand by it
    SECRET = "secret"          # secret path (red, yellow or green) with a 2W6 target
    WATER = "water"            # blue points of the lake (L) and the island (Y)
    GUARDIAN = "guardian"      # blue fields around the Namenloser's tower (H)
    TELEPORTER = "teleporter"  # S3-S6
    CITY = "city"              # S1, the city of mages
    DUMP = "dump"              # S2
    LABYRINTH = "labyrinth"    # U1-U6
    SITE = "site"              # any other named place (royal court, forge, lair ...): see Field.site


class SecretColour(StrEnum):
    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"


class PathKind(StrEnum):
    PATH = "path"          # ordinary way, 1 movement point
    FERRY = "ferry"        # lake crossing between two blue points of L (1 gold, or the boat)
    ISLAND = "island"      # Y5 -> Y7 once Orchan is in play (1 gold); back free to Y4/Y5/Y9
    CORRIDOR = "corridor"  # labyrinth corridor: only with the labyrinth map
    ROPE = "rope"          # V1 -> V9: only with the rope


@dataclass(frozen=True)
class Field:
    code: str                      # "F2"
    number: int
    kind: FieldKind
    x: float                       # drawing position inside the card, 0..100 from the west edge
    y: float                       # 0..100 from the north edge
    colour: SecretColour | None = None   # secret paths only
    target: int | None = None            # secret paths only: 2W6 must be <= target
    site: str | None = None              # e.g. "royal_court", "temple", "forge", "oasis"
    name_de: str = ""
    name_en: str = ""


@dataclass(frozen=True)
class Path:
    a: str
    b: str
    kind: PathKind = PathKind.PATH


@dataclass(frozen=True)
class Region:
    letter: str
    name_de: str
    name_en: str
    terrain: str                   # "plain", "forest", "mountain", "desert", "lake", "city", ...
    set_aside: bool                # H, J, N, R, V: never drawn by a player in setup
    fields: tuple[Field, ...]
    paths: tuple[Path, ...]
    entries: Mapping[Direction, str]  # the field at each edge that leads to the neighbouring card
    authored: tuple[str, ...] = ()  # always ("terrain",): the rulebook prints no terrain
    authored_reason: str = ""

    def field(self, code: str) -> Field:
        for f in self.fields:
            if f.code == code:
                return f
        raise KeyError(code)


@dataclass(frozen=True)
class Hero:
    key: str
    name_de: str
    name_en: str
    lp: int
    gold: int
    movement: int
    magic: int
    ranged: int
    melee: int
    abilities: tuple[str, ...]      # ability keys the rules code hooks into
    xp_thresholds: tuple[int, int, int]  # experience dice needed for 3, 4 and 5 dice
    item_slots: int
    ability_de: str = ""
    ability_en: str = ""
    authored: tuple[str, ...] = ()  # ("xp_thresholds",) for the standard 2/5/8 (ruling R-06)
    authored_reason: str = ""


@dataclass(frozen=True)
class Content:
    version: str
    regions: Mapping[str, Region]
    heroes: Mapping[str, Hero]
    tokens: Mapping[str, Token] = field(default_factory=dict)
    items: Mapping[str, Item] = field(default_factory=dict)
    deeds: Mapping[str, Deed] = field(default_factory=dict)
    namenlose_cards: Mapping[str, BossCard] = field(default_factory=dict)
    dragon_cards: Mapping[str, BossCard] = field(default_factory=dict)

    @cached_property
    def places(self) -> Mapping[str, tuple[str, ...]]:
        """The fields of each named place, by a field's ``site`` (the temple, the royal court …) and by its
        kind (the city, the dump), so that rules look places up instead of spelling coordinates
        (``core.board.place``). Built once: the rules ask in their inner loops."""
        found: dict[str, list[str]] = {}
        for region in self.regions.values():
            for f in region.fields:
                found.setdefault(f.kind.value, []).append(f.code)
                if f.site is not None:
                    found.setdefault(f.site, []).append(f.code)
        return {name: tuple(sorted(codes, key=lambda c: (c[0], int(c[1:])))) for name, codes in found.items()}


# --------------------------------------------------------------------------------------------
# Tokens ("Marken"), items, deeds and the boss cards.
# --------------------------------------------------------------------------------------------


class TokenCategory(StrEnum):
    """The rulebook's "Anzahl der einzelnen Marken" list, one member per line."""

    BAZAAR = "bazaar"                # Basar: 18
    CITY = "city"                    # Stadt der Magier: 17
    NAMENLOSER = "namenloser"        # 1
    DRAGON = "dragon"                # 1
    DRACHENMENSCH = "drachenmensch"  # 1
    SERVANT = "servant"              # Diener des Namenlosen: 14
    GUARDIAN = "guardian"            # Wächter des Namenlosen: 4
    DRAGON_EVENT = "dragon_event"    # Drachenereignisse: 5
    FACE_DOWN = "face_down"          # Verdeckt (PA-Logo): 50
    OPEN_EVENT = "open_event"        # Offen (Ereignisse): 4
    ENCOUNTER = "encounter"          # Offen (Begegnungen): 15
    DEED_PART = "deed_part"          # Offen (Teile der Heldentaten): 16
    WEAPON_PART = "weapon_part"      # Offen (Teile der magischen Waffen): 9
    RED = "red"                      # Offen (Rote Marken): 5
    QUEST_ITEM = "quest_item"        # Offen (Gegenstände von Aufgaben): 8


class Border(StrEnum):
    """Colours of a token's rim; a token has one or two of them (e.g. red/violet)."""

    RED = "red"            # fight
    VIOLET = "violet"      # deed part / Namenloser / dragon / (with another colour) visible to its owner only
    GREEN = "green"        # encounter
    BLUE = "blue"          # quest
    YELLOW = "yellow"      # item
    ORANGE = "orange"      # event
    GREY = "grey"          # servant of the Namenloser
    DARKBLUE = "darkblue"  # guardian of the Namenloser, Drachenmensch


class TokenKind(StrEnum):
    """What a token's face shows, i.e. what the rules code does with it."""

    MONSTER = "monster"
    ENCOUNTER = "encounter"
    QUEST = "quest"
    ITEM = "item"
    EVENT = "event"
    DRAGON_EVENT = "dragon_event"
    DEED_PART = "deed_part"        # a place that only receives an item of a deed
    WEAPON_PART = "weapon_part"
    SERVANT = "servant"
    GUARDIAN = "guardian"
    NAMENLOSER = "namenloser"
    DRAGON = "dragon"
    DRACHENMENSCH = "drachenmensch"
    SPELL = "spell"


SKILLS = ("magic", "ranged", "melee")          # Magiekampf (blau), Fernkampf (grün), Nahkampf (rot)
XP_COLOURS = ("blue", "green", "red")          # experience dice colours, same order as SKILLS


@dataclass(frozen=True)
class Quest:
    """The blue-rimmed task printed on a quest token (Aufgabenarten Typ 1..6).

    ``target`` is the coordinate in the beige circle. For types 2, 4 and 6 it is the coordinate
    printed on the underlined person's token (``person``). ``needs`` is what must be brought:
    an item key (types 3-6), the person's face key (type 2) or None (type 1: visit / escort).
    ``needs_token`` is the face key of the underlined token that must come out of the bag first
    (types 2, 4: the person; types 5, 6: the quest item). ``reward_gold``/``reward_xp`` are the
    printed reward; for types 5 and 6 the gold is paid when the item is found, and
    ``reward_item`` (the back of the quest item) when the quest is fulfilled.
    """

    type: int
    target: str
    needs: str | None = None
    reward_gold: int = 0
    reward_xp: tuple[tuple[str, ...], ...] = ()
    reward_item: str | None = None
    needs_token: str | None = None
    person: str | None = None              # face key of the underlined person (types 2, 4, 6)
    reward_special: str | None = None      # e.g. "train_magic" (Finde Mirabar), "wand_in_boat"
    text_de: str = ""
    text_en: str = ""


@dataclass(frozen=True)
class Token:
    id: str
    category: TokenCategory
    border: tuple[Border, ...]
    kind: TokenKind
    face: str                                   # monster/encounter/item/quest/event key
    name_de: str
    name_en: str
    target: str | None = None                   # printed coordinate of open (double-sided) tokens
    skills: Mapping[str, int] = field(default_factory=dict)   # coloured dots: skill -> modifier 0..-4
    hearts: int = 0
    reward_gold: int = 0
    reward_xp: tuple[tuple[str, ...], ...] = ()  # one inner tuple per experience die: allowed colours
    back: str | None = None                      # item key on the back
    back_gold: int = 0
    price: int | None = None                     # bazaar / city tokens
    quest: Quest | None = None
    deed: str | None = None                      # deed key (deed parts)
    weapon: str | None = None                    # "axe" | "bow" | "lyre" (weapon parts)
    scroll_symbol: bool = False                  # the three scroll guardians
    authored: tuple[str, ...] = ()               # attributes whose values we authored (the rulebook prints none)
    authored_reason: str = ""                    # why, in a few words (docs/rules/authored.md)
    effects: tuple[str, ...] = ()                # rule hooks, e.g. "spider", "bazaar_small"
    grey_dot: bool = False                       # grey dot(s): probe with any skill (Schamane +1)
    text_de: str = ""
    text_en: str = ""


@dataclass(frozen=True)
class Item:
    key: str
    name_de: str
    name_en: str
    slot_kind: str                 # "item" | "spell" | "none" | "deed" | "gem"
    category: str                  # "armour", "shield", "ring", "movement", "weapon", "spell", ...
    skill_bonus: Mapping[str, int] = field(default_factory=dict)
    artificial_lp: int = 0
    movement_bonus: int = 0                  # best positive one counts; negative = penalty (Rüstung -1)
    movement_set: int | None = None          # Kutsche: 6
    movement_mode: str | None = None         # "broom" | "jump_shoes" | "pegasus"
    flags: tuple[str, ...] = ()
    # source: "bazaar" | "city" | "reward" | "face_down" | "quest" | "deed" | "encounter"
    source: str = "reward"
    price: int | None = None
    description_de: str = ""
    description_en: str = ""
    heal_lp: int = 0               # natural LP healed (Roter Heiltrank 3); see flag "heal_all"
    gold: int = 0                  # gold the item yields at once (Goldschatz) or holds (Goldbeutel)
    authored: tuple[str, ...] = ()
    authored_reason: str = ""


@dataclass(frozen=True)
class DeedPart:
    number: int                    # 1, 2, 3
    action: str                    # "fight" | "encounter" | "deliver"
    tokens: tuple[str, ...]        # token ids involved; tokens[0] is the one acted on
    target: str                    # coordinate where the part is done, or "manor"
    needs: tuple[str, ...] = ()    # item keys that must be carried
    gives: str = ""                # item key obtained (back of tokens[0]) or "edelstein"
    text_de: str = ""
    text_en: str = ""


@dataclass(frozen=True)
class Deed:
    key: str
    name_de: str
    name_en: str
    parts: tuple[DeedPart, DeedPart, DeedPart]
    description_de: str = ""
    description_en: str = ""
    authored: tuple[str, ...] = ()
    authored_reason: str = ""


@dataclass(frozen=True)
class BossCard:
    """A Namenloser card or a dragon card.

    ``skills[skill] is None`` is a STAR: that skill cannot attack unless the hero carries
    ``weapon``, in which case the modifier is ``star_modifier`` (-3).
    """

    key: str
    kind: str                                   # "namenloser" | "dragon"
    name_de: str
    name_en: str
    lp: int
    skills: Mapping[str, int | None]
    weapon: str | None = None
    protections: tuple[tuple[str, str], ...] = ()   # (item key, effect)
    hoard_gold: int = 0                         # dragon only: gold in the hoard at the start
    double_damage: tuple[str, ...] = ()         # skills in which a failed probe costs 2 LP
    star_modifier: int = -3
    authored: tuple[str, ...] = ()
    authored_reason: str = ""
