"""Buying items ("Gegenstände kaufen"): the small Basar (F2), the grand Basar (J2), the Stadt der Magier (S1).

The hero on the "kleiner Basar" or "großer Basar" token, or on S1, calls a Basar once per turn: 3, 6 or
4 tokens drawn from the Basar or Stadt der Magier supply are the offer. He buys for himself at the
printed price, or offers an item to another player, who decides (a pending decision of that seat):
the buyer pays the price to the traders and 1 gold commission to the seller (ruling R-14). Unsold
offers go back to their supply at the end of the turn (BUY-10). The offer is shown only to the seller,
and an offered item to the player it is offered to (ruling R-56).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from ..content.model import Content, Item
from ..core import rules
from ..core.actions import Action, AnswerOffer, Buy, CallBazaar, OfferItem
from ..core.board import place
from ..core.context import Ctx, Handlers
from ..core.errors import IllegalActionError
from ..core.heroes import pay, purse_of
from ..core.payloads import Offer
from ..core.pending import ask
from ..core.phase import begin_action
from ..core.state import OFFER, PILE_BAZAAR, PILE_CITY, Pending, State
from ..core.tokens import move_token, visible_at
from ..effects.items import can_take, item_of, put_on_sheet, release, same_kind

CITY_OFFER = 4

HANDLERS = Handlers()  # this module's decisions and probes; registry.HOOKS merges them


def bazaar_here(content: Content, state: State, seat: int) -> tuple[str, int, str | None] | None:
    """(supply, number of offers, Basar token) of a Basar the hero may call here, or None."""
    hero = state.heroes[seat]
    if hero.between is not None or hero.position is None:
        return None
    if hero.position == place(content, "city"):
        return PILE_CITY, CITY_OFFER, None
    for tid in visible_at(content, state, seat, hero.position):
        effects = content.tokens[tid].effects
        for effect, bazaar in EFFECTS.items():
            if effect in effects and state.tokens[tid].face_up and not state.tokens[tid].flipped:
                return PILE_BAZAAR, bazaar.offers, tid
    return None


def _price(content: Content, tid: str) -> int:
    return content.tokens[tid].price or 0


def commission(state: State, seller: int, buyer: int) -> int:
    """1 gold to the seller; none in a co-op game when the buyer is in the seller's group (COOP-36)."""
    if state.coop is not None and buyer in state.coop.group_of(seller):
        return 0
    return 1


def _buy_answers(content: Content, state: State, buyer: int, tid: str, seller: int) -> list[str]:
    """How the buyer can take the item: straight, or after dropping one of his items for room."""
    hero = state.heroes[buyer]
    if purse_of(hero) < _price(content, tid) + commission(state, seller, buyer):
        return []
    item = cast(Item, item_of(content, state, tid))  # the goods on offer are all items
    if can_take(content, state, hero, item):
        return ["buy"]
    conflicts = same_kind(content, state, hero, item)
    return [f"buy:{t}" for t in (conflicts or hero.items)]


def legal_bazaar_actions(content: Content, state: State, seat: int) -> list[Action]:
    ts = state.turn_state
    result: list[Action] = []
    here = bazaar_here(content, state, seat)
    arrived = ts.moved or ts.teleported or state.heroes[seat].position != ts.start or not state.v2
    # "Zieht ein Held auf die Marke ...": only in a turn he came onto the field (ruling R-84).
    if here is not None and arrived and "bazaar" not in ts.used and (here[2] is None or here[2] not in ts.used):
        result.append(CallBazaar())
    hero = state.heroes[seat]
    for tid in ts.offers:
        item = cast(Item, item_of(content, state, tid))  # the goods on offer are all items
        if purse_of(hero) >= _price(content, tid) and can_take(content, state, hero, item):
            result.append(Buy(token=tid))
        for other in range(state.seats):
            if other != seat and f"offered:{tid}:{other}" not in ts.used and _buy_answers(
                    content, state, other, tid, seat):
                result.append(OfferItem(token=tid, seat=other))
    return result


def apply_call_bazaar(ctx: Ctx, seat: int, action: CallBazaar) -> None:
    state, content = ctx.state, ctx.content
    if CallBazaar() not in legal_bazaar_actions(content, state, seat):
        raise IllegalActionError("a Basar is called on the kleiner/großer Basar token or on S1, once per turn")
    # CallBazaar is legal only where bazaar_here found a Basar.
    supply, size, token = cast("tuple[str, int, str | None]", bazaar_here(content, state, seat))
    if not begin_action(ctx, seat):
        return
    state.turn_state.used.append("bazaar")
    if token is not None:
        state.turn_state.used.append(token)  # the Basar token is an encounter: once per turn
    pile = sorted(state.tokens_at(supply))
    offers = []
    for _ in range(min(size, len(pile))):
        tid = ctx.dice.pick(pile)
        pile.remove(tid)
        offers.append(tid)
        move_token(state, tid, OFFER, face_up=False, seen_by=(seat,))
    state.turn_state.offers = offers
    ctx.emit("bazaar_called", rules.BUY_CALL, seat, supply=supply, count=len(offers))
    ctx.emit("bazaar_offer", rules.BUY_OFFER, seat, tokens=list(offers),
             items=[content.tokens[t].face for t in offers], visible_to=(seat,))


def apply_buy(ctx: Ctx, seat: int, action: Buy) -> None:
    state, content = ctx.state, ctx.content
    if action not in legal_bazaar_actions(content, state, seat):
        raise IllegalActionError(f"{action.token} cannot be bought now (offer, price, room)")
    if not begin_action(ctx, seat):
        return
    price = _price(content, action.token)
    pay(state.heroes[seat], price)
    state.turn_state.offers.remove(action.token)
    ctx.emit("item_bought", rules.BUY_PRICE, seat, token=action.token, item=content.tokens[action.token].face,
             gold=price)
    put_on_sheet(ctx, seat, action.token, rules.BUY_PRICE)  # no bag draw for buying (ruling R-14)


def apply_offer(ctx: Ctx, seat: int, action: OfferItem) -> None:
    state, content = ctx.state, ctx.content
    if action not in legal_bazaar_actions(content, state, seat):
        raise IllegalActionError(f"{action.token} cannot be offered to seat {action.seat} now "
                                 "(once per player, who needs the price plus 1 gold commission)")
    if not begin_action(ctx, seat):
        return
    state.turn_state.used.append(f"offered:{action.token}:{action.seat}")
    old = state.tokens[action.token]
    move_token(state, action.token, OFFER, seen_by=tuple(sorted({*old.seen_by, action.seat})))
    ctx.emit("item_offered", rules.BUY_SELL, seat, token=action.token, to=action.seat,
             item=content.tokens[action.token].face, visible_to=(seat, action.seat))
    ask(ctx, action.seat, "offer", ["decline", *_buy_answers(content, state, action.seat, action.token, seat)],
        Offer(action.token, seat))


@HANDLERS.answers("offer", AnswerOffer)
def _answer_offer(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    state, content = ctx.state, ctx.content
    offer = pending.payload(Offer)
    tid, seller = offer.token, offer.seller
    if value == "decline" or tid not in state.turn_state.offers:
        ctx.emit("offer_declined", rules.BUY_SELL, seat, token=tid, seller=seller, visible_to=(seller, seat))
        return
    buyer = state.heroes[seat]
    if value.startswith("buy:"):
        release(ctx, seat, value[4:], buyer.position, rules.ITEM_NO_ROOM)
    price = _price(content, tid)
    fee = commission(state, seller, seat)
    pay(buyer, price + fee)
    state.heroes[seller].gold += fee
    state.turn_state.offers.remove(tid)
    ctx.emit("item_sold", rules.COOP_NO_COMMISSION if state.coop is not None and not fee else rules.BUY_COMMISSION,
             seat, token=tid, item=content.tokens[tid].face, price=price, commission=fee, seller=seller)
    put_on_sheet(ctx, seat, tid, rules.BUY_COMMISSION)


def return_offers(ctx: Ctx, seat: int) -> None:
    """Unsold items go back to their supply (BUY-10)."""
    state = ctx.state
    offers = state.turn_state.offers
    if not offers:
        return
    for tid in offers:
        supply = PILE_CITY if ctx.content.tokens[tid].category.value == "city" else PILE_BAZAAR
        move_token(state, tid, supply, face_up=False, seen_by=())
    ctx.emit("offer_returned", rules.BUY_RETURN, seat, count=len(offers))
    state.turn_state.offers = []


# --- the registry -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Bazaar:
    """A Basar token's effect: a hero on its field may call the Basar and is offered ``offers`` items of
    the Basar supply (BUY-01)."""

    rule: str
    offers: int


# Every Basar effect tokens.yaml names, once (docs/architecture.md, "Effects as data"); registry.py lists
# them with the other token effects.
EFFECTS: dict[str, Bazaar] = {
    "bazaar_small": Bazaar(rules.BUY_CALL, offers=3),
    "bazaar_large": Bazaar(rules.BUY_CALL, offers=6),
}
