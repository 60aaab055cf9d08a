"""Groups in the cooperative variant (issue 18, COOP-04, COOP-05, COOP-41).

"Stehen zwei oder drei Charaktere auf demselben Feld, können sie zusammen weiterziehen. Eine Gruppe zu
bilden, ist eine Aktion. Diese Gruppe zieht jedes Mal, wenn einer der Spieler an der Reihe ist, aber sie
zieht mit der Bewegungsweite des langsamsten Charakters." The hero whose turn it is walks for the group
at the slowest member's walking points; the others follow him to where his movement ends. Asking
another player to join is a decision he answers (ruling R-230); a member who leaves the group's field
(another way of moving, a death) leaves the group.
"""

from __future__ import annotations

from ..content.model import Content
from ..core import rules
from ..core.actions import Action, ChooseOption, FormGroup
from ..core.context import Ctx, Handlers
from ..core.errors import IllegalActionError
from ..core.heroes import walking_points
from ..core.pending import ask
from ..core.phase import begin_action
from ..core.state import Pending, State

MAX_GROUP = 3  # "zwei oder drei Charaktere"

HANDLERS = Handlers()  # this module's decisions; registry.HOOKS merges them


def _here(state: State, seat: int) -> str | None:
    hero = state.heroes[seat]
    return hero.position if hero.between is None else None


def legal_group_actions(content: Content, state: State, seat: int) -> list[Action]:
    coop = state.coop
    if coop is None or state.turn_state.action_taken or _here(state, seat) is None:
        return []
    mine = coop.group_of(seat)
    result: list[Action] = []
    for other in range(state.seats):
        if other in mine or _here(state, other) != _here(state, seat) or state.heroes[other].hero is None:
            continue
        if len(mine) + len(coop.group_of(other)) <= MAX_GROUP:
            result.append(FormGroup(seat=other))
    return result


def apply_form_group(ctx: Ctx, seat: int, action: FormGroup) -> None:
    state = ctx.state
    if action not in legal_group_actions(ctx.content, state, seat):
        raise IllegalActionError("a group is formed in a co-op game by two or three heroes on one field, as an action")
    if not begin_action(ctx, seat):
        return
    ctx.emit("group_asked", rules.COOP_GROUP, seat, other=action.seat)
    ask(ctx, action.seat, "join_group", ["join", "decline"], leader=seat)


@HANDLERS.answers("join_group", ChooseOption)
def _answer_join(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    state = ctx.state
    coop = state.coop
    leader = pending.context["leader"]
    if coop is None or value != "join" or _here(state, seat) != _here(state, leader):
        ctx.emit("group_declined", rules.COOP_GROUP, seat, leader=leader)
        return
    merged = sorted({*coop.group_of(leader), *coop.group_of(seat)})
    coop.groups = [g for g in coop.groups if leader not in g and seat not in g] + [merged]
    ctx.emit("group_formed", rules.COOP_GROUP, leader, other=seat, members=merged)


def fighters(state: State, seat: int) -> list[int]:
    """The members of the seat's group who stand with him and may take a probe of his fight (COOP-06)."""
    if state.coop is None:
        return [seat]
    here = _here(state, seat)
    return [s for s in state.coop.group_of(seat) if s == seat or (here is not None and _here(state, s) == here)]


def group_points(content: Content, state: State, seat: int) -> int:
    """The walking points of the seat's group: its slowest member's, items counted (COOP-05)."""
    if state.coop is None:
        return walking_points(content, state, state.heroes[seat])
    return min(walking_points(content, state, state.heroes[s]) for s in state.coop.group_of(seat))


def follow(ctx: Ctx, seat: int) -> None:
    """The movement is over: the group follows the walker; whoever moved otherwise leaves it (COOP-41)."""
    state = ctx.state
    coop = state.coop
    if coop is None or len(coop.group_of(seat)) < 2:
        return
    members = coop.group_of(seat)
    where = _here(state, seat)
    start = state.turn_state.start
    if where == start:
        return  # the group stays where it is
    if state.turn_state.mode != "walk" or where is None:
        leave(ctx, seat)  # the broom, the Pegasus, a secret path still searched: he went alone
        return
    for other in members:
        if other == seat:
            continue
        if _here(state, other) != start:
            leave(ctx, other)  # no longer beside the walker (an heir at his manor): out of the group
            continue
        state.heroes[other].position = where
        ctx.emit("group_follows", rules.COOP_GROUP_MOVE, other, frm=start, to=where)


def leave(ctx: Ctx, seat: int) -> None:
    """The seat leaves its group; a group of one is no group."""
    coop = ctx.state.coop
    if coop is None:
        return
    members = coop.group_of(seat)
    if len(members) < 2:
        return
    rest = [s for s in members if s != seat]
    coop.groups = [g for g in coop.groups if seat not in g] + ([rest] if len(rest) >= 2 else [])
    ctx.emit("group_left", rules.COOP_GROUP, seat)
