"""What a bot knows: its seat's view and the public content, turned into numbers it can plan with.

Nothing here takes a ``State``: every function reads the view dict (``games.engine.view``) and the
content. That is what keeps the bots fair — they cannot look at hidden tokens, cards or the bag.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from functools import cache
from itertools import combinations_with_replacement, permutations
from typing import Any

from games.engine.content.model import Content, Direction, FieldKind, PathKind
from games.engine.core.board import Board, Link, board_for, letter_of, neighbour_cell

SKILLS = ("magic", "ranged", "melee")
COLOUR_OF_SKILL = {"magic": "blue", "ranged": "green", "melee": "red"}
SKILL_CAP = 11
UNKNOWN_CELL_COST = 6     # planning cost of crossing a face-down region card (about one turn)


# --- probes ------------------------------------------------------------------------------------------
@cache
def probe_chance(target: int, dice: int = 2) -> float:
    """P(the two lowest of ``dice`` W6 sum to at most ``target``): a probe kept with the best two dice."""
    if target < 2:
        return 0.0
    if target >= 12:
        return 1.0
    hits = total = 0
    for roll in combinations_with_replacement(range(1, 7), dice):
        ways = len(set(permutations(roll)))
        total += ways
        low = sorted(roll)[:2]
        if sum(low) <= target:
            hits += ways
    return hits / total


def two_dice_chance(target: int) -> float:
    return probe_chance(target, 2)


# --- the own hero --------------------------------------------------------------------------------------
def me(seen: dict[str, Any]) -> dict[str, Any]:
    hero: dict[str, Any] = seen["heroes"][seen["seat"]]
    return hero


def item_keys(content: Content, hero: dict[str, Any]) -> list[str]:
    """The item keys the hero carries, as far as the view shows them (own items always show)."""
    keys = []
    for entry in hero["items"]:
        face = entry.get("face")
        if face and face in content.items:
            keys.append(face)
    return keys


def item_flags(content: Content, hero: dict[str, Any]) -> set[str]:
    return {flag for key in item_keys(content, hero) for flag in content.items[key].flags}


def skill_value(content: Content, hero: dict[str, Any], skill: str) -> int:
    card = content.heroes[hero["hero"]]
    value: int = getattr(card, skill) + hero["training"].get(skill, 0)
    value += max([0, *(content.items[k].skill_bonus.get(skill, 0) for k in item_keys(content, hero))])
    if skill == "melee" and hero.get("companion"):
        value += 1
    return min(SKILL_CAP, value)


def dice_count(content: Content, hero: dict[str, Any], skill: str) -> int:
    have = hero["xp"].get(COLOUR_OF_SKILL[skill], 0)
    t3, t4, t5 = content.heroes[hero["hero"]].xp_thresholds
    return 5 if have >= t5 else 4 if have >= t4 else 3 if have >= t3 else 2


def pass_chance(content: Content, hero: dict[str, Any], skill: str, modifier: int) -> float:
    return probe_chance(skill_value(content, hero, skill) + modifier, dice_count(content, hero, skill))


def fight_chance(content: Content, hero: dict[str, Any], token_id: str, skill: str, lightning: bool = False) -> float:
    """The chance to win a fight: every heart is a probe that must pass."""
    token = content.tokens[token_id]
    if lightning:
        p = pass_chance(content, hero, "magic", 0)
    else:
        p = pass_chance(content, hero, skill, token.skills.get(skill, 0))
    return p ** max(1, token.hearts)


def total_lp(hero: dict[str, Any]) -> int:
    return int(hero["lp"] + sum(hero["artificial"].values()))


# --- the known board -----------------------------------------------------------------------------------
def known_board(content: Content, seen: dict[str, Any]) -> Board:
    grid = [c["letter"] if c["revealed"] else None for c in seen["board"]]
    return board_for(content, grid)


def cell_of_letter(seen: dict[str, Any], letter: str) -> int | None:
    for c in seen["board"]:
        if c["revealed"] and c["letter"] == letter:
            return int(c["cell"])
    return None


def frontier(content: Content, seen: dict[str, Any], board: Board) -> dict[str, list[int]]:
    """Entry field of a revealed card -> the face-down cards one step beyond it."""
    result: dict[str, list[int]] = {}
    revealed = {c["cell"] for c in seen["board"] if c["revealed"]}
    for letter, cell in board.cell_of_letter.items():
        region = content.regions[letter]
        for direction in Direction:
            other = neighbour_cell(cell, direction)
            if other is not None and other not in revealed:
                result.setdefault(region.entries[direction], []).append(other)
    return result


def step_cost(content: Content, board: Board, hero: dict[str, Any], flags: set[str], frm: str,
              link: Link) -> float | None:
    """Planning cost of one step, or None when the hero cannot take it."""
    f = board.field(link.to)
    if f.kind in (FieldKind.CITY,) or f.site == "namenloser":
        return None
    if f.kind is FieldKind.GUARDIAN and not hero["gem"]:
        return None
    if link.kind is PathKind.CORRIDOR and "labyrinth_map" not in flags:
        return None
    if link.kind is PathKind.ROPE and "rope" not in flags:
        return None
    if link.kind is PathKind.ISLAND:
        return None if frm != "Y7" else 1.0
    cost = 1.0
    if link.kind is PathKind.FERRY:
        cost += 0.5 if hero["gold"] + hero["purse"] > 0 else 50
    if f.kind is FieldKind.LABYRINTH and "labyrinth_map" not in flags:
        cost += 25.0   # without the map the labyrinth holds a hero for many turns of 1W6 rolls
    if f.kind is FieldKind.SECRET and f.target is not None:
        p = max(0.05, two_dice_chance(f.target))
        cost += 4.0 * (1 - p) / p
    return cost


def distances_to(content: Content, seen: dict[str, Any], targets: set[str] | dict[str, float],
                 explore_to: AbstractSet[int] | Mapping[int, float] = frozenset(),
                 penalty: dict[str, float] | None = None) -> dict[str, float]:
    """Planning distance from every known field (and ``?cell`` label) to the nearest target.

    ``targets`` may map fields to a head start (a detour worth less than the goal itself);
    ``explore_to``: face-down cards that count as targets themselves (the search for a card), as a
    set or mapped to a head start like the targets."""
    if not isinstance(targets, dict):
        targets = dict.fromkeys(targets, 0.0)
    board = known_board(content, seen)
    hero = me(seen)
    flags = item_flags(content, hero)
    reverse: dict[str, list[tuple[str, float]]] = {}
    for frm, links in board.links.items():
        for link in links:
            cost = step_cost(content, board, hero, flags, frm, link)
            if cost is not None:
                if penalty and link.to not in targets:
                    cost += penalty.get(link.to, 0.0)
                reverse.setdefault(link.to, []).append((frm, cost))
    dist: dict[str, float] = {}
    heap: list[tuple[float, str]] = []
    for t, start in targets.items():
        if t in board.links:
            heap.append((start, t))
    edges = frontier(content, seen, board)
    for cells in edges.values():
        for cell in cells:
            label = f"?{cell}"
            d = explore_to.get(cell) if isinstance(explore_to, Mapping) else 0.0 if cell in explore_to else None
            if d is not None:
                heap.append((d, label))
    heapq.heapify(heap)
    while heap:
        d, code = heapq.heappop(heap)
        if code in dist:
            continue
        dist[code] = d
        if code.startswith("?"):
            cell = int(code[1:])
            for entry, cells in edges.items():
                if cell in cells and entry not in dist:
                    heapq.heappush(heap, (d + 1, entry))
            continue
        for frm, cost in reverse.get(code, ()):
            if frm not in dist:
                heapq.heappush(heap, (d + cost, frm))
    return dist


def field_letter(code: str) -> str:
    return letter_of(code)


# --- the final fights ----------------------------------------------------------------------------------
@cache
def race_chance(p: float, boss_lp: int, hero_lp: int, damage: int = 1) -> float:
    """The chance to land ``boss_lp`` hits (each probe passes with ``p``) before the boss has dealt
    ``hero_lp`` damage (``damage`` per failed probe): the whole Namenloser or dragon fight."""
    if boss_lp <= 0:
        return 1.0
    if hero_lp <= 0:
        return 0.0
    if p <= 0.0:
        return 0.0
    if p >= 1.0:
        return 1.0
    hit = race_chance(p, boss_lp - 1, hero_lp, damage)
    return p * hit + (1 - p) * race_chance(p, boss_lp, hero_lp - damage, damage)
