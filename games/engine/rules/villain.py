"""The villain seat of the cooperative variant (issue 18, COOP-13, COOP-18, COOP-25, COOP-58).

"Ein vierter oder fünfter Spieler kann die Rolle des Namenlosen übernehmen": a game started with
``new_game(..., variant="coop", villain="player"|"automatic")`` has one more seat than heroes, the last
index (``core.coop.villain_seat``). Its turn comes after every hero's turn of a round, once the Diener march
(COOP-12); while they do not, the round goes straight back to the first hero (ruling R-239).

- ``"player"``: a person moves the Diener field by field with ``MoveServant`` — five points a round, at most
  three for one Diener, never over water or secret fields, never onto a fire another Diener holds; a Diener
  stops on a token, on a hero (whom he fights at once) and on a fire — then ends the turn (``EndTurn``).
- ``"automatic"``: the one action ``MarchServants`` runs the automatic march exactly as it runs without a
  villain seat, and ends the turn; a site's turn-start task submits it like ``BeginTurn``.
"""

from __future__ import annotations

from ..content.model import Content, PathKind
from ..core import rules
from ..core.actions import Action, EndTurn, MarchServants, MoveServant
from ..core.board import board_for
from ..core.context import Ctx
from ..core.coop import AUTOMATIC, POINTS_PER_SERVANT, is_villain
from ..core.errors import IllegalActionError
from ..core.state import Phase, State, TurnState, at_field
from ..core.tokens import move_token
from .combat import servant_attacks
from .servants import (
    closed_fields,
    fire_fields,
    fires_taken,
    hero_at,
    march,
    servants_on_board,
    stops_on_token,
    walkable,
)


def villains_turn(state: State) -> bool:
    """Is it the villain seat's turn now?"""
    return state.coop is not None and is_villain(state, state.current)


def round_drawer(state: State) -> int:
    """The hero who ended the round: he draws for the Diener's tokens, and of several heroes on one field the
    Diener meets the next to play after him (rulings R-226, R-227, R-240)."""
    return (state.first_seat - 1) % state.seats


def legal_villain_actions(content: Content, state: State, seat: int) -> list[Action]:
    coop = state.coop
    if coop is None or state.phase != Phase.PLAY or state.pending or not is_villain(state, seat) \
            or state.current != seat:
        return []
    if coop.villain == AUTOMATIC:
        return [MarchServants()]
    return [*servant_moves(content, state), EndTurn()]


def servant_moves(content: Content, state: State) -> list[MoveServant]:
    """Every step the villain player may take now (COOP-18, COOP-19)."""
    coop = state.coop
    assert coop is not None
    if coop.points_left() <= 0:
        return []
    board = board_for(content, state.grid)
    fires = set(fire_fields(content))
    closed = closed_fields(content, state)
    result: list[MoveServant] = []
    for tid, where in servants_on_board(content, state).items():
        if where in fires or tid in coop.halted or coop.spent.get(tid, 0) >= POINTS_PER_SERVANT:
            continue  # on a fire he holds it (COOP-28, ruling R-242); a halted Diener waits for the next round
        targets = sorted({link.to for link in board.links.get(where, ()) if link.kind is PathKind.PATH})
        for to in targets:
            if walkable(board, to) and to not in closed and state.revealed[board.cell_of_field(to)]:
                result.append(MoveServant(token=tid, to=to))
    return result


def apply_villain(ctx: Ctx, seat: int, action: Action) -> None:
    state = ctx.state
    if action not in legal_villain_actions(ctx.content, state, seat):
        raise IllegalActionError(
            "the villain seat moves the Diener on its turn: five points a round, at most three for one Diener, "
            "never over water or secret fields; then it ends the turn")
    if isinstance(action, MarchServants):
        ctx.emit("villain_marches", rules.COOP_MARCH, seat)
        drawer = round_drawer(state)
        for attacked, servant in march(ctx, drawer):
            servant_attacks(ctx, attacked, servant)
        end_villain_turn(ctx, seat)
    elif isinstance(action, MoveServant):
        _move_servant(ctx, seat, action)
    else:
        end_villain_turn(ctx, seat)


def _move_servant(ctx: Ctx, seat: int, action: MoveServant) -> None:
    state, content = ctx.state, ctx.content
    coop = state.coop
    assert coop is not None
    tid, to = action.token, action.to
    start = state.tokens[tid].loc[6:]
    coop.spent[tid] = coop.spent.get(tid, 0) + 1
    fires = set(fire_fields(content))
    move_token(state, tid, at_field(to), face_up=state.tokens[tid].face_up or to in fires,
               seen_by=state.tokens[tid].seen_by)
    ctx.emit("servant_moved", rules.COOP_VILLAIN, seat, token=tid, frm=start, to=to,
             spent=coop.spent[tid], left=coop.points_left())
    drawer = round_drawer(state)
    attacked = hero_at(state, to, drawer)
    if attacked is not None:
        coop.halted.append(tid)  # "kommt es sofort zum Kampf" (COOP-21)
        servant_attacks(ctx, attacked, tid)
        return
    if to in fires:
        coop.halted.append(tid)
        fires_taken(ctx, seat)
        return
    if stops_on_token(ctx, drawer, tid, to):
        coop.halted.append(tid)  # COOP-20: the token goes, a new one is drawn by the round's last hero


def end_villain_turn(ctx: Ctx, seat: int) -> None:
    """The villain's turn is over: the next round begins with the first hero."""
    state = ctx.state
    coop = state.coop
    assert coop is not None
    coop.spent = {}
    coop.halted = []
    if state.phase == Phase.FINISHED:
        return
    ctx.emit("turn_ended", rules.TURN_ORDER, seat, turn=state.turn)
    state.current = state.first_seat
    state.turn += 1
    state.turn_state = TurnState()


def after_heroes(ctx: Ctx) -> bool:
    """The round's last hero ended his turn in a game with a villain seat: the villain's turn comes if the
    Diener march (COOP-12); True when it begins (the caller passes the turn otherwise)."""
    state = ctx.state
    coop = state.coop
    if coop is None or coop.villain is None:
        return False
    if not coop.marching or coop.lost:
        return False
    state.current = state.seats
    state.turn += 1
    state.turn_state = TurnState()
    coop.spent = {}
    coop.halted = []
    ctx.emit("villain_turn", rules.COOP_VILLAIN, state.seats, turn=state.turn)
    return True
