"""What one seat may see: the only way state leaves the engine toward a player.

Face-down region cards show no letter; face-down tokens show no identity unless this seat placed
or peeked them; tokens bound to someone else's quest, deed or scroll are absent altogether; the
Namenloser and dragon cards stay secret until revealed. ``seat=None`` is a spectator.
"""

from __future__ import annotations

from typing import Any

from .content.model import Content, TokenCategory
from .core.coop import is_villain, outcome, seat_count, villain_seat
from .core.state import BAG, PILE_BAZAAR, PILE_CITY, PILE_FACE_DOWN, WAITING, State
from .core.tokens import exists_for, face_known_to, shown_key
from .rules.servants import fire_fields, held_fires


def _token_entry(content: Content, state: State, seat: int | None, tid: str) -> dict[str, Any]:
    if is_villain(state, seat):
        # The villain player sees what a spectator sees, and his own Diener's faces (ruling R-243).
        known = face_known_to(content, state, None, tid) or (
            content.tokens[tid].category is TokenCategory.SERVANT and state.tokens[tid].field is not None)
    else:
        known = face_known_to(content, state, seat, tid)
    if known:
        token = content.tokens[tid]
        return {"id": tid, "face": shown_key(content, state, tid), "kind": token.kind,
                "face_up": state.tokens[tid].face_up, "flipped": state.tokens[tid].flipped,
                "border": [b.value for b in token.border]}
    return {"id": None, "face": None, "kind": None, "face_up": False, "flipped": False, "border": []}


def view(content: Content, state: State, seat: int | None) -> dict[str, Any]:
    viewer = None if is_villain(state, seat) else seat  # the villain seat holds no hero's secrets
    board_cells = []
    for cell, letter in enumerate(state.grid):
        revealed = state.revealed[cell]
        board_cells.append({"cell": cell, "placed": letter is not None, "revealed": revealed,
                            "letter": letter if revealed else None})
    field_tokens: list[dict[str, Any]] = []
    waiting: list[dict[str, Any]] = []
    counts = {BAG: 0, PILE_FACE_DOWN: 0, PILE_BAZAAR: 0, PILE_CITY: 0}
    for tid in sorted(state.tokens):
        token = state.tokens[tid]
        if token.loc in counts:
            counts[token.loc] += 1
            continue
        if token.loc == WAITING:
            waiting.append(_token_entry(content, state, seat, tid))
        elif token.field is not None and exists_for(content, state, viewer, tid):
            field_tokens.append({"field": token.field, **_token_entry(content, state, seat, tid)})
    # Listing face-down tokens by token id order would let a reader match positions to ids.
    field_tokens.sort(key=lambda t: (t["field"], t["id"] is None, t["id"] or ""))
    heroes = [_hero_view(content, state, seat, h.seat) for h in state.heroes]
    pending = []
    for p in state.pending:
        entry: dict[str, Any] = {"seat": p.seat, "kind": p.kind}
        if p.seat == seat:
            # Only the deciding seat sees the choices and the token the decision is about.
            entry["options"] = list(p.options)
            context = p.context.to_json()
            if isinstance(context.get("token"), str) and context["token"] in state.tokens:
                entry["token"] = _token_entry(content, state, seat, context["token"])
            probe = context.get("probe")
            if probe:
                entry["probe"] = {k: probe.get(k) for k in ("skill", "target", "dice", "purpose")}
        pending.append(entry)
    ts = state.turn_state
    offers = [_token_entry(content, state, seat, t) for t in ts.offers] if seat == state.current else []
    known = set(state.revealed_cards) if seat is None else state.known_cards(seat)
    result = {
        "seat": seat,
        "content_version": state.content_version,
        "phase": state.phase.value,
        "seats": state.seats,
        "current": state.current,
        "turn": state.turn,
        "board": board_cells,
        "tokens": field_tokens,
        "waiting": waiting,
        "piles": {"bag": counts[BAG], "face_down": counts[PILE_FACE_DOWN], "bazaar": counts[PILE_BAZAAR],
                  "city": counts[PILE_CITY]},
        "heroes": heroes,
        "turn_state": {
            "begun": ts.begun,
            "mode": ts.mode,
            "points": ts.points,
            "movement_over": ts.movement_over,
            "forced_fight": ts.forced_fight,
            "fought": ts.fought,
            "turn_over": ts.turn_over,
            "invisible": ts.invisible,
            "mover": ts.mover,
            "bag_draws": ts.bag_draws,
            "offers": offers,
            "offer_count": len(ts.offers),
        },
        "pending": pending,
        "unwetter": state.unwetter,
        "boat": state.boat,
        "namenloser_card": state.namenloser_card if "namenloser" in known else None,
        "dragon_card": state.dragon_card if "dragon" in known else None,
        "winner": state.winner,
    }
    if state.coop is not None:
        result["coop"] = _coop_view(content, state)
    return result


def _coop_view(content: Content, state: State) -> dict[str, Any]:
    """The co-op variant's public state (issue 18): everyone sees the same."""
    coop = state.coop
    assert coop is not None
    return {
        "villain": coop.villain,
        "villain_seat": villain_seat(state),
        "seat_count": seat_count(state),
        "groups": [list(g) for g in coop.groups],
        "servants_dead": coop.servants_dead,
        "penalty": coop.villain_penalty(),
        "waiting": list(coop.waiting),
        "marching": coop.marching,
        "lost": coop.lost,
        "outcome": outcome(state),
        "fires": fire_fields(content),
        "held_fires": held_fires(content, state),
        "points_left": coop.points_left() if is_villain(state, state.current) else None,
        "spent": dict(coop.spent),
        "halted": list(coop.halted),
        "reward": None if coop.reward is None else {
            "token": coop.reward.token, "leader": coop.reward.leader, "recipient": coop.reward.recipient,
            "waiting": list(coop.reward.waiting)},
    }


def _hero_view(content: Content, state: State, viewer: int | None, seat: int) -> dict[str, Any]:
    hero = state.heroes[seat]
    own = viewer == seat
    data: dict[str, Any] = {
        "seat": seat,
        "hero": hero.hero,
        "position": hero.position,
        "between": list(hero.between) if hero.between else None,
        "manor": hero.manor,
        "drawn_region": hero.drawn_region,
        "lp": hero.lp,
        "lp_max": hero.lp_max,
        "artificial": dict(hero.artificial),
        "gold": hero.gold,
        "training": dict(hero.training),
        "xp": dict(hero.xp),
        "items": [_token_entry(content, state, viewer, t) for t in hero.items],
        "quests": [_token_entry(content, state, viewer, t) for t in hero.quests],
        "has_deed": hero.deed is not None,
        "gem": hero.gem,
        "deaths": hero.deaths,
        "purse": hero.purse,
        "charges": dict(hero.charges),
        "companion": _token_entry(content, state, viewer, hero.companion) if hero.companion else None,
        "confused": hero.confused,
    }
    if own:
        data["dice_policy"] = hero.dice_policy
        data["deed"] = hero.deed
        data["deed_tokens"] = sorted(state.tokens_at(f"deed:{seat}"))
    return data
