"""The defects and rulings of issue 11: each test is named by its catalogue rule ID and plays the
scene with scripted dice through the engine's public API (``apply`` / ``legal_actions``)."""

from __future__ import annotations

import pytest

from games.engine import legal_actions
from games.engine.actions import BeginTurn, Evade, Fight, Move
from games.engine.content import load_content
from games.engine.playout import acting_seat
from tests.engine.helpers import act, empty_bag, play_state, put_token, token_with_face


@pytest.fixture(scope="module")
def content():
    return load_content()


# --- Defect 1: a confused Hobbit walked onto an open monster --------------------------------------------
def _confused_hobbit_beside_a_raeuber(content):
    state = play_state(content, [("hobbit", "A2"), ("elf", "Y1")])
    state.heroes[0].confused = True
    empty_bag(state)
    raeuber = put_token(state, token_with_face(content, state, "raeuber"), "A1", face_up=True)
    state, _ = act(content, state, BeginTurn(), seat=0)
    state, _ = act(content, state, Move(to="A1"), seat=1)
    return state, raeuber


@pytest.mark.rule("GLOS-06", "HERO-09")
def test_GLOS_06_the_walked_hobbit_answers_the_forced_fight_himself(content):
    state, raeuber = _confused_hobbit_beside_a_raeuber(content)
    assert state.turn_state.forced_fight
    assert acting_seat(state) == 0
    hobbit = legal_actions(content, state, 0)
    assert Evade() in hobbit and Fight(token=raeuber, skill="melee") in hobbit
    assert legal_actions(content, state, 1) == []  # the neighbour decides the movement only


@pytest.mark.rule("GLOS-06", "HERO-09")
def test_GLOS_06_after_an_evasion_the_neighbour_goes_on_moving(content):
    state, _ = _confused_hobbit_beside_a_raeuber(content)
    state, _ = act(content, state, Evade(), rolls=[2], seat=0)
    assert not state.turn_state.forced_fight and not state.turn_state.movement_over
    assert acting_seat(state) == 1 and legal_actions(content, state, 1)
    assert legal_actions(content, state, 0) == []
