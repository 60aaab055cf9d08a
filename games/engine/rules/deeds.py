"""Heldentaten (heroic deeds): the road to the Edelstein (gem), the key to the Namenloser's tower.

A hero on the royal court (J5) chooses one deed card as an action; the choice is final, survives his
death, and no hero holds two (a scroll may be held besides). Each deed has three parts (deeds.yaml):
1. a fight or an encounter; the item on the back of its token goes onto the deed card;
2. that item (with any other items the part needs) is brought to a person or place; the reward on
   the back of the target token goes onto the deed card;
3. the reward is brought to a further place (often the manor): the hero earns the gem.
Deed tokens are violet and only the deed's owner sees them. The first part 1 fulfilled by anyone
puts the Namenloser into the bag, and every fulfilled part makes the player draw (BAG-08 limit).
"""

from __future__ import annotations

from typing import cast

from ..content.model import Content, DeedPart, TokenCategory
from ..core import rules
from ..core.actions import Action, ChooseDeed, FulfilDeed
from ..core.board import place
from ..core.context import Ctx, Handlers
from ..core.coop import DEEDS as COOP_DEEDS
from ..core.errors import IllegalActionError
from ..core.payloads import Probe
from ..core.phase import begin_action
from ..core.state import ASIDE, BAG, OUT, HeroState, State
from ..core.tokens import move_token, shown_key
from ..effects.bag import draw_due
from ..effects.items import receive
from ..effects.probes import allowed_skills, start_probe

HANDLERS = Handlers()  # this module's decisions and probes; registry.HOOKS merges them


def deed_card(seat: int) -> str:
    return f"deed:{seat}"


def holders(state: State) -> dict[str, int]:
    return {h.deed: h.seat for h in state.heroes if h.deed}


def next_part(content: Content, hero: HeroState) -> DeedPart | None:
    if hero.deed is None or hero.deed_parts >= 3:
        return None
    return content.deeds[hero.deed].parts[hero.deed_parts]


def _on_card(content: Content, state: State, seat: int) -> dict[str, str]:
    """Item key -> token id of the items lying on this seat's deed card."""
    return {shown_key(content, state, tid): tid for tid in sorted(state.tokens_at(deed_card(seat)))}


def has_needs(content: Content, state: State, seat: int, part: DeedPart) -> bool:
    held = _on_card(content, state, seat)
    return all(key in held for key in part.needs)


def _part_token_here(content: Content, state: State, seat: int, part: DeedPart) -> str | None:
    """The token the part acts on, lying face up (not turned over) on the hero's field."""
    hero = state.heroes[seat]
    if not part.tokens:
        return None
    tid = part.tokens[0]
    ts = state.tokens[tid]
    if ts.field != hero.position or not ts.face_up or ts.flipped:
        return None
    return tid


def deed_monster_ready(content: Content, state: State, seat: int, tid: str) -> bool:
    """A deed monster (part 1) can be fought only by its owner carrying what the part needs besides
    (Raubritter Kuno: the Kerkerschlüssel, ruling R-70); without it he walks past the monster."""
    token = content.tokens[tid]
    if not token.deed:
        return True
    hero = state.heroes[seat]
    part = next_part(content, hero)
    if hero.deed != token.deed or part is None or part.number != 1 or not part.tokens or part.tokens[0] != tid:
        return False
    return has_needs(content, state, seat, part)


def _fulfil_options(content: Content, state: State, seat: int) -> list[str | None]:
    hero = state.heroes[seat]
    part = next_part(content, hero)
    if part is None or hero.between is not None or hero.position is None:
        return []
    if part.action == "fight":
        return []  # fought through the normal fight (combat.victory)
    if part.action == "encounter":
        tid = _part_token_here(content, state, seat, part)
        if tid is None or tid in state.turn_state.used or not has_needs(content, state, seat, part):
            return []
        skills = allowed_skills(content.tokens[tid].skills)
        return list(skills) if skills else [None]
    target = hero.manor if part.target == "manor" else part.target
    if hero.position != target or not has_needs(content, state, seat, part):
        return []
    if part.tokens and _part_token_here(content, state, seat, part) is None:
        return []  # the person or place is not on the board yet (still in the bag)
    return [None]


def legal_deed_actions(content: Content, state: State, seat: int) -> list[Action]:
    hero = state.heroes[seat]
    result: list[Action] = []
    if hero.deed is None and hero.position == place(content, "royal_court") and hero.between is None:
        taken = holders(state)
        offered = sorted(content.deeds) if state.coop is None else [k for k in COOP_DEEDS if k in content.deeds]
        result.extend(ChooseDeed(deed=key) for key in offered if key not in taken)
    result.extend(FulfilDeed(skill=s) for s in _fulfil_options(content, state, seat))
    return result


def apply_choose_deed(ctx: Ctx, seat: int, action: ChooseDeed) -> None:
    state, content = ctx.state, ctx.content
    if action not in legal_deed_actions(content, state, seat):
        raise IllegalActionError("a Heldentat is chosen on the royal court (J5), one per hero, not one another holds")
    if not begin_action(ctx, seat):
        return
    hero = state.heroes[seat]
    hero.deed = action.deed
    hero.deed_parts = 0
    ctx.emit("deed_chosen", rules.DEED_CHOOSE, seat, deed=action.deed)


def apply_fulfil_deed(ctx: Ctx, seat: int, action: FulfilDeed) -> None:
    state, content = ctx.state, ctx.content
    if action.skill not in _fulfil_options(content, state, seat):
        raise IllegalActionError("no part of your Heldentat can be fulfilled here now")
    hero = state.heroes[seat]
    part = next_part(content, hero)
    assert part is not None  # _fulfil_options offers nothing without a next part
    if not begin_action(ctx, seat):
        return
    if part.action == "encounter":
        tid = part.tokens[0]
        state.turn_state.used.append(tid)
        ctx.emit("deed_encounter", rules.DEED_PART_1, seat, token=tid, skill=action.skill, visible_to=(seat,))
        if action.skill is None:
            _won_part_one(ctx, seat, tid)
            return
        mod = content.tokens[tid].skills[action.skill]
        start_probe(ctx, seat, action.skill, mod, "deed_encounter", {"token": tid})
        return
    _deliver(ctx, seat, part)


@HANDLERS.on_probe("deed_encounter")
def _deed_probe(ctx: Ctx, probe: Probe, passed: bool) -> None:
    if passed:
        _won_part_one(ctx, probe.seat, probe.data["token"])
    else:
        ctx.emit("deed_encounter_failed", rules.DEED_PART_1, probe.seat, visible_to=(probe.seat,))


def _won_part_one(ctx: Ctx, seat: int, tid: str) -> None:
    hero = ctx.state.heroes[seat]
    # A part is fulfilled only by a hero standing on a field (_fulfil_options).
    receive(ctx, seat, tid, rules.DEED_PART_1, cast(str, hero.position), flipped=True)
    part_done(ctx, seat, 1)


def fight_won(ctx: Ctx, seat: int, tid: str) -> None:
    """Part 1 by a fight: the item on the monster's back already went onto the deed card; what the
    part needed besides (the Kerkerschlüssel) is used up."""
    part = next_part(ctx.content, ctx.state.heroes[seat])
    if part is not None and part.number == 1:
        _consume(ctx, seat, part)
    part_done(ctx, seat, 1)


def _consume(ctx: Ctx, seat: int, part: DeedPart) -> None:
    held = _on_card(ctx.content, ctx.state, seat)
    for key in part.needs:
        move_token(ctx.state, held[key], OUT, face_up=True, seen_by=())


def _deliver(ctx: Ctx, seat: int, part: DeedPart) -> None:
    state = ctx.state
    hero = state.heroes[seat]
    rule = rules.DEED_PART_2 if part.number == 2 else rules.DEED_PART_3
    _consume(ctx, seat, part)
    ctx.emit("deed_delivered", rule, seat, part=part.number, items=list(part.needs), field=hero.position,
             visible_to=(seat,))
    target = part.tokens[0] if part.tokens else None
    if part.gives == "edelstein":
        if target is not None:
            move_token(state, target, OUT, face_up=True, seen_by=())
        hero.gem = True
        ctx.emit("gem_earned", rules.GEM, seat, deed=hero.deed)
        if state.coop is not None:
            # "dann bekommen alle Mitglieder der Gruppe einen Edelstein" (COOP-55).
            for member in state.coop.group_of(seat):
                if member != seat and not state.heroes[member].gem:
                    state.heroes[member].gem = True
                    ctx.emit("gem_earned", rules.COOP_GROUP_GEM, member, deed=hero.deed)
    elif target is not None:
        # The reward is on the back of the target token: it goes onto the deed card (DEED-08).
        receive(ctx, seat, target, rule, cast(str, hero.position), flipped=True)
    part_done(ctx, seat, part.number)


def part_done(ctx: Ctx, seat: int, number: int) -> None:
    state, content = ctx.state, ctx.content
    hero = state.heroes[seat]
    hero.deed_parts = number
    ctx.emit("deed_part_fulfilled", {1: rules.DEED_PART_1, 2: rules.DEED_PART_2}.get(number, rules.DEED_PART_3),
             seat, deed=hero.deed, part=number)
    if number == 1:
        for tid, ts in sorted(state.tokens.items()):
            if ts.loc == ASIDE and content.tokens[tid].category is TokenCategory.NAMENLOSER:
                move_token(state, tid, BAG, face_up=False, seen_by=())
                ctx.emit("namenloser_into_bag", rules.DEED_NAMENLOSER_BAG, seat, token=tid)
    draw_due(ctx, seat, rules.DEED_DRAW, "deed_part")
