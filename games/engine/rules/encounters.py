"""Encounters ("Begegnungen"): green-rimmed persons and things every hero may use once per turn.

Using one is an action. The token's ``effects`` name what it does; the three magic-weapon encounters
(scroll guards, the Hüter, the Magister) work from the token's back and weapon. Passive encounters
(Kahn, Orchan, Müllhalde, Waldläufer) act through movement and have no use of their own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import cast

from ..content.model import Content
from ..core import rules
from ..core.actions import Action, ChooseCell, ChooseField, ChooseOption, UseEncounter
from ..core.board import CELLS, board_for
from ..core.context import Ctx, Handlers
from ..core.errors import IllegalActionError
from ..core.heroes import held_items, pay, purse_of
from ..core.payloads import Lesson, Probe, SwapSecond
from ..core.pending import ask
from ..core.phase import begin_action
from ..core.state import Pending, State
from ..core.tokens import role, visible_at
from ..effects.bag import draw_due, search_bag
from ..effects.items import can_take, put_on_sheet, receive, release
from ..effects.life import heal, lose_lp
from ..effects.probes import allowed_skills, start_probe
from ..effects.rewards import ANY_COLOUR, grant_xp
from .endgame import reveal
from .movement import arrive
from .rest import companions
from .training import can_be_raised, train_with_kerberos, train_with_teacher

BOSS_CARDS = ("namenloser", "dragon")
LESSON = "lesson"  # marks in TurnState.used that the hero trained this turn (TRAIN-03)
# Teleporter results 3-6: the middle three cards of the north, east, south and west edge (GLOS-73).
TELEPORT_AREAS = {3: (1, 2, 3), 4: (9, 14, 19), 5: (21, 22, 23), 6: (5, 10, 15)}

HANDLERS = Handlers()  # this module's decisions and probes; registry.HOOKS merges them

# The ways a hero can use an encounter now ([] = not at all), and what using it does with the chosen way.
Options = Callable[[Content, State, int, str], "list[str | None]"]
Apply = Callable[[Ctx, int, str, "str | None"], None]


def _once(content: Content, state: State, seat: int, tid: str) -> list[str | None]:
    return [None]


@dataclass(frozen=True)
class Encounter:
    """One encounter effect, keyed in ``EFFECTS`` by the name tokens.yaml gives it.

    ``apply`` is None for a passive encounter (the Kahn, Orchan, the Müllhalde, the Waldläufer): it is not
    used as an action but read by the rule named by ``rule`` (movement). A Basar is an effect of its own
    (rules/bazaar.EFFECTS).
    """

    rule: str
    apply: Apply | None = None
    options: Options = _once
    paid: bool = False    # costs 1 gold as it is used (TOK-11)
    lesson: bool = False  # a lesson: one per turn, even with two trainers on one field (TRAIN-03)


def _effect(content: Content, tid: str) -> Encounter | None:
    token = content.tokens[tid]
    for name in token.effects:
        effect = EFFECTS.get(name)
        if effect is not None and effect.apply is not None:
            return effect
    if token.weapon and token.back:
        return WEAPON_PART  # scroll guards (with a probe) and the Hüter (without)
    return None


def encounter_options(content: Content, state: State, seat: int, tid: str) -> list[str | None]:
    """The ways this hero can use the encounter now ([] = not at all)."""
    effect = _effect(content, tid)
    if effect is None:
        return []
    if effect.paid and purse_of(state.heroes[seat]) < 1:
        return []
    if effect.lesson and LESSON in state.turn_state.used:
        return []
    return effect.options(content, state, seat, tid)


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
    effect = cast(Encounter, _effect(content, tid))  # encounter_options offered it, so it has an effect
    token = content.tokens[tid]
    ctx.emit("encounter_used", rules.ENCOUNTER_ONCE, seat, token=tid, encounter=token.face, option=action.option)
    if effect.paid:
        pay(state.heroes[seat], 1)
        ctx.emit("encounter_paid", rules.TOK_ENCOUNTER_ONCE, seat, token=tid, gold=1)
    if effect.lesson and state.v2:
        state.turn_state.used.append(LESSON)
    cast(Apply, effect.apply)(ctx, seat, tid, action.option)  # _effect returns active encounters only


# --- teachers and Kerberos -------------------------------------------------------------------------------
def _teacher(skill: str) -> Encounter:
    """Mirabar, Don Hobiro, Gasconier: 1 gold for a training probe in their skill (TRAIN-06)."""
    def options(content: Content, state: State, seat: int, tid: str) -> list[str | None]:
        return [None] if can_be_raised(content, state.heroes[seat], skill) else []

    def apply(ctx: Ctx, seat: int, tid: str, option: str | None) -> None:
        train_with_teacher(ctx, seat, tid, skill)
        # Co-op: "Egal wer auf den Lehrer zieht, alle aus der Gruppe können lernen" (COOP-43, ruling R-252):
        # every other member standing there may take a lesson too, for his own gold.
        for member in companions(ctx.state, seat):
            if can_be_raised(ctx.content, ctx.state.heroes[member], skill) and purse_of(ctx.state.heroes[member]):
                ask(ctx, member, "group_lesson", ["train", "decline"], Lesson(tid, skill))

    return Encounter(rules.TRAIN, apply, options, paid=True, lesson=True)


@HANDLERS.answers("group_lesson", ChooseOption)
def _group_lesson(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    lesson = pending.payload(Lesson)
    hero = ctx.state.heroes[seat]
    if value != "train" or not purse_of(hero) or not can_be_raised(ctx.content, hero, lesson.skill):
        ctx.emit("group_lesson_declined", rules.COOP_TRAINERS, seat, token=lesson.token)
        return
    pay(hero, 1)
    ctx.emit("encounter_paid", rules.COOP_TRAINERS, seat, token=lesson.token, gold=1)
    train_with_teacher(ctx, seat, lesson.token, lesson.skill)


def _kerberos_options(content: Content, state: State, seat: int, tid: str) -> list[str | None]:
    hero = state.heroes[seat]
    if sum(hero.xp.values()) < 1:
        return []
    return [s for s in ("magic", "ranged", "melee") if can_be_raised(content, hero, s)]


def _kerberos(ctx: Ctx, seat: int, tid: str, option: str | None) -> None:
    train_with_kerberos(ctx, seat, tid, cast(str, option))  # one of the skills offered


# --- luck: the Bettler and the Gaukler ------------------------------------------------------------------
def _beggar(ctx: Ctx, seat: int, tid: str, option: str | None) -> None:
    roll = ctx.d6()
    ctx.emit("beggar_roll", rules.BEGGAR, seat, dice=(roll,), lucky=roll <= 2)
    if roll <= 2:
        grant_xp(ctx, seat, [ANY_COLOUR], rules.BEGGAR, "beggar")


def _juggler(ctx: Ctx, seat: int, tid: str, option: str | None) -> None:
    hero = ctx.state.heroes[seat]
    roll = ctx.d6()
    ctx.emit("juggler_roll", rules.JUGGLER, seat, dice=(roll,))
    if roll <= 3:
        grant_xp(ctx, seat, [ANY_COLOUR], rules.JUGGLER, "juggler")
    elif roll == 6 and purse_of(hero) > 0:
        pay(hero, 1)
        ctx.emit("juggler_steals", rules.JUGGLER, seat, gold=1)


def _seer(ctx: Ctx, seat: int, tid: str, option: str | None) -> None:
    search_bag(ctx, seat, "bag_search", with_target=True, rule=rules.HELLSEHERIN)


# --- healers ----------------------------------------------------------------------------------------------
def _heal_confused(ctx: Ctx, seat: int, tid: str, option: str | None) -> None:
    roll = ctx.d6()
    ctx.emit("healer_roll", rules.CONFUSED_HEALER, seat, dice=(roll,))
    if roll == 1:
        lose_lp(ctx, seat, rules.CONFUSED_HEALER, "confused_healer")
    else:
        heal(ctx, seat, None, rules.CONFUSED_HEALER, "confused_healer")


def _heal_d6(ctx: Ctx, seat: int, tid: str, option: str | None) -> None:
    # Co-op: "alle können würfeln, wenn sie auf die Quelle kommen" (COOP-39, ruling R-251): each member of the
    # group standing there rolls for himself, in seat order after the one whose action it is.
    for drinker in [seat, *companions(ctx.state, seat)]:
        roll = ctx.d6()
        ctx.emit("spring_roll", rules.SPRING if drinker == seat else rules.COOP_SPRING, drinker, dice=(roll,))
        heal(ctx, drinker, roll, rules.SPRING, "spring")


def _heal_herbwoman(ctx: Ctx, seat: int, tid: str, option: str | None) -> None:
    roll = ctx.d6()
    ctx.emit("herb_woman_roll", rules.HERB_WOMAN, seat, dice=(roll,))
    if roll >= 3:
        heal(ctx, seat, None, rules.HERB_WOMAN, "herb_woman")


# --- magic weapons ---------------------------------------------------------------------------------------
def _weapon_part_options(content: Content, state: State, seat: int, tid: str) -> list[str | None]:
    return [None] if content.items.get(content.tokens[tid].back or "") is not None else []


def _weapon_part(ctx: Ctx, seat: int, tid: str, option: str | None) -> None:
    """A scroll guard wants a passed probe for the part on his back; the Hüter gives it (WEAPON-03/09)."""
    token = ctx.content.tokens[tid]
    if token.skills:
        skill = allowed_skills(token.skills)[0]
        start_probe(ctx, seat, skill, token.skills[skill], "scroll_guard", {"token": tid})
    else:
        _weapon_reward(ctx, seat, tid)


def _weapon_reward(ctx: Ctx, seat: int, tid: str) -> None:
    """The token turns over into the scroll or material on its back, and a token is drawn (WEAPON-03/09)."""
    hero = ctx.state.heroes[seat]
    # Encounters are used by a hero standing on their field (usable_encounters).
    receive(ctx, seat, tid, rules.WEAPON_SCROLL, cast(str, hero.position), flipped=True)
    draw_due(ctx, seat, rules.WEAPON_PART_DRAW, "weapon_part")


@HANDLERS.on_probe("scroll_guard")
def _scroll_guard(ctx: Ctx, probe: Probe, passed: bool) -> None:
    if passed:
        _weapon_reward(ctx, probe.seat, probe.data["token"])


def _magister_options(content: Content, state: State, seat: int, tid: str) -> list[str | None]:
    return [None] if _magister_parts(content, state, seat, tid) else []


def _magister(ctx: Ctx, seat: int, tid: str, option: str | None) -> None:
    # encounter_options offers the Magister only when the hero holds both parts.
    scroll, material = cast("tuple[str, str]", _magister_parts(ctx.content, ctx.state, seat, tid))
    # Scroll and material leave the game; the Magister's token turns over into the weapon (WEAPON-07/08).
    release(ctx, seat, material, None, rules.WEAPON_MAGISTER)
    release(ctx, seat, scroll, None, rules.WEAPON_MAGISTER)
    put_on_sheet(ctx, seat, tid, rules.WEAPON_MAGISTER, flipped=True)
    ctx.emit("magic_weapon_made", rules.WEAPON_MAGISTER, seat, token=tid, item=ctx.content.tokens[tid].back)
    draw_due(ctx, seat, rules.WEAPON_PART_DRAW, "weapon_part")


# --- the coach maker -----------------------------------------------------------------------------------------
def _sell_coach_options(content: Content, state: State, seat: int, tid: str) -> list[str | None]:
    hero = state.heroes[seat]
    coach = content.items.get(content.tokens[tid].back or "")
    if coach is None or purse_of(hero) < (coach.price or 0) or not can_take(content, state, hero, coach):
        return []
    return [None]


def _sell_coach(ctx: Ctx, seat: int, tid: str, option: str | None) -> None:
    """The Kutsche is on the back of the Kutschenmacher's token: buying it takes his token off the
    board, which makes the player draw (ruling R-53)."""
    hero = ctx.state.heroes[seat]
    coach = ctx.content.items[cast(str, ctx.content.tokens[tid].back)]  # offered only with a coach on the back
    pay(hero, coach.price or 0)
    ctx.emit("coach_bought", rules.COACH_MAKER, seat, token=tid, gold=coach.price)
    receive(ctx, seat, tid, rules.COACH_MAKER, cast(str, hero.position), flipped=True)
    draw_due(ctx, seat, rules.ITEM_DRAW, "coach_bought")


# --- Leitsage and Mäuse ---------------------------------------------------------------------------------------
def _swap_regions(ctx: Ctx, seat: int, tid: str, option: str | None) -> None:
    start_probe(ctx, seat, "magic", ctx.content.tokens[tid].skills.get("magic", 0), "leitsage", {"token": tid})


def _peek_boss_options(content: Content, state: State, seat: int, tid: str) -> list[str | None]:
    known = _known_cards(state, seat)
    return [f"{skill}:{card}" for skill in allowed_skills(content.tokens[tid].skills) for card in BOSS_CARDS
            if card not in known and getattr(state, f"{card}_card") is not None]


def _peek_boss(ctx: Ctx, seat: int, tid: str, option: str | None) -> None:
    skill, _, card = cast(str, option).partition(":")  # "<skill>:<card>", as offered
    start_probe(ctx, seat, skill, ctx.content.tokens[tid].skills[skill], "mice", {"token": tid, "card": card})


@HANDLERS.on_probe("leitsage")
def _leitsage(ctx: Ctx, probe: Probe, passed: bool) -> None:
    if passed:
        ask(ctx, probe.seat, "swap_first", list(range(CELLS)), front=True)


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
def _mice(ctx: Ctx, probe: Probe, passed: bool) -> None:
    """After a passed probe the player looks at the Namenloser card or the dragon card (GLOS-42)."""
    if not passed:
        return
    seat, card = probe.seat, probe.data["card"]
    state = ctx.state
    if state.coop is not None and card == "namenloser":
        # Co-op: "dann wird eine Karte des Namenlosen gezogen und offen ausgelegt" — for all (COOP-53).
        reveal(state, card)
        ctx.emit("boss_card_shown", rules.COOP_MICE, seat, card=card, key=state.namenloser_card)
        return
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


def _teleporter(ctx: Ctx, seat: int, tid: str, option: str | None) -> None:
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



# --- the registry -----------------------------------------------------------------------------------------------
# Every encounter effect tokens.yaml names, once: adding an encounter is its YAML entry and one line here
# (docs/architecture.md, "Effects as data"). The passive ones carry only the rule that reads them.
EFFECTS: dict[str, Encounter] = {
    "train_magic": _teacher("magic"),
    "train_ranged": _teacher("ranged"),
    "train_melee": _teacher("melee"),
    "train_any": Encounter(rules.KERBEROS, _kerberos, _kerberos_options, lesson=True),
    "beggar": Encounter(rules.BEGGAR, _beggar, paid=True),
    "juggler": Encounter(rules.JUGGLER, _juggler, paid=True),
    "seer": Encounter(rules.HELLSEHERIN, _seer, paid=True),
    "swap_regions": Encounter(rules.LEITSAGE, _swap_regions),
    "peek_boss": Encounter(rules.MICE, _peek_boss, _peek_boss_options),
    "heal_confused": Encounter(rules.CONFUSED_HEALER, _heal_confused),
    "heal_d6": Encounter(rules.SPRING, _heal_d6),
    "heal_herbwoman": Encounter(rules.HERB_WOMAN, _heal_herbwoman, paid=True),
    "teleport": Encounter(rules.TELEPORTER, _teleporter),
    "sell_coach": Encounter(rules.COACH_MAKER, _sell_coach, _sell_coach_options),
    "magister": Encounter(rules.WEAPON_MAGISTER, _magister, _magister_options),
    "boat": Encounter(rules.WATER_BOAT),
    "dump_bonus": Encounter(rules.MUELLHALDE),
    "island_ferry": Encounter(rules.WATER_ISLAND),
    "white_village_open": Encounter(rules.WALDLAEUFER),
}
# Not named in the YAML: a token with a weapon and a part on its back is a scroll guard or the Hüter.
WEAPON_PART = Encounter(rules.WEAPON_SCROLL, _weapon_part, _weapon_part_options)
