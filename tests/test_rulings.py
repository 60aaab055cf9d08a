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


# --- Defect 2: the new token is drawn first, then the beaten token goes back into the bag --------------
def _fight_ready(content, monster, field, start):
    from games.engine.state import BAG

    state = play_state(content, [("krieger", start)])
    empty_bag(state)
    put_token(state, monster, field, face_up=True)
    return state, BAG


def _answer_all(content, state):
    while state.pending:
        state, _ = act(content, state, legal_actions(content, state, state.pending[0].seat)[0])
    return state


@pytest.mark.rule("TOK-08", "TOK-09")
def test_TOK_09_a_beaten_monster_is_never_its_own_victory_draw(content):
    state, bag = _fight_ready(content, "fd-01", "A2", "A1")  # the bag is empty but for the monster
    state, _ = act(content, state, BeginTurn())
    state, _ = act(content, state, Move(to="A2"))
    state, events = act(content, state, Fight(token="fd-01", skill="melee"), rolls=(1, 1))
    state = _answer_all(content, state)
    kinds = [e.kind for e in events]
    assert "bag_empty" in kinds and "token_drawn" not in kinds
    assert state.tokens["fd-01"].loc == bag


@pytest.mark.rule("TOK-50")
def test_TOK_50_the_drachenmensch_goes_back_only_after_the_draw(content):
    state, bag = _fight_ready(content, "drachenmensch", "V10", "V8")
    state, _ = act(content, state, BeginTurn())
    state, _ = act(content, state, Move(to="V10"))
    state, events = act(content, state, Fight(token="drachenmensch", skill="melee"), rolls=(1, 1, 1, 1))
    state = _answer_all(content, state)
    kinds = [e.kind for e in events]
    assert kinds.index("bag_empty") < kinds.index("drachenmensch_back_to_bag")
    assert state.tokens["drachenmensch"].loc == bag


@pytest.mark.rule("ITEM-10", "TOK-09")
def test_ITEM_10_a_goldschatz_picked_up_is_not_its_own_draw(content):
    from games.engine.actions import PickUp

    state, bag = _fight_ready(content, "fd-01", "A6", "A1")
    schatz = next(t for t in sorted(content.tokens) if content.tokens[t].face == "goldschatz")
    put_token(state, schatz, "A2", face_up=True)
    state, _ = act(content, state, BeginTurn())
    state, _ = act(content, state, Move(to="A2"))
    state, events = act(content, state, PickUp(token=schatz))
    state = _answer_all(content, state)
    kinds = [e.kind for e in events]
    assert "bag_empty" in kinds and "token_drawn" not in kinds
    assert state.tokens[schatz].loc == bag
