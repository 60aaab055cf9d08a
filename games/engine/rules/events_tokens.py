"""Orange tokens: events, carried out at once when drawn; then the drawer's turn is over (TOK-33..35).

The three contests ("Wettkämpfe"): every hero, from the drawer on in turn order, makes two probes in
the event's skill, the second at -1; who passes both wins the printed reward. The Unwetter starts a
storm (its end rolls are in the start of each turn). The event token leaves the game, and no
replacement is drawn.

Dragon events (orange/violet) come into the bag with the dragon; the minimum engine III builds on is
here: Raub, Basar brennt, Angst (ruling R-29) and Attacke (ruling R-30).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..content.model import TokenCategory
from ..core import rules
from ..core.actions import ChooseOption
from ..core.board import board_for, letter_of, orthogonal_cells, place
from ..core.context import Ctx, Handlers
from ..core.heroes import held_items, item_with_flag, pay, purse_of
from ..core.payloads import DragonRound, DragonStep, Probe, RobberyChoice
from ..core.pending import ask
from ..core.phase import end_turn_now
from ..core.state import BAG, OUT, PILE_BAZAAR, PILE_CITY, Pending
from ..core.tokens import move_token, role
from ..effects.items import release, supply_of
from ..effects.probes import SKILL_ORDER, allowed_skills, start_probe
from ..effects.rewards import grant_gold, grant_xp
from .spells import dissolve

PROTECTED_CATEGORIES = {"magic_weapon", "scroll", "material"}
COUNTER_SPELLS = {"unsichtbarkeit": "invisibility", "blitzschlag": "lightning"}

HANDLERS = Handlers()  # this module's decisions and probes; registry.HOOKS merges them


def _turn_order(ctx: Ctx, first: int) -> list[int]:
    n = ctx.state.seats
    return [(first + i) % n for i in range(n)]


def resolve_event(ctx: Ctx, seat: int, tid: str) -> None:
    state, content = ctx.state, ctx.content
    token = content.tokens[tid]
    move_token(state, tid, OUT, face_up=True, seen_by=())
    ctx.emit("event", rules.TOK_EVENT, seat, token=tid, event=token.face)
    end_turn_now(ctx, seat, rules.TOK_EVENT_TURN_ENDS, "event")
    ctx.emit("event_leaves_game", rules.TOK_EVENT_OUT, seat, token=tid)
    _carry_out(ctx, seat, tid)


def _carry_out(ctx: Ctx, seat: int, tid: str) -> None:
    """What the event's effect does (``EFFECTS``); every event token names one."""
    for name in ctx.content.tokens[tid].effects:
        if name in EFFECTS:
            EFFECTS[name].apply(ctx, seat, tid)
            return


def _storm(ctx: Ctx, seat: int, tid: str) -> None:
    ctx.state.unwetter = True
    ctx.emit("unwetter_begins", rules.STORM_DRAWN, seat)


def _contest_start(ctx: Ctx, seat: int, tid: str) -> None:
    skill = allowed_skills(ctx.content.tokens[tid].skills)[0]
    _contest_probe(ctx, {"token": tid, "skill": skill, "order": _turn_order(ctx, seat), "i": 0, "n": 0})


def _contest_probe(ctx: Ctx, data: dict[str, Any]) -> None:
    if data["i"] >= len(data["order"]):
        ctx.emit("contest_over", rules.CONTEST, None, token=data["token"])
        return
    token = ctx.content.tokens[data["token"]]
    # The first probe is unmodified, the second at -1 (CONTEST-02).
    modifier = token.skills[data["skill"]] - data["n"]
    start_probe(ctx, data["order"][data["i"]], data["skill"], modifier, "contest", data)


@HANDLERS.on_probe("contest")
def _contest(ctx: Ctx, probe: Probe, passed: bool) -> None:
    data = dict(probe.data)
    seat = probe.seat
    if passed and data["n"] == 0:
        data["n"] = 1
    else:
        if passed:
            token = ctx.content.tokens[data["token"]]
            ctx.emit("contest_won", rules.CONTEST_WON, seat, token=data["token"])
            grant_gold(ctx, seat, token.reward_gold, rules.CONTEST_WON, "contest")
            grant_xp(ctx, seat, token.reward_xp, rules.CONTEST_WON, "contest")
        data["i"] += 1
        data["n"] = 0
    _contest_probe(ctx, data)


# --- dragon events ---------------------------------------------------------------------------------------
def resolve_dragon_event(ctx: Ctx, seat: int, tid: str) -> None:
    state, content = ctx.state, ctx.content
    token = content.tokens[tid]
    move_token(state, tid, OUT, face_up=True, seen_by=())
    ctx.emit("event", rules.TOK_EVENT, seat, token=tid, event=token.face)
    end_turn_now(ctx, seat, rules.TOK_EVENT_TURN_ENDS, "dragon_event")
    _carry_out(ctx, seat, tid)


def _robbery(ctx: Ctx, seat: int, tid: str) -> None:
    _rob_next(ctx, DragonRound(tuple(_turn_order(ctx, seat))))


def _bazaar_burns(ctx: Ctx, seat: int, tid: str) -> None:
    state = ctx.state
    for supply, count in ((PILE_BAZAAR, 6), (PILE_CITY, 4)):
        pile = sorted(state.tokens_at(supply))
        for _ in range(min(count, len(pile))):
            burnt = ctx.dice.pick(pile)
            pile.remove(burnt)
            move_token(state, burnt, OUT, face_up=True, seen_by=())
    ctx.emit("bazaar_burnt", rules.BAZAAR_BURNS, seat)


def _attack(ctx: Ctx, seat: int, tid: str) -> None:
    _attack_next(ctx, DragonRound(tuple(_turn_order(ctx, seat)), token=tid))


def _rob_next(ctx: Ctx, robbery: DragonRound) -> None:
    """Raub: 1 gold from every hero who has any; Unsichtbarkeit, cast with a passed magic probe,
    keeps it (GLOS-50, GLOS-74)."""
    state = ctx.state
    while not robbery.over:
        victim = robbery.seat
        robbery = robbery.advanced()
        hero = state.heroes[victim]
        if purse_of(hero) <= 0:
            continue
        spell = item_with_flag(ctx.content, state, hero, "invisibility")
        if spell is not None:
            ask(ctx, victim, "dragon_robbery", ["unsichtbarkeit", "pay"], RobberyChoice(robbery, spell),
                front=True)
            return
        _robbed(ctx, victim)
    ctx.emit("dragon_robbery_over", rules.DRAGON_ROBBERY, None)


def _robbed(ctx: Ctx, victim: int) -> None:
    pay(ctx.state.heroes[victim], 1)
    # The stolen coin goes into the dragon's hoard: one more EW for the next challenger (ruling R-73).
    ctx.state.hoard_extra += 1
    ctx.emit("robbed_by_dragon", rules.DRAGON_ROBBERY, victim, gold=1, hoard_extra=ctx.state.hoard_extra)


@HANDLERS.answers("dragon_robbery", ChooseOption)
def _robbery_answer(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    choice = pending.payload(RobberyChoice)
    if value == "pay":
        _robbed(ctx, seat)
        _rob_next(ctx, choice.round)
        return
    start_probe(ctx, seat, "magic", 0, "robbery_invisible", {"next": choice.round.to_json(), "token": choice.token})


@HANDLERS.on_probe("robbery_invisible")
def _robbery_invisible(ctx: Ctx, probe: Probe, passed: bool) -> None:
    seat = probe.seat
    if passed:
        ctx.emit("invisible_to_the_dragon", rules.INVISIBILITY, seat)
    else:
        dissolve(ctx, seat, probe.data["token"], rules.SPELL_FAILED)
        _robbed(ctx, seat)
    _rob_next(ctx, DragonRound.from_json(probe.data["next"]))


def _fear(ctx: Ctx, seat: int, tid: str) -> None:
    """Angst: on the cards beside the dragon's card, open tokens but items hide in the bag; revealed
    face-down tokens turn face down where they lie (ruling R-29)."""
    state, content = ctx.state, ctx.content
    board = board_for(content, state.grid)
    v = board.cell_of_letter.get(letter_of(place(content, "dragon")))
    letters = {state.grid[c] for c in orthogonal_cells(v)} if v is not None else set()
    spared = {TokenCategory.NAMENLOSER, TokenCategory.GUARDIAN, TokenCategory.SERVANT}
    hidden = turned = 0
    for tid, ts in sorted(state.tokens.items()):
        if ts.field is None or ts.field[0] not in letters or not ts.face_up:
            continue
        token = content.tokens[tid]
        if token.category in spared or role(content, state, tid) == "item":
            continue
        if token.category is TokenCategory.FACE_DOWN:
            move_token(state, tid, ts.loc, face_up=False, seen_by=())
            turned += 1
        else:
            move_token(state, tid, BAG, face_up=False, seen_by=())
            hidden += 1
    ctx.emit("dragon_fear", rules.DRAGON_FEAR, seat, hidden=hidden, turned=turned)


def _attack_next(ctx: Ctx, attack: DragonRound) -> None:
    """Attacke: hero after hero makes a probe at -3 in a skill of his choice; the first who passes
    drives the dragon off, each who fails loses an item of his choice (GLOS-04, ruling R-30)."""
    if attack.over:
        ctx.emit("dragon_attack_over", rules.DRAGON_ATTACK, None)
        return
    seat = attack.seat
    hero = ctx.state.heroes[seat]
    counters = [name for name, flag in COUNTER_SPELLS.items()
                if item_with_flag(ctx.content, ctx.state, hero, flag) is not None]
    ask(ctx, seat, "attack_skill", [*SKILL_ORDER, *counters], DragonStep(attack), front=True)


@HANDLERS.answers("attack_skill", ChooseOption)
def _attack_skill(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    attack = pending.payload(DragonStep).round
    if value in COUNTER_SPELLS:
        # Unsichtbarkeit (he is not attacked) or Blitzschlag (the dragon is driven off), each after a
        # magic probe; a failed probe dissolves the spell, and the normal probe follows (GLOS-10, GLOS-74).
        tid = item_with_flag(ctx.content, ctx.state, ctx.state.heroes[seat], COUNTER_SPELLS[value])
        start_probe(ctx, seat, "magic", 0, "attack_counter",
                    {**attack.to_json(), "spell": value, "spell_token": tid})
        return
    token = ctx.content.tokens[str(attack.token)]
    start_probe(ctx, seat, value, token.skills.get(value, -3), "dragon_attack", attack.to_json())


@HANDLERS.on_probe("attack_counter")
def _attack_counter(ctx: Ctx, probe: Probe, passed: bool) -> None:
    seat, data = probe.seat, dict(probe.data)
    spell, tid = data.pop("spell"), data.pop("spell_token")
    attack = DragonRound.from_json(data)
    if passed and spell == "blitzschlag":
        ctx.emit("dragon_driven_off", rules.LIGHTNING, seat)
        return
    if passed:
        ctx.emit("invisible_to_the_dragon", rules.INVISIBILITY, seat)
        _attack_next(ctx, attack.advanced())
        return
    dissolve(ctx, seat, tid, rules.SPELL_FAILED)
    ask(ctx, seat, "attack_skill", list(SKILL_ORDER), DragonStep(attack), front=True)


@HANDLERS.on_probe("dragon_attack")
def _attack_probe(ctx: Ctx, probe: Probe, passed: bool) -> None:
    seat = probe.seat
    if passed:
        ctx.emit("dragon_driven_off", rules.DRAGON_ATTACK, seat)
        return
    hero = ctx.state.heroes[seat]
    eligible = [tid for tid, item in held_items(ctx.content, ctx.state, hero)
                if item.category not in PROTECTED_CATEGORIES]
    attack = DragonRound.from_json(probe.data).advanced()
    if eligible:
        ask(ctx, seat, "attack_loss", eligible, DragonStep(attack), front=True)
        return
    ctx.emit("dragon_finds_nothing", rules.DRAGON_ATTACK, seat)
    _attack_next(ctx, attack)


@HANDLERS.answers("attack_loss", ChooseOption)
def _attack_loss(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    """Supply goods back to their supply, quest rewards out of the game, anything else into the bag."""
    state, content = ctx.state, ctx.content
    special = state.tokens[value].flipped and content.tokens[value].category is TokenCategory.QUEST_ITEM
    if supply_of(content, state, value) is not None:
        release(ctx, seat, value, None, rules.DRAGON_ATTACK)
    else:
        release(ctx, seat, value, None, rules.DRAGON_ATTACK)
        if not special:
            move_token(state, value, BAG, face_up=False, seen_by=(), flipped=False)
    _attack_next(ctx, pending.payload(DragonStep).round)


# --- the registry -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Event:
    """One event effect: what drawing the token does after the drawer's turn ended (TOK-33/34)."""

    rule: str
    apply: Callable[[Ctx, int, str], None]  # (ctx, the drawer's seat, the event token)


# Every event effect tokens.yaml names, once (docs/architecture.md, "Effects as data").
EFFECTS: dict[str, Event] = {
    "storm": Event(rules.STORM_DRAWN, _storm),
    "contest": Event(rules.CONTEST, _contest_start),
    "dragon_robbery": Event(rules.DRAGON_ROBBERY, _robbery),
    "bazaar_burns": Event(rules.BAZAAR_BURNS, _bazaar_burns),
    "dragon_fear": Event(rules.DRAGON_FEAR, _fear),
    "dragon_attack": Event(rules.DRAGON_ATTACK, _attack),
}
