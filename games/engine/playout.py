"""Random legal playouts: used by the property tests, the benchmarks and the demo game."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

from .content.model import Content
from .core.actions import Action, BeginTurn, EndMovement, EndTurn
from .core.dice import SeededDice
from .core.events import Event
from .core.phase import movement_decider
from .core.state import Phase, State
from .engine import apply, legal_actions, new_game

HEROES_FOR_SEATS = ("krieger", "elf", "zwerg", "magier")


class Chooser(Protocol):
    """Picks one of the legal actions, as ``random.Random.choice`` does."""

    def choice(self, seq: Sequence[Action], /) -> Action: ...


def acting_seat(state: State) -> int:
    """Who acts now: the seat of the first open decision, else the seat deciding the movement (the
    left neighbour of a hero confused by the Basilisk), else the current seat."""
    if state.pending:
        return state.pending[0].seat
    if state.turn_state.begun:
        return movement_decider(state)
    return state.current


def turn_begin_action(state: State) -> Action | None:
    """The action the site applies by itself when a turn starts (the start-of-turn rolls, ruling R-10):
    ``BeginTurn`` while the current seat's turn in the play phase has not begun, else None."""
    if state.phase != Phase.PLAY or state.turn_state.begun:
        return None
    return BeginTurn()


def skip_action(legal: Sequence[Action]) -> Action:
    """The step a skipped turn takes (a missed deadline): begin or end the turn, else end the movement,
    else the first legal action (``legal`` is not empty)."""
    return next((a for a in legal if isinstance(a, (BeginTurn, EndTurn))), None) or next(
        (a for a in legal if isinstance(a, EndMovement)), legal[0])


def random_playout(
    content: Content,
    seats: int,
    seed: str,
    steps: int,
    chooser: random.Random | None = None,
    on_step: Callable[[State, int, Action, State, list[Event]], None] | None = None,
) -> Iterator[tuple[State, int, Action, list[Event]]]:
    """Apply ``steps`` random legal actions from a new game; yields (state after, seat, action, events)."""
    yield from play_from(content, new_game(content, seats, seed), seed, steps, chooser or random.Random(seed),
                         on_step)


def play_from(
    content: Content,
    start: State,
    seed: str,
    steps: int,
    chooser: Chooser,
    on_step: Callable[[State, int, Action, State, list[Event]], None] | None = None,
) -> Iterator[tuple[State, int, Action, list[Event]]]:
    """Apply up to ``steps`` actions picked by ``chooser.choice(legal)`` from ``start``, with dice
    derived from ``seed``; stops early when nobody can act (a finished game)."""
    state = start
    for sequence in range(1, steps + 1):
        seat = acting_seat(state)
        actions = legal_actions(content, state, seat)
        if not actions:
            return
        action = chooser.choice(actions)
        new, events = apply(content, state, seat, action, SeededDice(seed, sequence))
        if on_step is not None:
            on_step(state, seat, action, new, events)
        state = new
        yield state, seat, action, events
