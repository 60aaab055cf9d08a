"""Quests ("Aufgaben", "Aufgabenarten"): accepting, laying down and fulfilling the six types.

1 visit a place, 2 find a person, 3 bring a bought item to a place, 4 to a person; 5 and 6 find an
underlined item (that pays the gold printed on the quest) and bring it to a place (5) or a person
(6), and the item token turns over into the reward on its back. A hero holds at most four quests.
Accepting and fulfilling draw from the bag; swapping a quest for a quest does not (ruling R-33).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from ..content.model import Content, Quest, TokenCategory
from ..core import rules
from ..core.actions import AcceptQuest, Action, DropQuest, FulfilQuest, HandQuest
from ..core.context import Ctx
from ..core.errors import IllegalActionError
from ..core.heroes import SKILL_CAP, printed_value, skill_value
from ..core.phase import begin_action
from ..core.state import OUT, HeroState, State, at_field
from ..core.tokens import move_token, role, shown_key, visible_at
from ..effects.bag import draw_due
from ..effects.items import drop_from_sheet, on_acquire, release
from ..effects.rewards import grant_gold, grant_xp

MAX_QUESTS = 4


def quest_of(content: Content, tid: str) -> Quest:
    quest = content.tokens[tid].quest
    assert quest is not None, tid
    return quest


def quest_place(state: State, seat: int) -> str:
    return f"quest:{seat}"


def bound_items(content: Content, state: State, hero: HeroState, qid: str) -> list[str]:
    """Quest items (yellow/blue) held for this quest: they go down with it (QUEST-10)."""
    quest = quest_of(content, qid)
    return [tid for tid in hero.items
            if content.tokens[tid].category is TokenCategory.QUEST_ITEM and not state.tokens[tid].flipped
            and content.tokens[tid].face == quest.needs_token]


def _person_here(content: Content, state: State, seat: int, face: str | None) -> bool:
    hero = state.heroes[seat]
    if face is None or hero.position is None or hero.between is not None:
        return False
    return any(content.tokens[t].face == face and state.tokens[t].face_up and not state.tokens[t].flipped
               for t in visible_at(content, state, seat, hero.position))


def _holds(content: Content, state: State, hero: HeroState, key: str | None) -> str | None:
    for tid in hero.items:
        if shown_key(content, state, tid) == key:
            return tid
    return None


def can_fulfil(content: Content, state: State, seat: int, qid: str) -> bool:
    hero = state.heroes[seat]
    quest = quest_of(content, qid)
    if hero.between is not None:
        return False
    at_target = hero.position == quest.target
    if quest.type == 1:
        return at_target
    if quest.type == 2:
        return _person_here(content, state, seat, quest.person)
    if quest.type == 3:
        return at_target and _holds(content, state, hero, quest.needs) is not None
    if quest.type == 4:
        holds = _holds(content, state, hero, quest.needs) is not None
        return holds and _person_here(content, state, seat, quest.person)
    # Types 5 and 6: the found quest item is still face side up on the sheet.
    if qid not in hero.found or not bound_items(content, state, hero, qid):
        return False
    return at_target if quest.type == 5 else _person_here(content, state, seat, quest.person)


def legal_quest_actions(content: Content, state: State, seat: int) -> list[Action]:
    hero = state.heroes[seat]
    result: list[Action] = []
    if hero.between is None and hero.position is not None:
        for tid in visible_at(content, state, seat, hero.position):
            if role(content, state, tid) != "quest" or not state.tokens[tid].face_up:
                continue
            if len(hero.quests) < MAX_QUESTS:
                result.append(AcceptQuest(token=tid))
            else:
                result.extend(AcceptQuest(token=tid, swap=q) for q in hero.quests)
        result.extend(DropQuest(token=q) for q in hero.quests)
    result.extend(FulfilQuest(token=q) for q in hero.quests if can_fulfil(content, state, seat, q))
    return result


def legal_hand_quest_actions(content: Content, state: State, seat: int) -> list[Action]:
    """Co-op: "Aufgaben: Können ... untereinander getauscht werden" — to a member of the group on the same
    field with a free quest slot, as an action, before its quest item is found (COOP-48, ruling R-236)."""
    coop = state.coop
    hero = state.heroes[seat]
    if coop is None or state.turn_state.action_taken or hero.between is not None or hero.position is None:
        return []
    result: list[Action] = []
    for other in coop.group_of(seat):
        taker = state.heroes[other]
        if other == seat or taker.position != hero.position or taker.between is not None:
            continue
        if len(taker.quests) >= MAX_QUESTS:
            continue
        result.extend(HandQuest(token=q, seat=other) for q in hero.quests
                      if q not in hero.found and not bound_items(content, state, hero, q))
    return result


def apply_hand_quest(ctx: Ctx, seat: int, action: HandQuest) -> None:
    state = ctx.state
    if action not in legal_hand_quest_actions(ctx.content, state, seat):
        raise IllegalActionError("a quest goes to a member of the own group on the same field with a free slot, "
                                 "before its quest item is found")
    if not begin_action(ctx, seat):
        return
    state.heroes[seat].quests.remove(action.token)
    state.heroes[action.seat].quests.append(action.token)
    move_token(state, action.token, quest_place(state, action.seat), face_up=True, seen_by=())
    ctx.emit("quest_handed", rules.COOP_QUESTS, seat, token=action.token, to=action.seat)


def _lay_down(ctx: Ctx, seat: int, qid: str) -> None:
    """The quest goes face up onto the hero's field, with the quest items bound to it."""
    state, content = ctx.state, ctx.content
    hero = state.heroes[seat]
    for tid in bound_items(content, state, hero, qid):
        release(ctx, seat, tid, hero.position, rules.QUEST_BOUND_ITEMS)
    hero.quests.remove(qid)
    if qid in hero.found:
        hero.found.remove(qid)
    # Only a hero standing on a field (not between two) lays a quest down.
    move_token(state, qid, at_field(cast(str, hero.position)), face_up=True, seen_by=())
    ctx.emit("quest_laid_down", rules.QUEST_DROP, seat, token=qid, field=hero.position)


def apply_accept(ctx: Ctx, seat: int, action: AcceptQuest) -> None:
    state = ctx.state
    if action not in legal_quest_actions(ctx.content, state, seat):
        raise IllegalActionError(f"quest {action.token} cannot be accepted here"
                                 + (" (at four quests name one to lay down)" if action.swap is None else ""))
    if not begin_action(ctx, seat):
        return
    hero = state.heroes[seat]
    laid_down = action.swap
    if action.swap is not None:
        _lay_down(ctx, seat, action.swap)
    elif state.v2 and state.turn_state.laid_down:
        # Laying a quest down (one action) and then accepting another (a second) is the same swap
        # in two steps: it draws nothing either (ruling R-160).
        laid_down = state.turn_state.laid_down.pop(0)
    hero.quests.append(action.token)
    move_token(state, action.token, quest_place(state, seat), face_up=True, seen_by=())
    ctx.emit("quest_accepted", rules.QUEST_ACCEPT, seat, token=action.token)
    if laid_down is not None:
        ctx.emit("quest_swapped_no_draw", rules.QUEST_SWAP, seat, token=action.token, laid_down=laid_down)
        return
    draw_due(ctx, seat, rules.QUEST_DRAW, "quest_accepted")


def apply_drop_quest(ctx: Ctx, seat: int, action: DropQuest) -> None:
    drop_from_sheet(ctx, seat, action.token, ctx.state.heroes[seat].quests, "a quest", _laid_down_now)


def _laid_down_now(ctx: Ctx, seat: int, qid: str) -> None:
    _lay_down(ctx, seat, qid)
    if seat == ctx.state.current:
        ctx.state.turn_state.laid_down.append(qid)


def found_quest_item(ctx: Ctx, seat: int, tid: str) -> None:
    """Finding the underlined item of a type 5 or 6 quest pays the quest's gold, once (QUEST-17/19)."""
    state, content = ctx.state, ctx.content
    token = content.tokens[tid]
    if token.category is not TokenCategory.QUEST_ITEM or state.tokens[tid].flipped:
        return
    hero = state.heroes[seat]
    for qid in hero.quests:
        quest = quest_of(content, qid)
        if quest.type in (5, 6) and quest.needs_token == token.face and qid not in hero.found:
            hero.found.append(qid)
            grant_gold(ctx, seat, quest.reward_gold, rules.QUEST_FOUND[quest.type], "quest_item_found")
            return


def apply_fulfil(ctx: Ctx, seat: int, action: FulfilQuest) -> None:
    state, content = ctx.state, ctx.content
    hero = state.heroes[seat]
    qid = action.token
    if qid not in hero.quests or not can_fulfil(content, state, seat, qid):
        raise IllegalActionError(f"quest {qid} cannot be fulfilled here and now")
    if not begin_action(ctx, seat):
        return
    quest = quest_of(content, qid)
    rule = rules.QUEST_TYPE[quest.type]
    if quest.type in (3, 4):
        # The bought item is handed over: Basar and city goods go back to their supply (ruling R-57).
        tid = _holds(content, state, hero, quest.needs)
        release(ctx, seat, cast(str, tid), None, rule)  # can_fulfil found the item held
    if quest.type in (5, 6):
        # The quest item turns over: its back is the hero's reward, a special item (QUEST-18/20).
        tid = bound_items(content, state, hero, qid)[0]
        move_token(state, tid, state.tokens[tid].loc, flipped=True)
        hero.found.remove(qid)
        item = content.items.get(shown_key(content, state, tid))
        ctx.emit("quest_item_turned", rule, seat, token=tid, item=item.key if item else None)
        if item is not None:
            on_acquire(ctx, seat, tid, item)
    else:
        grant_gold(ctx, seat, quest.reward_gold, rule, "quest_fulfilled")
    grant_xp(ctx, seat, quest.reward_xp, rule, "quest_fulfilled")
    _special_reward(ctx, seat, quest)
    hero.quests.remove(qid)
    move_token(state, qid, OUT, face_up=True, seen_by=())
    ctx.emit("quest_fulfilled", rules.QUEST_DONE, seat, token=qid, type=quest.type)
    draw_due(ctx, seat, rules.QUEST_DRAW, "quest_fulfilled")


def _special_reward(ctx: Ctx, seat: int, quest: Quest) -> None:
    if quest.reward_special is not None:
        REWARDS[quest.reward_special].apply(ctx, seat)


def _wand_in_boat(ctx: Ctx, seat: int) -> None:
    """The wand lies in the boat: between L2 and L4, free of gold and points (WATER-04/05)."""
    ctx.state.boat = "staff"
    ctx.emit("wand_in_boat", rules.WATER_STAFF, seat)


def _raises(skill: str) -> Callable[[Ctx, int], None]:
    def apply(ctx: Ctx, seat: int) -> None:
        raise_by_quest(ctx, seat, skill)

    return apply


def raise_by_quest(ctx: Ctx, seat: int, skill: str) -> None:
    """Finde Mirabar / Don Hobiro / den Gasconier: +2 while the value without items is 5 or less,
    else +1, never above 11 (ruling R-34)."""
    hero = ctx.state.heroes[seat]
    without_items = skill_value(ctx.content, ctx.state, hero, skill, items=False)
    gain = 2 if without_items <= 5 else 1
    base = printed_value(ctx.content, hero, skill)
    hero.training[skill] = min(SKILL_CAP - base, hero.training[skill] + gain)
    ctx.emit("skill_raised", rules.TRAIN_QUEST, seat, skill=skill, gain=gain,
             value=skill_value(ctx.content, ctx.state, hero, skill, items=False))


# --- the registry -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class QuestReward:
    """A quest's special reward (``reward_special`` in tokens.yaml), given as the quest is fulfilled."""

    rule: str
    apply: Callable[[Ctx, int], None]  # (ctx, the seat that fulfilled the quest)


# Every special reward tokens.yaml names, once (docs/architecture.md, "Effects as data"); registry.py
# checks the content's names against them.
REWARDS: dict[str, QuestReward] = {
    "train_magic": QuestReward(rules.TRAIN_QUEST, _raises("magic")),
    "train_ranged": QuestReward(rules.TRAIN_QUEST, _raises("ranged")),
    "train_melee": QuestReward(rules.TRAIN_QUEST, _raises("melee")),
    "wand_in_boat": QuestReward(rules.WATER_STAFF, _wand_in_boat),
}
