"""The Diener's march on the temple's fires in the cooperative variant (issue 18).

Board of these tests (tests/engine/helpers.DEFAULT_ORDER), north up; the temple's card is N:
    A B C D E / F G H I J / K L M N O / P R S T U / V W X Y Z
"""

from __future__ import annotations

import pytest

from games.engine.core.actions import EndTurn, Fight
from games.engine.core.coop import CoopState
from games.engine.core.state import BAG, OUT, TokenState, at_field
from games.engine.effects.bag import namenloser_arrives
from games.engine.rules.servants import fire_fields, march, marching_order, route

from .helpers import DEFAULT_ORDER, Ctx_for, act, begun, empty_bag, kinds_of, legal, play_state, put_token

SERVANTS = [f"srv-{n:02d}" for n in range(1, 15)]


def coop_board(content, seats: int = 1, order: str = DEFAULT_ORDER):
    heroes = [("krieger", "Z1"), ("elf", "Z1"), ("zwerg", "Z1")][:seats]
    state = play_state(content, heroes, order=order)
    state.coop = CoopState(marching=True)
    state.first_seat = 0
    empty_bag(state)
    return state


def place_servants(state, *fields: str) -> list[str]:
    for tid, code in zip(SERVANTS, fields, strict=False):
        state.tokens[tid] = TokenState(loc=at_field(code), face_up=False, seen_by=(0,))
    return SERVANTS[:len(fields)]


def where(state, tid: str) -> str:
    return state.tokens[tid].loc.removeprefix("field:")


def fires(content):
    yellow, blue, green, pink = fire_fields(content)
    return yellow, blue, green, pink


@pytest.mark.rule("COOP-25", "COOP-29")
def test_the_four_diener_nearest_the_temple_march_two_fields_ties_by_lower_letter(content):
    state = coop_board(content)
    # T, O, M and I lie one card from N; A lies five cards away and is the fifth.
    far, *near = place_servants(state, "A1", "T1", "O6", "M1", "I1")
    assert marching_order(content, state) == [SERVANTS[4], SERVANTS[3], SERVANTS[2], SERVANTS[1]]  # I, M, O, T
    expected = {}
    for tid in near:
        first = route(content, state, where(state, tid))[0]
        expected[tid] = [first, route(content, state, first)[0]]  # the second step may be on the next card
    ctx = Ctx_for(content, state)
    march(ctx, 0)
    assert where(state, far) == "A1"
    for tid in near:
        assert len(expected[tid]) == 2 and where(state, tid) == expected[tid][-1]
    assert kinds_of(ctx.events).count("servant_marches") == 4


@pytest.mark.rule("COOP-29")
def test_card_distance_is_orthogonal_not_diagonal(content):
    state = coop_board(content)
    diagonal, straight = place_servants(state, "S1", "K1")  # S: one down, one left (2); K: three left (3)
    assert marching_order(content, state) == [diagonal, straight]


@pytest.mark.rule("COOP-19", "COOP-26", "COOP-27")
def test_a_diener_takes_the_bypass_on_his_card_and_never_crosses_a_secret_field(content):
    state = coop_board(content)
    assert content.regions["P"].field("P3").kind.value == "secret"
    # From P9 the straight way north runs over the causeway P3; the card's bypass goes east by P11.
    assert route(content, state, "P9") == ["P5", "P11", "P4", "R6"]


@pytest.mark.rule("COOP-52")
def test_the_white_village_stays_a_secret_field_for_the_diener_even_with_the_waldlaeufer(content):
    state = coop_board(content)
    waldlaeufer = next(t for t in content.tokens if "white_village_open" in content.tokens[t].effects)
    put_token(state, waldlaeufer, "I5", face_up=True)
    way = route(content, state, "I3")
    assert "I5" not in way and way[-1] == "N1"


@pytest.mark.rule("COOP-28")
def test_with_three_diener_on_fires_only_one_more_moves(content):
    state = coop_board(content)
    yellow, blue, green, _ = fires(content)
    on_fires = place_servants(state, yellow, blue, green, "O6", "I1")
    order = marching_order(content, state)
    assert order[:3] == on_fires[:3] and len(order) == 4
    before = {tid: where(state, tid) for tid in on_fires}
    march(Ctx_for(content, state), 0)
    moved = [tid for tid in on_fires if where(state, tid) != before[tid]]
    assert moved == [order[3]]


@pytest.mark.rule("COOP-14", "COOP-17")
def test_all_four_fires_taken_lose_the_game_for_everyone(content):
    state = coop_board(content, seats=2)
    yellow, blue, green, pink = fires(content)
    place_servants(state, yellow, blue, green, "N2")
    ctx = Ctx_for(content, state)
    march(ctx, 1)
    assert state.phase == "finished" and state.winner is None and state.coop.lost
    assert "coop_game_lost" in kinds_of(ctx.events)
    assert not legal(content, state, seat=0)


@pytest.mark.rule("COOP-14")
def test_three_fires_do_not_end_the_game(content):
    state = coop_board(content)
    yellow, blue, _, _ = fires(content)
    place_servants(state, yellow, blue, "A1")
    march(Ctx_for(content, state), 0)
    assert state.phase == "play" and not state.coop.lost


@pytest.mark.rule("COOP-20")
def test_a_diener_stops_on_a_token_which_goes_into_the_bag_after_a_new_draw(content):
    state = coop_board(content)
    (servant,) = place_servants(state, "I1")
    first = route(content, state, "I1")[0]
    put_token(state, "fd-01", first)
    ctx = Ctx_for(content, state)
    march(ctx, 0)
    assert where(state, servant) == first
    assert state.tokens["fd-01"].loc == BAG
    assert "bag_empty" in kinds_of(ctx.events)  # the draw was made (from an empty bag) before the return


@pytest.mark.rule("COOP-12")
def test_the_diener_wait_until_every_hero_had_a_turn(content):
    state = coop_board(content, seats=2)
    (servant,) = place_servants(state, "I1")
    state.coop.marching = False
    state.current = 1
    state.coop.waiting = [0, 1]  # the Namenloser came during seat 1's turn
    state = begun(content, state)
    state, _ = act(content, state, EndTurn())  # the round ends, but seat 0 has not had a turn since
    assert where(state, servant) == "I1" and state.coop.waiting == [0]
    for _ in range(2):
        state = begun(content, state)
        state, events = act(content, state, EndTurn())
    assert state.coop.marching and "servant_marches" in kinds_of(events)
    assert where(state, servant) != "I1"


@pytest.mark.rule("COOP-10", "COOP-11")
def test_the_namenloser_brings_diener_as_usual_and_clears_their_fields_without_a_new_draw(content):
    state = coop_board(content, seats=2)
    state.coop = CoopState()
    state.heroes[0].quests = ["placeholder"]  # one quest held: one Diener comes (BAG-07)
    namenloser = next(t for t in content.tokens if content.tokens[t].kind.value == "namenloser")
    target = content.tokens[SERVANTS[0]].target
    put_token(state, "fd-01", target)
    ctx = Ctx_for(content, state)
    namenloser_arrives(ctx, 0, namenloser)
    assert where(state, SERVANTS[0]) == target
    assert state.tokens["fd-01"].loc == BAG
    assert state.coop.waiting == [0, 1] and not state.coop.marching
    assert "bag_empty" not in kinds_of(ctx.events) and "token_drawn" not in kinds_of(ctx.events)


@pytest.mark.rule("COOP-30", "COOP-31")
@pytest.mark.parametrize(("dead", "penalty"), [(0, 0), (2, 0), (3, 1), (8, 2), (9, 3)])
def test_every_three_dead_diener_make_the_diener_one_point_harder(content, dead, penalty):
    state = play_state(content, [("krieger", "A1")])
    state.coop = CoopState(servants_dead=dead)
    empty_bag(state)
    servant = SERVANTS[0]  # melee -1
    put_token(state, servant, "A2", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, legal(content, state)[0].__class__(to="A2"))
    state, events = act(content, state, Fight(token=servant, skill="melee"), rolls=(1, 1))
    probe = next(e for e in events if e.kind == "probe")
    assert probe.data["target"] == 7 - 1 - penalty
    assert state.tokens[servant].loc == OUT and state.coop.servants_dead == dead + 1


@pytest.mark.rule("COOP-13", "COOP-15", "COOP-16")
def test_the_elf_attacks_the_diener_on_the_green_fire_from_n3_and_frees_it(content):
    """The text's example: "Auf dem grünen Feuer sitzt ein Diener, angreifbar nur mit Fernkampf, der Elf
    übernimmt den Job und zieht auf Feld N3. Von dort aus fordert er den Diener zum Zweikampf"."""
    from games.engine.core.actions import Move

    state = play_state(content, [("elf", "N7")])
    state.coop = CoopState(marching=True)
    empty_bag(state)
    yellow, blue, green, pink = fires(content)
    servant = "srv-02"  # ranged -1 only
    assert list(content.tokens[servant].skills) == ["ranged"]
    state.tokens[servant] = TokenState(loc=at_field(green), face_up=True)
    state.tokens["srv-03"] = TokenState(loc=at_field(pink), face_up=True)
    state = begun(content, state)
    assert legal(content, state, kind=Fight) == []  # not from N7
    state, _ = act(content, state, Move(to="N3"))  # the N field beside a held fire is free to enter
    assert legal(content, state, kind=Fight) == [Fight(token=servant, skill="ranged")]  # green only, not pink
    state, events = act(content, state, Fight(token=servant, skill="ranged"), rolls=(1, 1))
    assert "fight_won" in kinds_of(events)
    assert state.tokens[servant].loc == OUT and green not in [where(state, t) for t in SERVANTS
                                                              if state.tokens[t].loc.startswith("field:")]
    assert state.heroes[0].position == "N3" and state.coop.servants_dead == 1


@pytest.mark.rule("COOP-17")
def test_once_all_four_fires_are_held_no_diener_can_be_driven_off(content):
    state = play_state(content, [("elf", "N3")])
    state.coop = CoopState(marching=True, lost=True)
    yellow, blue, green, pink = fires(content)
    place_servants(state, yellow, blue, green, pink)
    state.phase = "finished"
    assert legal(content, state, seat=0) == []
    from games.engine.rules.servants import fire_targets

    assert fire_targets(content, state, "N3") == []


@pytest.mark.rule("COOP-25")
def test_a_diener_reaching_a_fire_sits_there_face_up(content):
    state = coop_board(content)
    (servant,) = place_servants(state, "N1")
    march(Ctx_for(content, state), 0)
    assert where(state, servant) in fire_fields(content) and state.tokens[servant].face_up


@pytest.mark.rule("COOP-14", "COOP-25", "COOP-28")
def test_a_coop_game_is_lost_through_the_public_api_when_the_marching_diener_take_all_fires(content):
    """Two heroes only end their turns; the Diener on the temple's card take the fires in two rounds."""
    from games.engine import ScriptedDice, apply, legal_actions
    from games.engine.core.actions import BeginTurn
    from games.engine.playout import acting_seat

    state = coop_board(content, seats=2)
    state.heroes[1].position = state.heroes[1].manor = "Z1"
    place_servants(state, "N1", "N6", "N7", "N8")
    marches = []
    for _ in range(8):
        if state.phase == "finished":
            break
        seat = acting_seat(state)
        action = BeginTurn() if BeginTurn() in legal_actions(content, state, seat) else EndTurn()
        state, events = apply(content, state, seat, action, ScriptedDice(()))
        marches += [e for e in events if e.kind == "servant_marches"]
    assert state.phase == "finished" and state.winner is None and state.coop.lost
    assert sorted(where(state, t) for t in SERVANTS[:4]) == sorted(fire_fields(content))
    assert len(marches) == 5  # four in the first round, then only the one not yet on a fire


def ambush(content, rolls):
    state = coop_board(content)
    (servant,) = place_servants(state, "I1")  # srv-01: melee -1 only
    first = route(content, state, "I1")[0]
    state.heroes[0].position = state.heroes[0].manor = first
    state = begun(content, state)
    state, events = act(content, state, EndTurn(), rolls=rolls)  # one seat: every turn ends a round
    return state, events, servant, first


@pytest.mark.rule("COOP-21")
def test_a_diener_reaching_a_hero_fights_him_at_once(content):
    state, events, servant, first = ambush(content, (1, 1))
    assert kinds_of(events).index("servant_attacks") < kinds_of(events).index("fight_won")
    probe = next(e for e in events if e.kind == "probe")
    assert probe.seat == 0 and probe.data["skill"] == "melee" and probe.data["target"] == 7 - 1
    assert state.tokens[servant].loc == OUT and state.coop.servants_dead == 1
    assert "token_drawn" not in kinds_of(events) and "bag_empty" not in kinds_of(events)  # no draw out of turn
    assert state.current == 0 and not state.turn_state.begun  # the new turn is untouched


@pytest.mark.rule("COOP-21", "COOP-22")
def test_after_a_lost_ambush_the_hero_may_move_on_at_his_turn(content):
    state, events, servant, first = ambush(content, (6, 6))
    lp = state.heroes[0].lp_max - 1
    assert "fight_lost" in kinds_of(events) and state.heroes[0].lp == lp
    assert where(state, servant) == first and state.tokens[servant].face_up
    state = begun(content, state)
    from games.engine.core.actions import Move

    assert not state.turn_state.forced_fight and legal(content, state, kind=Move)
    assert legal(content, state, kind=Fight) == [Fight(token=servant, skill="melee")]


@pytest.mark.rule("COOP-19", "COOP-27")
def test_a_marching_diener_never_steps_onto_a_waechter_nor_onto_a_card_still_face_down(content):
    """Ruling R-241 for the automatic march as for a villain player: the villains' own tokens are no
    tokens to throw into the bag, and a face-down card is uncovered by heroes only."""
    state = coop_board(content)
    assert route(content, state, "M1") == ["M3", "M4", "N8"]
    put_token(state, "grd-1", "M4")
    way = route(content, state, "M1")
    assert "M4" not in way
    (servant,) = place_servants(state, "M1")
    march(Ctx_for(content, state), 0)
    assert state.tokens["grd-1"].loc == at_field("M4") and where(state, servant) != "M4"
    state = coop_board(content)
    state.revealed[DEFAULT_ORDER.index("N")] = False  # the temple's card not yet turned over
    assert not any(code.startswith("N") for code in route(content, state, "M1"))
