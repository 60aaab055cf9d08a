"""What the site applies by itself around a turn (TURN-01, ruling R-10): the turn start and a skipped turn.

The services reach these through the title (``games.titles.Title.turn_begin_action`` and
``skip_action``), so they hold no action of the engine themselves.
"""

from __future__ import annotations

from games.engine import apply, legal_actions
from games.engine.core.actions import BeginTurn, EndMovement, EndTurn, Move
from games.engine.core.dice import ScriptedDice
from games.engine.core.state import Phase
from games.engine.playout import skip_action, turn_begin_action
from games.titles import RUECKKEHR

from .helpers import play_state


def test_TURN_01_a_turn_not_begun_starts_with_begin_turn(content):
    state = play_state(content, [("krieger", "A1"), ("elf", "B1")])
    action = turn_begin_action(state)
    assert action == BeginTurn()
    assert action.to_json() == {"kind": "begin_turn"}
    assert action in legal_actions(content, state, state.current)


def test_TURN_01_a_begun_turn_needs_no_turn_start(content):
    state = play_state(content, [("krieger", "A1"), ("elf", "B1")])
    begun, _ = apply(content, state, 0, BeginTurn(), ScriptedDice([6] * 20))
    assert begun.turn_state.begun
    assert turn_begin_action(begun) is None


def test_no_turn_start_outside_the_play_phase(content):
    state = play_state(content, [("krieger", "A1"), ("elf", "B1")])
    for phase in (Phase.SETUP_HERO, Phase.SETUP_AXIS, Phase.FINISHED):
        state.phase = phase
        assert turn_begin_action(state) is None


def test_a_skipped_turn_begins_and_ends_the_turn_before_anything_else():
    assert skip_action([Move(to="A2"), EndTurn(), EndMovement()]) == EndTurn()
    assert skip_action([Move(to="A2"), BeginTurn()]) == BeginTurn()
    assert skip_action([Move(to="A2"), EndMovement()]) == EndMovement()
    assert skip_action([Move(to="A2"), Move(to="A3")]) == Move(to="A2")


def test_the_title_hands_the_services_the_turn_start_and_the_skip():
    assert RUECKKEHR.turn_begin_action is turn_begin_action
    assert RUECKKEHR.skip_action is skip_action
