"""The villain seat of the cooperative variant (issue 18): a person or the automatic march on a seat of its own.

Board of these tests (tests/engine/helpers.DEFAULT_ORDER), north up; the temple's card is N:
    A B C D E / F G H I J / K L M N O / P R S T U / V W X Y Z
"""

from __future__ import annotations

import pytest

from games.engine import apply, legal_actions, new_game, view
from games.engine.core.actions import BeginTurn, EndTurn, MarchServants, MoveServant
from games.engine.core.coop import CoopState, is_villain, outcome, seat_count, villain_seat
from games.engine.core.errors import IllegalActionError
from games.engine.core.state import TokenState, at_field
from games.engine.rules.servants import fire_fields, march

from .helpers import Ctx_for, act, begun, empty_bag, kinds_of, play_state
from .test_coop_servants import SERVANTS, place_servants, where


def villain_board(content, villain: str, seats: int = 1, marching: bool = True):
    heroes = [("krieger", "Z1"), ("elf", "Z1"), ("zwerg", "Z1")][:seats]
    state = play_state(content, heroes)
    state.coop = CoopState(automatic=villain != "player", marching=marching, villain=villain)
    state.first_seat = 0
    empty_bag(state)
    return state


def to_villain(content, state):
    """Every hero begins and ends his turn: the villain's turn comes."""
    for _ in range(state.seats):
        state = begun(content, state)
        state, _ = act(content, state, EndTurn())
    return state


@pytest.mark.rule("COOP-13")
def test_a_villain_seat_is_one_more_seat_after_the_heroes(content):
    state = new_game(content, 3, "v", variant="coop", villain="player")
    assert state.seats == 3 and villain_seat(state) == 3 and seat_count(state) == 4
    assert is_villain(state, 3) and not is_villain(state, 2)
    assert state.coop.villain == "player" and not state.coop.automatic
    assert villain_seat(new_game(content, 3, "v", variant="coop")) is None
    assert villain_seat(new_game(content, 3, "v")) is None
    with pytest.raises(IllegalActionError):
        new_game(content, 3, "v", villain="player")  # a villain seat only in a co-op game
    with pytest.raises(IllegalActionError):
        new_game(content, 3, "v", variant="coop", villain="robot")
    # In the setup the villain seat has nothing to do and may do nothing.
    assert legal_actions(content, state, 3) == []
    with pytest.raises(IllegalActionError):
        apply(content, state, 3, EndTurn(), None)


def test_a_coop_game_without_villain_seat_keeps_its_json(content):
    state = new_game(content, 2, "v", variant="coop")
    assert set(state.to_json()["coop"]) == {"automatic", "servants_dead", "waiting", "marching", "lost", "groups",
                                             "reward"}
    with_villain = new_game(content, 2, "v", variant="coop", villain="automatic")
    assert with_villain.to_json()["coop"]["villain"] == "automatic"
    assert type(with_villain).from_json(with_villain.to_json()).coop.villain == "automatic"


@pytest.mark.rule("COOP-13", "COOP-12", "R-239")
def test_the_villains_turn_comes_after_every_hero_and_only_while_the_diener_march(content):
    state = villain_board(content, "player", seats=2, marching=False)
    state.heroes[1].position = "Z1"
    state = to_villain(content, state)
    assert state.current == 0 and state.turn == 3  # no Diener march yet: straight back to the first hero
    state.coop.marching = True
    state = to_villain(content, state)
    assert state.current == 2 and villain_seat(state) == 2
    assert legal_actions(content, state, 0) == [] and legal_actions(content, state, 1) == []
    assert legal_actions(content, state, 2) == [EndTurn()]  # no Diener on the board: only the end
    with pytest.raises(IllegalActionError):
        apply(content, state, 0, BeginTurn(), None)
    state, events = act(content, state, EndTurn(), seat=2)
    assert state.current == 0 and not state.turn_state.begun and "turn_ended" in kinds_of(events)


@pytest.mark.rule("COOP-18")
def test_the_villain_player_has_five_points_a_round_and_at_most_three_for_one_diener(content):
    state = villain_board(content, "player")
    one, two = place_servants(state, "I1", "A1")
    state = to_villain(content, state)
    assert state.current == 1
    steps = 0
    while True:
        moves = [a for a in legal_actions(content, state, 1) if isinstance(a, MoveServant) and a.token == one]
        if not moves:
            break
        state, _ = act(content, state, moves[0], seat=1)
        steps += 1
    assert steps == 3 and state.coop.spent == {one: 3}
    assert view(content, state, 1)["coop"]["points_left"] == 2
    for _ in range(2):
        move = next(a for a in legal_actions(content, state, 1) if isinstance(a, MoveServant))
        assert move.token == two
        state, _ = act(content, state, move, seat=1)
    assert legal_actions(content, state, 1) == [EndTurn()]  # five points spent
    state, _ = act(content, state, EndTurn(), seat=1)
    assert state.coop.spent == {} and state.current == 0


@pytest.mark.rule("COOP-18", "COOP-19", "R-241")
def test_the_villain_player_never_steps_onto_water_or_a_secret_field(content):
    state = villain_board(content, "player")
    (servant,) = place_servants(state, "P9")
    state = to_villain(content, state)
    targets = {a.to for a in legal_actions(content, state, 1) if isinstance(a, MoveServant)}
    assert targets and all(content.regions[t[0]].field(t).kind.value not in ("water", "secret") for t in targets)
    assert "P3" not in targets or content.regions["P"].field("P3").kind.value != "secret"


@pytest.mark.rule("COOP-18", "COOP-21")
def test_a_diener_the_villain_moves_onto_a_hero_fights_him_at_once_and_stops(content):
    state = villain_board(content, "player")
    (servant,) = place_servants(state, "I1")
    state = to_villain(content, state)
    step = next(a for a in legal_actions(content, state, 1) if isinstance(a, MoveServant))
    state.heroes[0].position = step.to
    state, events = act(content, state, step, seat=1, rolls=(1, 1))
    assert "servant_attacks" in kinds_of(events) and "fight_won" in kinds_of(events)
    assert state.coop.servants_dead == 1 and servant not in [t for t, _ in []]
    assert all(a.token != servant for a in legal_actions(content, state, 1) if isinstance(a, MoveServant))


@pytest.mark.rule("COOP-14", "COOP-18", "R-238")
def test_the_villain_player_taking_the_fourth_fire_wins_as_his_seat(content):
    state = villain_board(content, "player")
    yellow, blue, green, pink = fire_fields(content)
    held = place_servants(state, yellow, blue, green)
    last = SERVANTS[3]
    state = to_villain(content, state)
    # The fourth Diener stands next to the pink fire.
    from games.engine.core.board import board_for

    board = board_for(content, state.grid)
    beside = next(link.to for link in board.links[pink] if content.regions[link.to[0]].field(link.to).kind.value
                  not in ("water", "secret") and link.to not in fire_fields(content))
    state.tokens[last] = TokenState(loc=at_field(beside), face_up=False, seen_by=())
    state, events = act(content, state, MoveServant(token=last, to=pink), seat=1)
    assert state.phase == "finished" and state.winner == 1 and state.coop.lost
    assert outcome(state) == "villain" and "coop_game_lost" in kinds_of(events)
    assert held and where(state, last) == pink


@pytest.mark.rule("COOP-25")
def test_the_automatic_villain_seat_has_one_action_which_marches_as_without_a_seat(content):
    state = villain_board(content, "automatic")
    place_servants(state, "A1", "T1", "O6", "M1", "I1")
    expected = state.clone()
    march(Ctx_for(content, expected), 0)
    state = to_villain(content, state)
    assert state.current == 1 and legal_actions(content, state, 1) == [MarchServants()]
    state, events = act(content, state, MarchServants(), seat=1)
    assert {t: where(state, t) for t in SERVANTS[:5]} == {t: where(expected, t) for t in SERVANTS[:5]}
    assert kinds_of(events).count("servant_marches") == 4 and state.current == 0


@pytest.mark.rule("COOP-14", "COOP-25", "R-238")
def test_without_a_villain_player_all_fires_taken_mean_everyone_lost(content):
    state = villain_board(content, "automatic")
    place_servants(state, "N1", "N6", "N7", "N8")
    for _ in range(3):
        if state.phase == "finished":
            break
        state = to_villain(content, state)
        state, _ = act(content, state, MarchServants(), seat=1)
    assert state.phase == "finished" and state.winner is None and outcome(state) == "lost"


@pytest.mark.rule("COOP-13", "R-243")
def test_the_villain_seat_sees_no_heros_hidden_cards_but_his_own_diener(content):
    state = villain_board(content, "player")
    (servant,) = place_servants(state, "I1")  # face down, seen by seat 0 only
    state.peeked = {0: ["namenloser"]}
    seen = view(content, state, 1)
    assert seen["seat"] == 1 and seen["namenloser_card"] is None
    entry = next(t for t in seen["tokens"] if t["field"] == "I1")
    assert entry["id"] == servant and entry["face"] == "diener"
    assert all("deed" not in h for h in seen["heroes"])
    assert seen["coop"]["villain_seat"] == 1 and seen["coop"]["seat_count"] == 2


def test_an_ordinary_games_view_has_no_coop_block(content):
    state = new_game(content, 2, "v")
    coop = new_game(content, 2, "v", variant="coop")
    assert "coop" not in view(content, state, 0) and "coop" in view(content, coop, 0)


@pytest.mark.slow
@pytest.mark.rule("COOP-13", "COOP-25")
@pytest.mark.parametrize("villain", ["player", "automatic", None])
def test_random_legal_play_in_coop_games_never_stalls_or_loses_its_json(content, villain):
    import json
    import random

    from games.engine.core.dice import SeededDice
    from games.engine.core.state import State
    from games.engine.playout import acting_seat

    for seed in ("r0", "r3"):
        rng = random.Random(seed)
        state = new_game(content, 3, seed, variant="coop", villain=villain)
        for step in range(1, 700):
            if state.phase == "finished":
                break
            seat = acting_seat(state)
            legal = legal_actions(content, state, seat)
            assert legal, (villain, seed, step, state.phase, seat)
            state, _ = apply(content, state, seat, rng.choice(legal), SeededDice(seed, step))
            assert State.from_json(json.loads(json.dumps(state.to_json()))) == state


@pytest.mark.rule("COOP-18", "R-241")
def test_the_villain_player_never_steps_onto_a_face_down_card(content):
    state = villain_board(content, "player")
    (servant,) = place_servants(state, "I1")
    state = to_villain(content, state)
    onto = {a.to[0] for a in legal_actions(content, state, 1) if isinstance(a, MoveServant)}
    assert onto == {"I", "D"}  # I1 lies at the card's edge: D9 is one step across it
    state.revealed = [letter not in onto - {"I"} for letter in state.grid]
    assert {a.to[0] for a in legal_actions(content, state, 1) if isinstance(a, MoveServant)} <= {"I"}
