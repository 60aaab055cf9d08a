"""The engine's public API: new_game, legal_actions, apply, view, winner."""

from __future__ import annotations

from . import movement, setup, turn
from .actions import (
    Action,
    BeginTurn,
    ChooseDie,
    ChooseGift,
    ChooseMovement,
    EndMovement,
    EndTurn,
    Fly,
    Jump,
    KeepItem,
    LoseLp,
    Move,
    RollLabyrinth,
    UseTeleporter,
    parse_action,
)
from .content.model import Content
from .context import Ctx
from .dice import Dice
from .errors import IllegalActionError
from .events import Event
from .state import State

new_game = setup.new_game

PENDING_ANSWERS = (LoseLp, ChooseDie, KeepItem, ChooseGift)


def legal_actions(content: Content, state: State, seat: int) -> list[Action]:
    if state.phase == "finished" or not 0 <= seat < state.seats:
        return []
    if state.phase.startswith("setup"):
        return setup.legal_setup_actions(content, state, seat)
    if state.pending:
        return turn.legal_pending_answers(state, seat)
    if seat != state.current:
        return []
    if not state.turn_state.begun:
        return [BeginTurn()]
    actions = movement.legal_movement_actions(content, state, seat)
    actions.extend(turn.legal_turn_actions(content, state, seat))
    return actions


def apply(content: Content, state: State, seat: int, action: Action | dict, dice: Dice) -> tuple[State, list[Event]]:
    """Apply one action of ``seat``; the given state is never modified.

    Raises IllegalActionError (or MalformedActionError) naming what is wrong; then nothing changed.
    """
    action = parse_action(action)
    _check_may_act(state, seat, action)
    ctx = Ctx(content=content, state=state.clone(), dice=dice)
    if action not in legal_actions(content, state, seat):
        # Let the rule say why (its message is clearer), but never accept an action that
        # legal_actions does not offer: the two can then never drift apart.
        _dispatch(Ctx(content=content, state=state.clone(), dice=_RefusingDice()), seat, action)
        raise IllegalActionError(f"{action} is not possible now")
    _dispatch(ctx, seat, action)
    return ctx.state, ctx.events


class _RefusingDice:
    """Dice for explaining a refusal: an action that gets as far as rolling is refused anyway."""

    def d6(self) -> int:
        raise IllegalActionError("this action is not possible now")

    def pick(self, options):
        raise IllegalActionError("this action is not possible now")

    def shuffle(self, items) -> None:
        raise IllegalActionError("this action is not possible now")


def _check_may_act(state: State, seat: int, action: Action) -> None:
    if state.phase == "finished":
        raise IllegalActionError("the game is over")
    if not 0 <= seat < state.seats:
        raise IllegalActionError(f"there is no seat {seat}")
    if state.pending:
        if state.pending[0].seat != seat:
            raise IllegalActionError(f"seat {state.pending[0].seat} must decide first ({state.pending[0].kind})")
        if not isinstance(action, PENDING_ANSWERS):
            raise IllegalActionError(f"first answer the open decision: {state.pending[0].kind}")
        return
    if seat != state.current:
        raise IllegalActionError(f"it is seat {state.current}'s turn, not seat {seat}'s")


def _dispatch(ctx: Ctx, seat: int, action: Action) -> None:
    state = ctx.state
    if state.phase.startswith("setup"):
        setup.apply_setup(ctx, seat, action)
        return
    if isinstance(action, PENDING_ANSWERS):
        turn.apply_pending_answer(ctx, seat, action)
        return
    if isinstance(action, BeginTurn):
        turn.apply_begin_turn(ctx, seat)
        return
    if not state.turn_state.begun:
        raise IllegalActionError("begin the turn first (start-of-turn rolls)")
    handlers = {
        ChooseMovement: lambda: movement.apply_choose_movement(ctx, seat, action),
        Move: lambda: movement.apply_move(ctx, seat, action),
        Fly: lambda: movement.apply_fly(ctx, seat, action),
        Jump: lambda: movement.apply_jump(ctx, seat, action),
        UseTeleporter: lambda: movement.apply_use_teleporter(ctx, seat),
        RollLabyrinth: lambda: movement.apply_roll_labyrinth(ctx, seat),
        EndMovement: lambda: movement.apply_end_movement(ctx, seat),
        EndTurn: lambda: turn.apply_end_turn(ctx, seat),
    }
    handler = handlers.get(type(action))
    if handler is None:
        raise IllegalActionError(f"{action.kind} is not possible now")
    moving = (Move, Fly, Jump, UseTeleporter, RollLabyrinth, ChooseMovement, EndMovement)
    if isinstance(action, moving) and state.turn_state.movement_over:
        raise IllegalActionError("movement is over for this turn")
    if isinstance(action, moving[:5]) and state.turn_state.mode is None:
        raise IllegalActionError("choose how to move this turn first (walk, broom, shoes or Pegasus)")
    handler()


def winner(state: State) -> int | None:
    return state.winner
