"""The glossary ("Übersicht über Gegenstände, Monster und Begegnungen"), item by item and monster by monster."""

from __future__ import annotations

import pytest

from games.engine import IllegalActionError
from games.engine.content.model import Border
from games.engine.core.actions import ChooseMovement, ChooseXp, Fight, Jump, PickUp, UseEncounter, UseItem
from games.engine.core.heroes import skill_value
from games.engine.core.state import OUT, TokenState
from games.engine.core.tokens import role

from .helpers import act, begun, empty_bag, give_item, legal, play_state, put_token


@pytest.mark.rule("SKILL-03", "GLOS-05", "GLOS-11", "GLOS-12", "GLOS-17", "GLOS-20", "GLOS-34", "GLOS-39",
                  "GLOS-55", "GLOS-61", "GLOS-62", "GLOS-81", "GLOS-82")
@pytest.mark.parametrize("face,skill,bonus", [
    ("axt_von_bragg", "melee", 1), ("bogen", "ranged", 1), ("bogen_der_treffsicherheit", "ranged", 1),
    ("eibenstab", "magic", 2), ("elfenbogen", "ranged", 2), ("kreuz", "magic", 1), ("lyra_von_orpheus", "magic", 1),
    ("saebel", "melee", 1), ("schwert", "melee", 1), ("schwert_vom_see", "melee", 2), ("zauberknochen", "magic", 1),
    ("zauberstab", "magic", 1),
])
def test_weapons_raise_their_skill(content, face, skill, bonus):
    state = play_state(content, [("zwerg", "A1")])
    before = skill_value(content, state, state.heroes[0], skill)
    give_item(content, state, 0, face)
    assert skill_value(content, state, state.heroes[0], skill) == before + bonus


@pytest.mark.rule("LP-18", "GLOS-40", "GLOS-51", "GLOS-54", "GLOS-57", "GLOS-77")
@pytest.mark.parametrize("tid,lp", [("city-15", 2), ("baz-10", 2), ("baz-13", 1), ("baz-11", 1)])
def test_armour_shield_and_ring_give_artificial_lp_when_picked_up(content, tid, lp):
    state = play_state(content, [("zwerg", "A1")])
    empty_bag(state)
    put_token(state, tid, "A1", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, PickUp(token=tid))
    assert state.heroes[0].artificial == {tid: lp} and state.heroes[0].total_lp == 5 + lp


@pytest.mark.rule("FIGHT-13", "GLOS-43", "GLOS-44", "GLOS-53", "GLOS-80")
@pytest.mark.parametrize("monster,item", [
    ("red-minotaurus", "karte_labyrinth"), ("red-muraene", "wassersack"),
    ("red-roter-ritter", "schild_roter_ritter"), ("red-yeti", "saebel_yeti"),
])
def test_the_glossary_monsters_give_their_item(content, monster, item):
    state = play_state(content, [("krieger", "A1")])
    empty_bag(state)
    state.heroes[0].training["melee"] = 4  # 11: two ones always pass
    put_token(state, monster, "A1", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, Fight(token=monster, skill="melee"), rolls=(1, 1, 1, 1))
    while legal(content, state, kind=ChooseXp):
        state, _ = act(content, state, legal(content, state)[0])
    from games.engine.core.tokens import shown_key

    assert state.heroes[0].items == [monster] and shown_key(content, state, monster) == item


@pytest.mark.rule("GLOS-08", "GLOS-25", "WEAPON-05")
@pytest.mark.parametrize("scroll,monster,material,skill", [
    ("schriftrolle_axt", "wp-zwergengeist", "besonderes_metall", "melee"),
    ("schriftrolle_lyra", "wp-alp", "grosser_knochen", "magic"),
])
def test_the_materials_are_won_from_their_monsters(content, scroll, monster, material, skill):
    state = play_state(content, [("magier", "A1")])
    empty_bag(state)
    state.heroes[0].training.update(magic=4, melee=8)
    give_item(content, state, 0, scroll)
    put_token(state, monster, "A1", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, Fight(token=monster, skill=skill), rolls=(1, 1))
    from games.engine.core.tokens import shown_key

    assert shown_key(content, state, monster) == material and monster in state.heroes[0].items


@pytest.mark.rule("GLOS-29", "GLOS-46", "WEAPON-07", "WEAPON-08")
@pytest.mark.parametrize("magister,field,scroll,material,weapon", [
    ("wp-hildebrandt", "R2", "schriftrolle_axt", "besonderes_metall", "axt_von_bragg"),
    ("wp-orpheus", "R8", "schriftrolle_lyra", "grosser_knochen", "lyra_von_orpheus"),
])
def test_the_magisters_make_their_weapons(content, magister, field, scroll, material, weapon):
    state = play_state(content, [("krieger", field)])
    empty_bag(state)
    scroll_tid = give_item(content, state, 0, scroll)
    material_tid = give_item(content, state, 0, material)
    put_token(state, magister, field, face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, UseEncounter(token=magister))
    assert state.tokens[scroll_tid].loc == OUT and state.tokens[material_tid].loc == OUT
    from games.engine.core.tokens import shown_key

    assert state.heroes[0].items == [magister] and shown_key(content, state, magister) == weapon


@pytest.mark.rule("GLOS-49", "GLOS-59", "WEAPON-03")
def test_the_phoenix_gives_the_bow_scroll_after_a_ranged_probe(content):
    state = play_state(content, [("elf", "T3")])
    empty_bag(state)
    put_token(state, "wp-phoenix", "T3", face_up=True)
    state = begun(content, state)
    state, events = act(content, state, UseEncounter(token="wp-phoenix"), rolls=(2, 3))
    assert next(e for e in events if e.kind == "probe").data["target"] == 7 - 2
    assert state.heroes[0].items == ["wp-phoenix"]


@pytest.mark.rule("TOK-23", "TOK-10")
def test_a_dropped_material_is_seen_only_by_the_scroll_holder(content):
    state = play_state(content, [("krieger", "A1"), ("elf", "A1")])
    state.tokens["wp-alp"] = TokenState(loc="field:A1", face_up=True, flipped=True)  # the Großer Knochen
    assert PickUp(token="wp-alp") not in legal(content, begun(content, state))
    give_item(content, state, 0, "schriftrolle_lyra")
    assert PickUp(token="wp-alp") in legal(content, begun(content, state))


@pytest.mark.rule("ACT-01", "ACT-02", "TOK-04", "TOK-05", "TOK-11", "TOK-16", "TOK-19")
def test_the_border_decides_what_a_token_is(content):
    state = play_state(content, [("krieger", "A1")])
    expected = {Border.RED: "monster", Border.GREEN: "encounter", Border.BLUE: "quest", Border.YELLOW: "item",
                Border.ORANGE: "event", Border.GREY: "monster", Border.DARKBLUE: "monster"}
    for tid, token in content.tokens.items():
        first = token.border[0]
        if first in expected and token.kind.value not in ("deed_part", "weapon_part"):
            got = role(content, state, tid)
            assert got == expected[first] or (got == "dragon_event" and first is Border.ORANGE), tid


@pytest.mark.rule("ITEM-04", "TURN-03")
def test_drinking_a_potion_is_an_action(content):
    state = play_state(content, [("krieger", "A1")])
    state.heroes[0].lp = 2
    tid = give_item(content, state, 0, "violetter_heiltrank")
    state = begun(content, state)
    state, _ = act(content, state, UseItem(token=tid))
    assert state.turn_state.action_taken and state.turn_state.movement_over


@pytest.mark.rule("MOVE-05", "MOVE-04")
def test_broom_and_jumping_shoes_are_never_used_in_the_same_turn(content):
    state = play_state(content, [("krieger", "A1")])
    give_item(content, state, 0, "hexenbesen")
    give_item(content, state, 0, "springschuhe")
    state = begun(content, state)
    state, _ = act(content, state, ChooseMovement(mode="broom"))
    assert not legal(content, state, kind=ChooseMovement) and not legal(content, state, kind=Jump)
    with pytest.raises(IllegalActionError):
        act(content, state, ChooseMovement(mode="jump_shoes"))
