"""The turn skeleton ("Spielablauf"): start-of-turn rolls, pending decisions, passing the turn."""

from __future__ import annotations

from . import rules
from .actions import (
    Action,
    BeginTurn,
    ChooseDie,
    ChooseGift,
    EndTurn,
    KeepItem,
    LoseLp,
)
from .content.model import Content
from .context import Ctx
from .errors import IllegalActionError
from .heroes import has_flag, item_with_flag, walking_points
from .life import finish_death, take_lp
from .movement import (
    finish_movement,
    labyrinth_roll,
    land_teleport,
    movement_modes,
    secret_target,
    teleport_roll,
)
from .state import State, TurnState, held_by
from .tokens import move_token


def legal_turn_actions(content: Content, state: State, seat: int) -> list[Action]:
    if seat != state.current:
        return []
    if not state.turn_state.begun:
        return [BeginTurn()]
    return [EndTurn()]


def legal_pending_answers(state: State, seat: int) -> list[Action]:
    pending = state.pending[0]
    if pending.seat != seat:
        return []
    if pending.kind == "lose_lp":
        return [LoseLp(source=o) for o in pending.options]
    if pending.kind == "choose_die":
        return [ChooseDie(value=o) for o in pending.options]
    if pending.kind == "keep_item":
        return [KeepItem(token=o) for o in pending.options]
    if pending.kind == "choose_gift":
        return [ChooseGift(choice=o) for o in pending.options]
    return []


def apply_pending_answer(ctx: Ctx, seat: int, action: Action) -> None:
    state = ctx.state
    if not state.pending:
        raise IllegalActionError(f"{action.kind}: there is no open decision to answer")
    pending = state.pending[0]
    if pending.seat != seat:
        raise IllegalActionError("another player must decide first")
    expected = {"lose_lp": LoseLp, "choose_die": ChooseDie, "keep_item": KeepItem, "choose_gift": ChooseGift}
    if not isinstance(action, expected[pending.kind]):
        raise IllegalActionError(f"first answer the open decision: {pending.kind}")
    value = next(iter(action.params().values()))
    if value not in pending.options:
        raise IllegalActionError(f"{value!r} is not one of the choices {pending.options}")
    state.pending.pop(0)
    if isinstance(action, LoseLp):
        take_lp(ctx, seat, action.source, pending.context["rule"], pending.context["reason"])
    elif isinstance(action, ChooseDie):
        ctx.emit("die_chosen", rules.TELEPORT, seat, value=action.value)
        land_teleport(ctx, seat, action.value)
    elif isinstance(action, KeepItem):
        finish_death(ctx, seat, kept=action.token, where=pending.context["field"])
    elif isinstance(action, ChooseGift):
        _magier_gift(ctx, seat, action.choice)


def _magier_gift(ctx: Ctx, seat: int, choice: str) -> None:
    hero = ctx.state.heroes[seat]
    if choice == "gold":
        ctx.emit("starting_gold", rules.SETUP_MAGIER_SPELL, seat, gold=hero.gold)
        return
    hero.gold = 0
    hero.items.append(choice)
    move_token(ctx.state, choice, held_by(seat), face_up=True)
    ctx.emit("spell_instead_of_gold", rules.SETUP_MAGIER_SPELL, seat, token=choice,
             item=ctx.content.tokens[choice].face)


def apply_begin_turn(ctx: Ctx, seat: int) -> None:
    """The start-of-turn rolls, in the order of ruling R-10."""
    state, content = ctx.state, ctx.content
    ts = state.turn_state
    if ts.begun:
        raise IllegalActionError("the turn has already begun")
    ts.begun = True
    hero = state.heroes[seat]
    ctx.emit("turn_begun", rules.TURN_ORDER, seat, turn=state.turn)
    # The Unwetter: every player rolls before moving; 1-5 it lasts, 6 it ends at once.
    if state.unwetter:
        roll = ctx.d6()
        state.unwetter = roll != 6
        ctx.emit("unwetter_roll", rules.UNWETTER, seat, dice=(roll,), lasts=state.unwetter)
    lost_movement = False
    if item_with_flag(content, state, hero, "camel_roll") is not None:
        roll = ctx.d6()
        lost_movement = roll == 1
        ctx.emit("camel_roll", rules.CAMEL, seat, dice=(roll,), movement_lost=lost_movement)
    # The forced first steps: the dump's teleporter and the labyrinth roll happen even without a
    # movement phase ("muss", "immer"); the secret-path retry needs one.
    if hero.position == "S2":
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
    if lost_movement:
        ts.mode = "walk"
        finish_movement(ctx, seat)
        return
    if movement_modes(content, state, seat) == ["walk"]:
        ts.mode = "walk"
        ts.points = walking_points(content, state, hero)


def _is_labyrinth(content: Content, code: str) -> bool:
    from .content.model import FieldKind

    return content.regions[code[0]].field(code).kind is FieldKind.LABYRINTH


def _retry_secret_path(ctx: Ctx, seat: int) -> None:
    from .movement import arrive

    state, content = ctx.state, ctx.content
    ts = state.turn_state
    hero = state.heroes[seat]
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
    if not state.turn_state.begun:
        raise IllegalActionError("begin the turn first")
    if not state.turn_state.movement_over:
        finish_movement(ctx, seat)
        if state.pending:
            return  # a decision arose at the end of movement (e.g. the desert): answer it, then end
    ctx.emit("turn_ended", rules.TURN_ORDER, seat, turn=state.turn)
    state.current = (state.current + 1) % state.seats
    state.turn += 1
    state.turn_state = TurnState()
