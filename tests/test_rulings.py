"""The defects and rulings of issue 11: each test is named by its catalogue rule ID and plays the
scene with scripted dice through the engine's public API (``apply`` / ``legal_actions``)."""

from __future__ import annotations

import pytest

from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.core.actions import BeginTurn, EndTurn, Evade, Fight, Move
from games.engine.core.state import DroppedGem
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


@pytest.mark.rule("R-76", "GLOS-06", "HERO-09")
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
    from games.engine.core.state import BAG

    state = play_state(content, [("krieger", start)])
    empty_bag(state)
    put_token(state, monster, field, face_up=True)
    return state, BAG


def _answer_all(content, state):
    while state.pending:
        state, _ = act(content, state, legal_actions(content, state, state.pending[0].seat)[0])
    return state


@pytest.mark.rule("R-77", "TOK-08", "TOK-09")
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
    from games.engine.core.actions import PickUp

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


# --- Defect 3: the Zauberstab in the Kahn frees only the boat's route -----------------------------------
@pytest.mark.rule("WATER-04", "WATER-05", "WATER-01")
def test_WATER_04_the_staff_in_the_kahn_frees_only_the_boat_route(content):
    state = play_state(content, [("krieger", "L5"), ("elf", "L2")])
    state.boat = "staff"
    state.heroes[0].gold = 0
    state, _ = act(content, state, BeginTurn())
    assert Move(to="L6") not in legal_actions(content, state, 0)  # the other ferry still costs 1 gold
    state.heroes[0].gold = 1
    points = state.turn_state.points
    state, events = act(content, state, Move(to="L6"))
    assert state.heroes[0].gold == 0 and state.turn_state.points == points - 1
    assert "crossing_paid" in [e.kind for e in events]
    # The boat's own crossing L2-L4 is free of gold and movement points.
    state, _ = act(content, state, EndTurn())
    state, _ = act(content, state, BeginTurn())
    points = state.turn_state.points
    state, events = act(content, state, Move(to="L4"))
    assert state.turn_state.points == points and state.heroes[1].position == "L4"
    assert "crossing_paid" not in [e.kind for e in events]


# --- Defect 4: one lesson per turn, even with two trainers on one field ---------------------------------
@pytest.mark.rule("TRAIN-03")
def test_TRAIN_03_two_trainers_on_one_field_teach_one_lesson_per_turn(content):
    from games.engine.core.actions import UseEncounter

    state = play_state(content, [("zwerg", "A1")])
    empty_bag(state)
    put_token(state, "enc-gasconier", "A1", face_up=True)
    put_token(state, "enc-mirabar", "A1", face_up=True)
    state.heroes[0].gold = 5
    state, _ = act(content, state, BeginTurn())
    state, _ = act(content, state, UseEncounter(token="enc-gasconier"), rolls=(6, 6))
    while state.pending:
        state, _ = act(content, state, legal_actions(content, state, 0)[0])
    assert not [a for a in legal_actions(content, state, 0) if isinstance(a, UseEncounter)
                and a.token == "enc-mirabar"]


# --- Defect 5 and rulings: the dragon's hoard, its card, the Drachenmensch's victor ----------
def _before_the_dragon(content, xp):
    from tests.engine.helpers import give_item

    state = play_state(content, [("elf", "V10"), ("krieger", "A1")])
    state.dragon_card = "roter_drache"
    put_token(state, "drache", "V9", face_up=True)
    give_item(content, state, 0, "bogen_der_treffsicherheit")
    state.heroes[0].xp = dict(xp)
    state, _ = act(content, state, BeginTurn())
    state, _ = act(content, state, Move(to="V9"))
    return state


@pytest.mark.rule("END-16", "END-15")
def test_END_16_the_dragon_card_is_revealed_only_after_the_hoard_is_paid(content):
    from games.engine import view
    from games.engine.core.actions import ChallengeDragon, ChooseXp

    state = _before_the_dragon(content, {"blue": 1, "green": 2, "red": 0})
    state, events = act(content, state, ChallengeDragon(skill="ranged"))
    assert state.pending[0].kind == "lose_xp"
    assert all(view(content, state, s)["dragon_card"] is None for s in (0, 1))
    assert all("card" not in e.data for e in events)
    state, _ = act(content, state, ChooseXp(colour="green"))
    lp = content.dragon_cards["roter_drache"].lp
    state, events = act(content, state, ChooseXp(colour="green"), rolls=(1, 1) * lp)
    kinds = [e.kind for e in events]
    assert kinds.index("experience_lost") < kinds.index("boss_card_revealed")


@pytest.mark.rule("R-78", "END-15")
def test_END_15_a_hero_who_cannot_pay_the_whole_hoard_cannot_challenge(content):
    from games.engine.core.actions import ChallengeDragon

    hoard = content.dragon_cards["roter_drache"].hoard_gold
    state = _before_the_dragon(content, {"blue": 0, "green": hoard - 1, "red": 0})
    assert not [a for a in legal_actions(content, state, 0) if isinstance(a, ChallengeDragon)]
    assert legal_actions(content, state, 0)  # and the game goes on: he may act or end his turn


@pytest.mark.rule("R-79", "TOK-51", "END-14")
def test_TOK_51_the_victor_over_the_drachenmensch_moves_on_and_dies_there_unarmed(content):
    state = play_state(content, [("krieger", "V8"), ("elf", "A1")])
    state.dragon_card = "roter_drache"
    empty_bag(state)
    put_token(state, "drache", "V9", face_up=True)
    put_token(state, "drachenmensch", "V10")
    state, _ = act(content, state, BeginTurn())
    state, _ = act(content, state, Move(to="V10"))
    state, events = act(content, state, Fight(token="drachenmensch", skill="melee"), rolls=(1, 1) * 4)
    kinds = [e.kind for e in events]
    assert "moved_onto_dragon" in kinds and "killed_by_dragon" in kinds
    assert state.heroes[0].deaths == 1


# --- Games stored before issue 11 play on by the old rules (rules version 1) ---------------------------
@pytest.mark.rule("TOK-09")
def test_rules_version_1_keeps_the_old_order_of_return_and_draw(content):
    state, bag = _fight_ready(content, "fd-01", "A2", "A1")
    state.rules_version = 1
    state, _ = act(content, state, BeginTurn())
    state, _ = act(content, state, Move(to="A2"))
    state, events = act(content, state, Fight(token="fd-01", skill="melee"), rolls=(1, 1), picks=["fd-01"])
    assert "token_drawn" in [e.kind for e in events] or state.tokens["fd-01"].loc != bag


@pytest.mark.rule("WATER-04")
def test_rules_version_1_keeps_both_ferries_free_with_the_staff(content):
    state = play_state(content, [("krieger", "L5")])
    state.rules_version = 1
    state.boat = "staff"
    state.heroes[0].gold = 0
    state, _ = act(content, state, BeginTurn())
    assert Move(to="L6") in legal_actions(content, state, 0)


# --- Re-decided rulings R-80 ... R-85 -----------------------------------------------------------------
@pytest.mark.rule("R-80", "FIGHT-17", "ACT-01")
def test_FIGHT_17_a_hero_starting_on_a_monster_fights_before_any_other_action(content):
    from games.engine.core.actions import PickUp
    from tests.engine.helpers import give_item

    state = play_state(content, [("krieger", "A2")])
    empty_bag(state)
    put_token(state, "fd-01", "A2", face_up=True)
    schatz = next(t for t in sorted(content.tokens) if content.tokens[t].face == "goldschatz")
    put_token(state, schatz, "A2", face_up=True)
    give_item(content, state, 0, "bogen")
    state, _ = act(content, state, BeginTurn())
    offered = legal_actions(content, state, 0)
    assert PickUp(token=schatz) not in offered  # ruling R-80: the first action is always the fight
    assert Fight(token="fd-01", skill="melee") in offered and EndTurn() in offered
    assert any(isinstance(a, Move) for a in offered)  # he may move on instead
    state, _ = act(content, state, Fight(token="fd-01", skill="melee"), rolls=(1, 1))
    while state.pending:
        state, _ = act(content, state, legal_actions(content, state, 0)[0])
    assert PickUp(token=schatz) in legal_actions(content, state, 0)


@pytest.mark.rule("R-81", "GLOS-10")
def test_GLOS_10_a_failed_blitzschlag_costs_the_spell_but_no_lp(content):
    from games.engine.core.actions import FightLightning
    from tests.engine.helpers import give_item

    state = play_state(content, [("magier", "A1")])
    empty_bag(state)
    put_token(state, "fd-03", "A2", face_up=True)  # Troll: no blue point
    spell = give_item(content, state, 0, "blitzschlag")
    lp = state.heroes[0].lp
    state, _ = act(content, state, BeginTurn())
    state, _ = act(content, state, Move(to="A2"))
    state, events = act(content, state, FightLightning(token="fd-03"), rolls=(6, 6))
    assert state.heroes[0].lp == lp and spell not in state.heroes[0].items
    assert "lp_lost" not in [e.kind for e in events] and state.turn_state.turn_over


@pytest.mark.rule("R-82", "HERO-18")
def test_HERO_18_the_zentaur_may_not_ride_the_pegasus(content):
    from games.engine.core.actions import ChooseMovement
    from tests.engine.helpers import give_item

    state = play_state(content, [("zentaur", "A1")])
    give_item(content, state, 0, "pegasus")
    state, _ = act(content, state, BeginTurn())
    assert ChooseMovement(mode="pegasus") not in legal_actions(content, state, 0)


@pytest.mark.rule("R-83", "HERO-17")
def test_HERO_17_the_schamane_adds_one_against_a_grey_point_in_any_skill(content):
    state = play_state(content, [("schamane", "A1")])
    empty_bag(state)
    put_token(state, "fd-12", "A2", face_up=True)  # Doppelgänger: grey point, fought with printed values
    state, _ = act(content, state, BeginTurn())
    state, _ = act(content, state, Move(to="A2"))
    state, events = act(content, state, Fight(token="fd-12", skill="melee"), rolls=(1, 1))
    probe = next(e for e in events if e.kind == "probe")
    assert probe.data["target"] == content.heroes["schamane"].melee + 1


@pytest.mark.rule("R-85", "DEATH-06", "GLOS-16")
def test_DEATH_06_a_dropped_gem_can_be_picked_up_again_by_its_heir(content):
    from games.engine.core.actions import PickUp
    from games.engine.effects.life import die
    from tests.engine.helpers import Ctx_for

    state = play_state(content, [("krieger", "A2"), ("elf", "A2")])
    hero = state.heroes[0]
    hero.deed, hero.deed_parts, hero.gem = sorted(content.deeds)[0], 3, True
    from tests.engine.helpers import give_item

    give_item(content, state, 0, "bogen")
    ctx = Ctx_for(content, state)
    die(ctx, 0, "DEATH-01", cause="test")
    while state.pending:  # keep something other than the gem
        pending = state.pending[0]
        option = next(o for o in pending.options if o != "gem")
        from games.engine.registry import HOOKS

        state.pending.pop(0)
        HOOKS.handlers.answer[pending.kind](ctx, pending.seat, pending, option)
    assert not hero.gem and state.dropped_gems == [DroppedGem("A2", 0)]
    state.current = 1
    state, _ = act(content, state, BeginTurn(), seat=1)
    assert PickUp(token="gem") not in legal_actions(content, state, 1)  # not the other hero's gem
    state, _ = act(content, state, EndTurn(), seat=1)
    state.heroes[0].position = "A2"
    state, _ = act(content, state, BeginTurn(), seat=0)
    state, events = act(content, state, PickUp(token="gem"), seat=0)
    assert state.heroes[0].gem and state.dropped_gems == []


# --- Player count: 1 to 6 seats (ruling R-103) ----------------------------------------------------------
@pytest.mark.rule("R-103", "SETUP-01", "SETUP-05")
@pytest.mark.parametrize("seed", ["six-a", "six-b", "six-c"])
def test_SETUP_01_six_seats_set_up_their_cards_and_reach_play(content, seed):
    import random

    from games.engine.playout import random_playout
    from games.engine.rules.setup import MAX_SEATS

    assert MAX_SEATS == 6
    state = None
    for state, _seat, _action, _events in random_playout(content, 6, seed, 400, chooser=random.Random(seed)):
        if state.phase == "play":
            break
    assert state is not None and state.phase == "play" and len(state.heroes) == 6
    assert len({h.hero for h in state.heroes}) == 6
