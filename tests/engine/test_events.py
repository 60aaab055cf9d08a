"""Events (orange tokens): the three contests, the Unwetter, and the dragon events."""

from __future__ import annotations

import pytest

from games.engine.core import rules as R
from games.engine.core.actions import ChooseOption, EndTurn, PickUp
from games.engine.core.state import BAG, OUT, PILE_BAZAAR, PILE_CITY, TokenState

from .helpers import act, begun, empty_bag, give_item, into_bag, legal, play_state, put_token, rules_of


def drawing(content, event, heroes=(("krieger", "A1"), ("elf", "B1"), ("magier", "C1"))):
    """Seat 0 picks up an item; the only token in the bag is the event."""
    state = play_state(content, list(heroes))
    empty_bag(state)
    put_token(state, "baz-01", "A1", face_up=True)
    into_bag(state, event)
    return begun(content, state)


@pytest.mark.rule("CONTEST-01", "CONTEST-02", "CONTEST-03", "CONTEST-04", "TOK-33")
def test_in_a_contest_every_hero_makes_two_probes_and_who_passes_both_wins(content):
    state = drawing(content, "ev-turnier")  # melee: Krieger 7, Elf 2, Magier 3
    # Krieger: 7 then 6 (passes both); Elf: 2 passes, then 1 fails; Magier: fails at once.
    rolls = (3, 4, 3, 3, 1, 1, 1, 1, 6, 6)
    state, events = act(content, state, PickUp(token="baz-01"), rolls=rolls)
    targets = [(e.seat, e.data["target"]) for e in events if e.kind == "probe"]
    assert targets == [(0, 7), (0, 6), (1, 2), (1, 1), (2, 3)]
    assert [e.seat for e in events if e.kind == "contest_won"] == [0]
    assert state.heroes[0].gold == 1 + 2 and state.heroes[0].xp["red"] == 1
    assert state.tokens["ev-turnier"].loc == OUT and legal(content, state) == [EndTurn()]


@pytest.mark.rule("CONTEST-04", "CONTEST-03")
@pytest.mark.parametrize("event,skill", [("ev-duell", "magic"), ("ev-bogenschuetzen", "ranged")])
def test_the_duel_and_the_archery_contest_test_their_skill(content, event, skill):
    state = drawing(content, event, heroes=(("magier", "A1"),))
    state, events = act(content, state, PickUp(token="baz-01"), rolls=(1, 1, 1, 1))
    assert [e.data["skill"] for e in events if e.kind == "probe"] == [skill, skill]
    colour = {"magic": "blue", "ranged": "green"}[skill]
    assert state.heroes[0].xp[colour] == 1 and state.heroes[0].gold == 3 + 2


@pytest.mark.rule("CONTEST-02", "XP-06")
def test_contest_probes_of_other_seats_are_decided_by_those_seats(content):
    state = play_state(content, [("krieger", "A1"), ("elf", "B1")])
    empty_bag(state)
    put_token(state, "baz-01", "A1", face_up=True)
    into_bag(state, "ev-bogenschuetzen")
    state.heroes[1].dice_policy = "ask"
    state.heroes[1].xp["green"] = 2
    state = begun(content, state)
    state, _ = act(content, state, PickUp(token="baz-01"), rolls=(6, 6, 1, 2, 6))
    assert state.pending[0].seat == 1 and state.pending[0].kind == "keep_dice"
    assert legal(content, state, seat=0) == []


@pytest.mark.rule("GLOS-50")
def test_the_dragon_robs_every_hero_of_a_gold(content):
    state = drawing(content, "de-raub")
    state.heroes[1].gold = 0
    state, events = act(content, state, PickUp(token="baz-01"))
    assert [h.gold for h in state.heroes] == [0, 0, 2]


@pytest.mark.rule("GLOS-07")
def test_the_burning_bazaar_destroys_six_basar_and_four_city_tokens(content):
    state = drawing(content, "de-basar-brennt")
    state, _ = act(content, state, PickUp(token="baz-01"))
    assert len(state.tokens_at(PILE_BAZAAR)) == 17 - 6 and len(state.tokens_at(PILE_CITY)) == 17 - 4


@pytest.mark.rule("GLOS-03")
def test_fear_sends_open_tokens_beside_the_lair_into_the_bag(content):
    state = drawing(content, "de-angst")
    # V is at cell 20: its neighbours are P (15) and W (21).
    put_token(state, "enc-quelle", "P1", face_up=True)
    put_token(state, "fd-01", "W2", face_up=True)
    put_token(state, "fd-29", "W3", face_up=True)   # an item: stays
    put_token(state, "srv-01", "P2", face_up=True)  # a Diener: stays
    put_token(state, "enc-mirabar", "V1", face_up=True)  # on the lair's own card: stays
    state, _ = act(content, state, PickUp(token="baz-01"))
    assert state.tokens["enc-quelle"].loc == BAG
    assert state.tokens["fd-01"].field == "W2" and not state.tokens["fd-01"].face_up
    assert state.tokens["fd-29"].face_up and state.tokens["srv-01"].face_up
    assert state.tokens["enc-mirabar"].field == "V1"


@pytest.mark.rule("GLOS-04")
def test_the_dragon_attacks_hero_after_hero_until_one_passes(content):
    state = drawing(content, "de-attacke-1")
    sword = give_item(content, state, 0, "schwert")
    scroll = give_item(content, state, 0, "schriftrolle_axt")
    state, _ = act(content, state, PickUp(token="baz-01"))
    assert state.pending[0].seat == 0 and state.pending[0].kind == "attack_skill"
    state, _ = act(content, state, ChooseOption(option="melee"), rolls=(6, 6))
    # The scroll is safe from the dragon; the sword goes back to the Basar.
    assert state.pending[0].options == [sword, "baz-01"]
    state, _ = act(content, state, ChooseOption(option=sword))
    assert state.tokens[sword].loc == PILE_BAZAAR and scroll in state.heroes[0].items
    state, events = act(content, state, ChooseOption(option="ranged"), rolls=(1, 1))  # the Elf passes
    assert "dragon_driven_off" in [e.kind for e in events] and not state.pending
    assert R.DRAGON_ATTACK in rules_of(events)


@pytest.mark.rule("GLOS-04")
def test_an_attacked_reward_leaves_the_game_and_other_items_go_into_the_bag(content):
    state = drawing(content, "de-attacke-2", heroes=(("krieger", "A1"),))
    state.tokens["baz-01"] = TokenState(loc="out")
    state.heroes[0].items = []
    put_token(state, "fd-29", "A1", face_up=True)
    ring = give_item(content, state, 0, "ring")
    state, _ = act(content, state, PickUp(token="fd-29"))
    state, _ = act(content, state, ChooseOption(option="magic"), rolls=(6, 6))
    lost_ring, _ = act(content, state, ChooseOption(option=ring))
    assert lost_ring.tokens[ring].loc == OUT
    lost_sling, _ = act(content, state, ChooseOption(option="fd-29"))
    assert lost_sling.tokens["fd-29"].loc == BAG


@pytest.mark.rule("GLOS-74", "GLOS-50")
def test_unsichtbarkeit_keeps_the_dragon_from_robbing(content):
    state = drawing(content, "de-raub")
    spell = give_item(content, state, 1, "unsichtbarkeit")
    state, _ = act(content, state, PickUp(token="baz-01"))
    assert state.heroes[0].gold == 0
    assert legal(content, state, seat=1) == [ChooseOption(option="unsichtbarkeit"), ChooseOption(option="pay")]
    kept, _ = act(content, state, ChooseOption(option="unsichtbarkeit"), rolls=(1, 2))
    assert [h.gold for h in kept.heroes] == [0, 2, 2] and spell in kept.heroes[1].items
    robbed, _ = act(content, state, ChooseOption(option="unsichtbarkeit"), rolls=(6, 6))
    assert [h.gold for h in robbed.heroes] == [0, 1, 2] and robbed.tokens[spell].loc == PILE_CITY


@pytest.mark.rule("GLOS-10", "GLOS-74", "GLOS-04")
def test_blitzschlag_drives_the_dragon_off_and_unsichtbarkeit_hides_a_hero(content):
    state = drawing(content, "de-attacke-1")
    bolt = give_item(content, state, 0, "blitzschlag")
    give_item(content, state, 1, "unsichtbarkeit")
    state, _ = act(content, state, PickUp(token="baz-01"))
    options = [a.option for a in legal(content, state)]
    assert options == ["magic", "ranged", "melee", "blitzschlag"]
    driven, events = act(content, state, ChooseOption(option="blitzschlag"), rolls=(1, 1))
    assert not driven.pending and "dragon_driven_off" in [e.kind for e in events]
    failed, _ = act(content, state, ChooseOption(option="blitzschlag"), rolls=(6, 6))
    assert failed.tokens[bolt].loc == PILE_CITY
    assert [a.option for a in legal(content, failed)] == ["magic", "ranged", "melee"]
    failed, _ = act(content, failed, ChooseOption(option="melee"), rolls=(6, 6))
    failed, _ = act(content, failed, ChooseOption(option="baz-01"))
    assert failed.pending[0].seat == 1 and "unsichtbarkeit" in failed.pending[0].options
    hidden, _ = act(content, failed, ChooseOption(option="unsichtbarkeit"), rolls=(1, 1))
    assert hidden.pending[0].seat == 2  # the dragon moves on to the Magier
