"""Buying items ("Gegenstände kaufen"): the small and the grand Basar, the Stadt der Magier."""

from __future__ import annotations

import json

import pytest

from games.engine import IllegalActionError, view
from games.engine.core import rules as R
from games.engine.core.actions import AnswerOffer, Buy, CallBazaar, EndTurn, OfferItem
from games.engine.core.state import OFFER, PILE_BAZAAR, PILE_CITY

from .helpers import act, begun, empty_bag, give_item, legal, play_state, put_token, rules_of


def at_bazaar(content, field="F2", token="enc-kleiner-basar", seats=2, hero="krieger"):
    heroes = [(hero, field), ("zwerg", "Z1"), ("magier", "Y1")][:seats]
    state = play_state(content, heroes)
    empty_bag(state)
    if token:
        put_token(state, token, field, face_up=True)
    state = begun(content, state)
    state.turn_state.start = None  # as if he came onto the field this turn: a Basar is called on arrival
    return state


@pytest.mark.rule("R-84", "BUY-01")
def test_BUY_01_a_basar_is_called_only_in_a_turn_the_hero_came_onto_its_field(content):
    state = play_state(content, [("krieger", "F1")])
    empty_bag(state)
    put_token(state, "enc-kleiner-basar", "F2", face_up=True)
    state = begun(content, state)
    from games.engine.core.actions import Move

    state, _ = act(content, state, Move(to="F2"))
    assert CallBazaar() in legal(content, state)
    state, _ = act(content, state, EndTurn())
    state = begun(content, state)
    assert CallBazaar() not in legal(content, state)  # ruling R-84: not again without moving


@pytest.mark.rule("BUY-01", "BUY-02", "BUY-05", "TOK-11")
def test_the_small_basar_offers_three_basar_tokens_once_per_turn(content):
    state = at_bazaar(content)
    assert CallBazaar() in legal(content, state)
    state, events = act(content, state, CallBazaar())
    assert state.turn_state.offers == ["baz-01", "baz-02", "baz-03"]
    assert all(state.tokens[t].loc == OFFER for t in state.turn_state.offers)
    assert CallBazaar() not in legal(content, state)
    assert R.BUY_CALL in rules_of(events) and state.turn_state.movement_over


@pytest.mark.rule("BUY-01")
def test_no_basar_without_its_token(content):
    state = at_bazaar(content, token=None)
    assert CallBazaar() not in legal(content, state)


@pytest.mark.rule("BUY-03")
def test_the_grand_basar_offers_six(content):
    state = at_bazaar(content, field="J2", token="enc-grosser-basar")
    state, _ = act(content, state, CallBazaar())
    assert len(state.turn_state.offers) == 6


@pytest.mark.rule("BUY-04", "REGION-10")
def test_the_stadt_der_magier_offers_four_of_its_tokens(content):
    state = at_bazaar(content, field="S1", token=None)
    state, _ = act(content, state, CallBazaar())
    assert state.turn_state.offers == ["city-01", "city-02", "city-03", "city-04"]


@pytest.mark.rule("BUY-06", "BUY-07", "BUY-09", "BUY-10", "BAG-01")
def test_buying_for_oneself_costs_the_price_and_unsold_goods_go_back(content):
    state = at_bazaar(content, hero="zwerg", seats=1)  # 4 gold
    state, _ = act(content, state, CallBazaar(), picks=["baz-06", "baz-13", "baz-10"])
    offered = {a.token for a in legal(content, state, kind=Buy)}
    assert offered == {"baz-06", "baz-13", "baz-10"}
    state, events = act(content, state, Buy(token="baz-06"))  # boots, 2 gold
    assert state.heroes[0].gold == 2 and state.heroes[0].items == ["baz-06"]
    assert state.turn_state.bag_draws == 0  # buying draws nothing (ruling R-14)
    assert {a.token for a in legal(content, state, kind=Buy)} == {"baz-13"}  # the armour costs 4
    state, events = act(content, state, EndTurn())
    assert state.tokens["baz-13"].loc == PILE_BAZAAR and state.tokens["baz-10"].loc == PILE_BAZAAR
    assert R.BUY_RETURN in rules_of(events)


@pytest.mark.rule("BUY-06", "BUY-08")
def test_an_item_sold_to_another_player_pays_the_seller_one_gold(content):
    state = at_bazaar(content)  # the Krieger sells to the Zwerg (4 gold)
    state, _ = act(content, state, CallBazaar(), picks=["baz-06", "baz-13", "baz-10"])
    assert OfferItem(token="baz-06", seat=1) in legal(content, state)
    assert OfferItem(token="baz-10", seat=1) not in legal(content, state)  # 4 + 1 gold is too much
    state, _ = act(content, state, OfferItem(token="baz-06", seat=1))
    with pytest.raises(IllegalActionError, match="seat 1 must decide"):
        act(content, state, EndTurn(), seat=0)
    assert legal(content, state, seat=1) == [AnswerOffer(answer="decline"), AnswerOffer(answer="buy")]
    bought, events = act(content, state, AnswerOffer(answer="buy"), seat=1)
    assert bought.heroes[1].gold == 4 - 2 - 1 and bought.heroes[0].gold == 1 + 1
    assert bought.heroes[1].items == ["baz-06"] and R.BUY_COMMISSION in rules_of(events)
    declined, _ = act(content, state, AnswerOffer(answer="decline"), seat=1)
    assert "baz-06" in declined.turn_state.offers
    assert OfferItem(token="baz-06", seat=1) not in legal(content, declined)  # once per player


@pytest.mark.rule("BUY-06", "ITEM-08")
def test_a_buyer_without_room_may_drop_an_item_for_it(content):
    state = at_bazaar(content)
    for face in ("bogen", "seil", "zauberknochen", "zauberstab"):
        give_item(content, state, 1, face)
    state.heroes[1].gold = 9
    state, _ = act(content, state, CallBazaar(), picks=["baz-06", "baz-13", "baz-10"])
    state, _ = act(content, state, OfferItem(token="baz-06", seat=1))
    answers = [a.answer for a in legal(content, state, seat=1)]
    assert answers == ["decline", "buy:baz-01", "buy:baz-17", "buy:city-16", "buy:city-17"]
    state, _ = act(content, state, AnswerOffer(answer="buy:city-16"), seat=1)
    assert state.tokens["city-16"].loc == PILE_CITY and "baz-06" in state.heroes[1].items


@pytest.mark.rule("BUY-05", "BUY-06")
def test_the_offer_is_shown_to_the_seller_and_an_offered_item_to_its_buyer_only(content):
    state = at_bazaar(content, seats=3)
    state, _ = act(content, state, CallBazaar(), picks=["baz-06", "baz-13", "baz-10"])
    mine = view(content, state, 0)["turn_state"]["offers"]
    assert [o["face"] for o in mine] == ["stiefel", "schild", "ruestung"]
    for other in (1, 2):
        seen = view(content, state, other)
        assert seen["turn_state"]["offers"] == [] and seen["turn_state"]["offer_count"] == 3
        assert '"baz-06"' not in json.dumps(seen)
    state, _ = act(content, state, OfferItem(token="baz-06", seat=1))
    assert view(content, state, 1)["pending"][0]["token"]["face"] == "stiefel"
    assert '"baz-06"' not in json.dumps(view(content, state, 2))


@pytest.mark.rule("SPELL-02", "LP-16")
def test_staerkung_works_at_once_on_purchase_and_goes_back(content):
    state = at_bazaar(content, field="S1", token=None, hero="zwerg", seats=1)
    state.heroes[0].lp = 3
    state, _ = act(content, state, CallBazaar(), picks=["city-07", "city-01", "city-02", "city-03"])
    state, events = act(content, state, Buy(token="city-07"))
    hero = state.heroes[0]
    assert hero.lp_max == 6 and hero.lp == 4 and hero.items == [] and hero.gold == 1
    assert state.tokens["city-07"].loc == PILE_CITY and R.STAERKUNG in rules_of(events)
