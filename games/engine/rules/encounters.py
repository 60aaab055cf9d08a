"""Encounters ("Begegnungen"): green-rimmed persons and things every hero may use once per turn.

Using one is an action. The token's ``effects`` name what it does; the three magic-weapon encounters
(scroll guards, the Hüter, the Magister) work from the token's back and weapon. Passive encounters
(Kahn, Orchan, Müllhalde, Waldläufer) act through movement and have no use of their own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from ..content.model import Content
from ..core import rules
from ..core.actions import Action, ChooseCell, ChooseField, UseEncounter
from ..core.board import CELLS, board_for
from ..core.context import Ctx, Handlers
from ..core.errors import IllegalActionError
from ..core.heroes import held_items, pay, purse_of
from ..core.payloads import SwapSecond
from ..core.pending import ask
from ..core.phase import begin_action
from ..core.state import Pending, State
from ..core.tokens import role, visible_at
from ..effects.bag import draw_due, search_bag
from ..effects.items import can_take, put_on_sheet, receive, release
from ..effects.life import heal, lose_lp
from ..effects.probes import allowed_skills, start_probe
from ..effects.rewards import ANY_COLOUR, grant_xp
from .movement import arrive
from .training import TEACHES, can_be_raised, train_with_kerberos, train_with_teacher

PAID = {"beggar", "juggler", "seer", "heal_herbwoman", *TEACHES}
SIMPLE = {"beggar", "juggler", "seer", "swap_regions", "heal_confused", "heal_d6", "heal_herbwoman", "teleport",
          "sell_coach", *TEACHES}
BOSS_CARDS = ("namenloser", "dragon")
LESSON = "lesson"  # marks in TurnState.used that the hero trained this turn (TRAIN-03)
# Teleporter results 3-6: the middle three cards of the north, east, south and west edge (GLOS-73).
TELEPORT_AREAS = {3: (1, 2, 3), 4: (9, 14, 19), 5: (21, 22, 23), 6: (5, 10, 15)}

HANDLERS = Handlers()  # this module's decisions and probes; registry.HOOKS merges them


def _effect(content: Content, tid: str) -> str | None:
    token = content.tokens[tid]
    for effect in token.effects:
        if effect in SIMPLE or effect in ("peek_boss", "train_any", "magister"):
            return effect
    if token.weapon and token.back:
        return "weapon_part"  # scroll guards (with a probe) and the Hüter (without)
    return None


def encounter_options(content: Content, state: State, seat: int, tid: str) -> list[str | None]:
    """The ways this hero can use the encounter now ([] = not at all)."""
    hero = state.heroes[seat]
    token = content.tokens[tid]
    effect = _effect(content, tid)
    if effect is None:
        return []
    if effect in PAID and purse_of(hero) < 1:
        return []
    if (effect in TEACHES or effect == "train_any") and LESSON in state.turn_state.used:
        return []  # one lesson per turn, even with two trainers on one field (TRAIN-03)
    if effect in TEACHES:
        return [None] if can_be_raised(content, hero, TEACHES[effect]) else []
    if effect == "peek_boss":
        known = _known_cards(state, seat)
        return [f"{skill}:{card}" for skill in allowed_skills(token.skills) for card in BOSS_CARDS
                if card not in known and getattr(state, f"{card}_card") is not None]
    if effect == "train_any":
        if sum(hero.xp.values()) < 1:
            return []
        return [s for s in ("magic", "ranged", "melee") if can_be_raised(content, hero, s)]
    if effect == "sell_coach":
        coach = content.items.get(token.back or "")
        if coach is None or purse_of(hero) < (coach.price or 0) or not can_take(content, state, hero, coach):
            return []
    if effect == "magister":
        return [None] if _magister_parts(content, state, seat, tid) else []
    if effect == "weapon_part":
        item = content.items.get(token.back or "")
        return [None] if item is not None else []
    return [None]


def _known_cards(state: State, seat: int) -> set[str]:
    return state.known_cards(seat)


def _magister_parts(content: Content, state: State, seat: int, tid: str) -> tuple[str, str] | None:
    """The scroll and the material of this Magister's weapon, if the hero holds both (WEAPON-07)."""
    weapon = content.tokens[tid].weapon
    hero = state.heroes[seat]
    scroll = material = None
    for held, item in held_items(content, state, hero):
        if content.tokens[held].weapon != weapon:
            continue
        if item.category == "scroll":
            scroll = held
        elif item.category == "material":
            material = held
    return (scroll, material) if scroll and material else None


def usable_encounters(content: Content, state: State, seat: int) -> list[str]:
    hero = state.heroes[seat]
    if hero.between is not None or hero.position is None:
        return []
    return [tid for tid in visible_at(content, state, seat, hero.position)
            if role(content, state, tid) == "encounter" and state.tokens[tid].face_up
            and tid not in state.turn_state.used]


def legal_encounter_actions(content: Content, state: State, seat: int) -> list[Action]:
    result: list[Action] = []
    for tid in usable_encounters(content, state, seat):
        result.extend(UseEncounter(token=tid, option=o) for o in encounter_options(content, state, seat, tid))
    return result


def apply_use_encounter(ctx: Ctx, seat: int, action: UseEncounter) -> None:
    state, content = ctx.state, ctx.content
    tid = action.token
    if tid not in usable_encounters(content, state, seat) or action.option not in encounter_options(
            content, state, seat, tid):
        raise IllegalActionError(f"the encounter {tid} cannot be used so now (once per turn; gold; conditions)")
    if not begin_action(ctx, seat):
        return
    state.turn_state.used.append(tid)
    effect = _effect(content, tid)
    hero = state.heroes[seat]
    token = content.tokens[tid]
    ctx.emit("encounter_used", rules.ENCOUNTER_ONCE, seat, token=tid, encounter=token.face, option=action.option)
    if effect in PAID:
        pay(hero, 1)
        ctx.emit("encounter_paid", rules.TOK_ENCOUNTER_ONCE, seat, token=tid, gold=1)
    if (effect in TEACHES or effect == "train_any") and state.v2:
        state.turn_state.used.append(LESSON)
    if effect in TEACHES:
        train_with_teacher(ctx, seat, tid, TEACHES[effect])
    elif effect == "train_any":
        train_with_kerberos(ctx, seat, tid, cast(str, action.option))  # one of the skills offered
    elif effect == "beggar":
        roll = ctx.d6()
        ctx.emit("beggar_roll", rules.BEGGAR, seat, dice=(roll,), lucky=roll <= 2)
        if roll <= 2:
            grant_xp(ctx, seat, [ANY_COLOUR], rules.BEGGAR, "beggar")
    elif effect == "juggler":
        roll = ctx.d6()
        ctx.emit("juggler_roll", rules.JUGGLER, seat, dice=(roll,))
        if roll <= 3:
            grant_xp(ctx, seat, [ANY_COLOUR], rules.JUGGLER, "juggler")
        elif roll == 6 and purse_of(hero) > 0:
            pay(hero, 1)
            ctx.emit("juggler_steals", rules.JUGGLER, seat, gold=1)
    elif effect == "seer":
        search_bag(ctx, seat, "bag_search", with_target=True, rule=rules.HELLSEHERIN)
    elif effect == "swap_regions":
        start_probe(ctx, seat, "magic", token.skills.get("magic", 0), "leitsage", {"token": tid})
    elif effect == "peek_boss":
        skill, _, card = cast(str, action.option).partition(":")  # "<skill>:<card>", as offered
        start_probe(ctx, seat, skill, token.skills[skill], "mice", {"token": tid, "card": card})
    elif effect == "heal_confused":
        roll = ctx.d6()
        ctx.emit("healer_roll", rules.CONFUSED_HEALER, seat, dice=(roll,))
        if roll == 1:
            lose_lp(ctx, seat, rules.CONFUSED_HEALER, "confused_healer")
        else:
            heal(ctx, seat, None, rules.CONFUSED_HEALER, "confused_healer")
    elif effect == "heal_d6":
        roll = ctx.d6()
        ctx.emit("spring_roll", rules.SPRING, seat, dice=(roll,))
        heal(ctx, seat, roll, rules.SPRING, "spring")
    elif effect == "heal_herbwoman":
        roll = ctx.d6()
        ctx.emit("herb_woman_roll", rules.HERB_WOMAN, seat, dice=(roll,))
        if roll >= 3:
            heal(ctx, seat, None, rules.HERB_WOMAN, "herb_woman")
    elif effect == "teleport":
        _teleporter(ctx, seat)
    elif effect == "sell_coach":
        _sell_coach(ctx, seat, tid)
    elif effect == "magister":
        _magister(ctx, seat, tid)
    elif effect == "weapon_part":
        if token.skills:
            skill = allowed_skills(token.skills)[0]
            start_probe(ctx, seat, skill, token.skills[skill], "scroll_guard", {"token": tid})
        else:
            _weapon_reward(ctx, seat, tid)


# --- magic weapons ---------------------------------------------------------------------------------------
def _weapon_reward(ctx: Ctx, seat: int, tid: str) -> None:
    """The token turns over into the scroll or material on its back, and a token is drawn (WEAPON-03/09)."""
    hero = ctx.state.heroes[seat]
    # Encounters are used by a hero standing on their field (usable_encounters).
    receive(ctx, seat, tid, rules.WEAPON_SCROLL, cast(str, hero.position), flipped=True)
    draw_due(ctx, seat, rules.WEAPON_PART_DRAW, "weapon_part")


@HANDLERS.on_probe("scroll_guard")
def _scroll_guard(ctx: Ctx, probe: dict[str, Any], passed: bool) -> None:
    if passed:
        _weapon_reward(ctx, probe["seat"], probe["data"]["token"])


def _magister(ctx: Ctx, seat: int, tid: str) -> None:
    # encounter_options offers the Magister only when the hero holds both parts.
    scroll, material = cast("tuple[str, str]", _magister_parts(ctx.content, ctx.state, seat, tid))
    # Scroll and material leave the game; the Magister's token turns over into the weapon (WEAPON-07/08).
    release(ctx, seat, material, None, rules.WEAPON_MAGISTER)
    release(ctx, seat, scroll, None, rules.WEAPON_MAGISTER)
    put_on_sheet(ctx, seat, tid, rules.WEAPON_MAGISTER, flipped=True)
    ctx.emit("magic_weapon_made", rules.WEAPON_MAGISTER, seat, token=tid, item=ctx.content.tokens[tid].back)
    draw_due(ctx, seat, rules.WEAPON_PART_DRAW, "weapon_part")


# --- the coach maker -----------------------------------------------------------------------------------------
def _sell_coach(ctx: Ctx, seat: int, tid: str) -> None:
    """The Kutsche is on the back of the Kutschenmacher's token: buying it takes his token off the
    board, which makes the player draw (ruling R-53)."""
    hero = ctx.state.heroes[seat]
    coach = ctx.content.items[cast(str, ctx.content.tokens[tid].back)]  # offered only with a coach on the back
    pay(hero, coach.price or 0)
    ctx.emit("coach_bought", rules.COACH_MAKER, seat, token=tid, gold=coach.price)
    receive(ctx, seat, tid, rules.COACH_MAKER, cast(str, hero.position), flipped=True)
    draw_due(ctx, seat, rules.ITEM_DRAW, "coach_bought")


# --- Leitsage and Mäuse ---------------------------------------------------------------------------------------
@HANDLERS.on_probe("leitsage")
def _leitsage(ctx: Ctx, probe: dict[str, Any], passed: bool) -> None:
    if passed:
        ask(ctx, probe["seat"], "swap_first", list(range(CELLS)), front=True)


@HANDLERS.answers("swap_first", ChooseCell)
def _swap_first(ctx: Ctx, seat: int, pending: Pending, value: int) -> None:
    ask(ctx, seat, "swap_second", [c for c in range(CELLS) if c != value], SwapSecond(value), front=True)


@HANDLERS.answers("swap_second", ChooseCell)
def _swap_second(ctx: Ctx, seat: int, pending: Pending, value: int) -> None:
    """Two region cards change places; tokens, heroes and manors stay on their cards (GLOS-38)."""
    state = ctx.state
    a, b = pending.payload(SwapSecond).first, value
    state.grid[a], state.grid[b] = state.grid[b], state.grid[a]
    state.revealed[a], state.revealed[b] = state.revealed[b], state.revealed[a]
    ctx.emit("regions_swapped", rules.LEITSAGE, seat, cells=[a, b],
             letters=[state.grid[a] if state.revealed[a] else None, state.grid[b] if state.revealed[b] else None])


@HANDLERS.on_probe("mice")
def _mice(ctx: Ctx, probe: dict[str, Any], passed: bool) -> None:
    """After a passed probe the player looks at the Namenloser card or the dragon card (GLOS-42)."""
    if not passed:
        return
    seat, card = probe["seat"], probe["data"]["card"]
    state = ctx.state
    state.peeked[seat] = sorted({*state.peeked.get(seat, []), card})
    ctx.emit("boss_card_peeked", rules.MICE, seat, card=card, visible_to=(seat,),
             key=getattr(state, f"{card}_card"))


# --- the Teleporter --------------------------------------------------------------------------------------------
def teleport_fields(content: Content, state: State, roll: int) -> list[str]:
    board = board_for(content, state.grid)

    def beige(cells: Iterable[int]) -> list[str]:
        result: list[str] = []
        for cell in cells:
            letter = state.grid[cell]
            if state.revealed[cell] and letter:
                result.extend(board.beige_fields(letter))
        return result

    area = beige(TELEPORT_AREAS[roll]) if roll in TELEPORT_AREAS else []
    # 1-2, or an edge without a face-up beige field: any beige field (ruling R-17).
    return sorted(area or beige(range(CELLS)))


def _teleporter(ctx: Ctx, seat: int) -> None:
    roll = ctx.d6()
    ctx.emit("teleporter_encounter_roll", rules.TELEPORTER, seat, dice=(roll,))
    ask(ctx, seat, "teleport_to", teleport_fields(ctx.content, ctx.state, roll))


@HANDLERS.answers("teleport_to", ChooseField)
def _teleport_to(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    hero = ctx.state.heroes[seat]
    origin = hero.position
    hero.position = value
    ctx.emit("teleported", rules.TELEPORTER, seat, frm=origin, to=value)
    # Landing counts as entering: face-down tokens turn, an open monster forces a fight.
    arrive(ctx, seat, value, walking=False)

