"""The content files as a declarative schema: which records each YAML file holds, their keys, types and
allowed values, and how a record becomes a dataclass of :mod:`.model`.

Every problem raises :class:`ContentError` with the message ``"{file}: {where}: {what}"``, e.g.
``"tokens.yaml: tokens[fd-06].effects[0]: unknown effect 'heal_d7' (known: ...)"``; the first problem wins.

The schema says what one record may look like, on its own: required and optional keys, no unknown
keys, types, ranges, allowed names, and the few rules between the keys of one record (a secret field
has a colour and a target; only priced sources have a price). Whatever needs more than one record —
references between files, the walkability of a card, deed parts, boss cards, the authored marker —
lives in :mod:`.integrity`; :mod:`.load` puts the two together. Whether the content matches the
printed rulebook (hero values, token counts, coordinates ...) is checked by the tests that name the
rule (tests/engine/test_content_rulebook.py), not here: the loader accepts any content that the engine
can play.

Nothing here imports Django.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from dataclasses import fields as dc_fields
from enum import Enum, StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from .model import (
    SKILLS,
    XP_COLOURS,
    Border,
    BossCard,
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

__all__ = ["FILES", "SCHEMA", "VERSION", "At", "ContentError", "FileSpec", "Key", "Record", "Section", "read_file"]

VERSION = "1"

REGIONS_FILE = "regions.yaml"
HEROES_FILE = "heroes.yaml"
TOKENS_FILE = "tokens.yaml"
ITEMS_FILE = "items.yaml"
DEEDS_FILE = "deeds.yaml"
BOSSES_FILE = "bosses.yaml"
FILES = (REGIONS_FILE, HEROES_FILE, TOKENS_FILE, ITEMS_FILE, DEEDS_FILE, BOSSES_FILE)


class ContentError(ValueError):
    """A content file is missing, malformed or inconsistent."""


# =============================================================================================
# Allowed names
# =============================================================================================

LETTERS = tuple(c for c in "ABCDEFGHIJKLMNOPRSTUVWXYZ")  # no Q
TERRAINS = frozenset({"plain", "forest", "mountain", "desert", "lake", "city", "swamp", "hills", "special"})
WEAPON_NAMES = frozenset({"axe", "bow", "lyre"})  # the three magic weapons (weapon parts name one)
PART_ACTIONS = frozenset({"fight", "encounter", "deliver"})

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

EFFECTS = frozenset(
    {
        # monsters
        "xp_instead_of_lp",
        "basilisk",
        "doppelgaenger",
        "spider",
        "shadow",
        "ork_companion",
        # weapon parts
        "magister",
        # encounters
        "bazaar_small",
        "bazaar_large",
        "boat",
        "dump_bonus",
        "island_ferry",
        "white_village_open",
        "train_magic",
        "train_ranged",
        "train_melee",
        "train_any",
        "heal_confused",
        "sell_coach",
        "teleport",
        "heal_d6",
        "heal_herbwoman",
        "beggar",
        "juggler",
        "seer",
        "swap_regions",
        "peek_boss",
        # events
        "contest",
        "storm",
        "dragon_fear",
        "dragon_attack",
        "bazaar_burns",
        "dragon_robbery",
    }
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
ITEM_FLAGS = frozenset(
    {
        "amulet_secret_paths",
        "labyrinth_map",
        "rope",
        "desert_protection",
        "magic_staff_boat",
        "camel_roll",
        "coach_no_red",
        "one_shot",
        "probe_gated",
        "usable_in_movement",
        "heal_split",
        "heal_all",
        "raise_max_lp",
        "lightning",
        "dice_4",
        "dice_5",
        "choose_token",
        "invisibility",
        "peek_face_down",
        "value_9_ranged",
        "value_9_melee",
        "value_9_magic",
        "gold_purse",
        "gem",
        "boots",
        "dragon_weapon_melee",
        "dragon_weapon_ranged",
        "dragon_weapon_magic",
    }
)

IDENT = re.compile(r"^[a-z][a-z0-9_]*$")
TOKEN_ID = re.compile(r"^[a-z][a-z0-9-]*$")
COORD = re.compile(r"^([A-Z])([1-9][0-9]*)$")


# =============================================================================================
# The schema's vocabulary
# =============================================================================================


class Problem(Exception):
    """A problem at ``key`` (a path relative to the record being read); the reader adds file and place."""

    def __init__(self, key: str | None, what: str) -> None:
        super().__init__(what)
        self.key = key
        self.what = what


def fail(file: str, where: str, what: str) -> ContentError:
    return ContentError(f"{file}: {where}: {what}")


class At:
    """A place in a file, to name in a message: ``At(file, "tokens[x]").fail("back", ...)``."""

    def __init__(self, file: str, where: str) -> None:
        self.file = file
        self.where = where

    def fail(self, key: str | None, what: str) -> ContentError:
        return fail(self.file, f"{self.where}.{key}" if key else self.where, what)


class Kind(Enum):
    """What a key's value is; the reader knows how to check and convert each."""

    STR = "str"            # a non-empty string (``nonempty=False``: may be blank)
    INT = "int"            # a whole number, not a bool
    NUM = "num"            # int or float, returned as float
    BOOL = "bool"
    STRS = "strs"          # a list of distinct strings -> tuple
    INTS = "ints"          # a list of whole numbers -> tuple
    SKILLS = "skills"      # {magic|ranged|melee: int} (``nullable``: a value may be null, a boss's star)
    XP = "xp"              # experience dice: up to 3 lists of colours -> tuple of tuples
    RECORD = "record"      # a nested mapping read with ``record``
    RECORDS = "records"    # a list of mappings, each read with ``record`` -> tuple
    PAIRS = "pairs"        # a list of [name, name] -> tuple of tuples
    PATHS = "paths"        # a card's paths: [a, b] or [a, b, kind] -> tuple of model.Path
    AUTHORED = "authored"  # the marker {values: [...], reason: ...} -> authored, authored_reason
    RETIRED = "retired"    # a key that is no longer allowed; ``hint`` says what replaced it


Label = Callable[[Mapping[str, Any], Any], "str | None"]
Check = Callable[[Mapping[str, Any]], None]


@dataclass(frozen=True)
class Key:
    """One key of a record: its kind, whether it is required, and what values it allows."""

    name: str
    kind: Kind
    required: bool = True
    default: Any = None
    choices: frozenset[str] | None = None     # allowed strings (STR, STRS)
    enum: type[StrEnum] | None = None          # allowed values and the type they become (STR, STRS)
    pattern: re.Pattern[str] | None = None     # STR
    lo: float | None = None                    # INT, NUM, SKILLS, INTS
    hi: float | None = None
    nonempty: bool = True                      # STR
    nullable: bool = False                     # SKILLS: a null value is allowed (a boss card's star)
    record: Record | None = None               # RECORD, RECORDS
    label: Label | None = None                 # RECORDS: names an entry in messages (else its index)
    hint: str = ""                             # STR with choices: "is not {hint}"; RETIRED: the message
    noun: str = ""                             # STR, STRS with choices: "unknown {noun} 'x' (known: ...)"

    def allowed(self) -> frozenset[str] | None:
        if self.enum is not None:
            return frozenset(e.value for e in self.enum)
        return self.choices


@dataclass(frozen=True)
class Record:
    """One kind of record: its keys, the rules between them, and the dataclass it becomes.

    ``checks`` see the record's values (after each key was read) and raise :class:`Problem`;
    ``build(values, parent)`` makes the model object (``parent``: the values of the enclosing record).
    """

    name: str
    keys: tuple[Key, ...]
    build: Callable[[dict[str, Any], Mapping[str, Any]], Any]
    checks: tuple[Check, ...] = ()


@dataclass(frozen=True)
class Section:
    """A top-level list of a file: its key, its record, and the key that names and identifies entries."""

    key: str
    record: Record
    ident: str
    noun: str  # for "duplicate {noun} {value}"


@dataclass(frozen=True)
class FileSpec:
    name: str
    sections: tuple[Section, ...]


def _typename(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def attributes(cls: type, *extra: str) -> frozenset[str]:
    """The attributes of a model dataclass an authored marker may name."""
    return frozenset({f.name for f in dc_fields(cls)} | set(extra)) - {"authored", "authored_reason"}


def dataclass_of(cls: Callable[..., Any]) -> Callable[[dict[str, Any], Mapping[str, Any]], Any]:
    """The usual ``build``: the record's keys are the dataclass's fields."""
    return lambda values, parent: cls(**values)


# =============================================================================================
# The reader
# =============================================================================================


def _string(key: Key, value: Any, at: str) -> Any:
    if not isinstance(value, str):
        raise Problem(at, f"expected a string, got {_typename(value)}")
    if key.nonempty and not value.strip():
        raise Problem(at, "must not be empty")
    allowed = key.allowed()
    if allowed is not None and value not in allowed:
        if key.hint:
            raise Problem(at, f"{value!r} is not {key.hint}")
        if key.noun:
            raise Problem(at, f"unknown {key.noun} {value!r} (known: {', '.join(sorted(allowed))})")
        raise Problem(at, f"{value!r} is not one of {sorted(allowed)}")
    if key.pattern is not None and not key.pattern.match(value):
        raise Problem(at, f"{value!r} does not match {key.pattern.pattern}")
    return key.enum(value) if key.enum is not None else value


def _integer(key: Key, value: Any, at: str) -> int:
    if not _is_int(value):
        raise Problem(at, f"expected an integer, got {_typename(value)}")
    if key.lo is not None and value < key.lo:
        raise Problem(at, f"{value} is below {key.lo:g}")
    if key.hi is not None and value > key.hi:
        raise Problem(at, f"{value} is above {key.hi:g}")
    return int(value)


def _list(key: Key, value: Any) -> list[Any]:
    if value is None and not key.required:
        return []
    if not isinstance(value, list):
        raise Problem(key.name, f"expected a list, got {_typename(value)}")
    return value


def _strings(key: Key, value: Any) -> tuple[Any, ...]:
    seen: set[str] = set()
    out = []
    for i, v in enumerate(_list(key, value)):
        at = f"{key.name}[{i}]"
        if not isinstance(v, str) or not v:
            raise Problem(at, f"expected a string, got {_typename(v)}")
        if v in seen:
            raise Problem(at, f"duplicate {v!r}")
        seen.add(v)
        out.append(_string(key, v, at))
    return tuple(out)


def _skills(key: Key, value: Any) -> Mapping[str, int | None]:
    if value is None and not key.required:
        value = {}
    if not isinstance(value, dict):
        raise Problem(key.name, f"expected a mapping, got {_typename(value)}")
    out: dict[str, int | None] = {}
    for skill, v in value.items():
        at = f"{key.name}.{skill}"
        if skill not in SKILLS:
            raise Problem(at, f"unknown skill (use {', '.join(SKILLS)})")
        if v is None and key.nullable:
            out[skill] = None
            continue
        if not _is_int(v):
            raise Problem(at, f"expected an integer, got {_typename(v)}")
        if not (key.lo or 0) <= v <= (key.hi or 0):
            raise Problem(at, f"{v} is outside {key.lo:g}..{key.hi:g}")
        out[skill] = v
    return MappingProxyType(out)


def _xp(key: Key, value: Any) -> tuple[tuple[str, ...], ...]:
    dice = _list(key, value)
    if len(dice) > 3:
        raise Problem(key.name, f"at most 3 experience dice, got {len(dice)}")
    out = []
    for i, die in enumerate(dice):
        at = f"{key.name}[{i}]"
        if not isinstance(die, list) or not die:
            raise Problem(at, "expected a non-empty list of colours")
        for c in die:
            if c not in XP_COLOURS:
                raise Problem(at, f"{c!r} is not one of {list(XP_COLOURS)}")
        if len(set(die)) != len(die):
            raise Problem(at, "duplicate colour")
        out.append(tuple(die))
    return tuple(out)


def _pairs(key: Key, value: Any) -> tuple[tuple[str, str], ...]:
    out = []
    for i, pair in enumerate(_list(key, value)):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, str) for v in pair)):
            raise Problem(f"{key.name}[{i}]", f"expected [item, effect], got {pair!r}")
        out.append((pair[0], pair[1]))
    return tuple(out)


def _paths(key: Key, value: Any) -> tuple[BoardPath, ...]:
    kinds = {k.value for k in PathKind}
    out = []
    for i, raw in enumerate(_list(key, value)):
        at = f"{key.name}[{i}]"
        if not isinstance(raw, list) or len(raw) not in (2, 3) or not all(isinstance(v, str) for v in raw):
            raise Problem(at, f"expected [a, b] or [a, b, kind], got {raw!r}")
        kind = raw[2] if len(raw) == 3 else PathKind.PATH.value
        if kind not in kinds:
            raise Problem(at, f"unknown path kind {kind!r}")
        out.append(BoardPath(a=raw[0], b=raw[1], kind=PathKind(kind)))
    return tuple(out)


def _authored(key: Key, value: Any, file: str, where: str) -> tuple[tuple[str, ...], str]:
    values = read(AUTHORED_BLOCK, file, f"{where}.{key.name}", value)
    names: tuple[str, ...] = values["values"]
    allowed = key.choices or frozenset()
    for i, name in enumerate(names):
        if name not in allowed:
            raise Problem(f"{key.name}.values[{i}]", f"{name!r} is not one of {sorted(allowed)}")
    return names, values["reason"]


def _value(key: Key, raw: Mapping[str, Any], values: Mapping[str, Any], file: str, where: str) -> Any:
    """The value of ``key`` in ``raw``, checked and converted (``where``: the record's place)."""
    if key.kind is Kind.RETIRED:
        if key.name in raw:
            raise Problem(key.name, key.hint)
        return None
    if key.name not in raw:
        if key.required:
            raise Problem(key.name, "missing")
        return key.default
    value = raw[key.name]
    if key.kind is Kind.STR:
        return None if value is None and not key.required and key.default is None else _string(key, value, key.name)
    if key.kind is Kind.INT:
        return None if value is None and not key.required and key.default is None else _integer(key, value, key.name)
    if key.kind is Kind.NUM:
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise Problem(key.name, f"expected a number, got {_typename(value)}")
        if not (key.lo or 0) <= value <= (key.hi or 0):
            raise Problem(key.name, f"{value} is outside {key.lo:g}..{key.hi:g}")
        return float(value)
    if key.kind is Kind.BOOL:
        if not isinstance(value, bool):
            raise Problem(key.name, f"expected true or false, got {_typename(value)}")
        return value
    if key.kind is Kind.STRS:
        return _strings(key, value)
    if key.kind is Kind.INTS:
        return tuple(_integer(key, v, f"{key.name}[{i}]") for i, v in enumerate(_list(key, value)))
    if key.kind is Kind.SKILLS:
        return _skills(key, value)
    if key.kind is Kind.XP:
        return _xp(key, value)
    if key.kind is Kind.PAIRS:
        return _pairs(key, value)
    if key.kind is Kind.PATHS:
        return _paths(key, value)
    if key.kind is Kind.AUTHORED:
        return _authored(key, value, file, where)
    assert key.record is not None, key.name  # RECORD and RECORDS name their record
    if key.kind is Kind.RECORD:
        return read(key.record, file, f"{where}.{key.name}", value, values)
    out = []
    for i, item in enumerate(_list(key, value)):
        label = key.label(values, item) if key.label is not None else None
        out.append(read(key.record, file, f"{where}.{key.name}[{label or i}]", item, values))
    return tuple(out)


def read(record: Record, file: str, where: str, raw: Any, parent: Mapping[str, Any] | None = None) -> Any:
    """Read one record at ``where`` in ``file``: check every key, then the record's rules, then build it."""
    if not isinstance(raw, dict):
        raise fail(file, where, f"expected a mapping, got {_typename(raw)}")
    values: dict[str, Any] = {}
    try:
        for key in record.keys:
            value = _value(key, raw, values, file, where)
            if key.kind is Kind.AUTHORED:
                values["authored"], values["authored_reason"] = value or ((), "")
            elif key.kind is not Kind.RETIRED:
                values[key.name] = value
        known = {key.name for key in record.keys}
        unknown = sorted(str(k) for k in raw if k not in known)
        if unknown:
            raise Problem(unknown[0], "unknown key")
        for check in record.checks:
            check(values)
    except Problem as problem:
        raise fail(file, f"{where}.{problem.key}" if problem.key else where, problem.what) from None
    return record.build(values, parent or {})


def _load_yaml(directory: Path, name: str) -> dict[str, Any]:
    path = directory / name
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise fail(name, "file", f"not found in {directory}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else "file"
        raise fail(name, where, f"invalid YAML: {getattr(exc, 'problem', exc)}") from None
    if not isinstance(data, dict):
        raise fail(name, "file", f"expected a mapping at the top, got {_typename(data)}")
    version = data.get("version")
    if version != VERSION:
        raise fail(name, "version", f'expected "{VERSION}" (a string), got {version!r}')
    return data


def read_file(directory: Path, spec: FileSpec) -> dict[str, dict[str, Any]]:
    """Every section of the file, as ``{section: {ident: model object}}`` in the file's order."""
    data = _load_yaml(directory, spec.name)
    extra = sorted(set(data) - {"version"} - {s.key for s in spec.sections})
    if extra:
        raise fail(spec.name, extra[0], "unknown key")
    out: dict[str, dict[str, Any]] = {}
    for section in spec.sections:
        if section.key not in data:
            raise fail(spec.name, section.key, "missing")
        raws = data[section.key]
        if not isinstance(raws, list) or not raws:
            raise fail(spec.name, section.key, "expected a non-empty list")
        things: dict[str, Any] = {}
        for index, raw in enumerate(raws):
            name = raw.get(section.ident) if isinstance(raw, dict) else None
            where = f"{section.key}[{name if isinstance(name, str) and name else index}]"
            thing = read(section.record, spec.name, where, raw)
            ident = getattr(thing, section.ident)
            if ident in things:
                raise fail(spec.name, f"{section.key}[{ident}].{section.ident}", f"duplicate {section.noun} {ident}")
            things[ident] = thing
        out[section.key] = things
    return out


# =============================================================================================
# The records
# =============================================================================================


def _str(name: str, **kw: Any) -> Key:
    return Key(name, Kind.STR, **kw)


def _opt_str(name: str, **kw: Any) -> Key:
    """An optional string that is None when absent."""
    return Key(name, Kind.STR, required=False, default=None, **kw)


def _text(name: str, required: bool = True) -> Key:
    """A German or English text; optional texts default to ''."""
    return Key(name, Kind.STR, required=required, default="")


def _int(name: str, lo: int, hi: int | None = None, required: bool = True, default: int | None = 0) -> Key:
    return Key(name, Kind.INT, required=required, default=default, lo=lo, hi=hi)


def _authored_key(cls: type, *extra: str) -> tuple[Key, Key]:
    """The marker of the values the rulebook does not print (docs/rules/authored-marker.md)."""
    return (
        Key("ours", Kind.RETIRED, hint="the marker is now `authored: {values: [...], reason: ...}`"),
        Key("authored", Kind.AUTHORED, required=False, choices=attributes(cls, *extra)),
    )


def _names_something(name: str) -> Check:
    def check(values: Mapping[str, Any]) -> None:
        if not values[name]:
            raise Problem(name, "name at least one authored attribute")

    return check


AUTHORED_BLOCK = Record(
    "authored",
    (Key("values", Kind.STRS), _str("reason")),
    build=lambda values, parent: values,
    checks=(_names_something("values"),),
)


# --- regions.yaml ------------------------------------------------------------------------------


def _secret_has_colour_and_target(v: Mapping[str, Any]) -> None:
    kind = v["kind"]
    if kind is FieldKind.SECRET:
        if v["colour"] is None:
            raise Problem("colour", "missing (a secret field needs red, yellow or green)")
        if v["target"] is None:
            raise Problem("target", "missing (a secret field needs a 2W6 target)")
    else:
        if v["colour"] is not None:
            raise Problem("colour", f"only secret fields have a colour (this one is {kind})")
        if v["target"] is not None:
            raise Problem("target", f"only secret fields have a target (this one is {kind})")


def _site_has_its_key(v: Mapping[str, Any]) -> None:
    if v["kind"] is FieldKind.SITE and v["site"] is None:
        raise Problem("site", "missing (a site field needs a site key)")


def _field_label(parent: Mapping[str, Any], raw: Any) -> str | None:
    """A field is named by its code (``C5``) in messages."""
    number = raw.get("number") if isinstance(raw, dict) else None
    return f"{parent.get('letter')}{number}" if _is_int(number) else None


FIELD = Record(
    "field",
    (
        _int("number", lo=1),
        _str("kind", enum=FieldKind),
        Key("x", Kind.NUM, lo=0, hi=100),
        Key("y", Kind.NUM, lo=0, hi=100),
        _opt_str("colour", enum=SecretColour),
        _int("target", lo=2, hi=12, required=False, default=None),
        _opt_str("site", pattern=IDENT),
        _text("name_de", required=False),
        _text("name_en", required=False),
    ),
    build=lambda v, parent: Field(code=f"{parent['letter']}{v['number']}", **v),
    checks=(_secret_has_colour_and_target, _site_has_its_key),
)

ENTRIES = Record(
    "entries",
    tuple(_str(d.value) for d in Direction),
    build=lambda v, parent: MappingProxyType({Direction(k): code for k, code in v.items()}),
)

REGION = Record(
    "region",
    (
        _str("letter", choices=frozenset(LETTERS), hint="a card letter (A-Z without Q)"),
        _str("name_de"),
        _str("name_en"),
        _str("terrain", choices=TERRAINS),
        Key("set_aside", Kind.BOOL),
        Key("fields", Kind.RECORDS, record=FIELD, label=_field_label),
        Key("paths", Kind.PATHS),
        Key("entries", Kind.RECORD, record=ENTRIES),
        *_authored_key(Region),
    ),
    build=dataclass_of(Region),
)


# --- heroes.yaml -------------------------------------------------------------------------------


def _thresholds_rise(v: Mapping[str, Any]) -> None:
    xp = v["xp_thresholds"]
    if len(xp) != 3 or not 0 < xp[0] < xp[1] < xp[2]:
        raise Problem("xp_thresholds", f"expected three rising positive integers, got {list(xp)!r}")


HERO = Record(
    "hero",
    (
        _str("key", pattern=IDENT),
        _str("name_de"),
        _str("name_en"),
        _int("lp", lo=1, hi=10),
        _int("gold", lo=0, hi=10),
        _int("movement", lo=1, hi=6),
        _int("magic", lo=1, hi=11),
        _int("ranged", lo=1, hi=11),
        _int("melee", lo=1, hi=11),
        Key("abilities", Kind.STRS, choices=ABILITIES, noun="ability"),
        Key("xp_thresholds", Kind.INTS, lo=1),
        _int("item_slots", lo=4, hi=5),
        Key("ability_de", Kind.STR, required=False, default="", nonempty=False),
        Key("ability_en", Kind.STR, required=False, default="", nonempty=False),
        *_authored_key(Hero),
    ),
    build=dataclass_of(Hero),
    checks=(_thresholds_rise,),
)


# --- items.yaml --------------------------------------------------------------------------------


def _priced_iff_sold(v: Mapping[str, Any]) -> None:
    if v["source"] in PRICED_SOURCES and v["price"] is None:
        raise Problem("price", f"missing (an item from source {v['source']} has a price)")
    if v["source"] not in PRICED_SOURCES and v["price"] is not None:
        raise Problem("price", f"only bazaar, city and encounter items have a price (source is {v['source']})")


def _spells_from_the_city(v: Mapping[str, Any]) -> None:
    if v["category"] == "spell" and v["source"] != "city":
        raise Problem("category", "spells come from the City of Mages (source city)")
    if v["slot_kind"] == "spell" and v["category"] != "spell":
        raise Problem("slot_kind", "only spells take a spell slot")


def _armour_protects(v: Mapping[str, Any]) -> None:
    if v["category"] == "armour" and v["artificial_lp"] < 1:
        raise Problem("artificial_lp", "armour gives artificial LP")


ITEM = Record(
    "item",
    (
        _str("key", pattern=IDENT),
        _str("name_de"),
        _str("name_en"),
        _str("slot_kind", choices=ITEM_SLOT_KINDS),
        _str("category", choices=ITEM_CATEGORIES),
        Key("skill_bonus", Kind.SKILLS, required=False, default=MappingProxyType({}), lo=1, hi=3),
        _int("artificial_lp", lo=0, hi=3, required=False),
        _int("movement_bonus", lo=-1, hi=3, required=False),
        _int("movement_set", lo=1, hi=10, required=False, default=None),
        _opt_str("movement_mode", choices=MOVEMENT_MODES),
        Key("flags", Kind.STRS, required=False, default=(), choices=ITEM_FLAGS, noun="item flag"),
        _str("source", choices=ITEM_SOURCES),
        _int("price", lo=1, hi=20, required=False, default=None),
        _text("description_de"),
        _text("description_en"),
        _int("heal_lp", lo=0, hi=6, required=False),
        _int("gold", lo=0, hi=10, required=False),
        *_authored_key(Item),
    ),
    build=dataclass_of(Item),
    checks=(_priced_iff_sold, _spells_from_the_city, _armour_protects),
)


# --- tokens.yaml -------------------------------------------------------------------------------

QUEST = Record(
    "quest",
    (
        _int("type", lo=1, hi=6),
        _str("target", pattern=COORD),
        _opt_str("needs", pattern=IDENT),
        _int("reward_gold", lo=0, hi=10, required=False),
        Key("reward_xp", Kind.XP, required=False, default=()),
        _opt_str("reward_item", pattern=IDENT),
        _opt_str("needs_token", pattern=IDENT),
        _opt_str("person", pattern=IDENT),
        _opt_str("reward_special", choices=QUEST_SPECIALS, noun="special reward"),
        _text("text_de"),
        _text("text_en"),
    ),
    build=dataclass_of(Quest),
)


def _one_or_two_rims(v: Mapping[str, Any]) -> None:
    if not 1 <= len(v["border"]) <= 2:
        raise Problem("border", f"a token has one or two rim colours, got {len(v['border'])}")


def _quest_marks_need_a_quest(v: Mapping[str, Any]) -> None:
    for name in v["authored"]:
        if name.startswith("quest.") and v["quest"] is None:
            raise Problem("authored", f"{name}: the token has no quest")


TOKEN = Record(
    "token",
    (
        _str("id", pattern=TOKEN_ID),
        _str("category", enum=TokenCategory),
        Key("border", Kind.STRS, enum=Border),
        _str("kind", enum=TokenKind),
        _str("face", pattern=IDENT),
        _str("name_de"),
        _str("name_en"),
        _opt_str("target", pattern=COORD),
        Key("skills", Kind.SKILLS, required=False, default=MappingProxyType({}), lo=-4, hi=0),
        _int("hearts", lo=0, hi=2, required=False),
        _int("reward_gold", lo=0, hi=10, required=False),
        Key("reward_xp", Kind.XP, required=False, default=()),
        _opt_str("back", pattern=IDENT),
        _int("back_gold", lo=0, hi=10, required=False),
        _int("price", lo=1, hi=20, required=False, default=None),
        Key("quest", Kind.RECORD, required=False, record=QUEST),
        _opt_str("deed", pattern=IDENT),
        _opt_str("weapon", choices=WEAPON_NAMES),
        Key("scroll_symbol", Kind.BOOL, required=False, default=False),
        *_authored_key(Token, *(f"quest.{name}" for name in attributes(Quest))),
        Key("effects", Kind.STRS, required=False, default=(), choices=EFFECTS, noun="effect"),
        Key("grey_dot", Kind.BOOL, required=False, default=False),
        _text("text_de", required=False),
        _text("text_en", required=False),
    ),
    build=dataclass_of(Token),
    checks=(_one_or_two_rims, _quest_marks_need_a_quest),
)


# --- deeds.yaml --------------------------------------------------------------------------------

DEED_PART = Record(
    "deed part",
    (
        _int("number", lo=1, hi=3),
        _str("action", choices=PART_ACTIONS),
        Key("tokens", Kind.STRS),
        _str("target"),
        Key("needs", Kind.STRS, required=False, default=()),
        _str("gives", pattern=IDENT),
        _text("text_de"),
        _text("text_en"),
    ),
    build=dataclass_of(DeedPart),
)


def _three_parts_in_order(v: Mapping[str, Any]) -> None:
    parts = v["parts"]
    if len(parts) != 3:
        raise Problem("parts", f"a deed has 3 parts, not {len(parts)}")
    for i, part in enumerate(parts):
        if part.number != i + 1:
            raise Problem(f"parts[{i}].number", f"parts are numbered 1, 2, 3 in order; expected {i + 1}")


DEED = Record(
    "deed",
    (
        _str("key", pattern=IDENT),
        _str("name_de"),
        _str("name_en"),
        Key("parts", Kind.RECORDS, record=DEED_PART),
        _text("description_de", required=False),
        _text("description_en", required=False),
        *_authored_key(Deed),
    ),
    build=dataclass_of(Deed),
    checks=(_three_parts_in_order,),
)


# --- bosses.yaml -------------------------------------------------------------------------------


def _all_three_skills(v: Mapping[str, Any]) -> None:
    if set(v["skills"]) != set(SKILLS):
        raise Problem("skills", f"a boss card gives all three skills ({', '.join(SKILLS)})")


def _double_damage_can_be_prevented(v: Mapping[str, Any]) -> None:
    if v["double_damage"] and not v["protections"]:
        raise Problem("protections", "double damage needs the item that prevents it")


def _dragon_has_no_star(v: Mapping[str, Any]) -> None:
    if any(s is None for s in v["skills"].values()):
        raise Problem("skills", "a dragon has no star: the magic weapon decides the skill")


def _boss(kind: str, hoard: Key, *checks: Check) -> Record:
    return Record(
        kind,
        (
            _str("key", pattern=IDENT),
            _str("name_de"),
            _str("name_en"),
            _int("lp", lo=1, hi=15),
            Key("skills", Kind.SKILLS, lo=-4, hi=0, nullable=True),
            _opt_str("weapon", pattern=IDENT),
            Key("protections", Kind.PAIRS, required=False, default=()),
            hoard,
            Key("double_damage", Kind.STRS, required=False, default=(), choices=frozenset(SKILLS)),
            *_authored_key(BossCard),
        ),
        build=lambda v, parent: BossCard(kind=kind, **v),
        checks=(_all_three_skills, _double_damage_can_be_prevented, *checks),
    )


NAMENLOSER_CARD = _boss("namenloser", _int("hoard_gold", lo=0, hi=0, required=False))
DRAGON_CARD = _boss("dragon", _int("hoard_gold", lo=0, hi=10), _dragon_has_no_star)


# --- the files ---------------------------------------------------------------------------------

SCHEMA = {
    REGIONS_FILE: FileSpec(REGIONS_FILE, (Section("regions", REGION, "letter", "card"),)),
    HEROES_FILE: FileSpec(HEROES_FILE, (Section("heroes", HERO, "key", "hero"),)),
    ITEMS_FILE: FileSpec(ITEMS_FILE, (Section("items", ITEM, "key", "item"),)),
    TOKENS_FILE: FileSpec(TOKENS_FILE, (Section("tokens", TOKEN, "id", "token id"),)),
    DEEDS_FILE: FileSpec(DEEDS_FILE, (Section("deeds", DEED, "key", "deed"),)),
    BOSSES_FILE: FileSpec(
        BOSSES_FILE,
        (Section("namenlose", NAMENLOSER_CARD, "key", "card"), Section("dragons", DRAGON_CARD, "key", "card")),
    ),
}
