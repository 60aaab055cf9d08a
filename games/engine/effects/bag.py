"""Drawing tokens from the bag ("Marken nachziehen").

After taking a token from the board, accepting or fulfilling a quest, or fulfilling a part of a deed
or scroll, the current player draws one token, at most one per turn however many triggers he met
(BAG-08). A face-down (PA) token goes face down on a free beige field of his choice off his own card,
and he may look at it; an open token goes to its printed coordinate, or waits beside the board until
that card is revealed; an event is carried out at once and ends his turn.
"""

from __future__ import annotations

from ..content.model import FieldKind, TokenCategory
from ..core import rules
from ..core.actions import ChooseOption, PlaceToken
from ..core.board import board_for, letter_of
from ..core.context import Ctx, Handlers
from ..core.heroes import item_with_flag
from ..core.payloads import BagSearch, HellsehenChoice, ProbeStep, TokenChoice
from ..core.pending import ask
from ..core.state import ASIDE, BAG, DRAWN, RETURNING, WAITING, Pending, ReturningToken, State, at_field
from ..core.tokens import exists_for, is_bound, move_token
from .probes import start_probe

FACE_DOWN_WHEN_PLACED = {TokenCategory.SERVANT, TokenCategory.GUARDIAN, TokenCategory.DRACHENMENSCH}
MAX_SERVANTS = 14

HANDLERS = Handlers()  # this module's decisions and probes; registry.HOOKS merges them


def draw_due(ctx: Ctx, seat: int, rule: str, reason: str) -> None:
    """A draw condition was met by the current player: draw, unless he already drew this turn."""
    state = ctx.state
    if seat != state.current:
        return
    ts = state.turn_state
    if ts.bag_draws >= 1:
        ctx.emit("draw_limit_reached", rules.BAG_LIMIT, seat, reason=reason)
        return
    ts.bag_draws += 1
    hero = state.heroes[seat]
    spell = item_with_flag(ctx.content, state, hero, "choose_token")
    if spell is not None and _open_faces_in_bag(ctx):
        # Hellsehen replaces this draw, after a magic probe (ruling R-43).
        ask(ctx, seat, "hellsehen", ["draw", "hellsehen"], HellsehenChoice(spell, reason))
        return
    draw_random(ctx, seat, rule)


def return_after_draw(ctx: Ctx, seat: int, tid: str, rule: str, kind: str) -> None:
    """A token taken from the board that goes back into the bag goes back only after the draw it
    caused ("Danach wird eine neue Marke gezogen und anschließend das Monster ... zurückgelegt",
    TOK-09, TOK-50): until then it is held apart, so it can never be its own draw."""
    state = ctx.state
    if not state.v2:  # rules version 1: back at once, before the draw
        move_token(state, tid, BAG, face_up=False, seen_by=(), flipped=False)
        ctx.emit(kind, rule, seat, token=tid)
        return
    move_token(state, tid, RETURNING, face_up=False, seen_by=(), flipped=False)
    state.returning = [*state.returning, ReturningToken(tid, rule, kind, seat)]


DRAW_DECISIONS = {"hellsehen", "bag_search"}


def _draw_open(state: State) -> bool:
    """A decision of a draw is still open (Hellsehen: the choice, its probe, the search)."""
    return any(p.kind in DRAW_DECISIONS
               or (isinstance(p.context, ProbeStep) and p.context.probe.purpose == "hellsehen")
               for p in state.pending)


def settle_returns(ctx: Ctx) -> None:
    """Once the draw is made, the held-apart tokens go into the bag."""
    state = ctx.state
    if not state.returning or _draw_open(state):
        return
    returning, state.returning = state.returning, []
    for tid, rule, kind, seat in returning:
        move_token(state, tid, BAG, face_up=False, seen_by=(), flipped=False)
        ctx.emit(kind, rule, seat, token=tid)


def draw_random(ctx: Ctx, seat: int, rule: str = rules.BAG_DRAW) -> None:
    bag = sorted(ctx.state.tokens_at(BAG))
    if not bag:
        ctx.emit("bag_empty", rule, seat)
        return
    place_drawn(ctx, seat, ctx.dice.pick(bag), rule)


def _open_faces_in_bag(ctx: Ctx, with_target: bool = False) -> list[str]:
    faces = set()
    for tid in ctx.state.tokens_at(BAG):
        token = ctx.content.tokens[tid]
        if token.category is TokenCategory.FACE_DOWN:
            continue
        if with_target and not token.target:
            continue
        faces.add(token.face)
    return sorted(faces)


def token_of_face_in_bag(ctx: Ctx, face: str) -> str:
    return min(tid for tid in ctx.state.tokens_at(BAG) if ctx.content.tokens[tid].face == face)


def search_bag(ctx: Ctx, seat: int, kind: str, with_target: bool, rule: str) -> bool:
    """Let the seat pick an open token from the bag by its face (Hellsehen, Hellseherin). The
    options are faces, not token ids: the player sees what he searches, never the bag's order."""
    faces = _open_faces_in_bag(ctx, with_target)
    if not faces:
        ctx.emit("bag_search_empty", rules.HELLSEHERIN if with_target else rules.HELLSEHEN, seat)
        return False
    ask(ctx, seat, kind, faces, BagSearch(rule), front=True)
    return True


@HANDLERS.answers("hellsehen", ChooseOption)
def _answer_hellsehen(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    if value == "draw":
        draw_random(ctx, seat)
        return
    start_probe(ctx, seat, "magic", 0, "hellsehen", {"token": pending.payload(HellsehenChoice).token})


@HANDLERS.answers("bag_search", ChooseOption)
def _answer_bag_search(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    tid, rule = token_of_face_in_bag(ctx, value), pending.payload(BagSearch).rule
    ctx.emit("token_searched", rule, seat, token=tid, face=value, visible_to=_who_sees(ctx, tid))
    place_drawn(ctx, seat, tid, rule)


def free_beige_fields(ctx: Ctx, seat: int) -> list[str]:
    """Beige fields on face-up cards with no token the drawer knows of, off his own card (R-11, R-55)."""
    state, content = ctx.state, ctx.content
    hero = state.heroes[seat]
    here = hero.between[0] if hero.between else hero.position
    own_letter = letter_of(here) if here else None
    occupied = {ts.loc[6:] for tid, ts in state.tokens.items()
                if ts.loc.startswith("field:") and exists_for(content, state, seat, tid)}
    board = board_for(content, state.grid)
    result: list[str] = []
    for letter, cell in board.cell_of_letter.items():
        if not state.revealed[cell] or letter == own_letter:
            continue
        result.extend(f.code for f in content.regions[letter].fields
                      if f.kind is FieldKind.BEIGE and f.code not in occupied)
    return sorted(result)


def place_drawn(ctx: Ctx, seat: int, tid: str, rule: str) -> None:
    """Put a token just taken from the bag where it belongs."""
    state, content = ctx.state, ctx.content
    token = content.tokens[tid]
    if token.category is TokenCategory.FACE_DOWN:
        options = free_beige_fields(ctx, seat)
        if not options:
            move_token(state, tid, BAG, face_up=False, seen_by=())
            ctx.emit("no_free_beige_field", rules.BAG_FACE_DOWN, seat)
            return
        move_token(state, tid, DRAWN, face_up=False, seen_by=(seat,))
        ctx.emit("face_down_token_drawn", rules.BAG_FACE_DOWN, seat, token=tid, face=token.face,
                 visible_to=(seat,))
        ask(ctx, seat, "place_token", options, TokenChoice(tid))
        return
    ctx.emit("token_drawn", rule, seat, token=tid, face=token.face, visible_to=_who_sees(ctx, tid))
    kind = token.kind.value
    if kind == "event":
        ctx.hooks.resolve_event(ctx, seat, tid)
    elif kind == "dragon_event":
        ctx.hooks.resolve_dragon_event(ctx, seat, tid)
    elif kind == "dragon":
        place_open(ctx, tid, seat, rules.TOK_DRAGON_DRAWN)
        for other, t in sorted(state.tokens.items()):
            if t.loc == ASIDE and content.tokens[other].category in (
                    TokenCategory.DRACHENMENSCH, TokenCategory.DRAGON_EVENT):
                move_token(state, other, BAG, face_up=False, seen_by=())
        ctx.emit("dragon_tokens_into_bag", rules.TOK_DRAGON_BAG, seat)
    elif kind == "namenloser":
        namenloser_arrives(ctx, seat, tid)
    else:
        rule = {"servant": rules.TOK_SERVANT_DRAWN, "drachenmensch": rules.TOK_DRACHENMENSCH_DRAWN}.get(
            kind, rules.BAG_OPEN)
        place_open(ctx, tid, seat, rule)


def _who_sees(ctx: Ctx, tid: str) -> tuple[int, ...] | None:
    """Tokens bound to a quest, deed or scroll show in the log only to the seats that can see them."""
    if not is_bound(ctx.content.tokens[tid]):
        return None
    return tuple(s for s in range(ctx.state.seats) if exists_for(ctx.content, ctx.state, s, tid))


def place_open(ctx: Ctx, tid: str, seat: int, rule: str) -> None:
    """To the printed coordinate, or beside the board until its card is known (BAG-04, BAG-05).
    Diener and the Drachenmensch lie face down there, and the drawer may look at them (TOK-38, TOK-48)."""
    state, content = ctx.state, ctx.content
    token = content.tokens[tid]
    face_down = token.category in FACE_DOWN_WHEN_PLACED
    target = token.target
    board = board_for(content, state.grid)
    seen = (seat,) if face_down else ()
    if target and state.revealed[board.cell_of_letter[letter_of(target)]]:
        if state.coop is not None and token.category is not TokenCategory.SERVANT:
            _servant_makes_room(ctx, seat, target)
        move_token(state, tid, at_field(target), face_up=not face_down, seen_by=seen)
        if "boat" in token.effects and state.boat is None:
            state.boat = target
        ctx.emit("open_token_placed", rule, seat, token=tid if not face_down else None, field=target,
                 visible_to=_who_sees(ctx, tid))
    else:
        move_token(state, tid, WAITING, face_up=not face_down, seen_by=seen)
        ctx.emit("token_waits_beside_board", rules.BAG_WAITING, seat, token=tid if not face_down else None,
                 field=target, visible_to=_who_sees(ctx, tid))


def _servant_makes_room(ctx: Ctx, seat: int, code: str) -> None:
    """Co-op: "Wird eine Marke aus dem Beutel gezogen, die ihren Koordinaten entsprechend auf einen Diener
    gelegt werden muss, dann wandert der Diener in den Beutel" (COOP-23)."""
    state, content = ctx.state, ctx.content
    for other in state.tokens_at(at_field(code)):
        if content.tokens[other].category is TokenCategory.SERVANT:
            move_token(state, other, BAG, face_up=False, seen_by=(), flipped=False)
            ctx.emit("servant_into_bag", rules.COOP_SERVANT_BAG, seat, field=code)


@HANDLERS.answers("place_token", PlaceToken)
def _answer_place(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    tid = pending.payload(TokenChoice).token
    move_token(ctx.state, tid, at_field(value), face_up=False, seen_by=(seat,))
    ctx.emit("face_down_token_placed", rules.BAG_FACE_DOWN, seat, field=value)


def return_drawn(state: State, pending: Pending) -> None:
    """A drawer who dies before placing his token gives it back to the bag."""
    if pending.kind == "place_token":
        move_token(state, pending.payload(TokenChoice).token, BAG, face_up=False, seen_by=())


def namenloser_arrives(ctx: Ctx, seat: int, tid: str) -> None:
    """BAG-07 / ruling R-32, the minimum engine III builds on: the Namenloser on H3, the Wächter face
    down on their fields, as many Diener as quests are held placed face down, the rest into the bag."""
    state, content = ctx.state, ctx.content
    place_open(ctx, tid, seat, rules.TOK_NAMENLOSER_DRAWN)
    guardians = sorted(t for t, ts in state.tokens.items()
                       if ts.loc == ASIDE and content.tokens[t].category is TokenCategory.GUARDIAN)
    for guardian in guardians:
        place_open(ctx, guardian, seat, rules.BAG_NAMENLOSER)
    servants = sorted(t for t, ts in state.tokens.items()
                      if ts.loc == ASIDE and content.tokens[t].category is TokenCategory.SERVANT)
    count = min(MAX_SERVANTS, sum(len(h.quests) for h in state.heroes), len(servants))
    for _ in range(count):
        servant = ctx.dice.pick(servants)
        servants.remove(servant)
        place_open(ctx, servant, seat, rules.BAG_NAMENLOSER)
    for servant in servants:
        move_token(state, servant, BAG, face_up=False, seen_by=())
    ctx.emit("namenloser_arrives", rules.BAG_NAMENLOSER, seat, servants_placed=count)
    if state.coop is not None:
        _coop_servants_arrive(ctx, seat)


def _coop_servants_arrive(ctx: Ctx, seat: int) -> None:
    """Co-op: tokens on the Diener's fields go into the bag and nothing is drawn for them (COOP-11); the
    Diener wait until every hero has had a turn (COOP-12), which rules/servants.turn_taken counts."""
    state, content = ctx.state, ctx.content
    coop = state.coop
    assert coop is not None
    for tid, ts in sorted(state.tokens.items()):
        if not ts.loc.startswith("field:") or content.tokens[tid].category is not TokenCategory.SERVANT:
            continue
        for other in state.tokens_at(ts.loc):
            if content.tokens[other].category is not TokenCategory.SERVANT:
                shown = state.tokens[other].face_up
                move_token(state, other, BAG, face_up=False, seen_by=(), flipped=False)
                ctx.emit("token_cleared_for_servant", rules.COOP_START_FIELDS, seat,
                         token=other if shown else None, field=ts.loc[6:])
    coop.waiting = list(range(state.seats))
    coop.marching = False
    ctx.emit("servants_wait", rules.COOP_WAIT, seat)
