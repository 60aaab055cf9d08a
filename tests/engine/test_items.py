"""Items ("Gegenstände"), spells used outside fights ("Zaubersprüche"), and the item fields."""

from __future__ import annotations

import json

import pytest

from games.engine import view
from games.engine.core import rules as R
from games.engine.core.actions import CastSpell, ChooseXp, DropItem, Move, PickUp
from games.engine.core.heroes import purse_of
from games.engine.core.state import BAG, OUT, PILE_BAZAAR, PILE_CITY, TokenState

from .helpers import act, begun, empty_bag, give_item, into_bag, kinds_of, legal, play_state, put_token, rules_of


def hero_at(content, hero="krieger", field="A1", seats=1):
    heroes = [(hero, field), *[("elf", "Z1"), ("zwerg", "Y1"), ("magier", "X1")][:seats - 1]]
    state = play_state(content, heroes)
    empty_bag(state)
    return state


@pytest.mark.rule("ITEM-01", "ITEM-02", "ITEM-03", "ITEM-05", "TOK-19", "TOK-20", "TOK-21", "FACEDOWN-03")
def test_a_found_item_is_picked_up_as_an_action_with_a_draw(content):
    state = hero_at(content)
    put_token(state, "fd-29", "A2")  # a Schleuder, face down
    into_bag(state, "enc-quelle")
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    assert state.tokens["fd-29"].face_up and not state.turn_state.movement_over
    # Not picked up, it stays face up for anybody who comes by.
    assert PickUp(token="fd-29") in legal(content, state)
    state, events = act(content, state, PickUp(token="fd-29"))
    assert state.heroes[0].items == ["fd-29"] and state.turn_state.movement_over
    assert state.tokens["enc-quelle"].field == "A5" and R.ITEM_DRAW in rules_of(events)


@pytest.mark.rule("ITEM-07", "ITEM-08", "HERO-19", "SPELL-01")
def test_four_items_and_spells_at_most_five_for_the_zentaur(content):
    for hero, slots in (("krieger", 4), ("zentaur", 5)):
        state = hero_at(content, hero=hero)
        faces = ["bogen", "seil", "vision", "erfahrung", "zauberknochen"][:slots]
        for face in faces:
            give_item(content, state, 0, face)
        put_token(state, "fd-29", "A1", face_up=True)
        state = begun(content, state)
        assert PickUp(token="fd-29") not in legal(content, state), hero
        state, _ = act(content, state, DropItem(token=state.heroes[0].items[0]))
        assert PickUp(token="fd-29") in legal(content, state), hero


@pytest.mark.rule("ITEM-09", "ITEM-03")
def test_dropped_items_go_to_their_supply_or_onto_the_field(content):
    state = hero_at(content)
    bow = give_item(content, state, 0, "bogen")
    bone = give_item(content, state, 0, "zauberknochen")
    sling = give_item(content, state, 0, "schleuder")
    sabre = give_item(content, state, 0, "saebel_yeti")
    state = begun(content, state)
    for tid in (bow, bone, sling, sabre):
        state, events = act(content, state, DropItem(token=tid))
        assert R.ITEM_DROP in rules_of(events)
    assert state.tokens[bow].loc == PILE_BAZAAR and state.tokens[bone].loc == PILE_CITY
    assert state.tokens[sling].field == "A1" and state.tokens[sling].face_up
    assert state.tokens[sabre].field == "A1" and state.tokens[sabre].flipped  # still the Yeti's sabre
    assert state.heroes[0].items == []


@pytest.mark.rule("ITEM-06", "TOK-24", "DEED-06")
def test_deed_items_go_on_the_deed_card_and_only_its_owner_sees_them(content):
    state = hero_at(content, seats=2)
    put_token(state, "dp-daphne-1", "A1", face_up=True)  # the Kerkerschlüssel
    assert PickUp(token="dp-daphne-1") not in legal(content, begun(content, state))
    state.heroes[0].deed = "befreie_daphne"
    state = begun(content, state)
    state, _ = act(content, state, PickUp(token="dp-daphne-1"))
    assert state.tokens["dp-daphne-1"].loc == "deed:0" and state.heroes[0].items == []
    assert '"dp-daphne-1"' not in json.dumps(view(content, state, 1))


@pytest.mark.rule("GLOS-18", "SPELL-04")
def test_the_hexenbesen_is_picked_up_after_a_magic_probe_tried_once_per_turn(content):
    state = hero_at(content, hero="magier")  # magic 7: the broom asks magic -2
    put_token(state, "fd-20", "A1", face_up=True)
    state = begun(content, state)
    failed, events = act(content, state, PickUp(token="fd-20"), rolls=(3, 3))
    assert next(e for e in events if e.kind == "probe").data["target"] == 5
    assert failed.tokens["fd-20"].field == "A1" and PickUp(token="fd-20") not in legal(content, failed)
    assert failed.turn_state.bag_draws == 0
    won, _ = act(content, state, PickUp(token="fd-20"), rolls=(2, 3))
    assert won.heroes[0].items == ["fd-20"]


@pytest.mark.rule("HERO-06", "ITEM-10")
def test_the_hint_of_the_grail_needs_a_probe_but_not_from_galahad_and_pays_two_ew(content):
    for hero, rolls in (("krieger", (1, 1)), ("galahad", ())):
        state = hero_at(content, hero=hero)
        put_token(state, "fd-21", "A1", face_up=True)
        into_bag(state, "enc-quelle")
        state = begun(content, state)
        state, events = act(content, state, PickUp(token="fd-21"), rolls=rolls, picks=["enc-quelle"])
        assert ("probe" in kinds_of(events)) is (hero == "krieger")
        assert legal(content, state) == [ChooseXp(colour=c) for c in ("blue", "green", "red")]
        state, _ = act(content, state, ChooseXp(colour="blue"))
        state, _ = act(content, state, ChooseXp(colour="red"))
        assert state.heroes[0].xp == {"blue": 1, "green": 0, "red": 1}
        assert state.heroes[0].items == [] and state.tokens["fd-21"].loc == BAG


@pytest.mark.rule("ITEM-10")
def test_the_gold_hoard_pays_three_gold_at_once(content):
    state = hero_at(content)
    put_token(state, "fd-27", "A1", face_up=True)
    into_bag(state, "enc-quelle")
    state = begun(content, state)
    state, _ = act(content, state, PickUp(token="fd-27"), picks=["enc-quelle"])
    assert state.heroes[0].gold == 1 + 3 and state.tokens["fd-27"].loc == BAG and state.heroes[0].items == []


@pytest.mark.rule("GLOS-23", "TURN-01")
def test_the_goldbeutel_refills_on_1_or_2_when_empty_and_is_spent_first(content):
    state = hero_at(content)
    give_item(content, state, 0, "goldbeutel")
    refilled = begun(content, state, rolls=(2,))
    assert refilled.heroes[0].purse == 1 and purse_of(refilled.heroes[0]) == 2
    empty = begun(content, state, rolls=(3,))
    assert empty.heroes[0].purse == 0
    state.heroes[0].purse = 1
    begun(content, state)  # a full purse rolls nothing (no dice scripted)
    from games.engine.core.heroes import pay

    pay(state.heroes[0], 1)
    assert state.heroes[0].purse == 0 and state.heroes[0].gold == 1


@pytest.mark.rule("GLOS-76", "ACT-05", "SPELL-06")
def test_vision_shows_an_adjacent_face_down_token_without_an_action(content):
    state = hero_at(content, hero="magier", seats=2)
    spell = give_item(content, state, 0, "vision")
    put_token(state, "fd-03", "A2")
    state = begun(content, state)
    assert CastSpell(token=spell, field="A2") in legal(content, state)
    state, events = act(content, state, CastSpell(token=spell, field="A2"), rolls=(3, 3))
    assert state.tokens["fd-03"].seen_by == (0,) and not state.tokens["fd-03"].face_up
    assert not state.turn_state.action_taken and legal(content, state, kind=Move)
    assert view(content, state, 0)["tokens"][0]["face"] == "troll"
    assert '"fd-03"' not in json.dumps(view(content, state, 1))
    assert CastSpell(token=spell, field="A2") not in legal(content, state)  # seen already


@pytest.mark.rule("SPELL-05", "GLOS-76")
def test_a_failed_spell_probe_dissolves_the_scroll(content):
    state = hero_at(content)
    spell = give_item(content, state, 0, "vision")
    put_token(state, "fd-03", "A2")
    state = begun(content, state)
    state, events = act(content, state, CastSpell(token=spell, field="A2"), rolls=(5, 6))
    assert state.tokens[spell].loc == PILE_CITY and state.heroes[0].items == []
    assert R.SPELL_FAILED in rules_of(events)


@pytest.mark.rule("WEAPON-04", "WEAPON-10")
def test_dropping_the_scroll_drops_its_material_too(content):
    state = hero_at(content)
    scroll = give_item(content, state, 0, "schriftrolle_axt")
    metal = give_item(content, state, 0, "besonderes_metall")
    state = begun(content, state)
    state, _ = act(content, state, DropItem(token=scroll))
    assert state.tokens[scroll].field == "A1" and state.tokens[metal].field == "A1"
    assert state.heroes[0].items == []


@pytest.mark.rule("WEAPON-10")
def test_a_second_scroll_cannot_be_picked_up_beside_the_first(content):
    state = hero_at(content)
    give_item(content, state, 0, "schriftrolle_axt")
    state.tokens["wp-einhorn"] = TokenState(loc="field:A1", face_up=True, flipped=True)
    assert PickUp(token="wp-einhorn") not in legal(content, begun(content, state))


@pytest.mark.rule("GLOS-45", "GLOS-70", "GLOS-72", "GLOS-13", "GLOS-15", "GLOS-26", "GLOS-35", "GLOS-41")
def test_quest_items_are_seen_and_picked_up_only_by_the_quest_holder(content):
    state = hero_at(content, seats=2)
    put_token(state, "qi-statuette", "A1", face_up=True)
    assert PickUp(token="qi-statuette") not in legal(content, begun(content, state))
    state.tokens["fd-35"] = TokenState(loc="quest:0", face_up=True)
    state.heroes[0].quests.append("fd-35")
    state = begun(content, state)
    state, _ = act(content, state, PickUp(token="qi-statuette"))
    assert state.heroes[0].items == ["qi-statuette"] and state.heroes[0].gold == 1 + 2
    assert view(content, state, 1)["heroes"][0]["items"][0]["id"] is None


@pytest.mark.rule("LP-20", "GLOS-51", "GLOS-57", "GLOS-53")
def test_the_red_knights_shield_and_the_ring_leave_the_game_when_broken(content):
    from games.engine.effects.life import take_lp

    from .helpers import Ctx_for

    state = hero_at(content)
    shield = give_item(content, state, 0, "schild_roter_ritter")
    take_lp(Ctx_for(content, state), 0, shield, R.FIGHT_LP, "test")
    assert state.tokens[shield].loc == OUT
