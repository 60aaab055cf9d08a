"""The leak hunter (issue 13, ruling R-111), engine side: games that reach Heldentaten, magic
weapons, the guardians, both final fights and the end; after every step, nothing any other seat or
a spectator is shown (view, log entry through the event visibility, legal actions) contains a
seat's secrets: unseen face-down and bound tokens, the others' deeds, unrevealed boss cards.

The scenario games are the whole-game and endgame tests of tests/engine/test_endgame.py, replayed
with every apply watched; the random games start from new games and from positions near the end.
"""

from __future__ import annotations

import inspect
import random

import pytest

import games.engine as engine
from games.engine import CounterDice, apply, legal_actions, new_game
from games.engine.playout import acting_seat
from tests.engine import test_endgame
from tests.fairplay.leaks import leaks_of_step

_real_apply = engine.apply


@pytest.fixture
def watched(content, monkeypatch):
    """Every engine.apply called through the test helpers is checked for leaks; returns the count."""
    steps = []

    def watching(content_, state, seat, action, dice):
        after, events = _real_apply(content_, state, seat, action, dice)
        leaks = leaks_of_step(content_, state, seat, action, after, events)
        assert not leaks, (action, [e.kind for e in events], leaks)
        steps.append((action, after))
        return after, events

    monkeypatch.setattr(engine, "apply", watching)
    return steps


ENDGAME_SCENARIOS = [
    fn for name, fn in inspect.getmembers(test_endgame, inspect.isfunction)
    if name.startswith("test_") and list(inspect.signature(fn).parameters) == ["content"]
]


@pytest.mark.parametrize("scenario", ENDGAME_SCENARIOS, ids=lambda fn: fn.__name__[5:45])
def test_no_leak_in_the_deeds_weapons_guardians_and_final_fights(content, watched, scenario):
    scenario(content)


def test_the_scenarios_reach_both_ends(content, watched):
    for scenario in ENDGAME_SCENARIOS:
        scenario(content)
    finished = [after for _action, after in watched if after.phase == "finished"]
    kinds = {action.kind for action, _after in watched}
    assert finished and {"challenge_namenloser", "challenge_dragon", "fulfil_deed", "choose_deed"} <= kinds


def random_games(content, count: int, steps: int, seats=(2, 3)):
    for game in range(count):
        seed = f"leak-hunt-{game}"
        state = new_game(content, seats[game % len(seats)], seed)
        rng = random.Random(game)
        for _ in range(steps):
            seat = acting_seat(state)
            actions = legal_actions(content, state, seat)
            if not actions:
                break
            action = rng.choice(actions)
            after, events = apply(content, state, seat, action, CounterDice(seed))
            yield state, seat, action, after, events
            state = after


def test_no_leak_in_random_games(content):
    """The inner loop's version of the property run below: the openings of two random games."""
    for before, seat, action, after, events in random_games(content, 2, 120):
        leaks = leaks_of_step(content, before, seat, action, after, events)
        assert not leaks, (action, [e.kind for e in events], leaks)


@pytest.mark.slow
def test_no_leak_in_many_random_games(content):
    for before, seat, action, after, events in random_games(content, 10, 400, seats=(2, 3, 4)):
        leaks = leaks_of_step(content, before, seat, action, after, events)
        assert not leaks, (action, [e.kind for e in events], leaks)
