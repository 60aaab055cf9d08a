"""Spells cast during movement (Vision, Unsichtbarkeit) and the probes of Hellsehen ("Zaubersprüche").

Probe-gated spells need a magic probe for each use; a failed probe dissolves the scroll and the token
goes back to the Stadt der Magier tokens (SPELL-05). Vision and Unsichtbarkeit are no actions: they
are cast during the movement phase, like searching a secret path (SPELL-06).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from ..content.model import Content, FieldKind, Item
from ..core import rules
from ..core.actions import Action, CastSpell
from ..core.board import board_for
from ..core.context import Ctx, Handlers
from ..core.errors import IllegalActionError
from ..core.heroes import held_items
from ..core.payloads import Probe
from ..core.state import PILE_CITY, State
from ..core.tokens import exists_for, field_tokens, move_token
from ..effects.bag import draw_random, search_bag
from ..effects.probes import start_probe

HANDLERS = Handlers()  # this module's decisions and probes; registry.HOOKS merges them


def _vision_fields(content: Content, state: State, seat: int) -> list[str]:
    """Adjacent beige fields with a face-down token this seat has not seen (GLOS-76)."""
    hero = state.heroes[seat]
    board = board_for(content, state.grid)
    result = []
    for link in board.links.get(hero.position, ()) if hero.position is not None else ():
        code = link.to
        if not state.revealed[board.cell_of_field(code)] or board.field(code).kind is not FieldKind.BEIGE:
            continue
        if any(not state.tokens[t].face_up and seat not in state.tokens[t].seen_by
               and exists_for(content, state, seat, t) for t in field_tokens(state, code)):
            result.append(code)
    return sorted(set(result))


def _invisibility_targets(content: Content, state: State, seat: int) -> list[str | None]:
    return [] if state.turn_state.invisible else [None]


def legal_spell_actions(content: Content, state: State, seat: int) -> list[Action]:
    ts = state.turn_state
    hero = state.heroes[seat]
    if ts.movement_over or ts.forced_fight or hero.between is not None or hero.position is None:
        return []
    result: list[Action] = []
    for tid, item in held_items(content, state, hero):
        spell = _castable(item)
        if spell is not None:
            targets = cast(Targets, spell.targets)(content, state, seat)
            result.extend(CastSpell(token=tid, field=code) for code in targets)
    return result


def _castable(item: Item) -> Spell | None:
    """The effect that lets this spell be cast during movement, if it has one."""
    return next((EFFECTS[f] for f in item.flags if f in EFFECTS and EFFECTS[f].targets is not None), None)


def apply_cast_spell(ctx: Ctx, seat: int, action: CastSpell) -> None:
    state, content = ctx.state, ctx.content
    if action not in legal_spell_actions(content, state, seat):
        raise IllegalActionError("this spell cannot be cast now (Vision: an adjacent beige field with an unseen "
                                 "face-down token; Unsichtbarkeit: once, during movement)")
    item = content.items[content.tokens[action.token].face]
    purpose = cast(Spell, _castable(item)).probe  # legal_spell_actions offered only castable spells
    ctx.emit("spell_cast", rules.SPELL_IN_MOVEMENT, seat, token=action.token, spell=item.key, field=action.field)
    start_probe(ctx, seat, "magic", 0, purpose, {"token": action.token, "field": action.field})


def dissolve(ctx: Ctx, seat: int, tid: str, rule: str) -> None:
    """A failed spell probe: the scroll dissolves, back to the Stadt der Magier tokens (SPELL-05)."""
    hero = ctx.state.heroes[seat]
    if tid in hero.items:
        hero.items.remove(tid)
    move_token(ctx.state, tid, PILE_CITY, face_up=False, seen_by=(), flipped=False)
    ctx.emit("spell_dissolved", rule, seat, token=tid)


@HANDLERS.on_probe("vision")
def _vision(ctx: Ctx, probe: Probe, passed: bool) -> None:
    seat, data = probe.seat, probe.data
    state = ctx.state
    if not passed:
        dissolve(ctx, seat, data["token"], rules.SPELL_FAILED)
        return
    seen = []
    for tid in sorted(field_tokens(state, data["field"])):
        ts = state.tokens[tid]
        if not ts.face_up and exists_for(ctx.content, state, seat, tid):
            move_token(state, tid, ts.loc, seen_by=tuple(sorted({*ts.seen_by, seat})))
            seen.append(tid)
    ctx.emit("vision_seen", rules.VISION, seat, field=data["field"], tokens=seen,
             faces=[ctx.content.tokens[t].face for t in seen], visible_to=(seat,))


@HANDLERS.on_probe("invisibility")
def _invisibility(ctx: Ctx, probe: Probe, passed: bool) -> None:
    seat = probe.seat
    if not passed:
        dissolve(ctx, seat, probe.data["token"], rules.SPELL_FAILED)
        return
    ctx.state.turn_state.invisible = True
    ctx.emit("invisible", rules.INVISIBILITY, seat)


@HANDLERS.on_probe("hellsehen")
def _hellsehen(ctx: Ctx, probe: Probe, passed: bool) -> None:
    seat = probe.seat
    if not passed:
        # The spell fails: it goes back, and the player draws at random (ruling R-43).
        dissolve(ctx, seat, probe.data["token"], rules.HELLSEHEN)
        draw_random(ctx, seat)
        return
    search_bag(ctx, seat, "bag_search", with_target=False, rule=rules.HELLSEHEN)


# --- the registry -----------------------------------------------------------------------------------------------
# (content, state, seat) -> the fields a spell cast during movement may aim at (None: no field)
Targets = Callable[[Content, State, int], "Sequence[str | None]"]


@dataclass(frozen=True)
class Spell:
    """One spell flag of items.yaml. Vision and Unsichtbarkeit are cast during movement (``targets``,
    then a magic probe for ``probe``); the others are read where they act: Blitzschlag in the fight,
    Hellsehen at the draw, Stärkung on purchase. (The spells that boost a probe are effects/probes.BOOSTS.)"""

    rule: str
    targets: Targets | None = None
    probe: str = ""


# Every spell flag items.yaml names, once (docs/architecture.md, "Effects as data").
EFFECTS: dict[str, Spell] = {
    "peek_face_down": Spell(rules.VISION, _vision_fields, "vision"),
    "invisibility": Spell(rules.INVISIBILITY, _invisibility_targets, "invisibility"),
    "usable_in_movement": Spell(rules.SPELL_IN_MOVEMENT),
    "lightning": Spell(rules.LIGHTNING),
    "choose_token": Spell(rules.HELLSEHEN),
    "raise_max_lp": Spell(rules.STAERKUNG),
}
