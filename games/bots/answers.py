"""Answers to every kind of pending decision the rules can ask a seat (``games.engine.core.pending``)."""

from __future__ import annotations

import random
from typing import Any

from games.engine.content.model import Content
from games.engine.core.actions import Action

from .knowledge import COLOUR_OF_SKILL, SKILLS, distances_to, me, skill_value
from .planner import choose_goal, forage_targets, training_skill

SKILL_OF_COLOUR = {c: s for s, c in COLOUR_OF_SKILL.items()}


def _value(action: Action) -> Any:
    return next(iter(action.params().values()))


def best_colour(content: Content, hero: dict[str, Any], options: list[str]) -> str:
    """The experience colour of the hero's best skill (more dice where it fights)."""
    def score(colour: str) -> tuple[int, str]:
        skill = SKILL_OF_COLOUR.get(colour)
        return (skill_value(content, hero, skill) if skill else -1, colour)
    return max(options, key=score)


def worst_colour(content: Content, hero: dict[str, Any], options: list[str]) -> str:
    def score(colour: str) -> tuple[int, str]:
        skill = SKILL_OF_COLOUR.get(colour)
        return (skill_value(content, hero, skill) if skill else 99, colour)
    return min(options, key=score)


def answer(content: Content, seen: dict[str, Any], pending: dict[str, Any], legal: list[Action],
           rng: random.Random) -> Action:
    kind = pending["kind"]
    hero = me(seen)
    options = [_value(a) for a in legal]
    pick = options[0]
    if kind == "lose_lp":
        # Only sources that still hold an LP: two queued losses may offer an armour the first one broke
        # (an engine defect, reported to the rules-defects issue).
        artificial = [o for o in options if o != "natural" and hero["artificial"].get(o, 0) > 0]
        pick = artificial[0] if artificial else options[0]
    elif kind == "keep_dice":
        probe = pending.get("probe") or {}
        sums = {o: sum(int(x) for x in str(o).split("+")) for o in options}
        training = probe.get("purpose") == "training"
        pick = (max if training else min)(options, key=lambda o: (sums[o], str(o)))
    elif kind == "probe_boost":
        probe = pending.get("probe") or {}
        important = probe.get("purpose") in ("final_fight", "deed_encounter", "fight")
        boosts = [o for o in options if o != "none"]
        pick = boosts[0] if important and boosts else "none"
    elif kind == "choose_xp":
        pick = best_colour(content, hero, options)
        wanted = COLOUR_OF_SKILL[training_skill(content, seen)]
        if wanted in options:
            pick = wanted   # the skill the known Namenloser card lets the gem holder fight with
    elif kind == "lose_xp":
        pick = worst_colour(content, hero, options)
    elif kind == "place_token":
        # Lay the drawn face-down token where the hero can take it soon.
        dist = distances_to(content, seen, {hero["position"]})
        pick = min(options, key=lambda o: (dist.get(o, 999), o))
    elif kind == "keep_item":
        pick = _heirloom(content, hero, options)
    elif kind == "make_room":
        pick = "leave" if "leave" in options else options[0]
    elif kind == "offer":
        pick = "decline" if "decline" in options else options[0]
    elif kind == "choose_gift":
        pick = "gold" if "gold" in options else options[0]
    elif kind == "hellsehen":
        # A failed probe dissolves the spell: search only while the plan waits for a token.
        goal_name = choose_goal(content, seen).name
        searching = goal_name.startswith(("draw", "wait", "grow"))
        pick = "hellsehen" if searching and "hellsehen" in options else "draw"
    elif kind == "bag_search":
        pick = _wanted_face(content, seen, options)
    elif kind in ("death_field", "teleport_to", "choose_die"):
        goal = choose_goal(content, seen)
        targets = set(goal.targets) | forage_targets(content, seen)
        if kind == "choose_die":
            pick = options[0]
        else:
            dist = distances_to(content, seen, targets or {hero["manor"]}, goal.explore)
            pick = min(options, key=lambda o: (dist.get(o, 999), str(o)))
    elif kind == "coop_potion":
        # Drink while it heals at least two LP (or the hero is down to one), else keep the potion.
        potions = [o for o in options if o != "none"]
        low = hero["lp"] <= max(1, hero["lp_max"] - 2)
        pick = potions[0] if potions and low else "none"
    elif kind == "group_lesson":
        pick = "train" if "train" in options else options[0]
    elif kind in ("group_fighter", "boss_fighter"):
        # The group's probe goes to the member with the most LP left: the one who can best afford a failure.
        heroes = seen["heroes"]
        pick = max(options, key=lambda s: (heroes[s]["lp"] if 0 <= s < len(heroes) else 0, -s))
    elif kind in ("join_group", "reward_agree"):
        pick = "join" if "join" in options else "agree" if "agree" in options else options[0]
    elif kind == "attack_skill":
        skills = [o for o in options if o in SKILLS]
        pick = max(skills, key=lambda s: skill_value(content, hero, s)) if skills else options[0]
    else:
        pick = options[0]
    return next(a for a in legal if _value(a) == pick)


def _heirloom(content: Content, hero: dict[str, Any], options: list[str]) -> str:
    """What the heir keeps (DEATH-04): the gem (without it the whole deed is lost), else what the
    deed card holds (its next part needs it), else a weapon or its parts, else the best item."""
    if "gem" in options:
        return "gem"

    def rank(tid: str) -> tuple[int, float, str]:
        token = content.tokens.get(tid)
        if token is None:
            return (0, 0.0, tid)
        if token.deed:
            return (4, 0.0, tid)
        item = content.items.get(token.back or "") or content.items.get(token.face)
        if item is not None and any(f.startswith("dragon_weapon_") for f in item.flags):
            return (3, 0.0, tid)
        if token.weapon:
            return (2, 0.0, tid)
        value = 0.0
        if item is not None:
            value = max([0, *item.skill_bonus.values()]) * 2 + len(item.flags) + (item.price or 0) / 2
        return (1, value, tid)

    return max(options, key=rank)


def _wanted_face(content: Content, seen: dict[str, Any], faces: list[str]) -> str:
    """From a bag search: what the plan waits for first (the deed's next part, then its later
    parts), the Namenloser once the deed is under way, the own weapon's parts, the dragon with a
    weapon; else the first face."""
    from .planner import deed_parts_done, held_weapon_items, weapon_quest, weapon_skills

    hero = me(seen)
    wanted: list[str] = []
    quest = weapon_quest(content, seen)
    if quest:
        needs = content.tokens[quest].quest
        wanted.append(needs.needs_token if needs and needs.needs_token else "")   # the card's weapon first
    deed = hero.get("deed")
    done = deed_parts_done(content, hero) if deed else 0
    if deed and done < 3:
        for part in content.deeds[deed].parts[done:]:
            wanted.extend(content.tokens[tid].face for tid in part.tokens)
            wanted.extend(part.needs)
    if hero["gem"] or done >= 1:
        wanted.append("namenloser")
    weapons = held_weapon_items(content, hero)
    for _, token in sorted(content.tokens.items()):
        if token.weapon in weapons and token.category.value == "weapon_part":
            wanted.append(token.face)
    if weapon_skills(content, hero):
        wanted.append("drache")
    for face in wanted:
        if face in faces:
            return face
    return faces[0]
