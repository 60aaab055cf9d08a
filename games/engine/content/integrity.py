"""Integrity of the content: what no single record can say about itself.

:mod:`.validate` reads each record on its own; the checks here look across records and files — a
card's paths and entries against its fields and whether a hero can walk it, token targets against
the board, token backs and faces against the items, quests against their persons and items, deed
parts against their tokens, boss cards against their weapons, and the authored marker against what
the rulebook prints. Each check is a small function that raises :class:`ContentError` naming the file
and the field; :func:`check_all` runs them in the order the loader needs.

The checks keep to what the engine relies on; whether the numbers match the printed rulebook is a
matter for the tests (tests/engine/test_content_rulebook.py).
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from typing import Any, cast

from .model import (
    SKILLS,
    Border,
    BossCard,
    Deed,
    Direction,
    Field,
    FieldKind,
    Hero,
    Item,
    PathKind,
    Region,
    Token,
    TokenCategory,
    TokenKind,
)
from .validate import (
    BOSSES_FILE,
    COORD,
    DEEDS_FILE,
    HEROES_FILE,
    ITEMS_FILE,
    PRICED_SOURCES,
    REGIONS_FILE,
    TOKENS_FILE,
    ContentError,
    fail,
)

__all__ = ["check_all", "field_at", "walk_graph"]

class _At:
    """A place in a file, to name in a message: ``_At(file, "tokens[x]").fail("back", ...)``."""

    def __init__(self, file: str, where: str) -> None:
        self.file = file
        self.where = where

    def fail(self, key: str | None, what: str) -> ContentError:
        return fail(self.file, f"{self.where}.{key}" if key else self.where, what)


# =============================================================================================
# Region cards: paths, entries, card structure, walkability
# =============================================================================================

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


def check_fields(at: _At, r: Region) -> None:
    """Field numbers run 1..n, and the fields of one card's kind stand on that card only."""
    if not r.fields:
        raise at.fail("fields", "a card needs fields")
    numbers = sorted(f.number for f in r.fields)
    for f in r.fields:
        if numbers.count(f.number) > 1:
            raise at.fail(f"fields[{f.code}].number", f"duplicate field {f.code}")
    if numbers != list(range(1, len(numbers) + 1)):
        gap = next(n for n in range(1, len(numbers) + 2) if n not in numbers)
        raise at.fail("fields", f"field numbers must run 1..{len(numbers)}; {r.letter}{gap} is missing")
    for f in r.fields:
        only = KIND_ONLY_ON.get(f.kind)
        if only is not None and r.letter not in only:
            raise at.fail(f"fields[{f.code}].kind", f"{f.kind} fields exist only on card(s) {', '.join(sorted(only))}")


def check_paths(at: _At, r: Region) -> None:
    """Paths join two fields of the card, once each; special paths only where the rulebook has them."""
    by_code = {f.code: f for f in r.fields}
    seen: set[frozenset[str]] = set()
    for i, p in enumerate(r.paths):
        where = f"paths[{i}]"
        for code in (p.a, p.b):
            if code not in by_code:
                raise at.fail(where, f"unknown field {code}")
        if p.a == p.b:
            raise at.fail(where, f"path from {p.a} to itself")
        pair = frozenset((p.a, p.b))
        if pair in seen:
            raise at.fail(where, f"duplicate path {p.a}-{p.b}")
        seen.add(pair)
        if p.kind is not PathKind.PATH and PATH_KIND_ONLY_ON[p.kind] != r.letter:
            raise at.fail(where, f"{p.kind} paths exist only on card {PATH_KIND_ONLY_ON[p.kind]}")
        _check_special_path(at, where, p.kind, by_code[p.a], by_code[p.b])


def _check_special_path(at: _At, where: str, kind: PathKind, fa: Field, fb: Field) -> None:
    if kind is PathKind.FERRY:
        if fa.kind is not FieldKind.WATER or fb.kind is not FieldKind.WATER:
            raise at.fail(where, f"a ferry runs between two blue (water) points, not {fa.code}-{fb.code}")
    elif kind is PathKind.ISLAND:
        ends = {fa.code, fb.code}
        other = (ends - {"Y7"}).pop() if "Y7" in ends else None
        if other is None or other not in {"Y4", "Y5", "Y9"}:
            raise at.fail(where, f"island paths join Y7 with Y4, Y5 or Y9, not {fa.code}-{fb.code}")
        if other == "Y5" and fa.code != "Y5":
            raise at.fail(where, "the way out to the island is written [Y5, Y7]")
        if other in {"Y4", "Y9"} and fa.code != "Y7":
            raise at.fail(where, f"the way back from the island is written [Y7, {other}]")
    elif kind is PathKind.CORRIDOR:
        if fa.kind is not FieldKind.LABYRINTH or fb.kind is not FieldKind.LABYRINTH:
            raise at.fail(where, f"corridors join labyrinth fields, not {fa.code}-{fb.code}")
    elif kind is PathKind.ROPE:
        if (fa.code, fb.code) != ("V1", "V9"):
            raise at.fail(where, f"the only rope path is [V1, V9], not {fa.code}-{fb.code}")


def check_entries(at: _At, r: Region) -> None:
    """Each edge's entry is an ordinary beige field of the card, on that edge, and used once."""
    by_code = {f.code: f for f in r.fields}
    used: set[str] = set()
    for d in Direction:
        where = f"entries.{d.value}"
        code = r.entries[d]
        f = by_code.get(code)
        if f is None:
            raise at.fail(where, f"unknown field {code}")
        if f.kind is not FieldKind.BEIGE:
            raise at.fail(where, f"entry {code} must be an ordinary beige field, not {f.kind}")
        on_edge = {
            Direction.NORTH: f.y <= EDGE_LIMIT,
            Direction.SOUTH: f.y >= 100 - EDGE_LIMIT,
            Direction.WEST: f.x <= EDGE_LIMIT,
            Direction.EAST: f.x >= 100 - EDGE_LIMIT,
        }[d]
        if not on_edge:
            raise at.fail(where, f"entry {code} at ({f.x:g}, {f.y:g}) is not on the {d.value} edge")
        if code in used:
            raise at.fail(where, f"{code} is already the entry of another edge")
        used.add(code)


def _adjacency(region: Region, kinds: AbstractSet[PathKind]) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = {f.code: set() for f in region.fields}
    for p in region.paths:
        if p.kind in kinds:
            adj[p.a].add(p.b)
            adj[p.b].add(p.a)
    return adj


def walk_graph(region: Region, kinds: Iterable[PathKind]) -> dict[str, set[str]]:
    """Undirected adjacency of a card restricted to the given path kinds (for tools and tests)."""
    return _adjacency(region, set(kinds))


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


def check_card_rules(at: _At, r: Region) -> None:
    """Card-specific structure that the rulebook's special rules (and so the engine) rely on."""
    letter = r.letter
    ordinary = _adjacency(r, {PathKind.PATH})
    kinds = {f.code: f.kind for f in r.fields}
    fail_ = at.fail

    if letter not in FEW_BEIGE_OK:
        beige = sum(1 for f in r.fields if f.kind is FieldKind.BEIGE)
        if beige < 4:
            raise fail_("fields", f"card {letter} needs at least 4 beige fields for face-down tokens, has {beige}")

    if letter == "S":
        if ordinary["S1"] != {"S3", "S4", "S5", "S6"}:
            raise fail_("paths", f"S1 must be joined by paths to exactly S3, S4, S5, S6, not {sorted(ordinary['S1'])}")
        if any("S2" in (p.a, p.b) for p in r.paths):
            raise fail_("paths", "S2 (the dump) is reached only by the teleport roll: no path may touch it")
        for t in ("S3", "S4", "S5", "S6"):
            if not ordinary[t] - {"S1"}:
                raise fail_("paths", f"teleporter {t} must be reachable on foot from the card's entries")
    if letter == "U":
        corners = {"U1", "U3", "U4", "U6"}
        used_entries: set[str] = set()
        for c in sorted(corners):
            outs = ordinary[c]
            if len(outs) != 1 or not outs <= set(r.entries.values()):
                raise fail_(
                    "paths", f"corner {c} must be joined by a path to exactly one entry field, has {sorted(outs)}"
                )
            used_entries |= outs
        if used_entries != set(r.entries.values()):
            raise fail_("paths", "each of the four entries must lead to its own labyrinth corner")
        for c in ("U2", "U5"):
            if ordinary[c]:
                raise fail_("paths", f"{c} lies inside the labyrinth: only corridors may lead to it")
        corridors = _adjacency(r, {PathKind.CORRIDOR})
        maze = {f"U{n}" for n in range(1, 7)}
        if _reach(corridors, "U1") & maze != maze:
            raise fail_("paths", "the corridors must join all six labyrinth fields")
    if letter == "V":
        if ordinary["V9"] != {"V10"}:
            raise fail_("paths", f"the only ordinary path into V9 comes from V10, not {sorted(ordinary['V9'])}")
        if not any(p.kind is PathKind.ROPE for p in r.paths):
            raise fail_("paths", "the rope path [V1, V9] is missing")
        if not ordinary["V11"]:
            raise fail_("paths", "V11 must be reachable (lost things are dropped there)")
    if letter == "H":
        guardians = {c for c, k in kinds.items() if k is FieldKind.GUARDIAN}
        if len(guardians) != 4:
            raise fail_("fields", f"card H needs exactly 4 guardian (blue) fields, has {len(guardians)}")
        if ordinary["H3"] != guardians:
            raise fail_(
                "paths", f"H3 may be joined only to the four guardian fields, is joined to {sorted(ordinary['H3'])}"
            )
        for g in sorted(guardians):
            others = ordinary[g] - {"H3"}
            if len(ordinary[g]) != 2 or len(others) != 1 or kinds[next(iter(others))] is FieldKind.GUARDIAN:
                raise fail_("paths", f"guardian field {g} must join H3 and exactly one ordinary field")
    if letter == "Y":
        if ordinary["Y7"]:
            raise fail_("paths", "no ordinary path leads to the island Y7")
        island = {(p.a, p.b) for p in r.paths if p.kind is PathKind.ISLAND}
        if island != {("Y5", "Y7"), ("Y7", "Y4"), ("Y7", "Y9")}:
            raise fail_("paths", f"island paths must be [Y5, Y7], [Y7, Y4], [Y7, Y9], not {sorted(island)}")
    if letter == "L":
        ferries = [frozenset((p.a, p.b)) for p in r.paths if p.kind is PathKind.FERRY]
        if frozenset(("L2", "L4")) not in ferries:
            raise fail_("paths", "the boat's ferry route [L2, L4, ferry] is missing")
        if len(ferries) != 2:
            raise fail_("paths", f"the lake has exactly two ferry routes, not {len(ferries)}")
        for c, k in kinds.items():
            if k is FieldKind.WATER and not any(kinds[n] is not FieldKind.WATER for n in ordinary[c]):
                raise fail_("paths", f"water point {c} must be joined by a path to the land")
    if letter == "N":
        if not {"N2", "N3", "N4"} <= ordinary["N5"]:
            raise fail_("paths", "the temple N5 must lie next to N2, N3 and N4")


def check_walkable(at: _At, r: Region) -> None:
    """Every field can be reached from every entry; entries reach each other on foot.

    walk graph: ordinary paths, plus the corridors on U (the labyrinth roll moves a hero
    among U1-U6 anyway). Only S2 and Y7 may lie outside it (reached by rules only); every
    field must be reachable in the graph of all paths except S2.
    Entries must reach each other in the walk graph without passing through a secret field,
    H3, a guardian field, S1 or V9.
    """
    walk_kinds = {PathKind.PATH} | ({PathKind.CORRIDOR} if r.letter == "U" else set())
    walk = _adjacency(r, walk_kinds)
    every = _adjacency(r, set(PathKind))
    codes = {f.code for f in r.fields}
    blocked = {f.code for f in r.fields if f.kind in (FieldKind.SECRET, FieldKind.GUARDIAN, FieldKind.CITY)}
    blocked |= {c for c in ("H3", "V9") if c in codes}
    for d, entry in r.entries.items():
        missing = codes - _reach(every, entry) - (RULE_ONLY_FIELDS & {"S2"})
        if missing:
            raise at.fail("paths", f"{', '.join(sorted(missing))} cannot be reached from the {d.value} entry {entry}")
        missing = codes - _reach(walk, entry) - RULE_ONLY_FIELDS
        if missing:
            raise at.fail(
                "paths", f"{', '.join(sorted(missing))} cannot be reached on foot from the {d.value} entry {entry}"
            )
        others = set(r.entries.values()) - _reach(walk, entry, blocked)
        if others:
            raise at.fail(
                "paths",
                f"entry {entry} cannot reach entry {', '.join(sorted(others))} "
                "without crossing a secret field or a blocked field",
            )


def check_region(r: Region) -> None:
    at = _At(REGIONS_FILE, f"regions[{r.letter}]")
    check_fields(at, r)
    check_paths(at, r)
    check_entries(at, r)
    check_card_rules(at, r)
    check_walkable(at, r)


def field_at(regions: Mapping[str, Region], code: str) -> Field | None:
    m = COORD.match(code) if isinstance(code, str) else None
    if not m or m.group(1) not in regions:
        return None
    try:
        return regions[m.group(1)].field(code)
    except KeyError:
        return None


# =============================================================================================
# Tokens
# =============================================================================================

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
# the kinds of token each category holds: the rules code dispatches on the kind
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
    TokenCategory.DEED_PART: frozenset({TokenKind.MONSTER, TokenKind.ENCOUNTER, TokenKind.ITEM, TokenKind.DEED_PART}),
    TokenCategory.WEAPON_PART: frozenset(
        {TokenKind.MONSTER, TokenKind.ENCOUNTER, TokenKind.ITEM, TokenKind.WEAPON_PART}
    ),
    TokenCategory.RED: frozenset({TokenKind.MONSTER}),
    TokenCategory.QUEST_ITEM: frozenset({TokenKind.ITEM}),
}
FIGHTING_KINDS = frozenset({TokenKind.MONSTER, TokenKind.SERVANT, TokenKind.GUARDIAN, TokenKind.DRACHENMENSCH})
# face -> field kinds allowed for its target beyond beige / site
TARGET_KIND_EXCEPTIONS = {
    "kahn": {FieldKind.WATER},
    "orchan": {FieldKind.WATER},
    "waldlaeufer": {FieldKind.SECRET},
    "muellhalde": {FieldKind.DUMP},
}
# sites reserved for one token face
RESERVED_SITES = {"namenloser": "namenloser", "dragon": "drache", "drachenmensch": "drachenmensch"}
# weapon -> (scroll guardian, material source, magister): the tokens that make it
WEAPONS = {
    "axe": ("skorpion", "zwergengeist", "hildebrandt"),
    "bow": ("phoenix", "hueter", "rondel"),
    "lyre": ("einhorn", "alp", "orpheus"),
}


def _token_at(t: Token) -> _At:
    return _At(TOKENS_FILE, f"tokens[{t.id}]")


def check_token_target(t: Token, regions: Mapping[str, Region]) -> None:
    """Open tokens carry a coordinate of a field they may lie on; the others carry none."""
    at = _token_at(t)
    cat = t.category
    if cat not in TARGETED:
        if t.target is not None:
            raise at.fail("target", f"{cat.value} tokens have no printed coordinate")
        return
    if t.target is None:
        raise at.fail("target", f"missing: {cat.value} tokens carry a printed coordinate")
    f = field_at(regions, t.target)
    if f is None:
        raise at.fail("target", f"{t.target} is not a field of the board")
    if cat is TokenCategory.GUARDIAN:
        if f.kind is not FieldKind.GUARDIAN:
            raise at.fail("target", f"a guardian lies on a blue guardian field of H, {t.target} is {f.kind}")
    else:
        ok = {FieldKind.BEIGE, FieldKind.SITE} | TARGET_KIND_EXCEPTIONS.get(t.face, set())
        if f.kind not in ok:
            raise at.fail("target", f"{t.target} is a {f.kind} field; {t.face} cannot lie there")
    if f.site in RESERVED_SITES and RESERVED_SITES[f.site] != t.face:
        raise at.fail("target", f"{t.target} ({f.site}) is reserved for {RESERVED_SITES[f.site]}")
    if f.site == "island":
        raise at.fail("target", "no token is printed for the island Y7")


def check_token_kind(t: Token) -> None:
    """The kind fits the category, and fighting values stand on what is fought only."""
    at = _token_at(t)
    if t.kind not in CATEGORY_KINDS[t.category]:
        raise at.fail("kind", f"a {t.category.value} token cannot be of kind {t.kind.value}")
    if t.kind in FIGHTING_KINDS:
        if not t.skills:
            raise at.fail("skills", "a creature that is fought needs at least one coloured dot")
        if not 1 <= t.hearts <= 2:
            raise at.fail("hearts", f"a monster has 1 or 2 hearts, not {t.hearts}")
    elif t.hearts:
        raise at.fail("hearts", f"only creatures that are fought have hearts ({t.kind.value})")
    if t.grey_dot and (set(t.skills) != set(SKILLS) or len(set(t.skills.values())) != 1):
        raise at.fail("grey_dot", "a grey dot means any skill: give all three skills the same modifier")


def check_token_items(t: Token, items: Mapping[str, Item]) -> None:
    """Backs and faces name items; the bazaar and the city sell their own items at the item's price."""
    at = _token_at(t)
    cat, kind = t.category, t.kind
    if t.back is not None and t.back not in items:
        raise at.fail("back", f"unknown item {t.back}")
    if cat in (TokenCategory.BAZAAR, TokenCategory.CITY):
        item = items.get(t.face)
        if item is None:
            raise at.fail("face", f"unknown item {t.face}")
        if item.source != cat.value:
            raise at.fail("face", f"{t.face} is a {item.source} item, not a {cat.value} one")
        if t.price is None:
            raise at.fail("price", "missing: bazaar and city tokens have a printed price")
        if t.price != item.price:
            raise at.fail("price", f"{t.price} differs from the price of item {t.face} ({item.price})")
        if (kind is TokenKind.SPELL) != (item.category == "spell"):
            raise at.fail("kind", f"kind must be {'spell' if item.category == 'spell' else 'item'} for {t.face}")
    elif t.price is not None:
        raise at.fail("price", "only bazaar and city tokens have a price")
    if kind in (TokenKind.ITEM, TokenKind.SPELL) and cat not in (TokenCategory.BAZAAR, TokenCategory.CITY):
        item = items.get(t.face)
        if item is None:
            raise at.fail("face", f"unknown item {t.face}")
        want_source = {
            TokenCategory.FACE_DOWN: "face_down",
            TokenCategory.QUEST_ITEM: "quest",
            TokenCategory.DEED_PART: "deed",
        }.get(cat)
        if want_source and item.source != want_source:
            raise at.fail("face", f"item {t.face} has source {item.source}, expected {want_source}")
        if t.skills and "probe_gated" not in item.flags:
            raise at.fail(
                "skills", f"a dot on an item token is a pick-up probe: item {t.face} needs the flag probe_gated"
            )
    if cat is TokenCategory.QUEST_ITEM and t.back is None:
        raise at.fail("back", "a quest item carries its reward on the back")


def check_token_role(t: Token) -> None:
    """Quests, deed parts and weapon parts say what they are part of, and only they do."""
    at = _token_at(t)
    cat = t.category
    if (t.kind is TokenKind.QUEST) != (t.quest is not None):
        raise at.fail("quest", "quest tokens (and only they) carry a quest")
    if (cat is TokenCategory.DEED_PART) != (t.deed is not None):
        raise at.fail("deed", "deed-part tokens (and only they) name their deed")
    if (cat is TokenCategory.WEAPON_PART) != (t.weapon is not None):
        raise at.fail("weapon", "magic-weapon parts (and only they) name their weapon")
    if t.scroll_symbol and cat is not TokenCategory.WEAPON_PART:
        raise at.fail("scroll_symbol", "only the three scroll guardians show the scroll symbol")
    if cat is TokenCategory.WEAPON_PART:
        guardian, material, magister = WEAPONS[cast(str, t.weapon)]  # a weapon part names its weapon (above)
        if t.face not in (guardian, material, magister):
            raise at.fail("face", f"the {t.weapon} is made from {guardian}, {material} and {magister}, not {t.face}")
        if t.scroll_symbol != (t.face == guardian):
            raise at.fail("scroll_symbol", f"the scroll symbol marks {guardian} only")
        if (Border.VIOLET in t.border) == (t.face == guardian):
            raise at.fail(
                "border",
                "the scroll guardian is seen by everyone (no violet); material and magister "
                "are seen by the scroll's owner only (violet)",
            )


def check_quest(
    t: Token, tokens: Mapping[str, Token], items: Mapping[str, Item], regions: Mapping[str, Region]
) -> None:
    """A quest points at a field, its person and its item exist, and its reward is the item's back."""
    q = t.quest
    assert q is not None
    token_at = _token_at(t)

    def fail_(key: str, what: str) -> ContentError:
        return token_at.fail(f"quest.{key}", what)

    if field_at(regions, q.target) is None:
        raise fail_("target", f"{q.target} is not a field of the board")
    by_face: dict[str, list[Token]] = {}
    for other in tokens.values():
        by_face.setdefault(other.face, []).append(other)

    needs_person = q.type in (2, 4, 6)
    if needs_person != (q.person is not None):
        raise fail_("person", f"quest type {q.type} {'needs' if needs_person else 'has no'} underlined person")
    if needs_person:
        found = [o for o in by_face.get(cast(str, q.person), []) if o.category is TokenCategory.ENCOUNTER]
        if len(found) != 1:
            raise fail_("person", f"{q.person} must be exactly one open encounter token (underlined person)")
        if q.target != found[0].target:
            raise fail_("target", f"must be {found[0].target}, the coordinate printed on {q.person}")
    if (q.type in (5, 6)) != (q.reward_item is not None):
        raise fail_("reward_item", f"quest type {q.type} {'needs' if q.type in (5, 6) else 'has no'} reward item")
    if q.reward_item is not None and q.reward_item not in items:
        raise fail_("reward_item", f"unknown item {q.reward_item}")
    if q.type == 1:
        if q.needs is not None or q.needs_token is not None:
            raise fail_("needs", "a type 1 quest (visit / escort) needs nothing from the bag")
    elif q.type == 2:
        if q.needs != q.person or q.needs_token != q.person:
            raise fail_("needs", "a type 2 quest needs the person itself (needs = needs_token = person)")
    elif q.type in (3, 4):
        item = items.get(q.needs) if q.needs else None
        if item is None:
            raise fail_("needs", f"a type {q.type} quest needs an item to buy, got {q.needs!r}")
        if item.source not in PRICED_SOURCES:
            raise fail_("needs", f"{q.needs} cannot be bought (source {item.source})")
        if q.type == 3 and q.needs_token is not None:
            raise fail_("needs_token", "a type 3 quest has nothing underlined")
        if q.type == 4 and q.needs_token != q.person:
            raise fail_("needs_token", "the underlined token of a type 4 quest is the person")
    else:  # 5, 6
        if q.needs is None or q.needs_token != q.needs:
            raise fail_("needs_token", "the underlined token is the quest item (needs_token = needs)")
        carriers = [o for o in by_face.get(q.needs, []) if o.category is TokenCategory.QUEST_ITEM]
        if len(carriers) != 1:
            raise fail_("needs", f"{q.needs} must be exactly one quest-item token")
        if carriers[0].back != q.reward_item:
            raise fail_("reward_item", f"must be {carriers[0].back}, the back of {carriers[0].id}")
        if q.type == 5 and q.person is not None:
            raise fail_("person", "a type 5 quest brings the item to a place")


def check_token_set(tokens: Mapping[str, Token], items: Mapping[str, Item]) -> None:
    """Across all tokens: coordinates unique, each weapon made of its three tokens, every quest item
    asked for once, every bazaar, city and reward item on some token."""
    seen: dict[str, str] = {}
    for tid, t in tokens.items():
        if t.target is not None:
            if t.target in seen:
                raise _token_at(t).fail("target", f"{t.target} is already the target of {seen[t.target]}")
            seen[t.target] = tid
    for weapon, trio in WEAPONS.items():
        got = sorted(t.face for t in tokens.values() if t.weapon == weapon)
        if got != sorted(trio):
            raise fail(TOKENS_FILE, f"tokens.weapon={weapon}", f"expected exactly {sorted(trio)}, got {got}")
    needed = Counter(t.quest.needs_token for t in tokens.values() if t.quest and t.quest.type in (5, 6))
    for t in tokens.values():
        if t.category is TokenCategory.QUEST_ITEM and needed[t.face] != 1:
            raise fail(
                TOKENS_FILE, f"tokens[{t.id}]", f"exactly one quest must ask for {t.face}, found {needed[t.face]}"
            )
    for item in items.values():
        if item.source in ("bazaar", "city"):
            cat = TokenCategory(item.source)
            if not any(t.category is cat and t.face == item.key for t in tokens.values()):
                raise fail(ITEMS_FILE, f"items[{item.key}]", f"no {item.source} token sells it")
        if item.source in ("reward", "face_down", "quest", "encounter"):
            used = any(t.face == item.key or t.back == item.key for t in tokens.values()) or any(
                t.quest is not None and t.quest.reward_item == item.key for t in tokens.values()
            )
            if not used:
                raise fail(ITEMS_FILE, f"items[{item.key}]", f"no token shows or rewards this {item.source} item")


def check_tokens(tokens: Mapping[str, Token], items: Mapping[str, Item], regions: Mapping[str, Region]) -> None:
    for t in tokens.values():
        check_token_kind(t)
        check_token_target(t, regions)
        check_token_items(t, items)
        check_token_role(t)
    for t in tokens.values():
        if t.quest is not None:
            check_quest(t, tokens, items, regions)
    check_token_set(tokens, items)


# =============================================================================================
# Deeds
# =============================================================================================


def check_deed(
    deed: Deed,
    tokens: Mapping[str, Token],
    items: Mapping[str, Item],
    regions: Mapping[str, Region],
    used_tokens: dict[str, str],
) -> None:
    """Each part acts on its own deed-part tokens at their printed place and hands its item to the next."""
    key = deed.key
    for i, part in enumerate(deed.parts):
        at = _At(DEEDS_FILE, f"deeds[{key}].parts[{i}]")
        number, tok_ids, needs = part.number, part.tokens, part.needs
        for j, tid in enumerate(tok_ids):
            t = tokens.get(tid)
            if t is None:
                raise at.fail(f"tokens[{j}]", f"unknown token {tid}")
            if t.category is not TokenCategory.DEED_PART or t.deed != key:
                raise at.fail(f"tokens[{j}]", f"{tid} is not a deed-part token of {key}")
            if tid in used_tokens:
                raise at.fail(f"tokens[{j}]", f"{tid} is already used by {used_tokens[tid]}")
            used_tokens[tid] = f"{key} part {number}"
        for j, need in enumerate(needs):
            if need not in items:
                raise at.fail(f"needs[{j}]", f"unknown item {need}")
        if part.gives not in items:
            raise at.fail("gives", f"unknown item {part.gives}")
        first = tokens[tok_ids[0]] if tok_ids else None
        if number == 1:
            if part.action not in ("fight", "encounter") or first is None:
                raise at.fail("action", "part 1 is a fight or an encounter with a token")
            want_kind = TokenKind.MONSTER if part.action == "fight" else TokenKind.ENCOUNTER
            if first.kind is not want_kind:
                raise at.fail("tokens", f"{first.id} must be a {want_kind.value} token for a {part.action}")
        else:
            if part.action != "deliver":
                raise at.fail("action", f"part {number} delivers an item")
            before = deed.parts[i - 1].gives
            if before not in needs:
                raise at.fail("needs", f"part {number} must carry {before}, won in part {number - 1}")
        if part.target == "manor":
            if number != 3:
                raise at.fail("target", "only the last part may lead to the manor")
            if first is not None:
                raise at.fail("tokens", "the manor needs no token")
        else:
            if field_at(regions, part.target) is None:
                raise at.fail("target", f'{part.target} is not a field of the board (or "manor")')
            if first is not None and first.target != part.target:
                raise at.fail("target", f"must be {first.target}, printed on {first.id}")
            if first is None and number == 1:
                raise at.fail("tokens", "part 1 needs its token")
        if number < 3:
            if first is None or first.back != part.gives:
                raise at.fail("gives", f"must be the item on the back of {tok_ids[0] if tok_ids else 'its token'}")
        elif part.gives != "edelstein":
            raise at.fail("gives", "a fulfilled deed gives the Edelstein")
        for tid in tok_ids[1:]:
            extra = tokens[tid]
            if extra.kind is TokenKind.ITEM and extra.face not in needs:
                raise at.fail("needs", f"{tid} ({extra.face}) is part of this step: list it in needs")


def check_deeds(
    deeds: Mapping[str, Deed], tokens: Mapping[str, Token], items: Mapping[str, Item], regions: Mapping[str, Region]
) -> None:
    used_tokens: dict[str, str] = {}
    for deed in deeds.values():
        check_deed(deed, tokens, items, regions, used_tokens)
    for t in tokens.values():
        if t.category is TokenCategory.DEED_PART:
            if t.deed not in deeds:
                raise fail(TOKENS_FILE, f"tokens[{t.id}].deed", f"unknown deed {t.deed}")
            if t.id not in used_tokens:
                raise fail(TOKENS_FILE, f"tokens[{t.id}].deed", f"no part of {t.deed} uses this token")


# =============================================================================================
# Boss cards
# =============================================================================================


def check_boss(section: str, card: BossCard, items: Mapping[str, Item]) -> None:
    """A star is broken by the weapon that improves its skill; protections name items."""
    at = _At(BOSSES_FILE, f"{section}[{card.key}]")
    stars = [s for s, v in card.skills.items() if v is None]
    if card.weapon is not None:
        item = items.get(card.weapon)
        if item is None:
            raise at.fail("weapon", f"unknown item {card.weapon}")
        if len(stars) != 1 or stars[0] not in item.skill_bonus:
            raise at.fail(
                "skills", f"the star must be on the skill {card.weapon} improves ({sorted(item.skill_bonus)})"
            )
    elif stars:
        raise at.fail("skills", f"a star ({stars[0]}) needs a weapon that breaks it")
    for i, (item_key, _effect) in enumerate(card.protections):
        if item_key not in items:
            raise at.fail(f"protections[{i}]", f"unknown item {item_key}")


# =============================================================================================
# The authored marker
# =============================================================================================
# Every value the rulebook does not print is ours, and the data says so where the value stands:
#     authored: {values: [price, skills], reason: "the rulebook prints no prices"}
# ``values`` names the attributes we chose, ``reason`` says why in a few words (docs/rules/authored.md
# lists both). ``check_authored`` requires the marker exactly where the rulebook prints nothing and
# rejects it where the rulebook prints the value (docs/rules/authored-marker.md).
PRINTED_TERRAIN = frozenset("CDIWLYS")  # the cards whose terrain the rulebook names
STANDARD_XP_THRESHOLDS = (2, 5, 8)   # ruling R-06: the rulebook prints only the Hobbit's and the Zentaur's
PRINTED_BOSS_SKILLS = {"koenig_der_finsternis"}  # "-3 auf alle Fertigkeiten" (cooperative variant)
# Values the rulebook prints for every thing of a section: never authored.
PRINTED = {
    "heroes": {"key", "lp", "gold", "movement", "magic", "ranged", "melee", "abilities", "item_slots"},
    "regions": {"letter", "set_aside", "fields", "paths", "entries"},
    "tokens": {"id", "category", "border", "kind"},
    "bosses": {"kind", "weapon", "star_modifier", "protections"},
}


def check_authored(regions: Mapping[str, Region], heroes: Mapping[str, Hero], tokens: Mapping[str, Token],
                   items: Mapping[str, Item], bosses: Mapping[str, BossCard]) -> None:
    """The marker stands exactly where the rulebook prints nothing."""

    def need(file: str, where: str, thing: Any, attr: str, required: bool, why: str) -> None:
        if required and attr not in thing.authored:
            raise fail(file, f"{where}.authored", f"{attr} must be marked authored: {why}")
        if not required and attr in thing.authored:
            raise fail(file, f"{where}.authored", f"{attr} must not be marked authored: {why}")

    for letter, region in regions.items():
        printed = letter in PRINTED_TERRAIN
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
                raise fail(file, f"{section}[{key}].authored", f"{wrong[0]} is printed in the rulebook")


# =============================================================================================
# All of them
# =============================================================================================


def check_all(
    regions: Mapping[str, Region],
    heroes: Mapping[str, Hero],
    items: Mapping[str, Item],
    tokens: Mapping[str, Token],
    deeds: Mapping[str, Deed],
    namenlose: Mapping[str, BossCard],
    dragons: Mapping[str, BossCard],
) -> None:
    """Every integrity check, cards first (the tokens' targets need the board)."""
    for region in regions.values():
        check_region(region)
    check_tokens(tokens, items, regions)
    check_deeds(deeds, tokens, items, regions)
    for section, cards in (("namenlose", namenlose), ("dragons", dragons)):
        for card in cards.values():
            check_boss(section, card, items)
    check_authored(regions, heroes, tokens, items, {**namenlose, **dragons})
