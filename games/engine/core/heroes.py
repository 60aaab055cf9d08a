"""Reading a hero's sheet: items held, abilities, movement allowance, skill values."""

from __future__ import annotations

from collections.abc import Iterator

from ..content.model import Content, Hero, Item
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
    return usable(content, hero, item)


def usable(content: Content, hero: HeroState, item: Item) -> bool:
    """The Zentaur may use no movement aids except boots and sandals, and no armour but the shield
    and the ring (ruling R-22); items he may not use are carried without effect (ruling R-45)."""
    if has_ability(content, hero, "centaur_equipment"):
        if item.movement_set is not None or (item.movement_bonus > 0 and "boots" not in item.flags):
            return False
        if item.category == "armour" or item.movement_mode in ("broom", "jump_shoes"):
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


# --- skills ("Fertigkeiten") ------------------------------------------------------------------------------
SKILL_CAP = 11
COLOUR_OF_SKILL = {"magic": "blue", "ranged": "green", "melee": "red"}


def printed_value(content: Content, hero: HeroState, skill: str) -> int:
    value: int = getattr(hero_card(content, hero), skill)
    return value


def item_bonus(content: Content, state: State, hero: HeroState, skill: str) -> int:
    """Only the best item counts for each skill (SKILL-03)."""
    return max((item.skill_bonus.get(skill, 0) for _, item in held_items(content, state, hero)), default=0)


def skill_value(content: Content, state: State, hero: HeroState, skill: str, items: bool = True) -> int:
    """Printed value + training (+ the best item) (+ the Monsterork for melee), capped at 11 (SKILL-06)."""
    value = printed_value(content, hero, skill) + hero.training.get(skill, 0)
    if items:
        value += max(0, item_bonus(content, state, hero, skill))
    if skill == "melee" and hero.companion is not None:
        value += 1
    return min(SKILL_CAP, value)


def dice_count(content: Content, hero: HeroState, skill: str) -> int:
    """2 dice, or 3/4/5 once the EW of the skill's colour reach the hero's thresholds (XP-04)."""
    have = hero.xp.get(COLOUR_OF_SKILL[skill], 0)
    t3, t4, t5 = hero_card(content, hero).xp_thresholds
    return 5 if have >= t5 else 4 if have >= t4 else 3 if have >= t3 else 2


# --- gold -----------------------------------------------------------------------------------------------
def purse_of(hero: HeroState) -> int:
    return hero.gold + hero.purse


def pay(hero: HeroState, amount: int) -> None:
    """Pay from the Goldbeutel first (it refills only when empty), then from the other gold."""
    from_purse = min(hero.purse, amount)
    hero.purse -= from_purse
    hero.gold -= amount - from_purse
    assert hero.gold >= 0, "paid more than the hero has"
