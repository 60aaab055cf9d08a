"""Integrity of the region cards: fields, paths and entries, the structure the special cards' rules
rely on, and that a hero can walk every card from every entry (issue 12).

Each check looks at one card as a whole (what its records cannot say alone) and raises
:class:`ContentError` naming ``regions.yaml`` and the card's field path. :mod:`.integrity` runs
:func:`check_region` for every card before the checks across files.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet

from .model import Direction, Field, FieldKind, PathKind, Region
from .schema import At
from .validate import COORD, REGIONS_FILE

__all__ = ["check_region", "field_at", "walk_graph"]


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


def check_fields(at: At, r: Region) -> None:
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


def check_paths(at: At, r: Region) -> None:
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


def _check_special_path(at: At, where: str, kind: PathKind, fa: Field, fb: Field) -> None:
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


def check_entries(at: At, r: Region) -> None:
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


def reach(adj: dict[str, set[str]], start: str, blocked: AbstractSet[str] = frozenset()) -> set[str]:
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


def check_card_rules(at: At, r: Region) -> None:
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
        if reach(corridors, "U1") & maze != maze:
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


def check_walkable(at: At, r: Region) -> None:
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
        missing = codes - reach(every, entry) - (RULE_ONLY_FIELDS & {"S2"})
        if missing:
            raise at.fail("paths", f"{', '.join(sorted(missing))} cannot be reached from the {d.value} entry {entry}")
        missing = codes - reach(walk, entry) - RULE_ONLY_FIELDS
        if missing:
            raise at.fail(
                "paths", f"{', '.join(sorted(missing))} cannot be reached on foot from the {d.value} entry {entry}"
            )
        others = set(r.entries.values()) - reach(walk, entry, blocked)
        if others:
            raise at.fail(
                "paths",
                f"entry {entry} cannot reach entry {', '.join(sorted(others))} "
                "without crossing a secret field or a blocked field",
            )


def check_region(r: Region) -> None:
    at = At(REGIONS_FILE, f"regions[{r.letter}]")
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
