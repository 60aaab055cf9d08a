"""The walking planner's shortcuts (issue 17): ``legal_movement`` is the movement part of ``legal_actions``
and ``apply_offered`` applies an offered action exactly as ``apply`` does, at every position of random
playouts, so one-click routes (games.walking) cannot drift from the rules they are planned with."""

from __future__ import annotations

import random

import pytest

from games.engine import apply, apply_offered, legal_actions, legal_movement
from games.engine.content import load_content
from games.engine.core.actions import ChooseMovement, EndMovement, Fly, Jump, Move, RollLabyrinth, UseTeleporter
from games.engine.core.dice import SeededDice
from games.engine.playout import random_playout

MOVEMENT = (ChooseMovement, EndMovement, Move, Fly, Jump, RollLabyrinth, UseTeleporter)


def _positions(seats: int, seed: str, steps: int):
    content = load_content()
    for state, *_ in random_playout(content, seats, seed, steps, random.Random(seed)):
        yield content, state


@pytest.mark.parametrize(("seats", "seed"), [(2, "walk-a"), (3, "walk-b"), (1, "walk-c")])
def test_legal_movement_is_the_movement_part_of_the_legal_actions_for_every_seat(seats, seed):
    offered = 0
    for content, state in _positions(seats, seed, 250):
        for seat in range(seats):
            listed = legal_movement(content, state, seat)
            # Where legal_actions offers movement it leads with it; elsewhere legal_movement offers nothing.
            movement = [a for a in legal_actions(content, state, seat) if isinstance(a, MOVEMENT)]
            moves = [a for a in listed if isinstance(a, Move)]
            assert [a for a in listed if isinstance(a, MOVEMENT)] == listed
            assert moves == [a for a in movement if isinstance(a, Move)]
            if any(isinstance(a, Move) for a in movement):
                assert listed == movement
            offered += len(moves)
    assert offered > 50, "the playouts walked"


@pytest.mark.parametrize(("seats", "seed"), [(2, "walk-d"), (3, "walk-e")])
def test_an_offered_move_applies_as_apply_applies_it(seats, seed):
    tried = 0
    for sequence, (content, state) in enumerate(_positions(seats, seed, 200)):
        for seat in range(seats):
            for move in [a for a in legal_movement(content, state, seat) if isinstance(a, Move)]:
                dice = SeededDice(seed, sequence)
                after, events = apply(content, state, seat, move, dice)
                again, events_again = apply_offered(content, state, seat, move, SeededDice(seed, sequence))
                assert again.to_json() == after.to_json()
                assert [e.to_json() for e in events_again] == [e.to_json() for e in events]
                tried += 1
    assert tried > 50
