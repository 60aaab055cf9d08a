"""Rulings of issue 11 without a test of their own (R-86, R-87, R-89 to R-102): one test per ruling,
each playing the scene through the engine's public API (or the one rule function it is about)."""

from __future__ import annotations

import pytest

from games.engine.content.model import FieldKind, SecretColour
from games.engine.core import rules as R
from games.engine.core.actions import (
    AcceptQuest,
    CallBazaar,
    ChooseDeed,
    DropQuest,
    EndTurn,
    Fight,
    Move,
    PickUp,
    UseEncounter,
)
from games.engine.core.heroes import SKILL_CAP
from games.engine.core.payloads import Probe
from games.engine.core.state import BAG, OUT, PILE_BAZAAR, TokenState
from games.engine.core.tokens import exists_for, shown_key
from games.engine.effects.probes import probe_target
from games.engine.rules.movement import secret_target

from .helpers import (
    Ctx_for,
    act,
    begun,
    empty_bag,
    give_item,
    into_bag,
    kinds_of,
    legal,
    moves,
    play_state,
    put_token,
    rules_of,
)


@pytest.mark.rule("R-89", "TURN-01", "ENC-02")
def test_R89_a_runde_is_one_players_turn(content):
    # "Eine Niederlage gegen ein Monster beendet die aktuelle Runde des Spielers": the defeat ends the
    # loser's turn only; the next seat plays his whole turn, and the loser's next turn is a new "Runde".
    state = play_state(content, [("krieger", "A1"), ("elf", "A1")])
    empty_bag(state)
    for hero in state.heroes:
        hero.gold = 5
    put_token(state, "fd-46", "A1", face_up=True)  # the Bettler: once "pro Runde"
    put_token(state, "fd-01", "A2", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, UseEncounter(token="fd-46"), rolls=(4,))
    assert UseEncounter(token="fd-46") not in legal(content, state)
    state, _ = act(content, state, EndTurn())
    state = begun(content, state)  # the elf's turn: the same Runde of the table, a Runde of his own
    assert state.current == 1 and UseEncounter(token="fd-46") in legal(content, state)
    state, _ = act(content, state, Move(to="A2"))
    state, _ = act(content, state, Fight(token="fd-01", skill="ranged"), rolls=(6, 6))
    assert legal(content, state, seat=1) == [EndTurn()]  # his Runde is over, the game's is not
    state, _ = act(content, state, EndTurn())
    state = begun(content, state)
    assert state.current == 0 and UseEncounter(token="fd-46") in legal(content, state)


@pytest.mark.rule("R-90", "DEED-03", "QUEST-12", "TOK-21")
def test_R90_who_sees_a_bound_token_follows_who_holds_the_quest(content):
    state = play_state(content, [("krieger", "A1"), ("elf", "A1")])
    empty_bag(state)
    state.tokens["fd-35"] = TokenState(loc="quest:0", face_up=True)  # find the statuette
    state.heroes[0].quests.append("fd-35")
    put_token(state, "qi-statuette", "A2", face_up=True)
    assert exists_for(content, state, 0, "qi-statuette") and not exists_for(content, state, 1, "qi-statuette")
    state = begun(content, state)
    state, _ = act(content, state, DropQuest(token="fd-35"))
    assert not exists_for(content, state, 0, "qi-statuette")  # laid down: he no longer sees it
    state, _ = act(content, state, EndTurn())
    state = begun(content, state)
    state, _ = act(content, state, AcceptQuest(token="fd-35"))
    assert exists_for(content, state, 1, "qi-statuette") and not exists_for(content, state, 0, "qi-statuette")


@pytest.mark.rule("R-91", "MOVE-01")
def test_R91_heroes_share_fields_and_walk_through_one_another(content):
    state = play_state(content, [("krieger", "A1"), ("elf", "A2"), ("zwerg", "A6")])
    empty_bag(state)
    state = begun(content, state)
    assert "A2" in moves(content, state)
    state, events = act(content, state, Move(to="A2"))
    state, events = act(content, state, Move(to="A6"))
    assert state.heroes[0].position == state.heroes[2].position == "A6"
    assert not any(k.startswith("fight") for k in kinds_of(events))


@pytest.mark.rule("R-92", "WEAPON-01", "TOK-23")
def test_R92_nine_weapon_parts_three_per_weapon_and_who_sees_them(content):
    parts = [t for t in content.tokens.values() if t.category.value == "weapon_part"]
    assert len(parts) == 9
    by_weapon: dict[str, list] = {}
    for token in parts:
        by_weapon.setdefault(token.weapon, []).append(token)
    assert sorted(by_weapon) == ["axe", "bow", "lyre"]
    for weapon, tokens in by_weapon.items():
        backs = {content.items[t.back].category for t in tokens if t.back in content.items}
        assert len(tokens) == 3 and "scroll" in backs, weapon  # the guardian of the scroll
        assert sum("magister" in t.effects for t in tokens) == 1, weapon
    # The scroll's guardian is open to all; the two-coloured material and Magister only to the holder
    # of that weapon's scroll ("können nur von dem Helden gesehen werden, der die ... Schriftrolle besitzt").
    state = play_state(content, [("krieger", "A1"), ("elf", "Z1")])
    scroll = give_item(content, state, 0, "schriftrolle_bogen")
    for token in parts:
        if token.id == scroll:
            continue
        put_token(state, token.id, "A1", face_up=True)
        scroll_guardian = content.items[token.back].category == "scroll"
        assert exists_for(content, state, 1, token.id) == scroll_guardian, token.id
        assert exists_for(content, state, 0, token.id) == (scroll_guardian or token.weapon == "bow"), token.id


@pytest.mark.rule("R-93", "TOK-44", "FIGHT-09")
def test_R93_a_waechter_that_beats_a_hero_stays_open_and_is_fought_again(content):
    state = play_state(content, [("krieger", "H1")])
    empty_bag(state)
    put_token(state, "grd-1", "H5")
    state.heroes[0].gem = True
    state = begun(content, state)
    state, _ = act(content, state, Move(to="H5"))
    state, events = act(content, state, Fight(token="grd-1", skill="melee"), rolls=(6, 6))
    assert state.heroes[0].lp == state.heroes[0].lp_max - 1 and legal(content, state) == [EndTurn()]
    assert state.tokens["grd-1"].field == "H5" and state.tokens["grd-1"].face_up
    state, _ = act(content, state, EndTurn())
    state = begun(content, state)
    assert Fight(token="grd-1", skill="melee") in legal(content, state)


@pytest.mark.rule("R-94", "BAG-08", "ITEM-03")
def test_R94_a_draw_from_the_empty_bag_draws_nothing_and_counts(content):
    state = play_state(content, [("krieger", "A1")])
    empty_bag(state)
    put_token(state, "fd-29", "A1", face_up=True)
    put_token(state, "fd-30", "A1", face_up=True)
    state = begun(content, state)
    state, events = act(content, state, PickUp(token="fd-29"))
    assert "bag_empty" in kinds_of(events) and state.turn_state.bag_draws == 1
    into_bag(state, "enc-quelle")
    state, events = act(content, state, AcceptQuest(token="fd-30"))
    assert "draw_limit_reached" in kinds_of(events) and state.tokens["enc-quelle"].loc == BAG


@pytest.mark.rule("R-95", "BUY-02")
@pytest.mark.parametrize("left", [2, 0])
def test_R95_a_basar_offers_what_its_pile_still_holds(content, left):
    state = play_state(content, [("krieger", "F1")])
    empty_bag(state)
    put_token(state, "enc-kleiner-basar", "F2", face_up=True)
    for tid in sorted(state.tokens_at(PILE_BAZAAR))[left:]:
        state.tokens[tid] = TokenState(loc=OUT)
    state = begun(content, state)
    state, _ = act(content, state, Move(to="F2"))
    state, events = act(content, state, CallBazaar())
    assert len(state.turn_state.offers) == left and R.BUY_CALL in rules_of(events)
    assert state.turn_state.movement_over and "bazaar" in state.turn_state.used


@pytest.mark.rule("R-96", "ITEM-07", "QUEST-08", "DEED-06")
def test_R96_quests_deed_parts_and_the_gem_take_no_item_field(content):
    state = play_state(content, [("krieger", "A1")])
    empty_bag(state)
    for face in ("bogen", "seil", "vision"):
        give_item(content, state, 0, face)
    for qid in ("fd-30", "fd-35", "fd-44", "fd-45"):
        state.tokens[qid] = TokenState(loc="quest:0", face_up=True)
        state.heroes[0].quests.append(qid)
    state.heroes[0].deed = "befreie_daphne"
    state.tokens["dp-daphne-1"] = TokenState(loc="deed:0", face_up=True)
    state.heroes[0].deed_parts = 1
    put_token(state, "fd-29", "A1", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, PickUp(token="fd-29"))
    assert len(state.heroes[0].items) == 4  # three items, four quests and a deed part: the fourth fits
    put_token(state, "fd-31", "A1", face_up=True)
    assert PickUp(token="fd-31") not in legal(content, state)


@pytest.mark.rule("R-97", "SKILL-06", "HERO-17")
def test_R97_the_cap_holds_the_value_not_the_probes_modifiers(content):
    state = play_state(content, [("schamane", "A1"), ("krieger", "A1")])
    schamane, krieger = state.heroes
    schamane.training["magic"] = SKILL_CAP - content.heroes["schamane"].magic
    krieger.training["melee"] = SKILL_CAP - content.heroes["krieger"].melee
    ctx = Ctx_for(content, state)

    def probe(seat, skill, mod=0, bonus=0):
        return Probe(seat=seat, skill=skill, mod=mod, purpose="fight", bonus=bonus)

    assert probe_target(ctx, probe(0, "magic")) == SKILL_CAP  # the Schamane's +1 is part of the value
    assert probe_target(ctx, probe(1, "melee", bonus=1)) == SKILL_CAP + 1  # Unsichtbarkeit: the probe
    assert probe_target(ctx, probe(1, "melee", mod=-2)) == SKILL_CAP - 2  # the modifier: from the capped value


@pytest.mark.rule("R-98", "DEED-02")
def test_R98_a_heldentat_held_by_one_hero_is_not_offered_to_another(content):
    state = play_state(content, [("krieger", "J5"), ("elf", "J5")])
    empty_bag(state)
    state = begun(content, state)
    state, _ = act(content, state, ChooseDeed(deed="befreie_daphne"))
    state, _ = act(content, state, EndTurn())
    state = begun(content, state)
    offered = {a.deed for a in legal(content, state, kind=ChooseDeed)}
    assert "befreie_daphne" not in offered and offered == set(content.deeds) - {"befreie_daphne"}


@pytest.mark.rule("R-99", "HERO-04")
def test_R99_the_elf_needs_no_roll_exactly_on_the_forest_cards_of_the_content(content):
    state = play_state(content, [("elf", "A1"), ("krieger", "A1")])
    elf, krieger = state.heroes
    for region in content.regions.values():
        for f in region.fields:
            if f.kind is not FieldKind.SECRET or krieger_needs_no_roll(content, state, krieger, f.code):
                continue
            expected_free = region.terrain == "forest"
            assert (secret_target(content, state, elf, f.code) is None) == expected_free, f.code


def krieger_needs_no_roll(content, state, hero, code) -> bool:
    return secret_target(content, state, hero, code) is None


@pytest.mark.rule("R-100", "HERO-10")
def test_R100_the_magier_finds_a_red_secret_path_on_seven_or_the_higher_printed_number(content):
    state = play_state(content, [("magier", "A1")])
    magier = state.heroes[0]
    assert secret_target(content, state, magier, "Z5") == 7  # printed 5: his 7 is better
    # No red secret path of the cards prints more than 7; a card that did keeps its number for him.
    field = content.regions["Z"].field("Z5")
    assert field.colour is SecretColour.RED
    object.__setattr__(field, "target", 9)
    try:
        assert secret_target(content, state, magier, "Z5") == 9
    finally:
        object.__setattr__(field, "target", 5)


@pytest.mark.rule("R-101", "WEAPON-05", "GLOS-25")
def test_R101_the_hueter_gives_the_holz_der_esche_without_a_probe(content):
    state = play_state(content, [("krieger", "X8")])
    empty_bag(state)
    give_item(content, state, 0, "schriftrolle_bogen")
    put_token(state, "wp-hueter", "X8", face_up=True)
    state = begun(content, state)
    state, events = act(content, state, UseEncounter(token="wp-hueter"))  # no dice scripted: none rolled
    assert "probe" not in kinds_of(events)
    assert "wp-hueter" in state.heroes[0].items and shown_key(content, state, "wp-hueter") == "holz_der_esche"


@pytest.mark.rule("R-102", "GLOS-78", "SECRET-01")
@pytest.mark.parametrize("where,face_up,free", [
    ("field:I5", True, True), ("field:I5", False, False), ("bag", False, False), ("field:I3", True, False),
])
def test_R102_i5_is_beige_only_while_the_waldlaeufer_lies_open_on_it(content, where, face_up, free):
    state = play_state(content, [("krieger", "I3")])
    state.tokens["enc-waldlaeufer"] = TokenState(loc=where, face_up=face_up)
    target = secret_target(content, state, state.heroes[0], "I5")
    assert (target is None) == free and (free or target == 6)


@pytest.mark.rule("R-86", "TOK-32", "END-14")
def test_R86_a_hero_on_v9_when_the_dragon_is_drawn_lives_and_fights_only_when_he_can(content):
    from games.engine.core.actions import ChallengeDragon, PickUp

    state = play_state(content, [("krieger", "A1"), ("elf", "V9")])
    empty_bag(state)
    state.dragon_card = "gruener_drache"
    put_token(state, "baz-01", "A1", face_up=True)
    into_bag(state, "drache")
    state = begun(content, state)
    state, events = act(content, state, PickUp(token="baz-01"))
    assert state.tokens["drache"].field == "V9" and "killed_by_dragon" not in kinds_of(events)
    assert state.heroes[1].deaths == 0 and state.heroes[1].position == "V9"
    state, _ = act(content, state, EndTurn())
    # Without a magic weapon he did not go to the dragon: he walks away as usual.
    unarmed = begun(content, state)
    assert not legal(content, unarmed, kind=ChallengeDragon) and legal(content, unarmed, kind=Move)
    # With a magic weapon and EW for the hoard the fight is forced, as after the Drachenmensch.
    give_item(content, state, 1, "bogen_der_treffsicherheit")
    state.heroes[1].xp = {"blue": 0, "green": content.dragon_cards["gruener_drache"].hoard_gold, "red": 0}
    armed = begun(content, state)
    assert legal(content, armed) == [ChallengeDragon(skill="ranged")]


@pytest.mark.rule("R-87", "GLOS-03", "GLOS-50", "END-15")
def test_R87_every_coin_of_raub_raises_the_hoard_the_challenger_pays(content):
    from games.engine.core.actions import PickUp
    from games.engine.rules.endgame import hoard

    state = play_state(content, [("krieger", "A1"), ("elf", "B1"), ("zwerg", "C1")])
    empty_bag(state)
    state.dragon_card = "gruener_drache"
    before = hoard(content, state)
    for hero in state.heroes:
        hero.gold = 2
    state.heroes[1].gold = 0  # nothing to take from him
    put_token(state, "baz-01", "A1", face_up=True)
    into_bag(state, "de-raub")
    state = begun(content, state)
    state, _ = act(content, state, PickUp(token="baz-01"))
    assert [h.gold for h in state.heroes] == [1, 0, 1]
    assert hoard(content, state) == before + 2


@pytest.mark.rule("R-90", "TOK-23", "WEAPON-01")
def test_R90_who_sees_a_weapon_part_follows_who_holds_the_scroll(content):
    from games.engine.core.actions import DropItem, PickUp

    state = play_state(content, [("krieger", "A1"), ("elf", "A1")])
    empty_bag(state)
    scroll = give_item(content, state, 0, "schriftrolle_lyra")
    put_token(state, "wp-alp", "A2", face_up=True)  # the Alp guards the Großer Knochen of the lyre
    assert exists_for(content, state, 0, "wp-alp") and not exists_for(content, state, 1, "wp-alp")
    state = begun(content, state)
    state, _ = act(content, state, DropItem(token=scroll))
    assert not exists_for(content, state, 0, "wp-alp")
    state, _ = act(content, state, EndTurn())
    state = begun(content, state)
    state, _ = act(content, state, PickUp(token=scroll))
    assert exists_for(content, state, 1, "wp-alp") and not exists_for(content, state, 0, "wp-alp")
