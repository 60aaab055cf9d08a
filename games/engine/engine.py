"""The engine's public API: new_game, legal_actions, apply, view, winner; for a planner that tries many
steps (games.walking), legal_movement and apply_offered."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any, NoReturn

from .content.model import Content
from .core import phase
from .core.actions import (
    Action,
    BeginTurn,
    ChallengeDragon,
    ChallengeNamenloser,
    ChooseMovement,
    EndMovement,
    EndTurn,
    Evade,
    Fight,
    FightLightning,
    Fly,
    Jump,
    Move,
    RollLabyrinth,
    SetDicePolicy,
    UseTeleporter,
    parse_action,
)
from .core.context import Ctx
from .core.coop import is_villain, seat_count
from .core.dice import Dice
from .core.errors import IllegalActionError
from .core.events import Event
from .core.pending import answer_classes, apply_answer, legal_answers, open_decision, refresh_options
from .core.state import Phase, State
from .core.tokens import listing
from .effects import bag, items
from .registry import ACTIONS, HOOKS
from .rules import (
    abilities,
    bazaar,
    combat,
    deeds,
    encounters,
    endgame,
    groups,
    movement,
    quests,
    rest,
    setup,
    spells,
    turn,
    villain,
)

new_game = setup.new_game

NEEDS_MODE = (Move, Fly, Jump, UseTeleporter, RollLabyrinth)
MOVING = (*NEEDS_MODE, ChooseMovement, EndMovement)


class _Stage(Enum):
    """What a seat may do at a state: the one gate both ``legal_actions`` and ``legal_movement`` pass."""

    NOTHING = "nothing"
    VILLAIN = "villain"
    SETUP = "setup"
    ANSWER = "answer"          # a pending decision
    BEGIN = "begin"            # the current seat's turn has not begun
    MOVE_FOR = "move_for"      # the Basilisk: the neighbour moves the current seat's hero
    TURN = "turn"              # the current seat's own turn: movement, then the action phase


def _stage(state: State, seat: int) -> _Stage:
    if state.phase == Phase.FINISHED or not 0 <= seat < seat_count(state):
        return _Stage.NOTHING
    if is_villain(state, seat):
        return _Stage.VILLAIN
    if state.phase.is_setup:
        return _Stage.SETUP
    if state.pending:
        return _Stage.ANSWER
    if not state.turn_state.begun:
        return _Stage.BEGIN if seat == state.current else _Stage.NOTHING
    # Who decides the movement: the current seat, or his left neighbour after the Basilisk; confused,
    # the hero acts once movement is over.
    mover = phase.movement_decider(state)
    if mover != state.current:
        return _Stage.MOVE_FOR if seat == mover else _Stage.NOTHING
    return _Stage.TURN if seat == state.current else _Stage.NOTHING


def legal_actions(content: Content, state: State, seat: int) -> list[Action]:
    stage = _stage(state, seat)
    if stage is _Stage.VILLAIN:
        return villain.legal_villain_actions(content, state, seat)
    if stage is _Stage.SETUP:
        return setup.legal_setup_actions(content, state, seat)
    if stage is _Stage.ANSWER:
        return legal_answers(HOOKS.handlers, state, seat)
    if stage is _Stage.BEGIN:
        return [BeginTurn()]
    if stage is _Stage.NOTHING:
        return []
    with listing():
        actions = movement.legal_movement_actions(content, state, state.current)
        if stage is _Stage.TURN:
            actions.extend(legal_phase_actions(content, state, seat))
    return actions


def legal_movement(content: Content, state: State, seat: int) -> list[Action]:
    """The movement part of ``legal_actions(content, state, seat)``: the same actions in the same order
    wherever ``legal_actions`` offers movement, and nothing else (no setup, answers or action phase), so
    a planner that only walks (games.walking) does not list the action phase at every field it tries."""
    if _stage(state, seat) not in (_Stage.MOVE_FOR, _Stage.TURN):
        return []
    with listing():
        return movement.legal_movement_actions(content, state, state.current)


def legal_phase_actions(content: Content, state: State, seat: int) -> list[Action]:
    """The action phase (ruling R-41): the fight first, forced or not; then anything in any order."""
    ts = state.turn_state
    if ts.turn_over:
        return [EndTurn()]
    actions = combat.legal_fight_actions(content, state, seat)
    if ts.forced_fight and actions:
        return actions
    other = "ask" if state.heroes[seat].dice_policy == "best" else "best"
    if actions and state.v2 and not ts.fought:
        # "Die erste Aktion ist immer der Kampf" (ruling R-80): on a monster's field the hero fights
        # before any other action, or moves on, sits the turn out (a rest is no action), or ends his turn.
        return [*actions, *rest.legal_rest_actions(content, state, seat), SetDicePolicy(policy=other), EndTurn()]
    actions.extend(rest.legal_rest_actions(content, state, seat))
    actions.extend(spells.legal_spell_actions(content, state, seat))
    actions.extend(items.legal_item_actions(content, state, seat))
    actions.extend(quests.legal_quest_actions(content, state, seat))
    actions.extend(deeds.legal_deed_actions(content, state, seat))
    actions.extend(groups.legal_group_actions(content, state, seat))
    actions.extend(groups.legal_hand_actions(content, state, seat))
    actions.extend(quests.legal_hand_quest_actions(content, state, seat))
    actions.extend(encounters.legal_encounter_actions(content, state, seat))
    actions.extend(bazaar.legal_bazaar_actions(content, state, seat))
    actions.extend(abilities.legal_ability_actions(content, state, seat))
    actions.append(SetDicePolicy(policy=other))
    actions.append(EndTurn())
    return actions


def apply(
    content: Content, state: State, seat: int, action: Action | dict[str, Any], dice: Dice
) -> tuple[State, list[Event]]:
    """Apply one action of ``seat``; the given state is never modified.

    Raises IllegalActionError (or MalformedActionError) naming what is wrong; then nothing changed.
    """
    action = parse_action(action)
    _check_may_act(state, seat, action)
    if action not in legal_actions(content, state, seat):
        # Let the rule say why (its message is clearer), but never accept an action that
        # legal_actions does not offer: the two can then never drift apart.
        _dispatch(Ctx(content=content, state=state.clone(), dice=_RefusingDice(), hooks=HOOKS), seat, action)
        raise IllegalActionError(f"{action} is not possible now")
    return _applied(content, state, seat, action, dice)


def apply_offered(
    content: Content, state: State, seat: int, action: Action, dice: Dice
) -> tuple[State, list[Event]]:
    """``apply`` for an action just taken from ``legal_actions`` or ``legal_movement`` of this very state
    and seat: the same state and events, without listing every legal action again to look it up. For a
    planner that tries each offered step (games.walking); anything from outside goes through ``apply``."""
    _check_may_act(state, seat, action)
    return _applied(content, state, seat, action, dice)


def _applied(content: Content, state: State, seat: int, action: Action, dice: Dice) -> tuple[State, list[Event]]:
    ctx = Ctx(content=content, state=state.clone(), dice=dice, hooks=HOOKS)
    bind = getattr(dice, "bind", None)
    if bind is not None:
        bind(ctx.state)  # dice v2 count their draws in the state (State.chance_draws)
    _dispatch(ctx, seat, action)
    endgame.resume(ctx)  # a final fight goes on once its decisions are answered
    if ctx.state.coop is not None and ctx.state.phase == Phase.FINISHED:
        ctx.state.pending = []  # a co-op game lost in the middle of a death asks nothing more (COOP-60)
    bag.settle_returns(ctx)  # tokens taken from the board go back once their draw is made (TOK-09)
    refresh_options(HOOKS.handlers, ctx.state)  # a queued decision never offers what an earlier answer took away
    return ctx.state, ctx.events


class _RefusingDice:
    """Dice for explaining a refusal: an action that gets as far as rolling is refused anyway."""

    def d6(self) -> NoReturn:
        raise IllegalActionError("this action is not possible now")

    def pick(self, options: Sequence[object]) -> NoReturn:
        raise IllegalActionError("this action is not possible now")

    def shuffle(self, items: list[Any]) -> None:
        raise IllegalActionError("this action is not possible now")


def _check_may_act(state: State, seat: int, action: Action) -> None:
    if state.phase == Phase.FINISHED:
        raise IllegalActionError("the game is over")
    if not 0 <= seat < seat_count(state):
        raise IllegalActionError(f"there is no seat {seat}")
    if state.pending:
        if open_decision(state, seat) is None:
            raise IllegalActionError(f"seat {state.pending[0].seat} must decide first ({state.pending[0].kind})")
        if not isinstance(action, answer_classes(HOOKS.handlers)):
            raise IllegalActionError(f"first answer the open decision: {state.pending[0].kind}")
        return
    if villain.villains_turn(state) or is_villain(state, seat):
        if seat != state.current:
            raise IllegalActionError(f"it is seat {state.current}'s turn, not seat {seat}'s")
        return
    if state.phase == Phase.PLAY and state.turn_state.begun and isinstance(action, MOVING):
        mover = phase.movement_decider(state)
        if seat != mover:
            raise IllegalActionError(f"seat {mover} decides this movement, not seat {seat}")
        return
    if seat != state.current:
        raise IllegalActionError(f"it is seat {state.current}'s turn, not seat {seat}'s")


def _dispatch(ctx: Ctx, seat: int, action: Action) -> None:
    state = ctx.state
    if state.phase.is_setup:
        setup.apply_setup(ctx, seat, action)
        return
    if state.pending:
        apply_answer(ctx, seat, action)
        return
    if is_villain(state, seat):
        villain.apply_villain(ctx, seat, action)
        return
    if isinstance(action, BeginTurn):
        turn.apply_begin_turn(ctx, seat)
        return
    if not state.turn_state.begun:
        raise IllegalActionError("begin the turn first (start-of-turn rolls)")
    handler = ACTIONS.get(type(action))
    if handler is None:
        raise IllegalActionError(f"{action.kind} is not possible now")
    if isinstance(action, MOVING) and state.turn_state.movement_over:
        raise IllegalActionError("movement is over for this turn")
    if isinstance(action, NEEDS_MODE) and state.turn_state.mode is None:
        raise IllegalActionError("choose how to move this turn first (walk, broom, shoes or Pegasus)")
    if state.turn_state.turn_over and not isinstance(action, EndTurn):
        raise IllegalActionError("the turn is over (a defeat, an event, a rest): only ending it is left")
    if combat.fight_forced(ctx.content, state, seat) and not isinstance(
            action, (Fight, FightLightning, Evade, ChallengeNamenloser, ChallengeDragon)):
        raise IllegalActionError("a monster was revealed or walked onto: the fight comes first")
    # The mover of a confused hero acts on the current seat's hero.
    handler(ctx, state.current if isinstance(action, MOVING) else seat, action)


def winner(state: State) -> int | None:
    return state.winner
