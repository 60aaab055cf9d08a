"""Determinization: one complete game state consistent with what a seat sees.

The strong bot searches by playing the game forward, and the engine plays only whole states. This
module builds one from ``view(content, state, seat)`` and the public content alone, filling in what
the seat cannot know by chance: the letters of face-down region cards, the identity of face-down
tokens (from the tokens not accounted for anywhere in the view), the bag's contents (as many of those
tokens as the view counts in the bag), the other heroes' Heldentaten and the two boss cards. Two
states that look the same to the seat give the same samples, so the search stays as fair as the view.

What the view does not tell and no choice of the bot depends on much (which encounters were used
this turn, the other heroes' quest items) is left empty; the search discards a sample in which its
candidate action is not legal.
"""

from __future__ import annotations

import random
from typing import Any

from games.engine.content.model import Content, TokenCategory
from games.engine.core.actions import Action, Fight, FightLightning, Rest
from games.engine.core.state import (
    ASIDE,
    BAG,
    OFFER,
    OUT,
    PILE_BAZAAR,
    PILE_CITY,
    PILE_FACE_DOWN,
    WAITING,
    HeroState,
    Phase,
    State,
    TokenState,
    at_field,
    companion_of,
    held_by,
)

from .planner import deed_parts_done

PILES = {TokenCategory.FACE_DOWN: PILE_FACE_DOWN, TokenCategory.BAZAAR: PILE_BAZAAR,
         TokenCategory.CITY: PILE_CITY}
PILE_COUNT_KEYS = {PILE_FACE_DOWN: "face_down", PILE_BAZAAR: "bazaar", PILE_CITY: "city"}
# Set aside at the start; they join the bag only on the way to the end game.
ASIDE_CATEGORIES = {TokenCategory.NAMENLOSER, TokenCategory.GUARDIAN, TokenCategory.SERVANT,
                    TokenCategory.DRACHENMENSCH, TokenCategory.DRAGON_EVENT}


def _token_state(entry: dict[str, Any], loc: str, seat: int) -> TokenState:
    face_up = bool(entry.get("face_up"))
    return TokenState(loc, face_up, () if face_up else (seat,), bool(entry.get("flipped")))


def determinize(content: Content, seen: dict[str, Any], legal: list[Action], rng: random.Random) -> State:
    """A full state that ``seen`` could have come from, the unknowns drawn with ``rng``."""
    seat: int = seen["seat"]
    tokens: dict[str, TokenState] = {}
    heroes = [_hero(content, seen, h, tokens) for h in seen["heroes"]]
    # Known token places: the board, beside it, the own deed card, the current Basar offer.
    face_down_fields: list[str] = []
    for t in seen["tokens"]:
        if t["id"] is None:
            face_down_fields.append(t["field"])
        else:
            tokens[t["id"]] = _token_state(t, at_field(t["field"]), seat)
    for t in seen["waiting"]:
        if t["id"] is not None:
            tokens[t["id"]] = _token_state(t, WAITING, seat)
    for tid in seen["heroes"][seat].get("deed_tokens", ()):
        tokens[tid] = TokenState(f"deed:{seat}", True)
    for t in seen["turn_state"]["offers"]:
        if t["id"] is not None:
            tokens[t["id"]] = _token_state(t, OFFER, seat)
    unknown = [tid for tid in sorted(content.tokens) if tid not in tokens]
    rng.shuffle(unknown)
    by_category: dict[TokenCategory, list[str]] = {}
    for tid in unknown:
        by_category.setdefault(content.tokens[tid].category, []).append(tid)
    # Face-down tokens on the board are face-down-category tokens the seat has not seen.
    hidden = by_category.get(TokenCategory.FACE_DOWN, [])
    for code in face_down_fields:
        if hidden:
            tokens[hidden.pop()] = TokenState(at_field(code))
    for category, pile in PILES.items():
        pool = by_category.pop(category, [])
        count = seen["piles"][PILE_COUNT_KEYS[pile]]
        for tid in pool[:count]:
            tokens[tid] = TokenState(pile)
        for tid in pool[count:]:
            tokens[tid] = TokenState(OUT)
    # The bag: what is left, the ordinary tokens first; set-aside ones only when the count asks for more.
    ordinary = [t for c, ts in by_category.items() if c not in ASIDE_CATEGORIES for t in ts]
    aside = [t for c, ts in by_category.items() if c in ASIDE_CATEGORIES for t in ts]
    rng.shuffle(ordinary)
    rng.shuffle(aside)
    count = seen["piles"]["bag"]
    bag = (ordinary + aside)[:count]
    for tid in bag:
        tokens[tid] = TokenState(BAG)
    for tid in ordinary:
        tokens.setdefault(tid, TokenState(OUT))
    for tid in aside:
        tokens.setdefault(tid, TokenState(ASIDE))
    grid, revealed, stack = _board(content, seen, rng)
    _other_deeds(content, seen, heroes, rng)
    state = State(
        content_version=seen["content_version"], seats=seen["seats"], phase=Phase(seen["phase"]),
        current=seen["current"], first_seat=seen["current"], turn=seen["turn"], grid=grid, revealed=revealed,
        heroes=heroes, tokens={tid: tokens[tid] for tid in sorted(tokens)}, bag_order=sorted(bag),
        region_stack=stack, unwetter=seen["unwetter"], boat=seen["boat"], winner=seen["winner"],
        rules_version=2,
    )
    state.namenloser_card = seen["namenloser_card"] or rng.choice(sorted(content.namenlose_cards))
    state.dragon_card = seen["dragon_card"] or rng.choice(sorted(content.dragon_cards))
    revealed_cards = [b for b, key in (("namenloser", "namenloser_card"), ("dragon", "dragon_card")) if seen[key]]
    state.revealed_cards = revealed_cards
    _turn(seen, legal, state)
    return state


def _hero(content: Content, seen: dict[str, Any], h: dict[str, Any], tokens: dict[str, TokenState]) -> HeroState:
    seat = seen["seat"]
    hero = HeroState(
        seat=h["seat"], hero=h["hero"], position=h["position"],
        between=(h["between"][0], h["between"][1]) if h["between"] else None,
        manor=h["manor"], drawn_region=h["drawn_region"], lp=h["lp"], lp_max=h["lp_max"], gold=h["gold"],
        training=dict(h["training"]), xp=dict(h["xp"]), gem=h["gem"], deaths=h["deaths"],
        artificial=dict(h["artificial"]), charges=dict(h["charges"]), purse=h["purse"], confused=h["confused"],
    )
    for entry in h["items"]:
        if entry["id"] is not None:
            hero.items.append(entry["id"])
            tokens[entry["id"]] = _token_state(entry, held_by(h["seat"]), seat)
    for entry in h["quests"]:
        if entry["id"] is not None:
            hero.quests.append(entry["id"])
            tokens[entry["id"]] = _token_state(entry, f"quest:{h['seat']}", seat)
    if h["companion"] and h["companion"]["id"]:
        hero.companion = h["companion"]["id"]
        tokens[hero.companion] = TokenState(companion_of(h["seat"]), True)
    if h["seat"] == seat:
        hero.deed = h.get("deed")
        hero.dice_policy = h.get("dice_policy", "best")
        hero.deed_parts = deed_parts_done(content, h) if hero.deed else 0
    return hero


Board = tuple[list[str | None], list[bool], list[str]]   # grid, revealed, region stack


def _board(content: Content, seen: dict[str, Any], rng: random.Random) -> Board:
    """Revealed cards as shown; the face-down ones get letters no revealed card has."""
    shown = {c["letter"] for c in seen["board"] if c["revealed"]}
    free = sorted(letter for letter in content.regions if letter not in shown)
    rng.shuffle(free)
    grid: list[str | None] = []
    revealed: list[bool] = []
    for c in seen["board"]:
        revealed.append(bool(c["revealed"]))
        if c["revealed"]:
            grid.append(c["letter"])
        elif c["placed"] and free:
            grid.append(free.pop())
        else:
            grid.append(None)
    stack = sorted(letter for letter in free if not content.regions[letter].set_aside)
    rng.shuffle(stack)
    return grid, revealed, stack


def _other_deeds(content: Content, seen: dict[str, Any], heroes: list[HeroState], rng: random.Random) -> None:
    taken = {h.deed for h in heroes if h.deed}
    free = sorted(d for d in content.deeds if d not in taken)
    rng.shuffle(free)
    for h, shown in zip(heroes, seen["heroes"], strict=True):
        if shown["has_deed"] and h.deed is None and free:
            h.deed = free.pop()
            h.deed_parts = 3 if h.gem else 0


def _turn(seen: dict[str, Any], legal: list[Action], state: State) -> None:
    shown = seen["turn_state"]
    ts = state.turn_state
    for key in ("begun", "mode", "points", "movement_over", "forced_fight", "fought", "turn_over", "invisible",
                "mover", "bag_draws"):
        setattr(ts, key, shown[key])
    ts.offers = [t["id"] for t in shown["offers"] if t["id"] is not None]
    # What the view leaves out, read back from the legal actions where they depend on it.
    ts.rest_ok = any(isinstance(a, Rest) for a in legal)
    can_fight = any(isinstance(a, (Fight, FightLightning)) for a in legal)
    ts.moved = not ts.rest_ok and ts.mode is not None
    ts.action_taken = not (ts.rest_ok or (can_fight and not ts.forced_fight)) and bool(ts.movement_over)
    ts.start = state.heroes[seen["current"]].position if ts.rest_ok else None
