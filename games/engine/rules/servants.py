"""The Diener's march on the temple's fires in the cooperative variant (issue 18, COOP-10..29).

Without a player for the Namenloser, "ziehen vier Diener in jeder Runde zwei Felder weit in Richtung
Tempel", after the last seat's turn of each round (ruling R-48). The way is not searched over the
board: a Diener crosses one card at a time, toward the temple's card by the orthogonal card distance,
and inside his card walks the shortest ordinary path to the edge he leaves by ("Existiert allerdings
auf der Gebietskarte eine Umgehung, dann benutzt der Diener diesen Weg"), never over water or a
secret field. On the temple's card he walks to the nearest fire no Diener holds yet. When all four
fires are held, the heroes have lost together (COOP-14, COOP-17).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Set as AbstractSet

from ..content.model import Content, Direction, FieldKind, PathKind, TokenCategory
from ..core import rules
from ..core.board import Board, board_for, letter_of, place, row_col
from ..core.context import Ctx
from ..core.phase import villains_win
from ..core.state import BAG, RETURNING, State, at_field
from ..core.tokens import move_token
from ..effects.bag import draw_random

MARCHING = 4          # "ziehen vier Diener in jeder Runde" (COOP-25)
STEPS = 2             # "zwei Felder weit"
FIRES = ("fire_yellow", "fire_blue", "fire_green", "fire_pink")
BARRIERS = {FieldKind.WATER, FieldKind.SECRET}  # "nicht über Wasser oder die Geheimfelder" (COOP-19, COOP-26)
# The villains' own tokens: a Diener does not walk onto the Namenloser or a Wächter (ruling R-241).
OWN_TOKENS = (TokenCategory.NAMENLOSER, TokenCategory.GUARDIAN)


def fire_fields(content: Content) -> list[str]:
    return [place(content, name) for name in FIRES]


def servants_on_board(content: Content, state: State) -> dict[str, str]:
    """Each Diener on a field: token id -> field."""
    return {tid: ts.loc[6:] for tid, ts in sorted(state.tokens.items())
            if ts.loc.startswith("field:") and content.tokens[tid].category is TokenCategory.SERVANT}


def fire_targets(content: Content, state: State, code: str) -> list[str]:
    """The Diener a hero on ``code`` may attack on the fires next to it (N4: yellow and blue, N3: green,
    N2: pink), while not all four are held (COOP-13, COOP-15)."""
    if state.coop is None or state.coop.lost:
        return []
    board = board_for(content, state.grid)
    fires = set(fire_fields(content))
    if code not in board.links:
        return []
    beside = {link.to for link in board.links[code] if link.to in fires}
    return [tid for tid, where in servants_on_board(content, state).items() if where in beside]


def held_fires(content: Content, state: State) -> list[str]:
    taken = set(servants_on_board(content, state).values())
    return [code for code in fire_fields(content) if code in taken]


def card_distance(board: Board, content: Content, code: str) -> int:
    """Region cards between the field's card and the temple's, counted orthogonally only (COOP-29)."""
    here = row_col(board.cell_of_field(code))
    temple = row_col(board.cell_of_field(place(content, "temple")))
    return abs(here[0] - temple[0]) + abs(here[1] - temple[1])


def marching_order(content: Content, state: State) -> list[str]:
    """The Diener that move this round: nearest to the temple first, ties by the lower card letter
    (then the lower field), at most four, and those already on a fire count among them (COOP-28)."""
    board = board_for(content, state.grid)
    servants = servants_on_board(content, state)
    fires = set(fire_fields(content))
    order = sorted(servants, key=lambda tid: (servants[tid] not in fires,
                                              card_distance(board, content, servants[tid]),
                                              letter_of(servants[tid]), _number(servants[tid])))
    return order[:MARCHING]


def _number(code: str) -> int:
    return int(code[1:])


def walkable(board: Board, code: str) -> bool:
    return board.field(code).kind not in BARRIERS


def closed_fields(content: Content, state: State) -> set[str]:
    """Fields no Diener steps onto, led or marching: a fire another Diener holds, and the fields of the
    villains' own tokens (ruling R-241)."""
    own = {ts.loc[6:] for tid, ts in state.tokens.items()
           if ts.loc.startswith("field:") and content.tokens[tid].category in OWN_TOKENS}
    return own | set(held_fires(content, state))


def _inner_path(board: Board, start: str, goals: set[str], closed: AbstractSet[str] = frozenset()) -> list[str] | None:
    """The shortest ordinary path inside one card from ``start`` to one of ``goals`` (without start),
    over no barrier and no closed field; ties go to the lower field numbers. None when every way is
    blocked."""
    if start in goals:
        return []
    came: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        code = queue.popleft()
        links = sorted((link.to for link in board.links[code]
                        if link.kind is PathKind.PATH and not link.crosses_cards), key=_number)
        for nxt in links:
            if nxt in came or not walkable(board, nxt) or nxt in closed:
                continue
            came[nxt] = code
            if nxt in goals:
                path = [nxt]
                while (prev := came[path[-1]]) is not None and prev != start:
                    path.append(prev)
                return path[::-1]
            queue.append(nxt)
    return None


def route(content: Content, state: State, code: str) -> list[str]:
    """The fields this Diener would walk next, to the edge of his card and one step across it, or to a
    free fire on the temple's card; empty when he is blocked. The march takes its first step."""
    board = board_for(content, state.grid)
    temple_letter = letter_of(place(content, "temple"))
    letter = letter_of(code)
    closed = closed_fields(content, state)
    if letter == temple_letter:
        free = set(fire_fields(content)) - set(held_fires(content, state))
        return _inner_path(board, code, free, closed) or []
    here = row_col(board.cell_of_letter[letter])
    there = row_col(board.cell_of_letter[temple_letter])
    best: list[str] | None = None
    for direction in Direction:  # north, east, south, west: the first of equal ways wins
        dr, dc = direction.delta
        if abs(here[0] + dr - there[0]) + abs(here[1] + dc - there[1]) >= abs(here[0] - there[0]) + abs(
                here[1] - there[1]):
            continue  # this edge leads no nearer to the temple
        exit_field = board.region(letter).entries[direction]
        inner = _inner_path(board, code, {exit_field}, closed)
        if inner is None:
            continue
        across = next((link.to for link in board.links[exit_field] if link.crosses_cards
                       and board.entry_direction(link.to) == direction.opposite), None)
        # Not onto a card still face down, nor a closed field beyond the edge (ruling R-241).
        if across is None or across in closed or not walkable(board, across) \
                or not state.revealed[board.cell_of_field(across)]:
            continue
        way = [*inner, across]
        if best is None or len(way) < len(best):
            best = way
    # Blocked on every way toward the temple: he stays in front of the obstacle (COOP-27).
    return best or []


def march(ctx: Ctx, seat: int) -> list[tuple[int, str]]:
    """The automatic Diener's move at the end of a round (COOP-25..29); ``seat`` ended the round.
    Returns the fights due at once (COOP-21): (the hero's seat, the Diener) for each Diener that
    stopped on a hero, which the caller starts (the fight is a higher rule than the march)."""
    state, content = ctx.state, ctx.content
    coop = state.coop
    attacks: list[tuple[int, str]] = []
    if coop is None or not coop.automatic or coop.lost or not coop.marching:
        return attacks
    fires = set(fire_fields(content))
    for tid in marching_order(content, state):
        start = servants_on_board(content, state).get(tid)
        if start is None or start in fires:
            continue  # on a fire he stays, and still counts among the four (COOP-28)
        walked: list[str] = []
        here = start
        for _ in range(STEPS):
            way = route(content, state, here)  # anew after each step: a card's edge is crossed on the way
            if not way:
                break
            code = here = way[0]
            walked.append(code)
            # On a fire he sits open: the text's example knows his point ("angreifbar nur mit Fernkampf").
            move_token(state, tid, at_field(code), face_up=state.tokens[tid].face_up or code in fires,
                       seen_by=state.tokens[tid].seen_by)
            attacked = hero_at(state, code, seat)
            if attacked is not None:
                attacks.append((attacked, tid))
                break
            if stops_on_token(ctx, seat, tid, code) or code in fires:
                break
        if walked:
            ctx.emit("servant_marches", rules.COOP_MARCH, seat, token=tid, frm=start, path=walked)
        else:
            ctx.emit("servant_blocked", rules.COOP_BLOCKED, seat, token=tid, field=start)
    if fires_taken(ctx, seat):
        return []
    return attacks


def fires_taken(ctx: Ctx, seat: int) -> bool:
    """All four fires held: the game is over and the heroes lost (COOP-14, COOP-17). A villain player wins it
    as his seat; without one nobody wins (``winner`` None, ``coop.lost``: everyone lost, ruling R-238)."""
    state = ctx.state
    coop = state.coop
    if coop is None or len(held_fires(ctx.content, state)) < len(FIRES):
        return False
    ctx.emit("coop_game_lost", rules.COOP_LOST, seat, winner=villains_win(ctx), fires=len(FIRES))
    return True


def hero_at(state: State, code: str, ended: int) -> int | None:
    """The hero a Diener meets on ``code``: of several there, the next to play after ``ended`` (R-227)."""
    order = [(ended + 1 + i) % state.seats for i in range(state.seats)]
    return next((s for s in order if state.heroes[s].position == code and state.heroes[s].between is None), None)


def stops_on_token(ctx: Ctx, seat: int, tid: str, code: str) -> bool:
    """A Diener reaching a token stops; the token leaves the board, a new one is drawn and the old one
    goes into the bag after that draw (COOP-20). The seat that ended the round draws (ruling R-226)."""
    state, content = ctx.state, ctx.content
    others = [t for t in state.tokens_at(at_field(code))
              if t != tid and content.tokens[t].category is not TokenCategory.SERVANT]
    if not others:
        return False
    for other in others:
        move_token(state, other, RETURNING, face_up=False, seen_by=(), flipped=False)
        ctx.emit("servant_takes_token", rules.COOP_TOKEN_STOP, seat, token=tid, field=code)
    draw_random(ctx, seat, rules.COOP_TOKEN_STOP)
    for other in others:
        move_token(state, other, BAG, face_up=False, seen_by=(), flipped=False)
    return True


def turn_taken(state: State, seat: int) -> None:
    """A seat's turn ended: once every seat has had one since the Diener came, they march (COOP-12)."""
    coop = state.coop
    if coop is None or not coop.waiting:
        return
    coop.waiting = [s for s in coop.waiting if s != seat]
    if not coop.waiting:
        coop.marching = True
