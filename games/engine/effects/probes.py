"""Probes ("Proben") with experience dice ("Erfahrung").

A probe rolls 2W6, or 3/4/5 dice at the hero's experience level in the skill, and the player keeps
two of his choice; it passes when their sum is at most the target: the skill value plus the token's
modifier. A probe can stop twice to ask its seat: which one-use spell to spend on it (Spruchrolle,
Erfahrung, ruling R-44), and which two dice to keep (only with the dice policy "ask", ruling R-52).
Its state therefore travels as a ``Probe`` record (core/payloads.py), and when it is decided the probe's *purpose*
handler (fight, contest, training ...) continues the rule that asked for it.

Plain rolls (secret paths, 1W6 rolls, Flink's 2W6) are not probes and never come here (R-36).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, cast

from ..content.model import Content, Item
from ..core import rules
from ..core.actions import KeepDice, UseBoost
from ..core.context import Ctx, Handlers
from ..core.heroes import (
    SKILL_CAP,
    dice_count,
    has_ability,
    held_items,
    printed_value,
    skill_value,
)
from ..core.payloads import Probe, ProbeStep
from ..core.pending import ask
from ..core.state import PILE_CITY, Pending, State
from ..core.tokens import move_token

SKILL_ORDER = ("magic", "ranged", "melee")

HANDLERS = Handlers()  # this module's decisions and probes; registry.HOOKS merges them


def start_probe(
    ctx: Ctx,
    seat: int,
    skill: str,
    modifier: int,
    purpose: str,
    data: dict[str, Any] | None = None,
    *,
    training: bool = False,
    printed: bool = False,
    bonus: int = 0,
) -> None:
    """Begin a probe. ``training``: no item bonuses, and failing is what the player wants (Ausbildung).
    ``printed``: against the printed value without items, training or EW (Doppelgänger)."""
    probe = Probe(seat=seat, skill=skill, mod=modifier, purpose=purpose, data=dict(data or {}),
                  training=training, printed=printed, bonus=bonus)
    boosts = boost_options(ctx, probe)
    if boosts:
        ask(ctx, seat, "probe_boost", ["none", *boosts], ProbeStep(probe), front=True)
        return
    roll_probe(ctx, probe, None)


def boost_options(ctx: Ctx, probe: Probe) -> list[str]:
    """One-use spells the hero may declare before rolling (ruling R-44)."""
    if probe.printed:
        return []
    hero = ctx.state.heroes[probe.seat]
    result = []
    for tid, item in held_items(ctx.content, ctx.state, hero):
        boost = boost_of(item)
        if boost is None:
            continue
        if boost.skill is None:
            result.append(tid)
        elif boost.skill == probe.skill and not probe.training:
            result.append(tid)  # the Spruchrolle is an item: no item bonuses count in training
    return sorted(result)


def boost_of(item: Item) -> Boost | None:
    return next((BOOSTS[f] for f in item.flags if f in BOOSTS), None)


@HANDLERS.answers("probe_boost", UseBoost)
def _answer_boost(ctx: Ctx, seat: int, pending: Pending, value: Any) -> None:
    roll_probe(ctx, pending.payload(ProbeStep).probe, None if value == "none" else value)


def probe_target(ctx: Ctx, probe: Probe, value_9: bool = False) -> int:
    """The target of the probe: the skill value (or 9 with a Spruchrolle), the Gnom's second value
    and the Schamane's +1 (rulings R-18, R-19, R-51), the token's modifier."""
    content, state = ctx.content, ctx.state
    hero = state.heroes[probe.seat]
    skill = probe.skill

    def value_of(s: str) -> int:
        if probe.printed:
            return printed_value(content, hero, s)
        return skill_value(content, state, hero, s, items=not probe.training)

    value = 9 if value_9 else value_of(skill)
    if has_ability(content, hero, "add_two_skills") and not probe.training:
        value = min(SKILL_CAP, value + max(value_of(s) for s in SKILL_ORDER if s != skill))
    if has_ability(content, hero, "shaman_magic_plus_one") and not probe.training and (
            skill == "magic" or _against_grey_point(content, state, probe)):
        value = min(SKILL_CAP, value + 1)
    return value + probe.bonus + probe.mod


def _against_grey_point(content: Content, state: State, probe: Probe) -> bool:
    """A fight probe against a creature with a grey point, in any skill (ruling R-83, version 2)."""
    tid = probe.data.get("token")
    return (state.v2 and probe.purpose == "fight" and tid is not None and tid in content.tokens
            and content.tokens[tid].grey_dot)


def roll_probe(ctx: Ctx, probe: Probe, boost: str | None) -> None:
    state, content = ctx.state, ctx.content
    seat = probe.seat
    hero = state.heroes[seat]
    count = 2 if probe.printed else dice_count(content, hero, probe.skill)
    value_9 = False
    if boost is not None:
        item = content.items[content.tokens[boost].face]
        spell = cast(Boost, boost_of(item))  # boost_options offered only boosting spells
        if spell.dice:
            count = max(count, spell.dice)
        else:
            value_9 = True
        # Used up: it goes back to the Stadt der Magier tokens (ruling R-44).
        hero.items.remove(boost)
        move_token(state, boost, PILE_CITY, face_up=False, seen_by=(), flipped=False)
        ctx.emit("spell_used_for_probe", rules.ONE_SHOT_SPELL, seat, token=boost, item=item.key)
    target = probe_target(ctx, probe, value_9)
    dice = [ctx.d6() for _ in range(count)]
    probe = probe.rolled(target, dice)
    if count > 2 and hero.dice_policy == "ask":
        ask(ctx, seat, "keep_dice", pair_options(dice), ProbeStep(probe), front=True)
        return
    finish_probe(ctx, probe, best_pair(dice, probe.training))


def pair_options(dice: list[int]) -> list[str]:
    return sorted({"+".join(map(str, sorted(pair))) for pair in combinations(dice, 2)})


def best_pair(dice: list[int], training: bool) -> list[int]:
    """The dice policy "best" (ruling R-52): the two lowest, or in training the two highest."""
    ordered = sorted(dice)
    return ordered[-2:] if training else ordered[:2]


@HANDLERS.answers("keep_dice", KeepDice)
def _answer_keep(ctx: Ctx, seat: int, pending: Pending, value: Any) -> None:
    finish_probe(ctx, pending.payload(ProbeStep).probe, [int(v) for v in value.split("+")])


def finish_probe(ctx: Ctx, probe: Probe, kept: list[int]) -> None:
    assert probe.target is not None and probe.dice is not None, "a probe is finished after its roll"
    success = sum(kept) <= probe.target
    rule = rules.PROBE_PASS if success else rules.PROBE_FAIL
    if len(probe.dice) > 2:
        ctx.emit("experience_dice_kept", rules.XP_KEEP_TWO, probe.seat, dice=probe.dice, kept=list(kept))
    ctx.emit("probe", rule, probe.seat, dice=probe.dice, kept=list(kept), skill=probe.skill,
             target=probe.target, passed=success, purpose=probe.purpose)
    ctx.hooks.handlers.probe[probe.purpose](ctx, probe, success)


def allowed_skills(token_skills: Mapping[str, int]) -> list[str]:
    return [s for s in SKILL_ORDER if s in token_skills]


def best_skill(ctx: Ctx, state: State, seat: int, options: list[str]) -> str:
    hero = state.heroes[seat]
    return max(options, key=lambda s: skill_value(ctx.content, state, hero, s))


# --- the registry -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Boost:
    """A one-use spell declared before rolling a probe (ruling R-44): Erfahrung and Große Erfahrung roll
    ``dice`` dice however many EW the hero holds; a Spruchrolle gives the value 9 in its ``skill``."""

    rule: str
    dice: int = 0
    skill: str | None = None


# Every item flag of a probe's boost, once (docs/architecture.md, "Effects as data"); registry.py lists
# them with the other item flags.
BOOSTS: dict[str, Boost] = {
    "dice_4": Boost(rules.ERFAHRUNG, dice=4),
    "dice_5": Boost(rules.GROSSE_ERFAHRUNG, dice=5),
    "value_9_magic": Boost(rules.SCROLL_MAGIC, skill="magic"),
    "value_9_ranged": Boost(rules.SCROLL_RANGED, skill="ranged"),
    "value_9_melee": Boost(rules.SCROLL_MELEE, skill="melee"),
}
