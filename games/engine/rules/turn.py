"""The turn skeleton ("Spielablauf"): start-of-turn rolls, passing the turn."""

from __future__ import annotations

from ..content.model import Content, FieldKind
from ..core import rules
from ..core.actions import ChooseDie, ChooseGift
from ..core.board import place
from ..core.context import Ctx, Handlers
from ..core.errors import IllegalActionError
from ..core.heroes import has_flag, item_with_flag, walking_points
from ..core.state import Pending, TurnState, held_by
from ..core.tokens import move_token
from ..effects.life import magier_spell_choices
from .bazaar import return_offers
from .combat import fight_forced, servant_attacks
from .endgame import start_of_turn
from .groups import group_points
from .movement import (
    arrive,
    finish_movement,
    labyrinth_roll,
    land_teleport,
    movement_modes,
    secret_target,
    teleport_roll,
)
from .servants import march, turn_taken
from .villain import after_heroes

HANDLERS = Handlers()  # this module's decisions and probes; registry.HOOKS merges them


@HANDLERS.answers("choose_die", ChooseDie)
def _answer_choose_die(ctx: Ctx, seat: int, pending: Pending, value: int) -> None:
    ctx.emit("die_chosen", rules.TELEPORT, seat, value=value)
    land_teleport(ctx, seat, value)


@HANDLERS.answers("choose_gift", ChooseGift)
def _magier_gift(ctx: Ctx, seat: int, pending: Pending, choice: str) -> None:
    hero = ctx.state.heroes[seat]
    if choice == "gold":
        ctx.emit("starting_gold", rules.SETUP_MAGIER_SPELL, seat, gold=hero.gold)
        return
    # The heir takes a spell of that kind from the Stadt der Magier tokens (HERO-11).
    tid = min(t for t in magier_spell_choices(ctx.content, ctx.state) if ctx.content.tokens[t].face == choice)
    hero.gold = 0
    hero.items.append(tid)
    move_token(ctx.state, tid, held_by(seat), face_up=True)
    ctx.emit("spell_instead_of_gold", rules.SETUP_MAGIER_SPELL, seat, token=tid, item=choice)


def apply_begin_turn(ctx: Ctx, seat: int) -> None:
    """The start-of-turn rolls, in the order of ruling R-10."""
    state, content = ctx.state, ctx.content
    ts = state.turn_state
    if ts.begun:
        raise IllegalActionError("the turn has already begun")
    ts.begun = True
    hero = state.heroes[seat]
    ts.start = hero.position
    ctx.emit("turn_begun", rules.TURN_ORDER, seat, turn=state.turn)
    # 1. The Goldbeutel: empty at the start of the turn, a coin appears on 1-2.
    if hero.purse == 0 and item_with_flag(content, state, hero, "gold_purse") is not None:
        roll = ctx.d6()
        if roll <= 2:
            hero.purse = 1
        ctx.emit("purse_roll", rules.GOLDBEUTEL, seat, dice=(roll,), refilled=roll <= 2)
    if hero.confused:
        # Confused by the Basilisk: the left neighbour decides this turn's movement (GLOS-06, R-13).
        hero.confused = False
        ts.mover = (seat + 1) % state.seats
        ctx.emit("movement_decided_by_neighbour", rules.BASILISK, seat, mover=ts.mover)
    # 2. The Unwetter: every player rolls before moving; 1-5 it lasts, 6 it ends at once.
    if state.unwetter:
        roll = ctx.d6()
        state.unwetter = roll != 6
        ctx.emit("unwetter_roll", rules.UNWETTER, seat, dice=(roll,), lasts=state.unwetter)
    # A challenger standing on the Namenloser or the dragon fights him now (TOK-45, TOK-51).
    if start_of_turn(ctx, seat):
        return
    # 3. The Kamel.
    lost_movement = False
    if item_with_flag(content, state, hero, "camel_roll") is not None:
        roll = ctx.d6()
        lost_movement = roll == 1
        ctx.emit("camel_roll", rules.CAMEL, seat, dice=(roll,), movement_lost=lost_movement)
    # 5. The forced first steps: the dump's teleporter and the labyrinth roll happen even without a
    # movement phase ("muss", "immer"); the secret-path retry needs one.
    if hero.position == place(content, "dump"):
        ts.mode = "walk"
        ctx.emit("dump_teleporter", rules.DUMP_START, seat)
        teleport_roll(ctx, seat, rules.DUMP_START)
        return
    if hero.between is not None:
        ts.mode = "walk"
        if lost_movement:
            finish_movement(ctx, seat)
        else:
            _retry_secret_path(ctx, seat)
        return
    in_labyrinth = hero.position is not None and _is_labyrinth(content, hero.position)
    if in_labyrinth and not has_flag(content, state, hero, "labyrinth_map"):
        labyrinth_roll(ctx, seat, rules.LABYRINTH_START)
    else:
        ts.rest_ok = True  # he stands where he began the turn: he may rest here (ruling R-35)
    if lost_movement:
        ts.mode = "walk"
        finish_movement(ctx, seat)
        return
    # 4. The choice of movement mode is skipped when walking is the only one.
    if movement_modes(content, state, seat) == ["walk"]:
        ts.mode = "walk"
        ts.points = group_points(content, state, seat)  # a co-op group: its slowest member's (COOP-05)


def _is_labyrinth(content: Content, code: str) -> bool:
    return content.regions[code[0]].field(code).kind is FieldKind.LABYRINTH


def _retry_secret_path(ctx: Ctx, seat: int) -> None:
    state, content = ctx.state, ctx.content
    ts = state.turn_state
    hero = state.heroes[seat]
    assert hero.between is not None  # called only for a hero between two fields
    origin, dest = hero.between
    target = secret_target(content, state, hero, dest) or 12
    a, b = ctx.d6(), ctx.d6()
    found = a + b <= target
    ctx.emit("secret_path_search", rules.SECRET_RETRY, seat, dice=(a, b), field=dest, target=target, found=found)
    hero.between = None
    hero.position = dest
    ts.mode = "walk"
    if found:
        # Found at last: the step onto the field costs one point of this turn's movement.
        ts.points = max(0, walking_points(content, state, hero) - 1)
        arrive(ctx, seat, dest, walking=True)
    else:
        ctx.emit("search_used_movement", rules.SECRET_RETRY_FAIL, seat, field=dest)
        finish_movement(ctx, seat)
        arrive(ctx, seat, dest, walking=False)


def apply_end_turn(ctx: Ctx, seat: int) -> None:
    state = ctx.state
    ts = state.turn_state
    if not ts.begun:
        raise IllegalActionError("begin the turn first")
    if fight_forced(ctx.content, state, seat):
        raise IllegalActionError("a monster must be fought first (it was revealed or walked onto)")
    if not ts.movement_over:
        finish_movement(ctx, seat)
        if state.pending:
            return  # a decision arose at the end of movement (e.g. the desert): answer it, then end
    return_offers(ctx, seat)
    ctx.emit("turn_ended", rules.TURN_ORDER, seat, turn=state.turn)
    turn_taken(state, seat)
    if (state.current + 1) % state.seats == state.first_seat:
        # Co-op with a villain seat: its turn comes now (rules/villain.py).
        if after_heroes(ctx):
            return
        # Co-op without one: the automatic Diener move after the round's last turn (ruling R-48), and a
        # Diener that reaches a hero fights him at once (COOP-21).
        for attacked, servant in march(ctx, seat):
            servant_attacks(ctx, attacked, servant)
    state.current = (state.current + 1) % state.seats
    state.turn += 1
    state.turn_state = TurnState()
