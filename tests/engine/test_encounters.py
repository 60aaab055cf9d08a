"""Encounters ("Begegnungen"), training ("Ausbildung") and the magic-weapon encounters."""

from __future__ import annotations

import json

import pytest

from games.engine import view
from games.engine.core import rules as R
from games.engine.core.actions import (
    ChooseCell,
    ChooseField,
    ChooseOption,
    ChooseXp,
    EndTurn,
    Fight,
    LoseLp,
    Move,
    UseEncounter,
)
from games.engine.core.heroes import skill_value
from games.engine.core.state import OUT

from .helpers import act, begun, empty_bag, give_item, into_bag, kinds_of, legal, play_state, put_token, rules_of


def meeting(content, encounter, field="A1", hero="krieger", seats=1, hidden="", start=None):
    heroes = [(hero, start or field), *[("elf", "Z1"), ("zwerg", "Y1")][:seats - 1]]
    state = play_state(content, heroes, hidden=hidden)
    empty_bag(state)
    put_token(state, encounter, field, face_up=True)
    return state


@pytest.mark.rule("ENC-01", "ENC-02", "TOK-11", "TOK-12", "TOK-13", "TOK-14", "GLOS-09")
def test_an_encounter_is_used_once_per_turn_as_an_action(content):
    state = meeting(content, "fd-46", field="A2", start="A1")  # the Bettler
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    assert UseEncounter(token="fd-46") in legal(content, state) and not state.turn_state.movement_over
    state, events = act(content, state, UseEncounter(token="fd-46"), rolls=(2,))
    assert state.turn_state.movement_over and state.heroes[0].gold == 0
    assert legal(content, state, kind=ChooseXp)
    state, _ = act(content, state, ChooseXp(colour="blue"))
    assert UseEncounter(token="fd-46") not in legal(content, state)  # once per turn, and no gold left
    state.heroes[0].gold = 1
    assert UseEncounter(token="fd-46") not in legal(content, state)
    state, _ = act(content, state, EndTurn())
    assert UseEncounter(token="fd-46") in legal(content, begun(content, state))  # the token stays, usable again


@pytest.mark.rule("GLOS-09")
def test_the_beggar_gives_nothing_on_3_to_6(content):
    state = begun(content, meeting(content, "fd-46"))
    state, _ = act(content, state, UseEncounter(token="fd-46"), rolls=(3,))
    assert state.heroes[0].gold == 0 and sum(state.heroes[0].xp.values()) == 0


@pytest.mark.rule("GLOS-22")
@pytest.mark.parametrize("roll,gold,xp", [(1, 1, 1), (4, 1, 0), (6, 0, 0)])
def test_the_juggler(content, roll, gold, xp):
    state = meeting(content, "fd-47", hero="zwerg")  # 4 gold
    state.heroes[0].gold = 2
    state = begun(content, state)
    state, _ = act(content, state, UseEncounter(token="fd-47"), rolls=(roll,))
    if xp:
        state, _ = act(content, state, ChooseXp(colour="red"))
    assert state.heroes[0].gold == gold and sum(state.heroes[0].xp.values()) == xp


@pytest.mark.rule("GLOS-28", "BAG-08")
def test_the_seeress_searches_the_bag_for_an_open_token_with_a_coordinate(content):
    state = meeting(content, "fd-48")
    into_bag(state, "enc-mirabar")
    into_bag(state, "ev-turnier")  # no coordinate: not to be chosen
    into_bag(state, "fd-01")       # face down: not to be chosen
    state = begun(content, state)
    state, _ = act(content, state, UseEncounter(token="fd-48"))
    assert legal(content, state) == [ChooseOption(option="mirabar")]
    state, events = act(content, state, ChooseOption(option="mirabar"))
    assert state.tokens["enc-mirabar"].field == "E5" and state.heroes[0].gold == 0
    assert state.turn_state.bag_draws == 0  # in addition to the normal draw (ruling R-43)


@pytest.mark.rule("GLOS-38")
def test_the_leitsage_swaps_two_region_cards_after_a_magic_probe(content):
    state = meeting(content, "fd-49", hero="magier", hidden="Z")
    state = begun(content, state)
    state, _ = act(content, state, UseEncounter(token="fd-49"), rolls=(3, 3))
    assert len(legal(content, state)) == 25
    state, _ = act(content, state, ChooseCell(cell=0))
    assert ChooseCell(cell=0) not in legal(content, state)
    state, events = act(content, state, ChooseCell(cell=24))
    assert state.grid[0] == "Z" and state.grid[24] == "A"
    assert not state.revealed[0] and state.revealed[24]  # each card keeps its face
    assert state.heroes[0].position == "A1" and state.tokens["fd-49"].field == "A1"  # on their card
    assert R.LEITSAGE in rules_of(events)


@pytest.mark.rule("GLOS-42")
def test_the_mice_show_a_boss_card_to_one_player_after_a_probe(content):
    state = meeting(content, "fd-50", seats=2)
    state.namenloser_card, state.dragon_card = "daemon", "gruener_drache"
    state = begun(content, state)
    options = {a.option for a in legal(content, state, kind=UseEncounter)}
    assert options == {f"{s}:{c}" for s in ("magic", "ranged", "melee") for c in ("namenloser", "dragon")}
    state, _ = act(content, state, UseEncounter(token="fd-50", option="melee:dragon"), rolls=(3, 4))
    assert view(content, state, 0)["dragon_card"] == "gruener_drache"
    assert view(content, state, 1)["dragon_card"] is None and view(content, state, 0)["namenloser_card"] is None
    assert not any(a.option.endswith(":dragon") for a in legal(content, state, kind=UseEncounter))


@pytest.mark.rule("GLOS-73")
def test_the_teleporter_sends_the_hero_north_on_a_3(content):
    state = meeting(content, "enc-teleporter", field="T5")
    put_token(state, "fd-01", "B2")
    state = begun(content, state)
    state, _ = act(content, state, UseEncounter(token="enc-teleporter"), rolls=(3,))
    fields = {a.field for a in legal(content, state)}
    assert fields and {f[0] for f in fields} == {"B", "C", "D"}
    state, events = act(content, state, ChooseField(field="B2"))
    # Landing counts as entering: the token turns over and the monster must be fought (ruling R-17).
    assert state.heroes[0].position == "B2" and state.tokens["fd-01"].face_up
    assert all(isinstance(a, Fight) for a in legal(content, state))


@pytest.mark.rule("GLOS-73")
def test_a_teleporter_edge_without_a_face_up_card_gives_any_beige_field(content):
    state = meeting(content, "enc-teleporter", field="T5", hidden="BCD")
    state = begun(content, state)
    state, _ = act(content, state, UseEncounter(token="enc-teleporter"), rolls=(3,))
    letters = {a.field[0] for a in legal(content, state)}
    assert "A" in letters and not letters & {"B", "C", "D"}


@pytest.mark.rule("LP-11")
def test_the_spring_of_life_heals_1w6(content):
    state = meeting(content, "enc-quelle")
    state.heroes[0].lp = 1
    state = begun(content, state)
    state, _ = act(content, state, UseEncounter(token="enc-quelle"), rolls=(2,))
    assert state.heroes[0].lp == 3
    state.heroes[0].lp = 1
    state.turn_state.used.clear()
    state, _ = act(content, state, UseEncounter(token="enc-quelle"), rolls=(6,))
    assert state.heroes[0].lp == 4


@pytest.mark.rule("LP-12")
@pytest.mark.parametrize("roll,lp", [(2, 1), (3, 4)])
def test_the_herb_woman_heals_all_on_3_to_6_for_a_gold(content, roll, lp):
    state = meeting(content, "enc-kraeuterfrau")
    state.heroes[0].lp = 1
    state = begun(content, state)
    state, _ = act(content, state, UseEncounter(token="enc-kraeuterfrau"), rolls=(roll,))
    assert state.heroes[0].lp == lp and state.heroes[0].gold == 0


@pytest.mark.rule("LP-13", "GLOS-23")
def test_the_confused_healer_hurts_on_a_1_and_heals_all_otherwise(content):
    state = meeting(content, "enc-verwirrter-heiler")
    give_item(content, state, 0, "schild")
    state.heroes[0].lp = 2
    state = begun(content, state)
    hurt, _ = act(content, state, UseEncounter(token="enc-verwirrter-heiler"), rolls=(1,))
    assert legal(content, hurt) == [LoseLp(source="natural"), LoseLp(source="baz-13")]
    healed, _ = act(content, state, UseEncounter(token="enc-verwirrter-heiler"), rolls=(2,))
    assert healed.heroes[0].lp == 4


@pytest.mark.rule("GLOS-37", "GLOS-36", "ITEM-05")
def test_the_coach_maker_sells_the_coach_on_his_back(content):
    state = meeting(content, "enc-kutschenmacher", hero="zwerg")
    state.heroes[0].gold = 5
    into_bag(state, "enc-quelle")
    state = begun(content, state)
    state, events = act(content, state, UseEncounter(token="enc-kutschenmacher"))
    assert state.heroes[0].items == ["enc-kutschenmacher"] and state.tokens["enc-kutschenmacher"].flipped
    assert state.heroes[0].gold == 0 and state.turn_state.bag_draws == 1
    poor = begun(content, meeting(content, "enc-kutschenmacher", hero="zwerg"))
    assert UseEncounter(token="enc-kutschenmacher") not in legal(content, poor)


@pytest.mark.rule("TRAIN-01", "TRAIN-02", "TRAIN-04", "TRAIN-05", "TRAIN-06", "TRAIN-09", "TRAIN-10", "XP-06")
@pytest.mark.parametrize("encounter,skill", [("enc-mirabar", "magic"), ("enc-don-hobiro", "ranged"),
                                             ("enc-gasconier", "melee")])
def test_a_teacher_raises_the_skill_when_the_probe_fails(content, encounter, skill):
    state = meeting(content, encounter, hero="zwerg")
    give_item(content, state, 0, "zauberstab")
    give_item(content, state, 0, "bogen")
    give_item(content, state, 0, "schwert")
    state.heroes[0].xp.update(blue=2, green=2, red=2)  # three dice: the best two are the highest
    state = begun(content, state)
    before = skill_value(content, state, state.heroes[0], skill, items=False)
    state, events = act(content, state, UseEncounter(token=encounter), rolls=(1, 6, 5))
    probe = next(e for e in events if e.kind == "probe")
    assert probe.data["target"] == before  # no item bonus in training
    assert probe.data["kept"] == [5, 6] and not probe.data["passed"]
    assert skill_value(content, state, state.heroes[0], skill, items=False) == before + 1
    assert state.heroes[0].gold == 3
    passed = meeting(content, encounter, hero="zwerg")
    passed = begun(content, passed)
    passed, _ = act(content, passed, UseEncounter(token=encounter), rolls=(1, 1))
    assert passed.heroes[0].training[skill] == 0


@pytest.mark.rule("TRAIN-03")
def test_training_once_per_turn(content):
    state = begun(content, meeting(content, "enc-gasconier", hero="zwerg"))
    state, _ = act(content, state, UseEncounter(token="enc-gasconier"), rolls=(6, 6))
    assert UseEncounter(token="enc-gasconier") not in legal(content, state)


@pytest.mark.rule("TRAIN-11", "TRAIN-12")
def test_kerberos_takes_an_lp_and_an_ew_for_a_skill_point_and_sends_the_hero_to_z6(content):
    state = meeting(content, "enc-kerberos", field="R5")
    assert not legal(content, begun(content, state), kind=UseEncounter)  # no EW: no training
    state.heroes[0].xp.update(blue=1, red=2)
    state = begun(content, state)
    state, _ = act(content, state, UseEncounter(token="enc-kerberos", option="ranged"))
    assert legal(content, state) == [ChooseXp(colour="blue"), ChooseXp(colour="red")]
    state, events = act(content, state, ChooseXp(colour="blue"))
    hero = state.heroes[0]
    assert hero.training["ranged"] == 1 and hero.xp["blue"] == 0 and hero.lp == 3
    assert hero.position == "Z6" and legal(content, state) == [EndTurn()]
    home = meeting(content, "enc-kerberos", field="R5", hidden="Z", start="R5")
    home.heroes[0].manor = "A1"
    home.heroes[0].xp["red"] = 1
    home = begun(content, home)
    home, _ = act(content, home, UseEncounter(token="enc-kerberos", option="melee"))
    assert home.heroes[0].position == "A1"


@pytest.mark.rule("WEAPON-01", "WEAPON-02", "WEAPON-03", "GLOS-19", "GLOS-60", "WEAPON-09")
def test_the_unicorn_gives_its_scroll_after_a_magic_probe(content):
    state = meeting(content, "wp-einhorn", field="B5", hero="magier")
    into_bag(state, "enc-quelle")
    state = begun(content, state)
    failed, _ = act(content, state, UseEncounter(token="wp-einhorn"), rolls=(6, 6))
    assert failed.heroes[0].items == [] and failed.tokens["wp-einhorn"].field == "B5"
    state, events = act(content, state, UseEncounter(token="wp-einhorn"), rolls=(2, 2))
    assert state.heroes[0].items == ["wp-einhorn"] and state.tokens["wp-einhorn"].flipped
    assert state.turn_state.bag_draws == 1


@pytest.mark.rule("WEAPON-05", "WEAPON-06", "WEAPON-07", "WEAPON-08", "GLOS-31", "GLOS-30", "GLOS-52", "GLOS-12",
                  "TOK-15")
def test_the_keeper_gives_the_wood_and_rondel_makes_the_bow(content):
    state = meeting(content, "wp-hueter", field="X8", seats=2)
    assert not legal(content, begun(content, state), kind=UseEncounter)  # only the scroll holder sees him
    scroll = give_item(content, state, 0, "schriftrolle_bogen")
    state = begun(content, state)
    assert '"wp-hueter"' not in json.dumps(view(content, state, 1))
    state, _ = act(content, state, UseEncounter(token="wp-hueter"))
    assert set(state.heroes[0].items) == {scroll, "wp-hueter"}
    state, _ = act(content, state, EndTurn())
    state, _ = act(content, begun(content, state), EndTurn())
    put_token(state, "wp-rondel", "G2", face_up=True)
    state.heroes[0].position = "G2"
    state = begun(content, state)
    state, events = act(content, state, UseEncounter(token="wp-rondel"))
    assert state.heroes[0].items == ["wp-rondel"] and state.tokens["wp-rondel"].flipped
    assert state.tokens[scroll].loc == OUT and state.tokens["wp-hueter"].loc == OUT
    assert R.WEAPON_MAGISTER in rules_of(events)
    from games.engine.core.heroes import has_flag

    assert has_flag(content, state, state.heroes[0], "dragon_weapon_ranged")


@pytest.mark.rule("WEAPON-02", "GLOS-64", "GLOS-58")
def test_the_scorpion_is_fought_for_its_scroll(content):
    state = meeting(content, "wp-skorpion", field="A2", start="A1")
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    state, events = act(content, state, Fight(token="wp-skorpion", skill="melee"), rolls=(1, 1))
    assert state.heroes[0].items == ["wp-skorpion"] and state.tokens["wp-skorpion"].flipped
    assert "fight_won" in kinds_of(events)
