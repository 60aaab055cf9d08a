"""Drawing from the bag ("Marken nachziehen") and what the drawn token does (events, dragon, Namenloser)."""

from __future__ import annotations

import json

import pytest

from games.engine import IllegalActionError, view
from games.engine.core import rules as R
from games.engine.core.actions import ChooseOption, EndTurn, Move, PickUp, PlaceToken
from games.engine.core.state import ASIDE, BAG, DRAWN, OUT, PILE_CITY, WAITING

from .helpers import act, begun, empty_bag, give_item, into_bag, kinds_of, legal, play_state, put_token, rules_of

ALL_BUT_A_AND_B = "CDEFGHIJKLMNOPRSTUVWXYZ"


def with_item_to_pick(content, heroes=(("krieger", "A1"),), hidden="", item="baz-01", field="A1"):
    state = play_state(content, list(heroes), hidden=hidden)
    empty_bag(state)
    put_token(state, item, field, face_up=True)
    return state


@pytest.mark.rule("BAG-01", "BAG-02", "BAG-03", "ITEM-05")
def test_a_drawn_face_down_token_is_placed_by_the_drawer_off_his_own_card(content):
    state = with_item_to_pick(content, heroes=(("krieger", "A1"), ("elf", "B10")), hidden=ALL_BUT_A_AND_B)
    put_token(state, "fd-30", "B2")  # B2 is taken
    into_bag(state, "fd-20")
    state = begun(content, state)
    state, events = act(content, state, PickUp(token="baz-01"))
    assert state.tokens["fd-20"].loc == DRAWN and state.tokens["fd-20"].seen_by == (0,)
    options = [a.field for a in legal(content, state)]
    # Beige fields of face-up cards without a token, not on the drawer's card A (ruling R-11).
    assert options == ["B1", "B10", "B3", "B4", "B5", "B7", "B8", "B9"]
    with pytest.raises(IllegalActionError, match="seat 0 must decide"):
        act(content, state, PlaceToken(field="B1"), seat=1)
    mine, theirs = view(content, state, 0), view(content, state, 1)
    assert mine["pending"][0]["token"]["face"] == "hexenbesen"
    assert "options" not in theirs["pending"][0] and '"fd-20"' not in json.dumps(theirs)
    state, events = act(content, state, PlaceToken(field="B5"))
    token = state.tokens["fd-20"]
    assert token.field == "B5" and not token.face_up and token.seen_by == (0,)
    assert R.BAG_FACE_DOWN in rules_of(events)


@pytest.mark.rule("BAG-04", "BAG-05", "EXPLORE-04")
def test_an_open_token_goes_to_its_coordinate_or_waits_for_its_card(content):
    state = with_item_to_pick(content, hidden="E")
    into_bag(state, "enc-mirabar")  # printed on E5, card E face down
    state = begun(content, state)
    state, events = act(content, state, PickUp(token="baz-01"))
    assert state.tokens["enc-mirabar"].loc == WAITING and R.BAG_WAITING in rules_of(events)
    placed = with_item_to_pick(content)
    into_bag(placed, "enc-mirabar")
    placed = begun(content, placed)
    placed, events = act(content, placed, PickUp(token="baz-01"))
    assert placed.tokens["enc-mirabar"].field == "E5" and placed.tokens["enc-mirabar"].face_up


@pytest.mark.rule("BAG-08")
def test_at_most_one_token_is_drawn_per_turn(content):
    state = with_item_to_pick(content)
    put_token(state, "baz-02", "A1", face_up=True)
    into_bag(state, "enc-mirabar")
    into_bag(state, "enc-quelle")
    state = begun(content, state)
    state, _ = act(content, state, PickUp(token="baz-01"), picks=["enc-mirabar"])
    state, events = act(content, state, PickUp(token="baz-02"))
    assert state.tokens["enc-quelle"].loc == BAG and state.turn_state.bag_draws == 1
    assert R.BAG_LIMIT in rules_of(events)


@pytest.mark.rule("TOK-33", "TOK-34", "TOK-35", "GLOS-75")
def test_a_drawn_event_happens_at_once_and_ends_the_turn(content):
    state = with_item_to_pick(content)
    into_bag(state, "ev-unwetter")
    state = begun(content, state)
    state, events = act(content, state, PickUp(token="baz-01"))
    assert state.unwetter and state.tokens["ev-unwetter"].loc == OUT
    assert legal(content, state) == [EndTurn()]
    assert {R.TOK_EVENT, R.TOK_EVENT_TURN_ENDS, R.TOK_EVENT_OUT} <= set(rules_of(events))


@pytest.mark.rule("TOK-29", "TOK-30", "TOK-31", "BAG-06", "TOK-47")
def test_the_drawn_dragon_lies_on_v9_and_brings_its_tokens_into_the_bag(content):
    state = with_item_to_pick(content)
    into_bag(state, "drache")
    state = begun(content, state)
    state, events = act(content, state, PickUp(token="baz-01"))
    assert state.tokens["drache"].field == "V9" and state.tokens["drache"].face_up
    for tid in ("drachenmensch", "de-angst", "de-attacke-1", "de-attacke-2", "de-basar-brennt", "de-raub"):
        assert state.tokens[tid].loc == BAG, tid


@pytest.mark.rule("TOK-36", "TOK-38", "TOK-39", "TOK-48")
def test_diener_and_drachenmensch_lie_face_down_and_only_the_drawer_knows_them(content):
    for tid, field in (("srv-01", "A2"), ("drachenmensch", "V10")):
        state = with_item_to_pick(content, heroes=(("krieger", "A1"), ("elf", "B1")))
        into_bag(state, tid)
        state = begun(content, state)
        state, _ = act(content, state, PickUp(token="baz-01"))
        token = state.tokens[tid]
        assert token.field == field and not token.face_up and token.seen_by == (0,)
        assert f'"{tid}"' in json.dumps(view(content, state, 0))
        assert f'"{tid}"' not in json.dumps(view(content, state, 1))
    # A hero entering the Diener's field turns it over.
    state, _ = act(content, state, EndTurn())
    state = begun(content, state)
    from games.engine.core.tokens import move_token

    move_token(state, "srv-01", "field:B2", face_up=False, seen_by=(0,))
    state, _ = act(content, state, Move(to="B2"))
    assert state.tokens["srv-01"].face_up and state.turn_state.forced_fight


@pytest.mark.rule("BAG-07", "TOK-26", "TOK-27", "TOK-37", "TOK-42")
def test_the_drawn_namenloser_brings_waechter_and_as_many_diener_as_quests(content):
    state = with_item_to_pick(content, heroes=(("krieger", "A1"), ("elf", "B1")))
    state.tokens["namenloser"] = state.tokens["namenloser"].__class__(loc=BAG)
    for seat, qid in ((0, "fd-44"), (1, "fd-45"), (1, "fd-30")):
        state.tokens[qid] = state.tokens[qid].__class__(loc=f"quest:{seat}", face_up=True)
        state.heroes[seat].quests.append(qid)
    state = begun(content, state)
    state, events = act(content, state, PickUp(token="baz-01"), picks=["namenloser"])
    assert state.tokens["namenloser"].field == "H3"
    for tid, field in (("grd-1", "H5"), ("grd-2", "H7"), ("grd-3", "H8"), ("grd-4", "H9")):
        assert state.tokens[tid].field == field and not state.tokens[tid].face_up
    servants = [t for t in state.tokens if t.startswith("srv-")]
    placed = [t for t in servants if state.tokens[t].field or state.tokens[t].loc == WAITING]
    assert len(placed) == 3
    assert all(state.tokens[t].loc == BAG for t in servants if t not in placed)
    assert not any(state.tokens[t].loc == ASIDE for t in servants)


@pytest.mark.rule("GLOS-27", "BAG-08")
def test_hellsehen_replaces_the_draw_with_a_search_after_a_magic_probe(content):
    state = with_item_to_pick(content, heroes=(("magier", "A1"),))
    spell = give_item(content, state, 0, "hellsehen")
    into_bag(state, "enc-mirabar")
    into_bag(state, "enc-quelle")
    state = begun(content, state)
    state, _ = act(content, state, PickUp(token="baz-01"))
    assert legal(content, state) == [ChooseOption(option="draw"), ChooseOption(option="hellsehen")]
    searched, _ = act(content, state, ChooseOption(option="hellsehen"), rolls=(3, 4))
    # The options are the faces of the open tokens in the bag, never their ids (no leak of the bag).
    assert legal(content, searched) == [ChooseOption(option="mirabar"), ChooseOption(option="quelle_des_lebens")]
    searched, events = act(content, searched, ChooseOption(option="quelle_des_lebens"))
    assert searched.tokens["enc-quelle"].field == "A5" and spell in searched.heroes[0].items
    failed, events = act(content, state, ChooseOption(option="hellsehen"), rolls=(6, 6), picks=["enc-mirabar"])
    assert failed.tokens[spell].loc == PILE_CITY and failed.tokens["enc-mirabar"].field == "E5"
    assert failed.turn_state.bag_draws == 1 and "spell_dissolved" in kinds_of(events)
