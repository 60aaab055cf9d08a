"""Movement ("Bewegung"), exploring, face-down tokens and secret paths, with scripted dice.

Board of these tests (tests/engine/helpers.DEFAULT_ORDER), north up:
    A B C D E / F G H I J / K L M N O / P R S T U / V W X Y Z
"""

from __future__ import annotations

import pytest

from games.engine import IllegalActionError
from games.engine.core import rules as R
from games.engine.core.actions import BeginTurn, EndMovement, EndTurn, Move
from games.engine.core.state import WAITING, TokenState

from .helpers import act, begun, face_down_token, give_item, item_key, moves, play_state, put_token


@pytest.mark.rule(R.MOVE_POINTS)
def test_a_hero_walks_up_to_his_movement_points(content):
    state = begun(content, play_state(content, [("krieger", "A1")]))
    assert state.turn_state.points == 4
    for to in ["A2", "A5", "A8", "A9"]:
        state, _ = act(content, state, Move(to=to))
    assert state.heroes[0].position == "A9"
    assert moves(content, state) == []
    assert state.turn_state.movement_over
    with pytest.raises(IllegalActionError):
        act(content, state, Move(to="A7"))


@pytest.mark.rule(R.MOVE_POINTS, "MOVE-02")
def test_movement_points_need_not_all_be_used(content):
    state = begun(content, play_state(content, [("krieger", "A1")]))
    state, _ = act(content, state, Move(to="A2"))
    state, events = act(content, state, EndMovement())
    assert state.turn_state.movement_over and state.heroes[0].position == "A2"
    state, _ = act(content, state, EndTurn())
    assert state.current == 0 and state.turn == 2 and not state.turn_state.begun


@pytest.mark.rule(R.MOVE_BEST_ITEM, "GLOS-71", "GLOS-48", "GLOS-54")
def test_only_the_best_movement_item_counts_and_armour_slows(content):
    state = play_state(content, [("krieger", "A1")])
    give_item(content, state, 0, item_key(content, bonus=1))
    give_item(content, state, 0, item_key(content, bonus=2, without="camel_roll"))
    assert begun(content, state).turn_state.points == 6  # 4 + the horse's 2, not + 3
    give_item(content, state, 0, item_key(content, bonus=-1))
    assert begun(content, state).turn_state.points == 5


@pytest.mark.rule(R.COACH, R.MOVE_BEST_ITEM)
def test_the_coach_sets_movement_to_six(content):
    state = play_state(content, [("zwerg", "A1")])
    give_item(content, state, 0, item_key(content, movement_set=6))
    assert begun(content, state).turn_state.points == 6


@pytest.mark.rule("HERO-18")
def test_the_zentaur_cannot_use_horse_or_coach(content):
    state = play_state(content, [("zentaur", "A1")])
    give_item(content, state, 0, item_key(content, bonus=2, without="camel_roll"))
    give_item(content, state, 0, item_key(content, movement_set=6))
    assert begun(content, state).turn_state.points == 5


@pytest.mark.rule(R.MOVE_PATHS)
def test_crossing_to_the_neighbouring_card_costs_one_point(content):
    state = begun(content, play_state(content, [("krieger", "A4")]))
    assert "B7" in moves(content, state)
    state, events = act(content, state, Move(to="B7"))
    assert state.heroes[0].position == "B7" and state.turn_state.points == 3


@pytest.mark.rule(R.MOVE_NO_WRAP, "MOVE-11")
def test_no_wrapping_at_the_edges(content):
    state = begun(content, play_state(content, [("krieger", "A6")]))  # west entry of A, at the west edge
    assert all(to[0] == "A" for to in moves(content, state))
    state = begun(content, play_state(content, [("krieger", "A1")]))  # north entry, north edge
    assert all(to[0] == "A" for to in moves(content, state))


@pytest.mark.rule(R.EXPLORE, R.EXPLORE_TOKENS, "EXPLORE-02")
def test_exploring_turns_the_card_and_lays_two_tokens_on_the_other_axis(content):
    state = begun(content, play_state(content, [("krieger", "A4")], hidden="B"))
    assert "?1" in moves(content, state)
    assert "B7" not in moves(content, state), "a face-down card's fields must not be named"
    state, events = act(content, state, Move(to="?1"))
    assert state.revealed[1]
    assert state.heroes[0].position == "B7"  # B's west entry: where he came in
    placed = {t.field for t in state.tokens.values() if t.field}
    assert placed == {"B1", "B9"}  # north and south entries: the other axis
    assert all(not t.face_up for t in state.tokens.values() if t.field)
    assert [e.rule for e in events][:2] == [R.EXPLORE, R.EXPLORE_TOKENS]


@pytest.mark.rule(R.EXPLORE_WAITING)
def test_open_tokens_waiting_for_a_card_are_laid_out_when_it_is_explored(content):
    state = play_state(content, [("krieger", "A4")], hidden="B")
    waiting = next(tid for tid, t in sorted(content.tokens.items()) if t.target and t.target[0] == "B")
    state.tokens[waiting] = TokenState(loc=WAITING, face_up=True)
    state = begun(content, state)
    state, events = act(content, state, Move(to="?1"))
    assert state.tokens[waiting].field == content.tokens[waiting].target
    assert R.EXPLORE_WAITING in [e.rule for e in events]


@pytest.mark.rule(R.FACEDOWN_STOP, "FACEDOWN-02")
def test_a_face_down_token_is_turned_and_movement_goes_on(content):
    state = play_state(content, [("krieger", "A1")])
    tid = put_token(state, face_down_token(content, state, "item"), "A2")
    state = begun(content, state)
    state, events = act(content, state, Move(to="A2"))
    assert state.tokens[tid].face_up
    assert "token_revealed" in [e.kind for e in events]
    assert not state.turn_state.movement_over and moves(content, state)


@pytest.mark.rule(R.FACEDOWN_STOP, "TOK-07")
def test_a_revealed_monster_ends_the_movement(content):
    state = play_state(content, [("krieger", "A1")])
    put_token(state, face_down_token(content, state, "monster"), "A2")
    state = begun(content, state)
    state, events = act(content, state, Move(to="A2"))
    assert state.turn_state.movement_over
    assert moves(content, state) == []


@pytest.mark.rule("HERO-03")
def test_the_barde_walks_past_open_red_tokens(content):
    for hero, stops in (("krieger", True), ("barde", False)):
        state = play_state(content, [(hero, "A1")])
        put_token(state, face_down_token(content, state, "monster"), "A2", face_up=True)
        state = begun(content, state)
        state, _ = act(content, state, Move(to="A2"))
        assert state.turn_state.movement_over is stops, hero


# --- secret paths ---------------------------------------------------------------------------------
@pytest.mark.rule(R.SECRET_ROLL, "SECRET-03")
def test_a_secret_path_is_found_when_2w6_are_at_most_its_number(content):
    # A7 is a yellow secret path with target 8, reached from A6.
    state = begun(content, play_state(content, [("krieger", "A6")]))
    state, events = act(content, state, Move(to="A7"), rolls=(4, 4))
    assert state.heroes[0].position == "A7"
    search = next(e for e in events if e.kind == "secret_path_search")
    assert search.dice == (4, 4) and search.data["found"] and search.rule == R.SECRET_ROLL
    assert state.turn_state.points == 3 and not state.turn_state.movement_over


@pytest.mark.rule(R.SECRET_FAIL)
def test_a_failed_search_leaves_the_hero_between_the_fields(content):
    state = begun(content, play_state(content, [("krieger", "A6")]))
    state, events = act(content, state, Move(to="A7"), rolls=(4, 5))
    hero = state.heroes[0]
    assert hero.between == ("A6", "A7") and hero.position == "A6"
    assert state.turn_state.movement_over


@pytest.mark.rule(R.SECRET_RETRY, "SECRET-06")
def test_next_turn_a_found_path_lets_the_hero_walk_on(content):
    state = play_state(content, [("krieger", "A6")])
    state.heroes[0].between = ("A6", "A7")
    state, events = act(content, state, BeginTurn(), rolls=(2, 3))
    assert state.heroes[0].position == "A7" and state.heroes[0].between is None
    assert state.turn_state.points == 3  # the step onto the field costs one of this turn's points
    assert "A9" in moves(content, state)


@pytest.mark.rule(R.SECRET_RETRY_FAIL)
def test_next_turn_a_second_failure_puts_the_hero_on_the_field_and_ends_movement(content):
    state = play_state(content, [("krieger", "A6")])
    state.heroes[0].between = ("A6", "A7")
    state, events = act(content, state, BeginTurn(), rolls=(6, 6))
    assert state.heroes[0].position == "A7"
    assert state.turn_state.movement_over
    assert R.SECRET_RETRY_FAIL in [e.rule for e in events]


@pytest.mark.rule("HERO-04")
def test_the_elf_finds_forest_secret_paths_without_rolling(content):
    state = begun(content, play_state(content, [("elf", "B7")]))  # B is a forest, B6 a secret path
    state, events = act(content, state, Move(to="B6"))  # no dice scripted: none may be rolled
    assert state.heroes[0].position == "B6"
    state = begun(content, play_state(content, [("elf", "A6")]))  # A is no forest
    with pytest.raises(Exception):
        act(content, state, Move(to="A7"))  # needs dice the test did not script


@pytest.mark.rule("HERO-10")
def test_the_magier_finds_red_secret_paths_at_seven(content):
    # Z5 is a red secret path with target 5, reached from Z2.
    state = begun(content, play_state(content, [("magier", "Z2")]))
    state, _ = act(content, state, Move(to="Z5"), rolls=(3, 4))
    assert state.heroes[0].position == "Z5"
    state = begun(content, play_state(content, [("krieger", "Z2")]))
    state, _ = act(content, state, Move(to="Z5"), rolls=(3, 4))
    assert state.heroes[0].between == ("Z2", "Z5")


@pytest.mark.rule("HERO-16", "HERO-21", "HERO-12", "SECRET-01")
@pytest.mark.parametrize("hero,origin,dest", [
    ("priester", "N2", "N5"), ("priester", "I3", "I5"), ("zwerg", "C2", "C5"), ("morgaine", "Z2", "Z5"),
])
def test_heroes_who_need_no_roll_for_their_secret_paths(content, hero, origin, dest):
    state = begun(content, play_state(content, [(hero, origin)]))
    state, _ = act(content, state, Move(to=dest))
    assert state.heroes[0].position == dest


@pytest.mark.rule("GLOS-02", "GLOS-33")
@pytest.mark.parametrize("flag", ["amulet_secret_paths", "labyrinth_map"])
def test_amulet_and_labyrinth_map_open_every_secret_path(content, flag):
    state = play_state(content, [("krieger", "Z2")])
    give_item(content, state, 0, item_key(content, flag=flag))
    state = begun(content, state)
    state, _ = act(content, state, Move(to="Z5"))
    assert state.heroes[0].position == "Z5"


@pytest.mark.rule(R.COACH)
def test_the_coach_cannot_go_onto_red_points(content):
    state = play_state(content, [("krieger", "I3")])
    give_item(content, state, 0, item_key(content, movement_set=6))
    state = begun(content, state)
    assert "I5" not in moves(content, state)
    with pytest.raises(IllegalActionError, match="coach"):
        act(content, state, Move(to="I5"), rolls=(1, 1))
