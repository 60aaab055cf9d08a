"""Broom, jumping shoes, Pegasus, the camel and the Unwetter: movement that is not plain walking."""

from __future__ import annotations

import pytest

from games.engine import IllegalActionError, legal_actions
from games.engine.core import rules as R
from games.engine.core.actions import BeginTurn, ChooseMovement, Fly, Jump, Move
from games.engine.core.state import PILE_CITY

from .helpers import act, begun, give_item, play_state


def modes(content, state):
    return sorted(a.mode for a in legal_actions(content, state, 0) if isinstance(a, ChooseMovement))


@pytest.mark.rule(R.MOVE_MODE)
def test_with_a_broom_the_player_chooses_the_way_of_moving_first(content):
    state = play_state(content, [("krieger", "A1")])
    give_item(content, state, 0, "hexenbesen")
    state = begun(content, state)
    assert state.turn_state.mode is None
    assert modes(content, state) == ["broom", "walk"]
    with pytest.raises(IllegalActionError, match="choose how to move"):
        act(content, state, Move(to="A2"))


@pytest.mark.rule(R.MOVE_MODE, R.BROOM, R.JUMP)
def test_broom_and_shoes_are_not_usable_with_a_horse(content):
    state = play_state(content, [("krieger", "A1")])
    give_item(content, state, 0, "hexenbesen")
    give_item(content, state, 0, "springschuhe")
    assert modes(content, begun(content, state)) == ["broom", "jump_shoes", "walk"]
    give_item(content, state, 0, "pferd")
    state = begun(content, state)
    assert state.turn_state.mode == "walk"  # nothing left to choose


@pytest.mark.rule(R.BROOM)
def test_the_broom_flies_to_any_field_of_a_neighbouring_card(content):
    state = play_state(content, [("krieger", "A5")])
    give_item(content, state, 0, "hexenbesen")
    state = begun(content, state)
    state, _ = act(content, state, ChooseMovement(mode="broom"))
    targets = {a.to for a in legal_actions(content, state, 0) if isinstance(a, Fly)}
    assert targets and all(code[0] in "BF" for code in targets)
    state, events = act(content, state, Fly(to="F5"), rolls=(4,))
    assert state.heroes[0].position == "F5" and state.turn_state.movement_over


@pytest.mark.rule(R.BROOM)
def test_a_broom_roll_of_one_returns_to_the_witch_house(content):
    state = play_state(content, [("krieger", "A5")])
    give_item(content, state, 0, "hexenbesen")
    state = begun(content, state)
    state, _ = act(content, state, ChooseMovement(mode="broom"))
    state, _ = act(content, state, Fly(to="F5"), rolls=(1,))
    assert state.heroes[0].position == "K2"


@pytest.mark.rule(R.BROOM)
def test_while_the_witch_house_is_unexplored_the_broom_needs_no_roll(content):
    state = play_state(content, [("krieger", "A5")], hidden="K")
    give_item(content, state, 0, "hexenbesen")
    state = begun(content, state)
    state, _ = act(content, state, ChooseMovement(mode="broom"))
    state, events = act(content, state, Fly(to="F5"))  # no dice scripted
    assert state.heroes[0].position == "F5"


@pytest.mark.rule(R.BROOM)
def test_the_broom_cannot_fly_into_the_city_of_mages(content):
    state = play_state(content, [("krieger", "R5")])
    give_item(content, state, 0, "hexenbesen")
    state = begun(content, state)
    state, _ = act(content, state, ChooseMovement(mode="broom"))
    targets = {a.to for a in legal_actions(content, state, 0) if isinstance(a, Fly)}
    assert "S1" not in targets and "S7" in targets


@pytest.mark.rule(R.JUMP)
def test_jumping_shoes_jump_exactly_four_fields_and_ignore_tokens_between(content):
    state = play_state(content, [("krieger", "A1")])
    give_item(content, state, 0, "springschuhe")
    state = begun(content, state)
    state, _ = act(content, state, ChooseMovement(mode="jump_shoes"))
    targets = {a.to for a in legal_actions(content, state, 0) if isinstance(a, Jump)}
    assert "A9" in targets      # A1-A2-A5-A8-A9
    assert "A2" not in targets  # no way of exactly four fields ends there
    assert "A7" not in targets  # a secret path (coloured point) is never a landing field
    state, _ = act(content, state, Jump(to="A9"))
    assert state.heroes[0].position == "A9" and state.turn_state.movement_over


@pytest.mark.rule(R.JUMP, "REGION-18")
def test_jumping_shoes_never_enter_the_labyrinth(content):
    state = play_state(content, [("krieger", "P4")])
    give_item(content, state, 0, "springschuhe")
    state = begun(content, state)
    state, _ = act(content, state, ChooseMovement(mode="jump_shoes"))
    targets = {a.to for a in legal_actions(content, state, 0) if isinstance(a, Jump)}
    assert not any(code.startswith("U") and int(code[1:]) <= 6 for code in targets)
    assert "S1" not in targets


@pytest.mark.rule(R.PEGASUS)
def test_pegasus_flies_from_beige_to_any_beige_field_and_returns_to_the_city(content):
    state = play_state(content, [("krieger", "A1")])
    pegasus = give_item(content, state, 0, "pegasus")
    state = begun(content, state)
    state, _ = act(content, state, ChooseMovement(mode="pegasus"))
    state, _ = act(content, state, Fly(to="Z1"))
    assert state.heroes[0].position == "Z1"
    assert state.tokens[pegasus].loc == PILE_CITY and pegasus not in state.heroes[0].items


@pytest.mark.rule(R.UNWETTER)
def test_in_an_unwetter_everyone_moves_one_field_and_flying_is_grounded(content):
    state = play_state(content, [("krieger", "A1")], unwetter=True)
    give_item(content, state, 0, "hexenbesen")
    give_item(content, state, 0, "stiefel")
    state, events = act(content, state, BeginTurn(), rolls=(3,))
    assert state.unwetter and state.turn_state.mode == "walk" and state.turn_state.points == 1
    roll = next(e for e in events if e.kind == "unwetter_roll")
    assert roll.dice == (3,) and roll.rule == R.UNWETTER


@pytest.mark.rule(R.UNWETTER)
def test_a_six_ends_the_unwetter(content):
    state = play_state(content, [("krieger", "A1")], unwetter=True)
    state, _ = act(content, state, BeginTurn(), rolls=(6,))
    assert not state.unwetter and state.turn_state.points == 4


@pytest.mark.rule(R.CAMEL)
def test_a_camel_roll_of_one_loses_the_movement_phase(content):
    state = play_state(content, [("krieger", "A1")])
    give_item(content, state, 0, "kamel")
    lost, events = act(content, state, BeginTurn(), rolls=(1,))
    assert lost.turn_state.movement_over
    assert not any(isinstance(a, Move) for a in legal_actions(content, lost, 0))
    rode, _ = act(content, state, BeginTurn(), rolls=(2,))
    assert rode.turn_state.points == 6


@pytest.mark.rule("EXPLORE-05", R.BROOM, R.PEGASUS)
def test_flights_never_land_on_face_down_cards(content):
    state = play_state(content, [("krieger", "A5")], hidden="BZ")
    give_item(content, state, 0, "hexenbesen")
    state = begun(content, state)
    state, _ = act(content, state, ChooseMovement(mode="broom"))
    assert {a.to[0] for a in legal_actions(content, state, 0) if isinstance(a, Fly)} == {"F"}
    state = play_state(content, [("krieger", "A1")], hidden="BZ")
    give_item(content, state, 0, "pegasus")
    state = begun(content, state)
    state, _ = act(content, state, ChooseMovement(mode="pegasus"))
    letters = {a.to[0] for a in legal_actions(content, state, 0) if isinstance(a, Fly)}
    assert letters and not letters & {"B", "Z"}
