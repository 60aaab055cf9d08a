"""Water ways, the island, the city of mages, the dump, the labyrinth, the tower, the lair, the desert."""

from __future__ import annotations

import pytest

from games.engine import IllegalActionError, legal_actions
from games.engine.core import rules as R
from games.engine.core.actions import (
    BeginTurn,
    ChooseDie,
    EndMovement,
    EndTurn,
    LoseLp,
    Move,
    RollLabyrinth,
    UseTeleporter,
)
from games.engine.core.state import PILE_CITY

from .helpers import act, begun, give_item, moves, play_state, put_token, token_with_face


# --- lake L ------------------------------------------------------------------------------------------
@pytest.mark.rule(R.WATER_FERRY)
def test_crossing_the_lake_costs_one_gold_and_a_point(content):
    state = begun(content, play_state(content, [("krieger", "L5")]))
    state, events = act(content, state, Move(to="L6"))
    hero = state.heroes[0]
    assert hero.position == "L6" and hero.gold == 0 and state.turn_state.points == 3
    assert R.WATER_FERRY in [e.rule for e in events]


@pytest.mark.rule(R.WATER_FERRY)
def test_without_gold_there_is_no_crossing(content):
    state = play_state(content, [("krieger", "L5")])
    state.heroes[0].gold = 0
    state = begun(content, state)
    assert "L6" not in moves(content, state)
    with pytest.raises(IllegalActionError, match="1 gold"):
        act(content, state, Move(to="L6"))


@pytest.mark.rule("HERO-12")
def test_morgaine_crosses_the_lake_for_free(content):
    state = play_state(content, [("morgaine", "L5")])
    state = begun(content, state)
    state, _ = act(content, state, Move(to="L6"))
    assert state.heroes[0].position == "L6" and state.heroes[0].gold == 0


@pytest.mark.rule(R.WATER_BOAT, "WATER-03")
def test_the_boat_crosses_for_free_and_stays_on_the_far_side(content):
    state = play_state(content, [("krieger", "L4"), ("elf", "L4")])
    state.boat = "L4"
    state = begun(content, state)
    state, events = act(content, state, Move(to="L2"))
    assert state.heroes[0].gold == 1 and state.boat == "L2"
    assert R.WATER_BOAT in [e.rule for e in events]
    state, _ = act(content, state, EndTurn())
    state = begun(content, state)
    state, _ = act(content, state, Move(to="L2"))  # from L4 the boat is gone: the elf pays
    assert state.heroes[1].gold == 1


@pytest.mark.rule(R.WATER_STAFF)
def test_a_magic_staff_in_the_boat_makes_the_crossing_free_of_gold_and_points(content):
    state = play_state(content, [("krieger", "L2")])
    state.boat = "staff"
    state = begun(content, state)
    state, _ = act(content, state, Move(to="L4"))
    assert state.heroes[0].gold == 1 and state.turn_state.points == 4


# --- island Y -------------------------------------------------------------------------------------------
@pytest.mark.rule(R.WATER_ISLAND)
def test_the_island_is_closed_until_orchan_is_in_play(content):
    state = begun(content, play_state(content, [("krieger", "Y5")]))
    assert "Y7" not in moves(content, state)
    with pytest.raises(IllegalActionError, match="Orchan"):
        act(content, state, Move(to="Y7"))


@pytest.mark.rule(R.WATER_ISLAND, "WATER-07", "WATER-08", "WATER-09")
def test_orchan_takes_heroes_over_for_one_gold_and_back_for_free(content):
    state = play_state(content, [("krieger", "Y5")])
    put_token(state, token_with_face(content, state, "orchan"), "Y5", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, Move(to="Y7"))
    assert state.heroes[0].gold == 0
    assert set(moves(content, state)) == {"Y4", "Y5", "Y9"}
    state, _ = act(content, state, Move(to="Y9"))
    assert state.heroes[0].position == "Y9" and state.heroes[0].gold == 0
    assert "Y7" not in moves(content, state)  # only from Y5


# --- city of mages S ---------------------------------------------------------------------------------------
@pytest.mark.rule(R.TELEPORT, "REGION-06")
def test_the_city_is_not_reached_on_foot(content):
    state = begun(content, play_state(content, [("krieger", "S3")]))
    assert "S1" not in moves(content, state)
    with pytest.raises(IllegalActionError, match="teleporter"):
        act(content, state, Move(to="S1"))


@pytest.mark.rule(R.TELEPORT)
def test_a_teleporter_roll_of_one_reaches_the_city_and_ends_movement(content):
    state = play_state(content, [("krieger", "S7")])
    state = begun(content, state)
    state, _ = act(content, state, Move(to="S3"))
    assert UseTeleporter() in legal_actions(content, state, 0)
    state, events = act(content, state, UseTeleporter(), rolls=(1,))
    assert state.heroes[0].position == "S1" and state.turn_state.movement_over
    roll = next(e for e in events if e.kind == "teleporter_roll")
    assert roll.dice == (1,)


@pytest.mark.rule("MOVE-08", R.TELEPORT)
def test_the_teleporter_can_be_used_with_the_last_movement_point(content):
    state = play_state(content, [("krieger", "S7")], unwetter=True)  # the storm leaves 1 point
    state = begun(content, state, rolls=(3,))
    assert state.turn_state.points == 1
    state, _ = act(content, state, Move(to="S3"))
    assert state.turn_state.points == 0 and not state.turn_state.movement_over
    assert UseTeleporter() in legal_actions(content, state, 0)
    state, _ = act(content, state, UseTeleporter(), rolls=(1,))
    assert state.heroes[0].position == "S1"


@pytest.mark.rule("MOVE-09", R.LABYRINTH)
def test_the_labyrinth_roll_can_follow_the_last_movement_point(content):
    state = play_state(content, [("krieger", "U7")], unwetter=True)
    state = begun(content, state, rolls=(3,))
    state, _ = act(content, state, Move(to="U1"))
    assert state.turn_state.points == 0
    assert RollLabyrinth() in legal_actions(content, state, 0)
    state, _ = act(content, state, RollLabyrinth(), rolls=(2,))
    assert state.heroes[0].position == "U2"


@pytest.mark.rule("REGION-14", R.JUMP)
def test_jumping_shoes_cannot_cross_the_rift(content):
    from games.engine.core.actions import ChooseMovement, Jump

    state = play_state(content, [("krieger", "S7")])
    give_item(content, state, 0, "springschuhe")
    state = begun(content, state)
    state, _ = act(content, state, ChooseMovement(mode="jump_shoes"))
    targets = {a.to for a in legal_actions(content, state, 0) if isinstance(a, Jump)}
    assert targets, "there are places to jump to around the rift"
    assert not targets & {"S1", "S2", "S3", "S4", "S5", "S6"}


@pytest.mark.rule("REGION-08")
def test_each_blue_experience_die_adds_a_teleport_die_to_choose_from(content):
    state = play_state(content, [("krieger", "S7")])
    state.heroes[0].xp["blue"] = 2
    state = begun(content, state)
    state, _ = act(content, state, Move(to="S3"))
    state, events = act(content, state, UseTeleporter(), rolls=(4, 1, 4))
    assert state.pending and state.pending[0].options == [1, 4]
    assert legal_actions(content, state, 0) == [ChooseDie(value=1), ChooseDie(value=4)]
    state, _ = act(content, state, ChooseDie(value=1))
    assert state.heroes[0].position == "S1"


@pytest.mark.rule(R.CITY_EXIT)
def test_leaving_the_city_costs_one_point_and_no_roll(content):
    state = begun(content, play_state(content, [("krieger", "S1")]))
    assert set(moves(content, state)) == {"S3", "S4", "S5", "S6"}
    state, _ = act(content, state, Move(to="S4"))
    assert state.turn_state.points == 3
    assert "S7" in moves(content, state)


@pytest.mark.rule(R.DUMP_START)
def test_the_dump_forces_the_teleporter_at_the_start_of_the_turn(content):
    state = play_state(content, [("krieger", "S2")])
    state, events = act(content, state, BeginTurn(), rolls=(5,))
    assert state.heroes[0].position == "S5" and state.turn_state.movement_over
    assert R.DUMP_START in [e.rule for e in events]


@pytest.mark.rule("REGION-11")
def test_landing_on_the_dump_finds_a_city_item_on_a_one(content):
    state = begun(content, play_state(content, [("krieger", "S7")]))
    state, _ = act(content, state, Move(to="S3"))
    city_before = len(state.tokens_at(PILE_CITY))
    state, events = act(content, state, UseTeleporter(), rolls=(2, 1))
    assert state.heroes[0].position == "S2"
    assert len(state.heroes[0].items) == 1
    assert len(state.tokens_at(PILE_CITY)) == city_before - 1
    state = begun(content, play_state(content, [("krieger", "S7")]))
    state, _ = act(content, state, Move(to="S3"))
    state, events = act(content, state, UseTeleporter(), rolls=(2, 2))
    assert state.heroes[0].items == []


@pytest.mark.rule("REGION-12")
def test_with_the_muellhalde_a_two_finds_an_item_too(content):
    state = play_state(content, [("krieger", "S7")])
    put_token(state, token_with_face(content, state, "muellhalde"), "S2", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, Move(to="S3"))
    state, _ = act(content, state, UseTeleporter(), rolls=(2, 2))
    assert len(state.heroes[0].items) == 1


# --- labyrinth U -----------------------------------------------------------------------------------------------
@pytest.mark.rule(R.LABYRINTH)
def test_entering_a_labyrinth_corner_allows_a_roll_that_decides_the_field(content):
    state = begun(content, play_state(content, [("krieger", "U7")]))
    state, _ = act(content, state, Move(to="U1"))
    assert RollLabyrinth() in legal_actions(content, state, 0)
    assert moves(content, state) == ["U7"]  # corridors need the map
    state, events = act(content, state, RollLabyrinth(), rolls=(5,))
    assert state.heroes[0].position == "U5" and state.turn_state.movement_over


@pytest.mark.rule(R.LABYRINTH_START)
def test_inside_the_labyrinth_every_turn_starts_with_a_roll(content):
    state = play_state(content, [("krieger", "U5")])
    state, events = act(content, state, BeginTurn(), rolls=(3,))
    assert state.heroes[0].position == "U3"
    assert "U8" in moves(content, state)  # from a corner he may walk out with his movement


@pytest.mark.rule("GLOS-33", "REGION-17")
def test_with_the_map_the_hero_walks_the_corridors_without_rolling(content):
    state = play_state(content, [("krieger", "U5")])
    give_item(content, state, 0, "karte_labyrinth")
    state = begun(content, state)  # no roll scripted: none is made
    assert {"U2", "U4", "U6"} <= set(moves(content, state))


# --- tower H and lair V -----------------------------------------------------------------------------------------
@pytest.mark.rule(R.TOWER, "REGION-02", "TOK-43")
def test_h3_cannot_be_entered_and_guardian_fields_need_a_gem(content):
    state = begun(content, play_state(content, [("krieger", "H1")]))
    assert "H5" not in moves(content, state)
    with pytest.raises(IllegalActionError, match="gem"):
        act(content, state, Move(to="H5"))
    state = play_state(content, [("krieger", "H5")])
    state.heroes[0].gem = True
    state = begun(content, state)
    assert "H3" not in moves(content, state)
    state = play_state(content, [("krieger", "H1")])
    state.heroes[0].gem = True
    state = begun(content, state)
    assert "H5" in moves(content, state)


@pytest.mark.rule(R.LAIR_ENTRY, "REGION-20", "GLOS-63")
def test_only_the_rope_leads_from_v1_into_the_cave(content):
    state = begun(content, play_state(content, [("krieger", "V1")]))
    assert "V9" not in moves(content, state)
    state = play_state(content, [("krieger", "V1")])
    give_item(content, state, 0, "seil")
    state = begun(content, state)
    assert "V9" in moves(content, state)
    state = begun(content, play_state(content, [("krieger", "V10")]))
    assert "V9" in moves(content, state)


# --- desert W ------------------------------------------------------------------------------------------------------
@pytest.mark.rule(R.DESERT)
def test_ending_movement_in_the_desert_costs_one_lp(content):
    state = begun(content, play_state(content, [("krieger", "W2")]))
    state, events = act(content, state, EndMovement())
    assert state.heroes[0].lp == 3
    assert R.DESERT in [e.rule for e in events]


@pytest.mark.rule(R.DESERT)
@pytest.mark.parametrize("field", ["W1", "W6"])
def test_caravanserai_and_oasis_are_safe(content, field):
    state = begun(content, play_state(content, [("krieger", field)]))
    state, _ = act(content, state, EndMovement())
    assert state.heroes[0].lp == 4


@pytest.mark.rule("REGION-24", "GLOS-32", "GLOS-79")
@pytest.mark.parametrize("item", ["kamel", "wassersack"])
def test_camel_and_water_bag_protect_in_the_desert(content, item):
    state = play_state(content, [("krieger", "W2")])
    give_item(content, state, 0, item)
    state = begun(content, state, rolls=(3,) if item == "kamel" else ())
    state, _ = act(content, state, EndMovement())
    assert state.heroes[0].lp == 4


@pytest.mark.rule(R.DESERT_W5_FIELD)
def test_standing_on_w5_costs_one_lp_more(content):
    state = begun(content, play_state(content, [("krieger", "W5")]))
    state, _ = act(content, state, EndMovement())
    assert state.heroes[0].lp == 2


@pytest.mark.rule(R.DESERT_W5, R.SECRET_FAIL)
def test_searching_w5_in_vain_costs_one_lp_more(content):
    state = begun(content, play_state(content, [("krieger", "W2")]))
    state, _ = act(content, state, Move(to="W1"))
    state, events = act(content, state, Move(to="W5"), rolls=(6, 6))
    # Between W1 and W5 he stands on neither safe field (ruling R-39), and the vain search costs more.
    assert state.heroes[0].between == ("W1", "W5")
    assert state.heroes[0].lp == 2


@pytest.mark.rule("LP-04")
def test_with_artificial_lp_the_player_chooses_which_lp_to_lose(content):
    state = play_state(content, [("krieger", "W2")])
    armour = give_item(content, state, 0, "ruestung")
    state = begun(content, state)
    state, _ = act(content, state, EndMovement())
    assert state.pending and state.pending[0].kind == "lose_lp"
    assert set(state.pending[0].options) == {"natural", armour}
    assert legal_actions(content, state, 0) == [LoseLp(source="natural"), LoseLp(source=armour)]
    state, _ = act(content, state, LoseLp(source=armour))
    assert state.heroes[0].lp == 4 and state.heroes[0].artificial[armour] == 1


@pytest.mark.rule(R.DEATH, "DEATH-02", "DEATH-04", "DEATH-05", "DEATH-09")
def test_dying_in_the_desert_sends_the_heir_home(content):
    state = play_state(content, [("krieger", "A1")])
    hero = state.heroes[0]
    hero.position = "W2"
    hero.lp = 1
    hero.xp["red"] = 3
    hero.training["melee"] = 1
    sword = give_item(content, state, 0, "schwert")
    boots = give_item(content, state, 0, "stiefel")
    state = begun(content, state)
    state, events = act(content, state, EndMovement())
    assert "hero_died" in [e.kind for e in events]
    assert state.pending[0].kind == "keep_item"
    state, events = act(content, state, legal_actions(content, state, 0)[0].__class__(token=boots))
    hero = state.heroes[0]
    assert hero.position == "A1" and hero.lp == 4 and hero.gold == 1
    assert hero.items == [boots]
    assert hero.xp["red"] == 0 and hero.training["melee"] == 0
    assert state.tokens[sword].loc == "pile:bazaar"


@pytest.mark.rule("REGION-07")
def test_starting_the_turn_on_a_teleporter_gives_no_roll(content):
    state = begun(content, play_state(content, [("krieger", "S3")]))
    assert UseTeleporter() not in legal_actions(content, state, 0)
    with pytest.raises(IllegalActionError, match="right after entering"):
        act(content, state, UseTeleporter(), rolls=(1,))
