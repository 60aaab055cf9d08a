"""Parse the content YAML files into the frozen dataclasses of :mod:`.model` and validate them.

Every problem raises :class:`ContentError` with the message ``"{file}: {where}: {what}"``, e.g.
``"regions.yaml: regions[A].paths[3]: unknown field A12"``; the first problem found wins.

The checks fall into three groups:

* shape: required keys present, no unknown keys, values of the right type and range;
* the rulebook: every coordinate, count, border and reward the rulebook prints (see the tables
  below) -- a board or token set that drifts from the rulebook fails to load;
* consistency: references between files (token targets are fields, token backs are items, quests
  point at existing persons, deed parts at their tokens ...) and the walkability of every card.

Nothing here imports Django.
"""

from __future__ import annotations

import builtins
import re
from collections import Counter, deque
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import fields as dc_fields
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypedDict, cast

import yaml

from .model import (
    SKILLS,
    XP_COLOURS,
    Border,
    BossCard,
    Content,
    Deed,
    DeedPart,
    Direction,
    Field,
    FieldKind,
    Hero,
    Item,
    PathKind,
    Quest,
    Region,
    SecretColour,
    Token,
    TokenCategory,
    TokenKind,
)
from .model import (
    Path as BoardPath,
)

__all__ = ["FILES", "VERSION", "ContentError", "build_content"]

VERSION = "1"

REGIONS_FILE = "regions.yaml"
HEROES_FILE = "heroes.yaml"
TOKENS_FILE = "tokens.yaml"
ITEMS_FILE = "items.yaml"
DEEDS_FILE = "deeds.yaml"
BOSSES_FILE = "bosses.yaml"
FILES = (REGIONS_FILE, HEROES_FILE, TOKENS_FILE, ITEMS_FILE, DEEDS_FILE, BOSSES_FILE)


class ContentError(ValueError):
    """A content file is missing, malformed or contradicts the rulebook."""


# =============================================================================================
# The rulebook, as tables
# =============================================================================================

LETTERS = tuple(c for c in "ABCDEFGHIJKLMNOPRSTUVWXYZ")  # no Q
SET_ASIDE = frozenset("HJNRV")
TERRAINS = frozenset({"plain", "forest", "mountain", "desert", "lake", "city", "swamp", "hills", "special"})

# coordinate -> what the rulebook (or the brief's reading of it) says it is
REQUIRED_FIELDS: dict[str, dict[str, Any]] = {
    "F2": {"kind": FieldKind.BEIGE},  # kleiner Basar
    "J2": {"kind": FieldKind.BEIGE},  # großer Basar
    "J5": {"kind": FieldKind.SITE, "site": "royal_court"},
    "N2": {"kind": FieldKind.BEIGE},
    "N3": {"kind": FieldKind.BEIGE},
    "N4": {"kind": FieldKind.BEIGE},
    "N5": {"kind": FieldKind.SECRET, "colour": SecretColour.RED, "site": "temple"},
    "I5": {"kind": FieldKind.SECRET, "colour": SecretColour.RED, "site": "white_village"},
    "R2": {"kind": FieldKind.SITE, "site": "forge"},
    "S1": {"kind": FieldKind.CITY},
    "S2": {"kind": FieldKind.DUMP},
    "S3": {"kind": FieldKind.TELEPORTER},
    "S4": {"kind": FieldKind.TELEPORTER},
    "S5": {"kind": FieldKind.TELEPORTER},
    "S6": {"kind": FieldKind.TELEPORTER},
    **{f"U{n}": {"kind": FieldKind.LABYRINTH} for n in range(1, 7)},
    "V1": {"kind": FieldKind.BEIGE},
    "V9": {"kind": FieldKind.SITE, "site": "dragon"},
    "V10": {"kind": FieldKind.SITE, "site": "drachenmensch"},
    "V11": {"kind": FieldKind.SITE, "site": "dragon_death"},
    "W1": {"kind": FieldKind.SITE, "site": "caravanserai"},
    "W5": {"kind": FieldKind.SECRET},
    "W6": {"kind": FieldKind.SITE, "site": "oasis"},
    "H1": {"kind": FieldKind.BEIGE},
    "H2": {"kind": FieldKind.BEIGE},
    "H3": {"kind": FieldKind.SITE, "site": "namenloser"},
    "H4": {"kind": FieldKind.BEIGE},
    "H6": {"kind": FieldKind.BEIGE},
    "K2": {"kind": FieldKind.SITE, "site": "witch_house"},
    "Z6": {"kind": FieldKind.BEIGE},
    "L2": {"kind": FieldKind.WATER},
    "L4": {"kind": FieldKind.WATER},
    "Y4": {"kind": FieldKind.WATER},
    "Y5": {"kind": FieldKind.WATER},
    "Y7": {"kind": FieldKind.BEIGE, "site": "island"},
    "Y9": {"kind": FieldKind.WATER},
    "C5": {"kind": FieldKind.SECRET},
    "D5": {"kind": FieldKind.SECRET},
}
REQUIRED_TERRAIN = {
    "C": "mountain",
    "D": "mountain",
    "I": "forest",
    "W": "desert",
    "L": "lake",
    "Y": "lake",
    "S": "city",
}
# field kinds that exist on one card only
KIND_ONLY_ON = {
    FieldKind.WATER: {"L", "Y"},
    FieldKind.GUARDIAN: {"H"},
    FieldKind.TELEPORTER: {"S"},
    FieldKind.CITY: {"S"},
    FieldKind.DUMP: {"S"},
    FieldKind.LABYRINTH: {"U"},
}
PATH_KIND_ONLY_ON = {PathKind.FERRY: "L", PathKind.ISLAND: "Y", PathKind.CORRIDOR: "U", PathKind.ROPE: "V"}
# cards that need not offer 4 beige fields for face-down tokens
FEW_BEIGE_OK = frozenset("SUHV")
# fields no ordinary path leads to (reached by a rule): the dump and the island
RULE_ONLY_FIELDS = frozenset({"S2", "Y7"})
EDGE_LIMIT = 10  # an entry lies within 10 of its edge

HERO_KEYS = frozenset(
    {
        "amazone",
        "barde",
        "elf",
        "flink",
        "galahad",
        "gnom",
        "hobbit",
        "krieger",
        "magier",
        "morgaine",
        "ork",
        "paladin",
        "priester",
        "schamane",
        "zentaur",
        "zwerg",
    }
)
ABILITIES = frozenset(
    {
        "pass_open_red",
        "forest_secret_paths",
        "steal_7",
        "grail_hint",
        "add_two_skills",
        "evade_fight",
        "red_secret_7",
        "spell_instead_of_gold",
        "all_secret_paths",
        "free_lake",
        "xp_to_gold",
        "monster_ork",
        "self_heal",
        "temple_village_secret_paths",
        "shaman_magic_plus_one",
        "centaur_equipment",
        "mountain_secret_paths",
    }
)

TOKEN_COUNTS = {
    TokenCategory.BAZAAR: 18,
    TokenCategory.CITY: 17,
    TokenCategory.NAMENLOSER: 1,
    TokenCategory.DRAGON: 1,
    TokenCategory.DRACHENMENSCH: 1,
    TokenCategory.SERVANT: 14,
    TokenCategory.GUARDIAN: 4,
    TokenCategory.DRAGON_EVENT: 5,
    TokenCategory.FACE_DOWN: 50,
    TokenCategory.OPEN_EVENT: 4,
    TokenCategory.ENCOUNTER: 15,
    TokenCategory.DEED_PART: 16,
    TokenCategory.WEAPON_PART: 9,
    TokenCategory.RED: 5,
    TokenCategory.QUEST_ITEM: 8,
}
# categories whose tokens carry a printed target coordinate
TARGETED = frozenset(
    {
        TokenCategory.NAMENLOSER,
        TokenCategory.DRAGON,
        TokenCategory.DRACHENMENSCH,
        TokenCategory.SERVANT,
        TokenCategory.GUARDIAN,
        TokenCategory.ENCOUNTER,
        TokenCategory.DEED_PART,
        TokenCategory.WEAPON_PART,
        TokenCategory.RED,
        TokenCategory.QUEST_ITEM,
    }
)
B = Border
FIXED_BORDERS: dict[TokenCategory, tuple[frozenset[Border], ...]] = {
    TokenCategory.BAZAAR: (frozenset({B.YELLOW}),),
    TokenCategory.CITY: (frozenset({B.YELLOW}),),
    TokenCategory.NAMENLOSER: (frozenset({B.VIOLET}),),
    TokenCategory.DRAGON: (frozenset({B.VIOLET}),),
    TokenCategory.DRACHENMENSCH: (frozenset({B.DARKBLUE}),),
    TokenCategory.SERVANT: (frozenset({B.GREY}),),
    TokenCategory.GUARDIAN: (frozenset({B.DARKBLUE}),),
    TokenCategory.DRAGON_EVENT: (frozenset({B.ORANGE, B.VIOLET}),),
    TokenCategory.OPEN_EVENT: (frozenset({B.ORANGE}),),
    TokenCategory.ENCOUNTER: (frozenset({B.GREEN}),),
    TokenCategory.RED: (frozenset({B.RED}),),
    TokenCategory.QUEST_ITEM: (frozenset({B.YELLOW, B.BLUE}),),
}
# the borders a kind of token may have in the free categories (face-down, deed and weapon parts)
KIND_BORDERS: dict[tuple[TokenCategory, TokenKind], tuple[frozenset[Border], ...]] = {
    (TokenCategory.FACE_DOWN, TokenKind.MONSTER): (frozenset({B.RED}),),
    (TokenCategory.FACE_DOWN, TokenKind.ITEM): (frozenset({B.YELLOW}),),
    (TokenCategory.FACE_DOWN, TokenKind.SPELL): (frozenset({B.YELLOW}),),
    (TokenCategory.FACE_DOWN, TokenKind.QUEST): (frozenset({B.BLUE}),),
    (TokenCategory.FACE_DOWN, TokenKind.ENCOUNTER): (frozenset({B.GREEN}),),
    (TokenCategory.DEED_PART, TokenKind.MONSTER): (frozenset({B.RED, B.VIOLET}),),
    (TokenCategory.DEED_PART, TokenKind.ENCOUNTER): (frozenset({B.GREEN, B.VIOLET}), frozenset({B.VIOLET})),
    (TokenCategory.DEED_PART, TokenKind.ITEM): (frozenset({B.VIOLET}),),
    (TokenCategory.DEED_PART, TokenKind.DEED_PART): (frozenset({B.VIOLET}),),
    (TokenCategory.WEAPON_PART, TokenKind.MONSTER): (frozenset({B.RED}), frozenset({B.RED, B.VIOLET})),
    (TokenCategory.WEAPON_PART, TokenKind.ENCOUNTER): (frozenset({B.GREEN}), frozenset({B.GREEN, B.VIOLET})),
    (TokenCategory.WEAPON_PART, TokenKind.ITEM): (frozenset({B.YELLOW, B.VIOLET}),),
}
CATEGORY_KINDS: dict[TokenCategory, frozenset[TokenKind]] = {
    TokenCategory.BAZAAR: frozenset({TokenKind.ITEM}),
    TokenCategory.CITY: frozenset({TokenKind.ITEM, TokenKind.SPELL}),
    TokenCategory.NAMENLOSER: frozenset({TokenKind.NAMENLOSER}),
    TokenCategory.DRAGON: frozenset({TokenKind.DRAGON}),
    TokenCategory.DRACHENMENSCH: frozenset({TokenKind.DRACHENMENSCH}),
    TokenCategory.SERVANT: frozenset({TokenKind.SERVANT}),
    TokenCategory.GUARDIAN: frozenset({TokenKind.GUARDIAN}),
    TokenCategory.DRAGON_EVENT: frozenset({TokenKind.DRAGON_EVENT}),
    TokenCategory.FACE_DOWN: frozenset(
        {TokenKind.MONSTER, TokenKind.ITEM, TokenKind.SPELL, TokenKind.QUEST, TokenKind.ENCOUNTER}
    ),
    TokenCategory.OPEN_EVENT: frozenset({TokenKind.EVENT}),
    TokenCategory.ENCOUNTER: frozenset({TokenKind.ENCOUNTER}),
    TokenCategory.DEED_PART: frozenset(
        {TokenKind.MONSTER, TokenKind.ENCOUNTER, TokenKind.ITEM, TokenKind.DEED_PART}
    ),
    TokenCategory.WEAPON_PART: frozenset(
        {TokenKind.MONSTER, TokenKind.ENCOUNTER, TokenKind.ITEM, TokenKind.WEAPON_PART}
    ),
    TokenCategory.RED: frozenset({TokenKind.MONSTER}),
    TokenCategory.QUEST_ITEM: frozenset({TokenKind.ITEM}),
}
FIGHTING_KINDS = frozenset(
    {TokenKind.MONSTER, TokenKind.SERVANT, TokenKind.GUARDIAN, TokenKind.DRACHENMENSCH}
)

# face -> printed target (rulebook)
REQUIRED_TARGETS = {
    "kleiner_basar": "F2",
    "grosser_basar": "J2",
    "kahn": "L4",
    "muellhalde": "S2",
    "orchan": "Y5",
    "waldlaeufer": "I5",
    "namenloser": "H3",
    "drache": "V9",
    "drachenmensch": "V10",
}
# face -> field kinds allowed for its target beyond beige / site (rulebook)
TARGET_KIND_EXCEPTIONS = {
    "kahn": {FieldKind.WATER},
    "orchan": {FieldKind.WATER},
    "waldlaeufer": {FieldKind.SECRET},
    "muellhalde": {FieldKind.DUMP},
}
# sites reserved for one token face
RESERVED_SITES = {"namenloser": "namenloser", "dragon": "drache", "drachenmensch": "drachenmensch"}
# face -> item on the back (rulebook glossary)
REQUIRED_BACKS = {
    "minotaurus": "karte_labyrinth",
    "muraene": "wassersack",
    "roter_ritter": "schild_roter_ritter",
    "yeti": "saebel_yeti",
    "skorpion": "schriftrolle_axt",
    "phoenix": "schriftrolle_bogen",
    "einhorn": "schriftrolle_lyra",
    "zwergengeist": "besonderes_metall",
    "hueter": "holz_der_esche",
    "alp": "grosser_knochen",
    "hildebrandt": "axt_von_bragg",
    "rondel": "bogen_der_treffsicherheit",
    "orpheus": "lyra_von_orpheus",
    "buch_der_flueche": "kreuz",
    "drachenzaehne": "eibenstab",
    "halsband": "schwert_vom_see",
    "kristall": "elfenbogen",
    "maronenkekse": "goldbeutel",
    "novize": "ring",
    "statuette": "amulett",
    "teeblaetter": "kamel",
}
# face -> the only skill its dot(s) may show (rulebook: the scroll guardians' probes)
REQUIRED_SKILL_ONLY = {"skorpion": "melee", "phoenix": "ranged", "einhorn": "magic"}
# weapon -> (scroll guardian, material source, magister)
WEAPONS = {
    "axe": ("skorpion", "zwergengeist", "hildebrandt"),
    "bow": ("phoenix", "hueter", "rondel"),
    "lyre": ("einhorn", "alp", "orpheus"),
}
# every glossary entry that is a token must exist as a token face
REQUIRED_FACES = frozenset(
    {
        # monsters
        "alp",
        "basilisk",
        "doppelgaenger",
        "minotaurus",
        "muraene",
        "ork",
        "roter_ritter",
        "schatten",
        "skorpion",
        "spinne",
        "yeti",
        "zwergengeist",
        "diener",
        "waechter",
        "drachenmensch",
        "namenloser",
        "drache",
        # encounters
        "bettler",
        "don_hobiro",
        "einhorn",
        "gasconier",
        "gaukler",
        "grosser_basar",
        "hellseherin",
        "hildebrandt",
        "hueter",
        "kahn",
        "kerberos",
        "kleiner_basar",
        "kraeuterfrau",
        "kutschenmacher",
        "leitsage",
        "maeuse",
        "mirabar",
        "muellhalde",
        "orchan",
        "orpheus",
        "phoenix",
        "quelle_des_lebens",
        "rondel",
        "teleporter",
        "verwirrter_heiler",
        "waldlaeufer",
        # events and dragon events
        "duell_der_magier",
        "wettstreit_der_bogenschuetzen",
        "turnier",
        "unwetter",
        "angst",
        "attacke",
        "basar_brennt",
        "raub",
        # items lying on the board
        "hexenbesen",
        "hinweis_gral",
        "buch_der_flueche",
        "drachenzaehne",
        "halsband",
        "kristall",
        "maronenkekse",
        "novize",
        "statuette",
        "teeblaetter",
        # bazaar / city
        "bogen",
        "saebel",
        "schwert",
        "stiefel",
        "pferd",
        "ruestung",
        "waffenrock",
        "schild",
        "roter_heiltrank",
        "seil",
        "springschuhe",
        "blitzschlag",
        "erfahrung",
        "grosse_erfahrung",
        "hellsehen",
        "pegasus",
        "staerkung",
        "unsichtbarkeit",
        "vision",
        "spruchrolle_bogen",
        "spruchrolle_hammer",
        "spruchrolle_zauberkraft",
        "violetter_heiltrank",
        "magischer_umhang",
        "zauberknochen",
        "zauberstab",
    }
)
# dragon events: 5 tokens, "attacke" twice
DRAGON_EVENT_FACES = Counter({"angst": 1, "attacke": 2, "basar_brennt": 1, "raub": 1})
OPEN_EVENT_FACES = Counter(
    {"duell_der_magier": 1, "wettstreit_der_bogenschuetzen": 1, "turnier": 1, "unwetter": 1}
)

QUEST_SPECIALS = frozenset({"train_magic", "train_ranged", "train_melee", "wand_in_boat"})

ITEM_SLOT_KINDS = frozenset({"item", "spell", "none", "deed", "gem"})
ITEM_CATEGORIES = frozenset(
    {
        "armour",
        "shield",
        "ring",
        "movement",
        "weapon",
        "spell",
        "potion",
        "quest_item",
        "material",
        "scroll",
        "magic_weapon",
        "other",
    }
)
ITEM_SOURCES = frozenset({"bazaar", "city", "reward", "face_down", "quest", "deed", "encounter"})
PRICED_SOURCES = frozenset({"bazaar", "city", "encounter"})
MOVEMENT_MODES = frozenset({"broom", "jump_shoes", "pegasus"})


class _Namenlos(TypedDict, total=False):
    weapon: str
    protections: set[str]


# rulebook: which Namenloser needs which weapon / is softened by which item
NAMENLOSE: dict[str, _Namenlos] = {
    "Dämon": {"protections": {"amulett"}},
    "Sechsarmige Göttin": {"protections": {"kreuz"}},
    "Schwarzer Ritter": {"weapon": "eibenstab"},
    "Wesen aus der Tiefe": {"weapon": "elfenbogen"},
    "Magier": {"weapon": "schwert_vom_see"},
    "König der Finsternis": {},
}
NAMED_DEEDS = frozenset({"befreie_daphne", "axt_der_zwerge", "goldene_kugel"})
DEED_COUNT = 5
DRAGON_CARDS = (3, 4)

IDENT = re.compile(r"^[a-z][a-z0-9_]*$")
TOKEN_ID = re.compile(r"^[a-z][a-z0-9-]*$")
COORD = re.compile(r"^([A-Z])([1-9][0-9]*)$")


# =============================================================================================
# Reading helpers
# =============================================================================================


def _fail(file: str, where: str, what: str) -> ContentError:
    return ContentError(f"{file}: {where}: {what}")


def _typename(value: Any) -> str:
    return "null" if value is None else type(value).__name__


class _Node:
    """A YAML mapping being read: remembers its file and position for error messages."""

    def __init__(self, file: str, where: str, data: Any) -> None:
        if not isinstance(data, dict):
            raise _fail(file, where, f"expected a mapping, got {_typename(data)}")
        self.file = file
        self.where = where
        self.data = data
        self.used: set[str] = set()

    def at(self, key: str) -> str:
        return f"{self.where}.{key}"

    def fail(self, key: str | None, what: str) -> ContentError:
        return _fail(self.file, self.at(key) if key else self.where, what)

    def _get(self, key: str, required: bool, default: Any) -> tuple[bool, Any]:
        self.used.add(key)
        if key not in self.data:
            if required:
                raise self.fail(key, "missing")
            return False, default
        return True, self.data[key]

    def str(
        self,
        key: builtins.str,
        required: builtins.bool = True,
        default: builtins.str | None = "",
        choices: Iterable[builtins.str] | None = None,
        nonempty: builtins.bool = True,
        pattern: re.Pattern[builtins.str] | None = None,
    ) -> Any:
        present, value = self._get(key, required, default)
        if not present:
            return value
        if value is None and not required and default is None:
            return None
        if not isinstance(value, str):
            raise self.fail(key, f"expected a string, got {_typename(value)}")
        if nonempty and not value.strip():
            raise self.fail(key, "must not be empty")
        if choices is not None and value not in set(choices):
            raise self.fail(key, f"{value!r} is not one of {sorted(set(choices))}")
        if pattern is not None and not pattern.match(value):
            raise self.fail(key, f"{value!r} does not match {pattern.pattern}")
        return value

    def int(
        self,
        key: builtins.str,
        required: builtins.bool = True,
        default: builtins.int | None = 0,
        lo: builtins.int | None = None,
        hi: builtins.int | None = None,
        nullable: builtins.bool = False,
    ) -> Any:
        present, value = self._get(key, required, default)
        if not present:
            return value
        if value is None and nullable:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"expected an integer, got {_typename(value)}")
        if lo is not None and value < lo:
            raise self.fail(key, f"{value} is below {lo}")
        if hi is not None and value > hi:
            raise self.fail(key, f"{value} is above {hi}")
        return value

    def num(self, key: builtins.str, lo: float, hi: float) -> float:
        _, value = self._get(key, True, None)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(key, f"expected a number, got {_typename(value)}")
        if not lo <= value <= hi:
            raise self.fail(key, f"{value} is outside {lo}..{hi}")
        return float(value)

    def bool(self, key: builtins.str, required: builtins.bool = True, default: builtins.bool = False) -> builtins.bool:
        present, value = self._get(key, required, default)
        if not present:
            return cast(builtins.bool, value)  # the default
        if not isinstance(value, bool):
            raise self.fail(key, f"expected true or false, got {_typename(value)}")
        return value

    def list(self, key: builtins.str, required: builtins.bool = True) -> builtins.list[Any]:
        present, value = self._get(key, required, [])
        if not present:
            return []
        if value is None and not required:
            return []
        if not isinstance(value, list):
            raise self.fail(key, f"expected a list, got {_typename(value)}")
        return value

    def strlist(
        self,
        key: builtins.str,
        required: builtins.bool = True,
        choices: Iterable[builtins.str] | None = None,
        unique: builtins.bool = True,
    ) -> tuple[builtins.str, ...]:
        values = self.list(key, required)
        allowed = set(choices) if choices is not None else None
        seen: set[builtins.str] = set()
        for i, v in enumerate(values):
            if not isinstance(v, str) or not v:
                raise _fail(self.file, f"{self.at(key)}[{i}]", f"expected a string, got {_typename(v)}")
            if allowed is not None and v not in allowed:
                raise _fail(self.file, f"{self.at(key)}[{i}]", f"{v!r} is not one of {sorted(allowed)}")
            if unique and v in seen:
                raise _fail(self.file, f"{self.at(key)}[{i}]", f"duplicate {v!r}")
            seen.add(v)
        return tuple(values)

    def mapping(self, key: builtins.str, required: builtins.bool = True) -> builtins.dict[Any, Any]:
        present, value = self._get(key, required, {})
        if not present or (value is None and not required):
            return {}
        if not isinstance(value, dict):
            raise self.fail(key, f"expected a mapping, got {_typename(value)}")
        return value

    def has(self, key: builtins.str) -> builtins.bool:
        return key in self.data

    def done(self) -> None:
        unknown = sorted(str(k) for k in self.data if k not in self.used)
        if unknown:
            raise self.fail(unknown[0], "unknown key")


def _read(directory: Path, name: str) -> dict[str, Any]:
    path = directory / name
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _fail(name, "file", f"not found in {directory}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else "file"
        raise _fail(name, where, f"invalid YAML: {getattr(exc, 'problem', exc)}") from None
    if not isinstance(data, dict):
        raise _fail(name, "file", f"expected a mapping at the top, got {_typename(data)}")
    version = data.get("version")
    if version != VERSION:
        raise _fail(name, "version", f'expected "{VERSION}" (a string), got {version!r}')
    return data


def _top_list(file: str, data: dict[str, Any], key: str, allowed: Iterable[str]) -> list[Any]:
    extra = sorted(set(data) - {"version", *allowed})
    if extra:
        raise _fail(file, extra[0], "unknown key")
    if key not in data:
        raise _fail(file, key, "missing")
    value = data[key]
    if not isinstance(value, list) or not value:
        raise _fail(file, key, "expected a non-empty list")
    return value


def _label(prefix: str, index: int, raw: Any, key: str) -> str:
    """``prefix[label]``: the entry's key if it has a usable one, else its index."""
    if isinstance(raw, dict) and isinstance(raw.get(key), str) and raw.get(key):
        return f"{prefix}[{raw[key]}]"
    return f"{prefix}[{index}]"


def _xp(node: _Node, key: str) -> tuple[tuple[str, ...], ...]:
    dice = node.list(key, required=False)
    out = []
    if len(dice) > 3:
        raise node.fail(key, f"at most 3 experience dice, got {len(dice)}")
    for i, die in enumerate(dice):
        where = f"{node.at(key)}[{i}]"
        if not isinstance(die, list) or not die:
            raise _fail(node.file, where, "expected a non-empty list of colours")
        for c in die:
            if c not in XP_COLOURS:
                raise _fail(node.file, where, f"{c!r} is not one of {list(XP_COLOURS)}")
        if len(set(die)) != len(die):
            raise _fail(node.file, where, "duplicate colour")
        out.append(tuple(die))
    return tuple(out)


# --- the authored marker ---------------------------------------------------------------------------
# Every value the rulebook does not print is ours, and the data says so where the value stands:
#     authored: {values: [price, skills], reason: "the rulebook prints no prices"}
# ``values`` names the attributes we chose, ``reason`` says why in a few words (docs/rules/authored.md
# lists both). ``_check_authored`` below requires the marker exactly where the rulebook prints nothing
# and rejects it where the rulebook prints the value.
STANDARD_XP_THRESHOLDS = (2, 5, 8)   # ruling R-06: the rulebook prints only the Hobbit's and the Zentaur's
PRINTED_BOSS_SKILLS = {"koenig_der_finsternis"}  # "-3 auf alle Fertigkeiten" (cooperative variant)
# Values the rulebook prints for every thing of a section: never authored.
PRINTED = {
    "heroes": {"key", "lp", "gold", "movement", "magic", "ranged", "melee", "abilities", "item_slots"},
    "regions": {"letter", "set_aside", "fields", "paths", "entries"},
    "tokens": {"id", "category", "border", "kind"},
    "bosses": {"kind", "weapon", "star_modifier", "protections"},
}


def _authored(node: _Node, allowed: Iterable[str]) -> dict[str, Any]:
    """The ``authored`` block of a thing, as keyword arguments of its dataclass."""
    if node.has("ours"):
        raise node.fail("ours", "the marker is now `authored: {values: [...], reason: ...}`")
    if not node.has("authored"):
        return {"authored": (), "authored_reason": ""}
    block = _Node(node.file, node.at("authored"), node.mapping("authored"))
    values = block.strlist("values", choices=set(allowed) - {"authored", "authored_reason"})
    if not values:
        raise block.fail("values", "name at least one authored attribute")
    reason = block.str("reason")
    block.done()
    return {"authored": values, "authored_reason": reason}


def _check_authored(regions: dict[str, Region], heroes: dict[str, Hero], tokens: dict[str, Token],
                    items: dict[str, Item], bosses: dict[str, BossCard]) -> None:
    """The marker stands exactly where the rulebook prints nothing."""

    def need(file: str, where: str, thing: Any, attr: str, required: bool, why: str) -> None:
        if required and attr not in thing.authored:
            raise _fail(file, f"{where}.authored", f"{attr} must be marked authored: {why}")
        if not required and attr in thing.authored:
            raise _fail(file, f"{where}.authored", f"{attr} must not be marked authored: {why}")

    for letter, region in regions.items():
        printed = letter in REQUIRED_TERRAIN
        need(REGIONS_FILE, f"regions[{letter}]", region, "terrain", not printed,
             "the rulebook names this card's terrain" if printed else "the rulebook prints no terrain (R-99)")
    for key, hero in heroes.items():
        standard = tuple(hero.xp_thresholds) == STANDARD_XP_THRESHOLDS
        need(HEROES_FILE, f"heroes[{key}]", hero, "xp_thresholds", standard,
             "2/5/8 are ours (R-06)" if standard else "the rulebook prints this hero's thresholds")
    for key, item in items.items():
        need(ITEMS_FILE, f"items[{key}]", item, "price", item.price is not None,
             "the prices are printed on the tokens only, not in the rulebook" if item.price is not None
             else "the item has no price")
    for tid, token in tokens.items():
        for attr in ("price", "hearts", "reward_gold", "reward_xp"):
            # (No reward at all may be marked too: that a monster pays no gold is our choice as well.)
            if getattr(token, attr) not in (None, 0, ()):
                need(TOKENS_FILE, f"tokens[{tid}]", token, attr, True,
                     "the rulebook prints no prices, hearts or rewards of tokens")
        if token.category in (TokenCategory.BAZAAR, TokenCategory.CITY):
            need(TOKENS_FILE, f"tokens[{tid}]", token, "face", True,
                 "the rulebook counts the Basar and Stadt der Magier piles (18, 17) but names no item of them")
        if token.category is TokenCategory.GUARDIAN:
            need(TOKENS_FILE, f"tokens[{tid}]", token, "skills", True,
                 "the rulebook prints no modifiers for the Wächter")
    for key, card in bosses.items():
        need(BOSSES_FILE, f"{card.kind}[{key}]", card, "lp", True, "the rulebook prints no boss card's LP")
        printed = key in PRINTED_BOSS_SKILLS
        need(BOSSES_FILE, f"{card.kind}[{key}]", card, "skills", not printed,
             "the rulebook prints this card's modifiers" if printed else "the rulebook prints no modifiers")
        if card.kind == "dragon":
            need(BOSSES_FILE, f"dragon[{key}]", card, "hoard_gold", True, "the rulebook prints no hoard")
    for section, things, file in (("regions", regions, REGIONS_FILE), ("heroes", heroes, HEROES_FILE),
                                  ("tokens", tokens, TOKENS_FILE), ("bosses", bosses, BOSSES_FILE)):
        for key, thing in things.items():
            wrong = sorted(set(thing.authored) & PRINTED[section])
            if wrong:
                raise _fail(file, f"{section}[{key}].authored", f"{wrong[0]} is printed in the rulebook")


def _names(cls: type) -> set[str]:
    return {f.name for f in dc_fields(cls)}


# =============================================================================================
# Regions
# =============================================================================================


def _parse_regions(data: dict[str, Any]) -> dict[str, Region]:
    file = REGIONS_FILE
    raws = _top_list(file, data, "regions", ["regions"])
    regions: dict[str, Region] = {}
    for index, raw in enumerate(raws):
        node = _Node(file, _label("regions", index, raw, "letter"), raw)
        letter = node.str("letter")
        if letter not in LETTERS:
            raise node.fail("letter", f"{letter!r} is not a card letter (A-Z without Q)")
        if letter in regions:
            raise node.fail("letter", f"duplicate card {letter}")
        node.where = f"regions[{letter}]"
        regions[letter] = _parse_region(node, letter)
    missing = [c for c in LETTERS if c not in regions]
    if missing:
        raise _fail(file, "regions", f"card {missing[0]} is missing (need A-Z without Q)")
    _check_required_fields(regions)
    return regions


def _parse_region(node: _Node, letter: str) -> Region:
    file = node.file
    name_de = node.str("name_de")
    name_en = node.str("name_en")
    terrain = node.str("terrain", choices=TERRAINS)
    if letter in REQUIRED_TERRAIN and terrain != REQUIRED_TERRAIN[letter]:
        raise node.fail("terrain", f"card {letter} must be {REQUIRED_TERRAIN[letter]}, got {terrain}")
    set_aside = node.bool("set_aside")
    if set_aside != (letter in SET_ASIDE):
        raise node.fail("set_aside", f"must be {letter in SET_ASIDE} (set aside in setup: H, J, N, R, V)")

    fields: list[Field] = []
    by_code: dict[str, Field] = {}
    for i, raw in enumerate(node.list("fields")):
        fnode = _Node(file, f"{node.where}.fields[{i}]", raw)
        number = fnode.int("number", lo=1)
        code = f"{letter}{number}"
        fnode.where = f"{node.where}.fields[{code}]"
        if code in by_code:
            raise fnode.fail("number", f"duplicate field {code}")
        kind = FieldKind(fnode.str("kind", choices=[k.value for k in FieldKind]))
        x = fnode.num("x", 0, 100)
        y = fnode.num("y", 0, 100)
        colour = fnode.str("colour", required=False, default=None, choices=[c.value for c in SecretColour])
        target = fnode.int("target", required=False, default=None, lo=2, hi=12, nullable=True)
        if kind is FieldKind.SECRET:
            if colour is None:
                raise fnode.fail("colour", "missing (a secret field needs red, yellow or green)")
            if target is None:
                raise fnode.fail("target", "missing (a secret field needs a 2W6 target)")
        else:
            if colour is not None:
                raise fnode.fail("colour", f"only secret fields have a colour ({code} is {kind})")
            if target is not None:
                raise fnode.fail("target", f"only secret fields have a target ({code} is {kind})")
        site = fnode.str("site", required=False, default=None, pattern=IDENT)
        if kind is FieldKind.SITE and site is None:
            raise fnode.fail("site", "missing (a site field needs a site key)")
        only = KIND_ONLY_ON.get(kind)
        if only is not None and letter not in only:
            raise fnode.fail("kind", f"{kind} fields exist only on card(s) {', '.join(sorted(only))}")
        f = Field(
            code=code,
            number=number,
            kind=kind,
            x=x,
            y=y,
            colour=SecretColour(colour) if colour else None,
            target=target,
            site=site,
            name_de=fnode.str("name_de", required=False, default=""),
            name_en=fnode.str("name_en", required=False, default=""),
        )
        fnode.done()
        fields.append(f)
        by_code[code] = f
    if not fields:
        raise node.fail("fields", "a card needs fields")
    numbers = sorted(f.number for f in fields)
    if numbers != list(range(1, len(numbers) + 1)):
        gap = next(n for n in range(1, len(numbers) + 2) if n not in numbers)
        raise node.fail("fields", f"field numbers must run 1..{len(numbers)}; {letter}{gap} is missing")

    paths: list[BoardPath] = []
    seen: set[frozenset[str]] = set()
    for i, raw in enumerate(node.list("paths")):
        where = f"{node.where}.paths[{i}]"
        if not isinstance(raw, list) or len(raw) not in (2, 3) or not all(isinstance(v, str) for v in raw):
            raise _fail(file, where, f"expected [a, b] or [a, b, kind], got {raw!r}")
        a, b = raw[0], raw[1]
        for code in (a, b):
            if code not in by_code:
                raise _fail(file, where, f"unknown field {code}")
        if a == b:
            raise _fail(file, where, f"path from {a} to itself")
        kind_s = raw[2] if len(raw) == 3 else PathKind.PATH.value
        if kind_s not in {k.value for k in PathKind}:
            raise _fail(file, where, f"unknown path kind {kind_s!r}")
        path_kind = PathKind(kind_s)
        pair = frozenset((a, b))
        if pair in seen:
            raise _fail(file, where, f"duplicate path {a}-{b}")
        seen.add(pair)
        if path_kind is not PathKind.PATH and PATH_KIND_ONLY_ON[path_kind] != letter:
            raise _fail(file, where, f"{path_kind} paths exist only on card {PATH_KIND_ONLY_ON[path_kind]}")
        _check_special_path(file, where, path_kind, by_code[a], by_code[b])
        paths.append(BoardPath(a=a, b=b, kind=path_kind))

    entries_raw = node.mapping("entries")
    entries: dict[Direction, str] = {}
    for key in entries_raw:
        if key not in {d.value for d in Direction}:
            raise _fail(file, f"{node.where}.entries.{key}", "unknown direction")
    for d in Direction:
        where = f"{node.where}.entries.{d.value}"
        entry = entries_raw.get(d.value)
        if entry is None:
            raise _fail(file, where, "missing (every card has a north, east, south and west entry)")
        if entry not in by_code:
            raise _fail(file, where, f"unknown field {entry}")
        code = entry
        f = by_code[code]
        if f.kind is not FieldKind.BEIGE:
            raise _fail(file, where, f"entry {code} must be an ordinary beige field, not {f.kind}")
        on_edge = {
            Direction.NORTH: f.y <= EDGE_LIMIT,
            Direction.SOUTH: f.y >= 100 - EDGE_LIMIT,
            Direction.WEST: f.x <= EDGE_LIMIT,
            Direction.EAST: f.x >= 100 - EDGE_LIMIT,
        }[d]
        if not on_edge:
            raise _fail(file, where, f"entry {code} at ({f.x:g}, {f.y:g}) is not on the {d.value} edge")
        if code in entries.values():
            raise _fail(file, where, f"{code} is already the entry of another edge")
        entries[d] = code
    authored = _authored(node, _names(Region) - {"authored", "authored_reason"})
    node.done()

    region = Region(
        letter=letter,
        name_de=name_de,
        name_en=name_en,
        terrain=terrain,
        set_aside=set_aside,
        fields=tuple(fields),
        paths=tuple(paths),
        entries=MappingProxyType(entries),
        **authored,
    )
    _check_card_rules(node, region)
    _check_connected(node, region)
    return region


def _check_special_path(file: str, where: str, kind: PathKind, fa: Field, fb: Field) -> None:
    if kind is PathKind.FERRY:
        if fa.kind is not FieldKind.WATER or fb.kind is not FieldKind.WATER:
            raise _fail(file, where, f"a ferry runs between two blue (water) points, not {fa.code}-{fb.code}")
    elif kind is PathKind.ISLAND:
        ends = {fa.code, fb.code}
        other = (ends - {"Y7"}).pop() if "Y7" in ends else None
        if other is None or other not in {"Y4", "Y5", "Y9"}:
            raise _fail(file, where, f"island paths join Y7 with Y4, Y5 or Y9, not {fa.code}-{fb.code}")
        if other == "Y5" and fa.code != "Y5":
            raise _fail(file, where, "the way out to the island is written [Y5, Y7]")
        if other in {"Y4", "Y9"} and fa.code != "Y7":
            raise _fail(file, where, f"the way back from the island is written [Y7, {other}]")
    elif kind is PathKind.CORRIDOR:
        if fa.kind is not FieldKind.LABYRINTH or fb.kind is not FieldKind.LABYRINTH:
            raise _fail(file, where, f"corridors join labyrinth fields, not {fa.code}-{fb.code}")
    elif kind is PathKind.ROPE:
        if (fa.code, fb.code) != ("V1", "V9"):
            raise _fail(file, where, f"the only rope path is [V1, V9], not {fa.code}-{fb.code}")


def _adjacency(region: Region, kinds: set[PathKind]) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = {f.code: set() for f in region.fields}
    for p in region.paths:
        if p.kind in kinds:
            adj[p.a].add(p.b)
            adj[p.b].add(p.a)
    return adj


def _reach(adj: dict[str, set[str]], start: str, blocked: AbstractSet[str] = frozenset()) -> set[str]:
    """Fields reachable from start; blocked fields may be entered but not passed through."""
    seen = {start}
    todo = deque([start])
    while todo:
        cur = todo.popleft()
        if cur in blocked and cur != start:
            continue
        for nxt in adj[cur]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _check_card_rules(node: _Node, r: Region) -> None:
    """Card-specific structure that the rulebook's special rules rely on."""
    letter = r.letter
    ordinary = _adjacency(r, {PathKind.PATH})
    kinds = {f.code: f.kind for f in r.fields}
    fail = node.fail

    if letter not in FEW_BEIGE_OK:
        beige = sum(1 for f in r.fields if f.kind is FieldKind.BEIGE)
        if beige < 4:
            raise fail(
                "fields", f"card {letter} needs at least 4 beige fields for face-down tokens, has {beige}"
            )

    if letter == "S":
        if ordinary["S1"] != {"S3", "S4", "S5", "S6"}:
            raise fail(
                "paths", f"S1 must be joined by paths to exactly S3, S4, S5, S6, not {sorted(ordinary['S1'])}"
            )
        if any("S2" in (p.a, p.b) for p in r.paths):
            raise fail("paths", "S2 (the dump) is reached only by the teleport roll: no path may touch it")
        for t in ("S3", "S4", "S5", "S6"):
            if not ordinary[t] - {"S1"}:
                raise fail("paths", f"teleporter {t} must be reachable on foot from the card's entries")
    if letter == "U":
        corners = {"U1", "U3", "U4", "U6"}
        used_entries: set[str] = set()
        for c in sorted(corners):
            outs = ordinary[c]
            if len(outs) != 1 or not outs <= set(r.entries.values()):
                raise fail(
                    "paths",
                    f"corner {c} must be joined by a path to exactly one entry field, has {sorted(outs)}",
                )
            used_entries |= outs
        if used_entries != set(r.entries.values()):
            raise fail("paths", "each of the four entries must lead to its own labyrinth corner")
        for c in ("U2", "U5"):
            if ordinary[c]:
                raise fail("paths", f"{c} lies inside the labyrinth: only corridors may lead to it")
        corridors = _adjacency(r, {PathKind.CORRIDOR})
        maze = {f"U{n}" for n in range(1, 7)}
        if _reach(corridors, "U1") & maze != maze:
            raise fail("paths", "the corridors must join all six labyrinth fields")
    if letter == "V":
        if ordinary["V9"] != {"V10"}:
            raise fail(
                "paths", f"the only ordinary path into V9 comes from V10, not {sorted(ordinary['V9'])}"
            )
        if not any(p.kind is PathKind.ROPE for p in r.paths):
            raise fail("paths", "the rope path [V1, V9] is missing")
        if not ordinary["V11"]:
            raise fail("paths", "V11 must be reachable (lost things are dropped there)")
    if letter == "H":
        guardians = {c for c, k in kinds.items() if k is FieldKind.GUARDIAN}
        if len(guardians) != 4:
            raise fail("fields", f"card H needs exactly 4 guardian (blue) fields, has {len(guardians)}")
        if ordinary["H3"] != guardians:
            raise fail(
                "paths",
                f"H3 may be joined only to the four guardian fields, is joined to {sorted(ordinary['H3'])}",
            )
        for g in sorted(guardians):
            others = ordinary[g] - {"H3"}
            if len(ordinary[g]) != 2 or len(others) != 1 or kinds[next(iter(others))] is FieldKind.GUARDIAN:
                raise fail("paths", f"guardian field {g} must join H3 and exactly one ordinary field")
    if letter == "Y":
        if ordinary["Y7"]:
            raise fail("paths", "no ordinary path leads to the island Y7")
        island = {(p.a, p.b) for p in r.paths if p.kind is PathKind.ISLAND}
        if island != {("Y5", "Y7"), ("Y7", "Y4"), ("Y7", "Y9")}:
            raise fail("paths", f"island paths must be [Y5, Y7], [Y7, Y4], [Y7, Y9], not {sorted(island)}")
    if letter == "L":
        ferries = [frozenset((p.a, p.b)) for p in r.paths if p.kind is PathKind.FERRY]
        if frozenset(("L2", "L4")) not in ferries:
            raise fail("paths", "the boat's ferry route [L2, L4, ferry] is missing")
        if len(ferries) != 2:
            raise fail("paths", f"the lake has exactly two ferry routes, not {len(ferries)}")
        for c, k in kinds.items():
            if k is FieldKind.WATER and not any(kinds[n] is not FieldKind.WATER for n in ordinary[c]):
                raise fail("paths", f"water point {c} must be joined by a path to the land")
    if letter == "N":
        if not {"N2", "N3", "N4"} <= ordinary["N5"]:
            raise fail("paths", "the temple N5 must lie next to N2, N3 and N4")


def _check_connected(node: _Node, r: Region) -> None:
    """Every field can be reached from every entry; entries reach each other on foot.

    walk graph: ordinary paths, plus the corridors on U (the labyrinth roll moves a hero
    among U1-U6 anyway). Only S2 and Y7 may lie outside it (reached by rules only); every
    field must be reachable in the graph of all paths except S2.
    Entries must reach each other in the walk graph without passing through a secret field,
    H3, a guardian field, S1 or V9.
    """
    letter = r.letter
    walk_kinds = {PathKind.PATH} | ({PathKind.CORRIDOR} if letter == "U" else set())
    walk = _adjacency(r, walk_kinds)
    every = _adjacency(r, set(PathKind))
    codes = {f.code for f in r.fields}
    blocked = {f.code for f in r.fields if f.kind in (FieldKind.SECRET, FieldKind.GUARDIAN, FieldKind.CITY)}
    blocked |= {c for c in ("H3", "V9") if c in codes}
    for d, entry in r.entries.items():
        missing = codes - _reach(every, entry) - (RULE_ONLY_FIELDS & {"S2"})
        if missing:
            raise node.fail(
                "paths", f"{', '.join(sorted(missing))} cannot be reached from the {d.value} entry {entry}"
            )
        missing = codes - _reach(walk, entry) - RULE_ONLY_FIELDS
        if missing:
            raise node.fail(
                "paths",
                f"{', '.join(sorted(missing))} cannot be reached on foot from the {d.value} entry {entry}",
            )
        others = set(r.entries.values()) - _reach(walk, entry, blocked)
        if others:
            raise node.fail(
                "paths",
                f"entry {entry} cannot reach entry {', '.join(sorted(others))} "
                "without crossing a secret field or a blocked field",
            )


def _check_required_fields(regions: dict[str, Region]) -> None:
    for code, want in REQUIRED_FIELDS.items():
        letter = code[0]
        where = f"regions[{letter}].fields[{code}]"
        try:
            f = regions[letter].field(code)
        except KeyError:
            raise _fail(REGIONS_FILE, where, "missing: the rulebook names this field") from None
        for attr, value in want.items():
            if getattr(f, attr) != value:
                raise _fail(
                    REGIONS_FILE, f"{where}.{attr}", f"the rulebook needs {value!s}, got {getattr(f, attr)!s}"
                )


def field_at(regions: dict[str, Region], code: str) -> Field | None:
    m = COORD.match(code) if isinstance(code, str) else None
    if not m or m.group(1) not in regions:
        return None
    try:
        return regions[m.group(1)].field(code)
    except KeyError:
        return None


# =============================================================================================
# Heroes
# =============================================================================================


def _parse_heroes(data: dict[str, Any]) -> dict[str, Hero]:
    file = HEROES_FILE
    heroes: dict[str, Hero] = {}
    for index, raw in enumerate(_top_list(file, data, "heroes", ["heroes"])):
        node = _Node(file, _label("heroes", index, raw, "key"), raw)
        key = node.str("key", pattern=IDENT)
        if key in heroes:
            raise node.fail("key", f"duplicate hero {key}")
        if key not in HERO_KEYS:
            raise node.fail("key", f"{key!r} is not one of the rulebook's heroes {sorted(HERO_KEYS)}")
        xp = node.list("xp_thresholds")
        if (
            len(xp) != 3
            or any(isinstance(v, bool) or not isinstance(v, int) or v < 1 for v in xp)
            or not xp[0] < xp[1] < xp[2]
        ):
            raise node.fail("xp_thresholds", f"expected three rising positive integers, got {xp!r}")
        hero = Hero(
            key=key,
            name_de=node.str("name_de"),
            name_en=node.str("name_en"),
            lp=node.int("lp", lo=1, hi=10),
            gold=node.int("gold", lo=0, hi=10),
            movement=node.int("movement", lo=1, hi=6),
            magic=node.int("magic", lo=1, hi=11),
            ranged=node.int("ranged", lo=1, hi=11),
            melee=node.int("melee", lo=1, hi=11),
            abilities=node.strlist("abilities", choices=ABILITIES),
            xp_thresholds=(xp[0], xp[1], xp[2]),
            item_slots=node.int("item_slots", lo=4, hi=5),
            ability_de=node.str("ability_de", required=False, default="", nonempty=False),
            ability_en=node.str("ability_en", required=False, default="", nonempty=False),
            **_authored(node, _names(Hero) - {"authored", "authored_reason"}),
        )
        node.done()
        heroes[key] = hero
    missing = sorted(HERO_KEYS - set(heroes))
    if missing:
        raise _fail(file, "heroes", f"hero {missing[0]} is missing (the rulebook has 16)")
    return heroes


# =============================================================================================
# Items
# =============================================================================================


def _skill_dict(
    node: _Node, key: str, lo: int, hi: int, allow_none: bool = False, required: bool = False
) -> dict[str, int | None]:
    raw = node.mapping(key, required=required)
    out: dict[str, int | None] = {}
    for skill, value in raw.items():
        where = f"{node.at(key)}.{skill}"
        if skill not in SKILLS:
            raise _fail(node.file, where, f"unknown skill (use {', '.join(SKILLS)})")
        if value is None and allow_none:
            out[skill] = None
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise _fail(node.file, where, f"expected an integer, got {_typename(value)}")
        if not lo <= value <= hi:
            raise _fail(node.file, where, f"{value} is outside {lo}..{hi}")
        out[skill] = value
    return out


def _skill_ints(node: _Node, key: str, lo: int, hi: int) -> dict[str, int]:
    """``_skill_dict`` without ``allow_none``: every value is a whole number."""
    return cast("dict[str, int]", _skill_dict(node, key, lo, hi))


def _parse_items(data: dict[str, Any]) -> dict[str, Item]:
    file = ITEMS_FILE
    items: dict[str, Item] = {}
    item_fields = _names(Item)
    for index, raw in enumerate(_top_list(file, data, "items", ["items"])):
        node = _Node(file, _label("items", index, raw, "key"), raw)
        key = node.str("key", pattern=IDENT)
        if key in items:
            raise node.fail("key", f"duplicate item {key}")
        source = node.str("source", choices=ITEM_SOURCES)
        price = node.int("price", required=False, default=None, lo=1, hi=20, nullable=True)
        if source in PRICED_SOURCES and price is None:
            raise node.fail("price", f"missing (an item from source {source} has a price)")
        if source not in PRICED_SOURCES and price is not None:
            raise node.fail(
                "price", f"only bazaar, city and encounter items have a price (source is {source})"
            )
        movement_set = node.int("movement_set", required=False, default=None, lo=1, hi=10, nullable=True)
        item = Item(
            key=key,
            name_de=node.str("name_de"),
            name_en=node.str("name_en"),
            slot_kind=node.str("slot_kind", choices=ITEM_SLOT_KINDS),
            category=node.str("category", choices=ITEM_CATEGORIES),
            skill_bonus=MappingProxyType(_skill_ints(node, "skill_bonus", 1, 3)),
            artificial_lp=node.int("artificial_lp", required=False, default=0, lo=0, hi=3),
            movement_bonus=node.int("movement_bonus", required=False, default=0, lo=-1, hi=3),
            movement_set=movement_set,
            movement_mode=node.str("movement_mode", required=False, default=None, choices=MOVEMENT_MODES),
            # The flags' names are the keys of effects/items and rules/spells EFFECTS, a higher layer than the
            # content: registry.unknown_effects checks them (the start-up check games.E002).
            flags=node.strlist("flags", required=False),
            source=source,
            price=price,
            description_de=node.str("description_de"),
            description_en=node.str("description_en"),
            heal_lp=node.int("heal_lp", required=False, default=0, lo=0, hi=6),
            gold=node.int("gold", required=False, default=0, lo=0, hi=10),
            **_authored(node, item_fields),
        )
        node.done()
        if item.category == "spell" and item.source != "city":
            raise node.fail("category", "spells come from the City of Mages (source city)")
        if item.slot_kind == "spell" and item.category != "spell":
            raise node.fail("slot_kind", "only spells take a spell slot")
        if item.category == "armour" and item.artificial_lp < 1:
            raise node.fail("artificial_lp", "armour gives artificial LP")
        items[key] = item
    return items


# =============================================================================================
# Tokens
# =============================================================================================


def _parse_quest(node: _Node, key: str) -> Quest:
    q = _Node(node.file, node.at(key), node.mapping(key))
    quest = Quest(
        type=q.int("type", lo=1, hi=6),
        target=q.str("target", pattern=COORD),
        needs=q.str("needs", required=False, default=None, pattern=IDENT),
        reward_gold=q.int("reward_gold", required=False, default=0, lo=0, hi=10),
        reward_xp=_xp(q, "reward_xp"),
        reward_item=q.str("reward_item", required=False, default=None, pattern=IDENT),
        needs_token=q.str("needs_token", required=False, default=None, pattern=IDENT),
        person=q.str("person", required=False, default=None, pattern=IDENT),
        reward_special=q.str("reward_special", required=False, default=None, choices=QUEST_SPECIALS),
        text_de=q.str("text_de"),
        text_en=q.str("text_en"),
    )
    q.done()
    return quest


def _parse_tokens(data: dict[str, Any]) -> tuple[dict[str, Token], dict[str, _Node]]:
    file = TOKENS_FILE
    tokens: dict[str, Token] = {}
    nodes: dict[str, _Node] = {}
    allowed_ours = _names(Token) | {f"quest.{n}" for n in _names(Quest)}
    for index, raw in enumerate(_top_list(file, data, "tokens", ["tokens"])):
        node = _Node(file, _label("tokens", index, raw, "id"), raw)
        tid = node.str("id", pattern=TOKEN_ID)
        if tid in tokens:
            raise node.fail("id", f"duplicate token id {tid}")
        category = TokenCategory(node.str("category", choices=[c.value for c in TokenCategory]))
        borders = node.strlist("border", choices=[b.value for b in Border])
        if not 1 <= len(borders) <= 2:
            raise node.fail("border", f"a token has one or two rim colours, got {len(borders)}")
        kind = TokenKind(node.str("kind", choices=[k.value for k in TokenKind]))
        token = Token(
            id=tid,
            category=category,
            border=tuple(Border(b) for b in borders),
            kind=kind,
            face=node.str("face", pattern=IDENT),
            name_de=node.str("name_de"),
            name_en=node.str("name_en"),
            target=node.str("target", required=False, default=None, pattern=COORD),
            skills=MappingProxyType(_skill_ints(node, "skills", -4, 0)),
            hearts=node.int("hearts", required=False, default=0, lo=0, hi=2),
            reward_gold=node.int("reward_gold", required=False, default=0, lo=0, hi=10),
            reward_xp=_xp(node, "reward_xp"),
            back=node.str("back", required=False, default=None, pattern=IDENT),
            back_gold=node.int("back_gold", required=False, default=0, lo=0, hi=10),
            price=node.int("price", required=False, default=None, lo=1, hi=20, nullable=True),
            quest=_parse_quest(node, "quest") if node.has("quest") else None,
            deed=node.str("deed", required=False, default=None, pattern=IDENT),
            weapon=node.str("weapon", required=False, default=None, choices=WEAPONS),
            scroll_symbol=node.bool("scroll_symbol", required=False, default=False),
            **_authored(node, allowed_ours),
            # Checked against the effect registries by registry.unknown_effects, as the flags are.
            effects=node.strlist("effects", required=False),
            grey_dot=node.bool("grey_dot", required=False, default=False),
            text_de=node.str("text_de", required=False, default=""),
            text_en=node.str("text_en", required=False, default=""),
        )
        node.done()
        node.where = f"tokens[{tid}]"
        tokens[tid] = token
        nodes[tid] = node
    counts = Counter(t.category for t in tokens.values())
    for cat, want in TOKEN_COUNTS.items():
        if counts[cat] != want:
            raise _fail(
                file,
                f"tokens.category={cat.value}",
                f"the rulebook has {want} {cat.value} tokens, found {counts[cat]}",
            )
    return tokens, nodes


def _check_token(node: _Node, t: Token, regions: dict[str, Region], items: dict[str, Item]) -> None:
    fail = node.fail
    cat, kind = t.category, t.kind
    # --- kind and border
    if kind not in CATEGORY_KINDS[cat]:
        raise fail("kind", f"a {cat.value} token cannot be of kind {kind.value}")
    borders = frozenset(t.border)
    allowed = FIXED_BORDERS.get(cat) or KIND_BORDERS.get((cat, kind), ())
    if borders not in allowed:
        want = " or ".join("/".join(sorted(b.value for b in s)) for s in allowed) or "none"
        raise fail(
            "border",
            f"a {cat.value} {kind.value} token has a {want} rim, not {'/'.join(b.value for b in t.border)}",
        )
    # --- target
    if cat in TARGETED:
        if t.target is None:
            raise fail("target", f"missing: {cat.value} tokens carry a printed coordinate")
        f = field_at(regions, t.target)
        if f is None:
            raise fail("target", f"{t.target} is not a field of the board")
        if cat is TokenCategory.GUARDIAN:
            if f.kind is not FieldKind.GUARDIAN:
                raise fail("target", f"a guardian lies on a blue guardian field of H, {t.target} is {f.kind}")
        else:
            ok = {FieldKind.BEIGE, FieldKind.SITE} | TARGET_KIND_EXCEPTIONS.get(t.face, set())
            if f.kind not in ok:
                raise fail("target", f"{t.target} is a {f.kind} field; {t.face} cannot lie there")
        if f.site in RESERVED_SITES and RESERVED_SITES[f.site] != t.face:
            raise fail("target", f"{t.target} ({f.site}) is reserved for {RESERVED_SITES[f.site]}")
        if f.site == "island":
            raise fail("target", "no token is printed for the island Y7")
    elif t.target is not None:
        raise fail("target", f"{cat.value} tokens have no printed coordinate")
    if t.face in REQUIRED_TARGETS and t.target != REQUIRED_TARGETS[t.face] and cat in TARGETED:
        raise fail("target", f"the rulebook puts {t.face} on {REQUIRED_TARGETS[t.face]}, not {t.target}")
    # --- fighting values
    if kind in FIGHTING_KINDS:
        if not t.skills:
            raise fail("skills", "a creature that is fought needs at least one coloured dot")
        if not 1 <= t.hearts <= 2:
            raise fail("hearts", f"a monster has 1 or 2 hearts, not {t.hearts}")
    elif t.hearts:
        raise fail("hearts", f"only creatures that are fought have hearts ({kind.value})")
    if t.grey_dot and (set(t.skills) != set(SKILLS) or len(set(t.skills.values())) != 1):
        raise fail("grey_dot", "a grey dot means any skill: give all three skills the same modifier")
    if cat is TokenCategory.GUARDIAN and dict(t.skills) != {s: -2 for s in SKILLS}:
        raise fail("skills", "the guardians have -2 on all skills")
    if t.face in REQUIRED_SKILL_ONLY and set(t.skills) != {REQUIRED_SKILL_ONLY[t.face]}:
        raise fail("skills", f"the {t.face} is met with a {REQUIRED_SKILL_ONLY[t.face]} probe only")
    # --- backs and prices
    if t.back is not None and t.back not in items:
        raise fail("back", f"unknown item {t.back}")
    if t.face in REQUIRED_BACKS and t.back != REQUIRED_BACKS[t.face] and cat is not TokenCategory.FACE_DOWN:
        raise fail(
            "back", f"the rulebook puts {REQUIRED_BACKS[t.face]} on the back of {t.face}, not {t.back}"
        )
    if cat in (TokenCategory.BAZAAR, TokenCategory.CITY):
        item = items.get(t.face)
        if item is None:
            raise fail("face", f"unknown item {t.face}")
        if item.source != cat.value:
            raise fail("face", f"{t.face} is a {item.source} item, not a {cat.value} one")
        if t.price is None:
            raise fail("price", "missing: bazaar and city tokens have a printed price")
        if t.price != item.price:
            raise fail("price", f"{t.price} differs from the price of item {t.face} ({item.price})")
        if (kind is TokenKind.SPELL) != (item.category == "spell"):
            raise fail("kind", f"kind must be {'spell' if item.category == 'spell' else 'item'} for {t.face}")
    elif t.price is not None:
        raise fail("price", "only bazaar and city tokens have a price")
    if kind in (TokenKind.ITEM, TokenKind.SPELL) and cat not in (TokenCategory.BAZAAR, TokenCategory.CITY):
        item = items.get(t.face)
        if item is None:
            raise fail("face", f"unknown item {t.face}")
        want_source = {
            TokenCategory.FACE_DOWN: "face_down",
            TokenCategory.QUEST_ITEM: "quest",
            TokenCategory.DEED_PART: "deed",
        }.get(cat)
        if want_source and item.source != want_source:
            raise fail("face", f"item {t.face} has source {item.source}, expected {want_source}")
        if t.skills and "probe_gated" not in item.flags:
            raise fail(
                "skills",
                f"a dot on an item token is a pick-up probe: item {t.face} needs the flag probe_gated",
            )
    if cat is TokenCategory.QUEST_ITEM and t.back is None:
        raise fail("back", "a quest item carries its reward on the back")
    # --- quest / deed / weapon
    if (kind is TokenKind.QUEST) != (t.quest is not None):
        raise fail("quest", "quest tokens (and only they) carry a quest")
    if (cat is TokenCategory.DEED_PART) != (t.deed is not None):
        raise fail("deed", "deed-part tokens (and only they) name their deed")
    if (cat is TokenCategory.WEAPON_PART) != (t.weapon is not None):
        raise fail("weapon", "magic-weapon parts (and only they) name their weapon")
    if t.scroll_symbol and cat is not TokenCategory.WEAPON_PART:
        raise fail("scroll_symbol", "only the three scroll guardians show the scroll symbol")
    if cat is TokenCategory.WEAPON_PART:
        guardian, material, magister = WEAPONS[cast(str, t.weapon)]  # a weapon part names its weapon (above)
        if t.face not in (guardian, material, magister):
            raise fail(
                "face", f"the {t.weapon} is made from {guardian}, {material} and {magister}, not {t.face}"
            )
        if t.scroll_symbol != (t.face == guardian):
            raise fail("scroll_symbol", f"the scroll symbol marks {guardian} only")
        if (Border.VIOLET in t.border) == (t.face == guardian):
            raise fail(
                "border",
                "the scroll guardian is seen by everyone (no violet); material and magister "
                "are seen by the scroll's owner only (violet)",
            )
    for name in t.authored:
        if name.startswith("quest.") and t.quest is None:
            raise fail("authored", f"{name}: the token has no quest")


def _check_quest(
    node: _Node, t: Token, tokens: dict[str, Token], items: dict[str, Item], regions: dict[str, Region]
) -> None:
    q = t.quest
    assert q is not None
    where = "quest"

    def fail(key: str, what: str) -> ContentError:
        return node.fail(f"{where}.{key}", what)

    if field_at(regions, q.target) is None:
        raise fail("target", f"{q.target} is not a field of the board")
    by_face: dict[str, list[Token]] = {}
    for other in tokens.values():
        by_face.setdefault(other.face, []).append(other)

    def person_token(face: str, key: str) -> Token:
        found = [o for o in by_face.get(face, []) if o.category is TokenCategory.ENCOUNTER]
        if len(found) != 1:
            raise fail(key, f"{face} must be exactly one open encounter token (underlined person)")
        return found[0]

    needs_person = q.type in (2, 4, 6)
    if needs_person != (q.person is not None):
        raise fail("person", f"quest type {q.type} {'needs' if needs_person else 'has no'} underlined person")
    if needs_person:
        p = person_token(cast(str, q.person), "person")  # needs_person: the quest names one (above)
        if q.target != p.target:
            raise fail("target", f"must be {p.target}, the coordinate printed on {q.person}")
    if (q.type in (5, 6)) != (q.reward_item is not None):
        raise fail(
            "reward_item", f"quest type {q.type} {'needs' if q.type in (5, 6) else 'has no'} reward item"
        )
    if q.reward_item is not None and q.reward_item not in items:
        raise fail("reward_item", f"unknown item {q.reward_item}")
    if q.type == 1:
        if q.needs is not None or q.needs_token is not None:
            raise fail("needs", "a type 1 quest (visit / escort) needs nothing from the bag")
    elif q.type == 2:
        if q.needs != q.person or q.needs_token != q.person:
            raise fail("needs", "a type 2 quest needs the person itself (needs = needs_token = person)")
    elif q.type in (3, 4):
        item = items.get(q.needs) if q.needs else None
        if item is None:
            raise fail("needs", f"a type {q.type} quest needs an item to buy, got {q.needs!r}")
        if item.source not in PRICED_SOURCES:
            raise fail("needs", f"{q.needs} cannot be bought (source {item.source})")
        if q.type == 3 and q.needs_token is not None:
            raise fail("needs_token", "a type 3 quest has nothing underlined")
        if q.type == 4 and q.needs_token != q.person:
            raise fail("needs_token", "the underlined token of a type 4 quest is the person")
    else:  # 5, 6
        if q.needs is None or q.needs_token != q.needs:
            raise fail("needs_token", "the underlined token is the quest item (needs_token = needs)")
        carriers = [o for o in by_face.get(q.needs, []) if o.category is TokenCategory.QUEST_ITEM]
        if len(carriers) != 1:
            raise fail("needs", f"{q.needs} must be exactly one quest-item token")
        if carriers[0].back != q.reward_item:
            raise fail("reward_item", f"must be {carriers[0].back}, the back of {carriers[0].id}")
        if q.type == 5 and q.person is not None:
            raise fail("person", "a type 5 quest brings the item to a place")


def _check_tokens(
    tokens: dict[str, Token], nodes: dict[str, _Node], regions: dict[str, Region], items: dict[str, Item]
) -> None:
    file = TOKENS_FILE
    for tid, t in tokens.items():
        _check_token(nodes[tid], t, regions, items)
    for tid, t in tokens.items():
        if t.quest is not None:
            _check_quest(nodes[tid], t, tokens, items, regions)
    # two open tokens never share a printed coordinate
    seen: dict[str, str] = {}
    for tid, t in tokens.items():
        if t.target is not None:
            if t.target in seen:
                raise nodes[tid].fail("target", f"{t.target} is already the target of {seen[t.target]}")
            seen[t.target] = tid
    faces = {t.face for t in tokens.values()}
    missing = sorted(REQUIRED_FACES - faces)
    if missing:
        raise _fail(file, "tokens", f"no token shows {missing[0]} (the rulebook's glossary names it)")
    de = Counter(t.face for t in tokens.values() if t.category is TokenCategory.DRAGON_EVENT)
    if de != DRAGON_EVENT_FACES:
        raise _fail(
            file, "tokens.category=dragon_event", f"expected {dict(DRAGON_EVENT_FACES)}, got {dict(de)}"
        )
    ev = Counter(t.face for t in tokens.values() if t.category is TokenCategory.OPEN_EVENT)
    if ev != OPEN_EVENT_FACES:
        raise _fail(file, "tokens.category=open_event", f"expected {dict(OPEN_EVENT_FACES)}, got {dict(ev)}")
    for weapon, trio in WEAPONS.items():
        got = sorted(t.face for t in tokens.values() if t.weapon == weapon)
        if got != sorted(trio):
            raise _fail(file, f"tokens.weapon={weapon}", f"expected exactly {sorted(trio)}, got {got}")
    quest_types = {t.quest.type for t in tokens.values() if t.quest is not None}
    if quest_types != set(range(1, 7)):
        raise _fail(
            file,
            "tokens.quest.type",
            f"all six quest types must occur, missing {sorted(set(range(1, 7)) - quest_types)}",
        )
    needed = Counter(t.quest.needs_token for t in tokens.values() if t.quest and t.quest.type in (5, 6))
    for t in tokens.values():
        if t.category is TokenCategory.QUEST_ITEM and needed[t.face] != 1:
            raise _fail(
                file, f"tokens[{t.id}]", f"exactly one quest must ask for {t.face}, found {needed[t.face]}"
            )
    # every item of the bazaar / the city is on at least one token
    for item in items.values():
        if item.source in ("bazaar", "city"):
            cat = TokenCategory(item.source)
            if not any(t.category is cat and t.face == item.key for t in tokens.values()):
                raise _fail(ITEMS_FILE, f"items[{item.key}]", f"no {item.source} token sells it")
        if item.source in ("reward", "face_down", "quest", "encounter"):
            used = any(t.face == item.key or t.back == item.key for t in tokens.values()) or any(
                t.quest is not None and t.quest.reward_item == item.key for t in tokens.values()
            )
            if not used:
                raise _fail(
                    ITEMS_FILE, f"items[{item.key}]", f"no token shows or rewards this {item.source} item"
                )


# =============================================================================================
# Deeds
# =============================================================================================


def _parse_deeds(
    data: dict[str, Any], tokens: dict[str, Token], items: dict[str, Item], regions: dict[str, Region]
) -> dict[str, Deed]:
    file = DEEDS_FILE
    deeds: dict[str, Deed] = {}
    used_tokens: dict[str, str] = {}
    deed_names = _names(Deed)
    for index, raw in enumerate(_top_list(file, data, "deeds", ["deeds"])):
        node = _Node(file, _label("deeds", index, raw, "key"), raw)
        key = node.str("key", pattern=IDENT)
        if key in deeds:
            raise node.fail("key", f"duplicate deed {key}")
        parts_raw = node.list("parts")
        if len(parts_raw) != 3:
            raise node.fail("parts", f"a deed has 3 parts, not {len(parts_raw)}")
        parts: list[DeedPart] = []
        for i, praw in enumerate(parts_raw):
            p = _Node(file, f"{node.where}.parts[{i}]", praw)
            number = p.int("number", lo=1, hi=3)
            if number != i + 1:
                raise p.fail("number", f"parts are numbered 1, 2, 3 in order; expected {i + 1}")
            action = p.str("action", choices=("fight", "encounter", "deliver"))
            tok_ids = p.strlist("tokens", required=True)
            target = p.str("target")
            needs = p.strlist("needs", required=False)
            gives = p.str("gives", pattern=IDENT)
            part = DeedPart(
                number=number,
                action=action,
                tokens=tok_ids,
                target=target,
                needs=needs,
                gives=gives,
                text_de=p.str("text_de"),
                text_en=p.str("text_en"),
            )
            p.done()
            for j, tid in enumerate(tok_ids):
                t = tokens.get(tid)
                if t is None:
                    raise _fail(file, f"{p.at('tokens')}[{j}]", f"unknown token {tid}")
                if t.category is not TokenCategory.DEED_PART or t.deed != key:
                    raise _fail(file, f"{p.at('tokens')}[{j}]", f"{tid} is not a deed-part token of {key}")
                if tid in used_tokens:
                    raise _fail(
                        file, f"{p.at('tokens')}[{j}]", f"{tid} is already used by {used_tokens[tid]}"
                    )
                used_tokens[tid] = f"{key} part {number}"
            for j, need in enumerate(needs):
                if need not in items:
                    raise _fail(file, f"{p.at('needs')}[{j}]", f"unknown item {need}")
            if gives not in items:
                raise p.fail("gives", f"unknown item {gives}")
            first = tokens[tok_ids[0]] if tok_ids else None
            if number == 1:
                if action not in ("fight", "encounter") or first is None:
                    raise p.fail("action", "part 1 is a fight or an encounter with a token")
                want_kind = TokenKind.MONSTER if action == "fight" else TokenKind.ENCOUNTER
                if first.kind is not want_kind:
                    raise p.fail("tokens", f"{first.id} must be a {want_kind.value} token for a {action}")
            else:
                if action != "deliver":
                    raise p.fail("action", f"part {number} delivers an item")
                if parts[-1].gives not in needs:
                    raise p.fail(
                        "needs", f"part {number} must carry {parts[-1].gives}, won in part {number - 1}"
                    )
            if target == "manor":
                if number != 3:
                    raise p.fail("target", "only the last part may lead to the manor")
                if first is not None:
                    raise p.fail("tokens", "the manor needs no token")
            else:
                if field_at(regions, target) is None:
                    raise p.fail("target", f'{target} is not a field of the board (or "manor")')
                if first is not None and first.target != target:
                    raise p.fail("target", f"must be {first.target}, printed on {first.id}")
                if first is None and number == 1:
                    raise p.fail("tokens", "part 1 needs its token")
            if number < 3:
                if first is None or first.back != gives:
                    raise p.fail(
                        "gives", f"must be the item on the back of {tok_ids[0] if tok_ids else 'its token'}"
                    )
            elif gives != "edelstein":
                raise p.fail("gives", "a fulfilled deed gives the Edelstein")
            for tid in tok_ids[1:]:
                extra = tokens[tid]
                if extra.kind is TokenKind.ITEM and extra.face not in needs:
                    raise p.fail("needs", f"{tid} ({extra.face}) is part of this step: list it in needs")
            parts.append(part)
        deed = Deed(
            key=key,
            name_de=node.str("name_de"),
            name_en=node.str("name_en"),
            parts=(parts[0], parts[1], parts[2]),
            description_de=node.str("description_de", required=False, default=""),
            description_en=node.str("description_en", required=False, default=""),
            **_authored(node, deed_names),
        )
        node.done()
        deeds[key] = deed
    if len(deeds) != DEED_COUNT:
        raise _fail(file, "deeds", f"expected {DEED_COUNT} deeds, found {len(deeds)}")
    missing = sorted(NAMED_DEEDS - set(deeds))
    if missing:
        raise _fail(file, "deeds", f"the rulebook's deed {missing[0]} is missing")
    for t in tokens.values():
        if t.category is TokenCategory.DEED_PART:
            if t.deed not in deeds:
                raise _fail(TOKENS_FILE, f"tokens[{t.id}].deed", f"unknown deed {t.deed}")
            if t.id not in used_tokens:
                raise _fail(TOKENS_FILE, f"tokens[{t.id}].deed", f"no part of {t.deed} uses this token")
    return deeds


# =============================================================================================
# Boss cards
# =============================================================================================


def _parse_boss(node: _Node, kind: str, items: dict[str, Item]) -> BossCard:
    skills = _skill_dict(node, "skills", -4, 0, allow_none=True, required=True)
    if set(skills) != set(SKILLS):
        raise node.fail("skills", f"a boss card gives all three skills ({', '.join(SKILLS)})")
    weapon = node.str("weapon", required=False, default=None, pattern=IDENT)
    stars = [s for s, v in skills.items() if v is None]
    if weapon is not None:
        item = items.get(weapon)
        if item is None:
            raise node.fail("weapon", f"unknown item {weapon}")
        if len(stars) != 1 or stars[0] not in item.skill_bonus:
            raise node.fail(
                "skills", f"the star must be on the skill {weapon} improves ({sorted(item.skill_bonus)})"
            )
    elif stars:
        raise node.fail("skills", f"a star ({stars[0]}) needs a weapon that breaks it")
    prot = []
    for i, pair in enumerate(node.list("protections", required=False)):
        where = f"{node.at('protections')}[{i}]"
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, str) for v in pair)):
            raise _fail(node.file, where, f"expected [item, effect], got {pair!r}")
        if pair[0] not in items:
            raise _fail(node.file, where, f"unknown item {pair[0]}")
        prot.append((pair[0], pair[1]))
    double = node.strlist("double_damage", required=False, choices=SKILLS)
    if double and not prot:
        raise node.fail("protections", "double damage needs the item that prevents it")
    card = BossCard(
        key=node.str("key", pattern=IDENT),
        kind=kind,
        name_de=node.str("name_de"),
        name_en=node.str("name_en"),
        lp=node.int("lp", lo=1, hi=15),
        skills=MappingProxyType(skills),
        weapon=weapon,
        protections=tuple(prot),
        hoard_gold=node.int(
            "hoard_gold",
            required=kind == "dragon",
            default=0,
            lo=0,
            hi=10 if kind == "dragon" else 0,
        ),
        double_damage=double,
        **_authored(node, _names(BossCard)),
    )
    node.done()
    return card


def _parse_bosses(data: dict[str, Any], items: dict[str, Item]) -> tuple[dict[str, BossCard], dict[str, BossCard]]:
    file = BOSSES_FILE
    out: dict[str, dict[str, BossCard]] = {}
    for section, kind in (("namenlose", "namenloser"), ("dragons", "dragon")):
        cards: dict[str, BossCard] = {}
        for index, raw in enumerate(_top_list(file, data, section, ["namenlose", "dragons"])):
            node = _Node(file, _label(section, index, raw, "key"), raw)
            card = _parse_boss(node, kind, items)
            if card.key in cards:
                raise node.fail("key", f"duplicate card {card.key}")
            cards[card.key] = card
        out[section] = cards
    namenlose, dragons = out["namenlose"], out["dragons"]
    names = {c.name_de: c for c in namenlose.values()}
    for name, want in NAMENLOSE.items():
        named = names.get(name)
        if named is None:
            raise _fail(file, "namenlose", f"the Namenloser card {name!r} is missing")
        if named.weapon != want.get("weapon"):
            raise _fail(file, f"namenlose[{named.key}].weapon", f"the rulebook gives {want.get('weapon')}")
        if {p[0] for p in named.protections} != want.get("protections", set()):
            raise _fail(
                file,
                f"namenlose[{named.key}].protections",
                f"the rulebook gives {sorted(want.get('protections', set()))}",
            )
    if len(namenlose) != len(NAMENLOSE):
        extra = sorted(set(names) - set(NAMENLOSE))
        raise _fail(file, "namenlose", f"unexpected card {extra[0] if extra else '?'}")
    if not DRAGON_CARDS[0] <= len(dragons) <= DRAGON_CARDS[1]:
        raise _fail(
            file,
            "dragons",
            f"expected {DRAGON_CARDS[0]}-{DRAGON_CARDS[1]} dragon cards, found {len(dragons)}",
        )
    for card in dragons.values():
        if any(v is None for v in card.skills.values()):
            raise _fail(
                file,
                f"dragons[{card.key}].skills",
                "a dragon has no star: the magic weapon decides the skill",
            )
    return namenlose, dragons


# =============================================================================================
# Entry point
# =============================================================================================


def build_content(directory: Path | str) -> Content:
    """Read, parse and validate all content files in ``directory``."""
    directory = Path(directory)
    raw = {name: _read(directory, name) for name in FILES}
    regions = _parse_regions(raw[REGIONS_FILE])
    heroes = _parse_heroes(raw[HEROES_FILE])
    items = _parse_items(raw[ITEMS_FILE])
    tokens, nodes = _parse_tokens(raw[TOKENS_FILE])
    _check_tokens(tokens, nodes, regions, items)
    deeds = _parse_deeds(raw[DEEDS_FILE], tokens, items, regions)
    namenlose, dragons = _parse_bosses(raw[BOSSES_FILE], items)
    _check_authored(regions, heroes, tokens, items, {**namenlose, **dragons})
    versions = {str(raw[name]["version"]) for name in FILES}
    return Content(
        version=versions.pop(),
        regions=MappingProxyType(regions),
        heroes=MappingProxyType(heroes),
        tokens=MappingProxyType(tokens),
        items=MappingProxyType(items),
        deeds=MappingProxyType(deeds),
        namenlose_cards=MappingProxyType(namenlose),
        dragon_cards=MappingProxyType(dragons),
    )


def walk_graph(region: Region, kinds: Iterable[PathKind]) -> dict[str, set[str]]:
    """Undirected adjacency of a card restricted to the given path kinds (for tools and tests)."""
    return _adjacency(region, set(kinds))
