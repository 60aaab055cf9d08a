"""Reading a hero's sheet: items held, abilities, movement allowance, skill values."""

from __future__ import annotations

from collections.abc import Iterator

from .content.model import Content, Hero, Item
from .state import HeroState, State

HEAVY_MOUNTS = {"movement"}  # item category whose holders cannot use broom or jumping shoes


def hero_card(content: Content, hero: HeroState) -> Hero:
    assert hero.hero is not None
    return content.heroes[hero.hero]


def has_ability(content: Content, hero: HeroState, ability: str) -> bool:
    return hero.hero is not None and ability in content.heroes[hero.hero].abilities


def held_items(content: Content, state: State, hero: HeroState) -> Iterator[tuple[str, Item]]:
    """The items on the hero sheet: a token shows its face, or its back once turned over."""
    for tid in hero.items:
        token = content.tokens[tid]
        key = token.back if state.tokens[tid].flipped and token.back else token.face
        item = content.items.get(key)
        if item is not None:
            yield tid, item


def has_flag(content: Content, state: State, hero: HeroState, flag: str) -> bool:
    return any(flag in item.flags for _, item in held_items(content, state, hero))


def item_with_flag(content: Content, state: State, hero: HeroState, flag: str) -> str | None:
    for tid, item in held_items(content, state, hero):
        if flag in item.flags:
            return tid
    return None


def item_with_mode(content: Content, state: State, hero: HeroState, mode: str) -> str | None:
    for tid, item in held_items(content, state, hero):
        if item.movement_mode == mode:
            return tid
    return None


def _usable_by(content: Content, state: State, hero: HeroState, item: Item) -> bool:
    # The Zentaur may use no movement aids except boots and sandals, and no armour but the shield.
    if has_ability(content, hero, "centaur_equipment"):
        if item.movement_set is not None or (item.movement_bonus > 0 and "boots" not in item.flags):
            return False
    return True


def carries_heavy_mount(content: Content, state: State, hero: HeroState) -> bool:
    """Horse, camel or coach: the broom and the jumping shoes cannot lift them."""
    return any(
        item.movement_set is not None or item.movement_bonus >= 2
        for _, item in held_items(content, state, hero)
    )


def walking_points(content: Content, state: State, hero: HeroState) -> int:
    card = hero_card(content, hero)
    best_bonus = 0
    coach = None
    penalty = 0
    for _, item in held_items(content, state, hero):
        if not _usable_by(content, state, hero, item):
            continue
        if item.movement_set is not None:
            coach = max(coach or 0, item.movement_set)
        if item.movement_bonus > best_bonus:
            best_bonus = item.movement_bonus
        if item.movement_bonus < 0:
            penalty = min(penalty, item.movement_bonus)
    points = card.movement + best_bonus
    if coach is not None:
        points = max(points, coach)
    points = max(0, points + penalty)
    if state.unwetter:
        points = min(points, 1)
    return points


def artificial_sources(content: Content, hero: HeroState) -> list[str]:
    return [tid for tid, left in hero.artificial.items() if left > 0]
