"""Resting ("Aussetzen für eine Runde"): giving up the whole turn to heal (ruling R-35).

At the own manor (the home field) all natural LP, in the temple (N5) and the white village (I5) one,
at the forge (R2) one artificial LP of an armour. Only a hero who begins his turn there and has not
moved or acted may rest; a monster on the field prevents it, except at the manor (LP-08). Rest is
offered only where it would heal something: resting for nothing is just ending the turn.
"""

from __future__ import annotations

from typing import cast

from ..content.model import Content
from ..core import rules
from ..core.actions import Action, Rest
from ..core.board import place
from ..core.context import Ctx
from ..core.errors import IllegalActionError
from ..core.heroes import held_items
from ..core.phase import end_turn_now
from ..core.state import State
from ..core.tokens import role, visible_at
from ..effects.life import heal

NATURAL_REST = {"temple": rules.REST_TEMPLE, "white_village": rules.REST_VILLAGE}  # sites healing 1 LP


def _armour_to_repair(content: Content, state: State, seat: int) -> str | None:
    hero = state.heroes[seat]
    for tid, item in held_items(content, state, hero):
        if item.category == "armour" and tid in hero.artificial and hero.artificial[tid] < item.artificial_lp:
            return tid
    return None


def companions(state: State, seat: int) -> list[int]:
    """Co-op: the other members of the seat's group on his field (COOP-38, COOP-40)."""
    if state.coop is None:
        return []
    here = state.heroes[seat].position
    return [s for s in state.coop.group_of(seat)
            if s != seat and state.heroes[s].position == here and state.heroes[s].between is None]


def _hurt(state: State, seats: list[int]) -> bool:
    return any(state.heroes[s].lp < state.heroes[s].lp_max for s in seats)


def rest_effect(content: Content, state: State, seat: int) -> tuple[str, str] | None:
    """(what, rule) the rest would do here, or None."""
    ts = state.turn_state
    hero = state.heroes[seat]
    if (not ts.rest_ok or ts.moved or ts.action_taken or ts.turn_over or hero.between is not None
            or hero.position is None):
        return None
    here = hero.position
    group = [seat, *companions(state, seat)]  # a co-op rest heals the companions too
    if here == hero.manor:
        return ("all", rules.REST_MANOR) if _hurt(state, group) else None
    if any(role(content, state, t) == "monster" and state.tokens[t].face_up
           for t in visible_at(content, state, seat, here)):
        return None  # elsewhere a monster on the field prevents resting (ruling R-35)
    for site, rule in NATURAL_REST.items():
        if here == place(content, site):
            return ("one", rule) if _hurt(state, group) else None
    if here == place(content, "forge") and _armour_to_repair(content, state, seat) is not None:
        return ("armour", rules.FORGE)
    return None


def legal_rest_actions(content: Content, state: State, seat: int) -> list[Action]:
    return [Rest()] if rest_effect(content, state, seat) is not None else []


def apply_rest(ctx: Ctx, seat: int, action: Rest) -> None:
    state, content = ctx.state, ctx.content
    effect = rest_effect(content, state, seat)
    if effect is None:
        raise IllegalActionError("resting needs the start of the turn on the manor, temple (N5), white village "
                                 "(I5) or forge (R2), something to heal there, and no monster (but at home)")
    what, rule = effect
    ctx.emit("rest", rule, seat, field=state.heroes[seat].position)
    if what == "all":
        heal(ctx, seat, None, rule, "rest")
    elif what == "one":
        heal(ctx, seat, 1, rule, "rest")
    if what in ("all", "one"):
        # Co-op: "Setzt einer aus, erhalten alle einen LP" (COOP-38); at the manor "Der bzw. die Begleiter
        # erhalten 1 LP zurück" (COOP-40).
        for other in companions(state, seat):
            ctx.emit("companion_rests", rules.COOP_REST_MANOR if what == "all" else rules.COOP_REST, other,
                     field=state.heroes[seat].position)
            heal(ctx, other, 1, rules.COOP_REST_MANOR if what == "all" else rules.COOP_REST, "rest")
    else:
        tid = cast(str, _armour_to_repair(content, state, seat))  # rest_effect found one to repair
        state.heroes[seat].artificial[tid] += 1
        ctx.emit("armour_repaired", rule, seat, token=tid, lp=state.heroes[seat].artificial[tid])
    end_turn_now(ctx, seat, rule, "rest")
