"""Hero abilities that are actions of their own ("Charaktere").

Flink's "Stehlen 7" (ruling R-08) and the Paladin's healing (ruling R-20). The other abilities live
where they act: movement (secret paths, lake, Barde), probes (Gnom, Schamane), experience (Hobbit,
Zentaur thresholds), rewards (Ork), fights (Hobbit's evasion, Monsterork), items (Zentaur, Galahad).
"""

from __future__ import annotations

from typing import cast

from ..content.model import Content
from ..core import rules
from ..core.actions import Action, PaladinHeal, Steal
from ..core.context import Ctx
from ..core.errors import IllegalActionError
from ..core.heroes import has_ability, pay, purse_of
from ..core.phase import begin_action, end_turn_now
from ..core.state import State
from ..core.tokens import visible_at
from ..effects.life import heal

STEAL_TARGET = 7


def _steal_victims(content: Content, state: State, seat: int) -> list[int]:
    hero = state.heroes[seat]
    if (not has_ability(content, hero, "steal_7") or "steal" in state.turn_state.used
            or hero.between is not None):
        return []
    return [other.seat for other in state.heroes
            if other.seat != seat and other.position == hero.position and other.between is None]


def _paladin_may_heal(content: Content, state: State, seat: int) -> bool:
    hero = state.heroes[seat]
    ts = state.turn_state
    if not has_ability(content, hero, "self_heal") or ts.action_taken or ts.fought or hero.lp >= hero.lp_max:
        return False
    # An empty field: no token he can see; between two fields counts as empty (ruling R-20).
    return hero.between is not None or not visible_at(content, state, seat, cast(str, hero.position))


def legal_ability_actions(content: Content, state: State, seat: int) -> list[Action]:
    result: list[Action] = [Steal(seat=victim) for victim in _steal_victims(content, state, seat)]
    if _paladin_may_heal(content, state, seat):
        result.append(PaladinHeal())
    return result


def apply_steal(ctx: Ctx, seat: int, action: Steal) -> None:
    state = ctx.state
    if action.seat not in _steal_victims(ctx.content, state, seat):
        raise IllegalActionError("Flink steals once per turn, from a hero on his own field")
    if not begin_action(ctx, seat):
        return
    state.turn_state.used.append("steal")
    a, b = ctx.d6(), ctx.d6()
    success = a + b <= STEAL_TARGET
    victim = state.heroes[action.seat]
    took = 1 if success and purse_of(victim) > 0 else 0
    if took:
        pay(victim, 1)
        state.heroes[seat].gold += 1
    ctx.emit("steal", rules.HERO_STEAL, seat, dice=(a, b), victim=action.seat, success=success, gold=took)


def apply_paladin_heal(ctx: Ctx, seat: int, action: PaladinHeal) -> None:
    state = ctx.state
    if not _paladin_may_heal(ctx.content, state, seat):
        raise IllegalActionError("the Paladin heals as his only action, on an empty field, below his maximum")
    if not begin_action(ctx, seat):
        return
    roll = ctx.d6()
    healed = 2 <= roll <= 5
    ctx.emit("paladin_roll", rules.PALADIN, seat, dice=(roll,), healed=healed)
    if healed:
        heal(ctx, seat, 1, rules.PALADIN, "paladin")
    end_turn_now(ctx, seat, rules.PALADIN, "paladin")  # no other action that turn
