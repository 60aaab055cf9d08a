"""The content files as a declarative schema: which records each YAML file holds, their keys, types and
allowed values, and how a record becomes a dataclass of :mod:`.model` (written in the small language
of :mod:`.schema`, whose reader does the work).

Every problem raises :class:`ContentError` with the message ``"{file}: {where}: {what}"``, e.g.
``"tokens.yaml: tokens[fd-06].effects[0]: unknown effect 'heal_d7' (known: ...)"``; the first problem
wins.

The schema says what one record may look like, on its own: required and optional keys, no unknown
keys, types, ranges, allowed names, and the few rules between the keys of one record (a secret field
has a colour and a target; only priced sources have a price). Whatever needs more than one record —
a region card as a whole (:mod:`.cards`), references between files, deed parts, boss cards, the
authored marker (:mod:`.integrity`) — is checked after reading; :mod:`.load` puts it together.
Whether the content matches the printed rulebook (hero values, token counts, coordinates ...) is
checked by the tests that name the rule (tests/engine/test_content_rulebook.py), not here: the loader
accepts any content that the engine can play.

Nothing here imports Django.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .model import (
    SKILLS,
    Border,
    BossCard,
    Deed,
    DeedPart,
    Direction,
    Field,
    FieldKind,
    Hero,
    Item,
    Quest,
    Region,
    SecretColour,
    Token,
    TokenCategory,
    TokenKind,
)
from .schema import (
    VERSION,
    Check,
    ContentError,
    FileSpec,
    Key,
    Kind,
    Problem,
    Record,
    Section,
    attributes,
    dataclass_of,
    read_file,
)

__all__ = ["FILES", "SCHEMA", "VERSION", "ContentError", "read_file"]

REGIONS_FILE = "regions.yaml"
HEROES_FILE = "heroes.yaml"
TOKENS_FILE = "tokens.yaml"
ITEMS_FILE = "items.yaml"
DEEDS_FILE = "deeds.yaml"
BOSSES_FILE = "bosses.yaml"
FILES = (REGIONS_FILE, HEROES_FILE, TOKENS_FILE, ITEMS_FILE, DEEDS_FILE, BOSSES_FILE)


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

IDENT = re.compile(r"^[a-z][a-z0-9_]*$")
TOKEN_ID = re.compile(r"^[a-z][a-z0-9-]*$")
COORD = re.compile(r"^([A-Z])([1-9][0-9]*)$")


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
    return f"{parent.get('letter')}{number}" if isinstance(number, int) and not isinstance(number, bool) else None


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
        # The names are checked against the effect registry (games.engine.registry, start-up check games.E002).
        Key("flags", Kind.STRS, required=False, default=()),
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
        _opt_str("reward_special", pattern=IDENT),  # its names: rules/quests.REWARDS (registry.unknown_effects)
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
        # The names are checked against the effect registry (games.engine.registry, start-up check games.E002).
        Key("effects", Kind.STRS, required=False, default=()),
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
