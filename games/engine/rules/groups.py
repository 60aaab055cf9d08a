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
from ..core.actions import Action, ChooseOption, FormGroup, HandItem
from ..core.context import Ctx, Handlers
from ..core.coop import PLAYER
from ..core.errors import IllegalActionError
from ..core.heroes import carries_heavy_mount, held_items, usable, walking_points
from ..core.payloads import GroupInvite
from ..core.pending import ask
from ..core.phase import begin_action
from ..core.state import Pending, State, held_by
from ..core.tokens import move_token
from ..effects.items import can_take, item_of

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
        if len(mine) + len(coop.group_of(other)) <= max_group(state) and _gems_match(state, mine, coop.group_of(other)):
            result.append(FormGroup(seat=other))
    return result


def max_group(state: State) -> int:
    """"Wird zu viert gespielt, dann sollten sich zwei Gruppen bilden ... Wollen drei Spieler eine Gruppe bilden,
    dann sollte der vierte die Bösewichte führen" (COOP-58, ruling R-250): with four heroes or more and no
    villain player a group has at most two members; otherwise three."""
    coop = state.coop
    if coop is not None and state.seats >= 4 and coop.villain != PLAYER:
        return 2
    return MAX_GROUP


def _gems_match(state: State, one: list[int], other: list[int]) -> bool:
    """"kann der Überlebende sich nur dann einer anderen Gruppe anschließen, wenn diese ihre Heldentat noch
    nicht vollendet hat": a group with the gem takes in no one without it, and the reverse (COOP-59, R-235)."""
    def done(seats: list[int]) -> bool:
        return any(state.heroes[s].gem for s in seats)
    return done(one) == done(other)


def apply_form_group(ctx: Ctx, seat: int, action: FormGroup) -> None:
    state = ctx.state
    if action not in legal_group_actions(ctx.content, state, seat):
        raise IllegalActionError("a group is formed in a co-op game by two or three heroes on one field, as an action")
    if not begin_action(ctx, seat):
        return
    ctx.emit("group_asked", rules.COOP_GROUP, seat, other=action.seat)
    ask(ctx, action.seat, "join_group", ["join", "decline"], GroupInvite(seat))


@HANDLERS.answers("join_group", ChooseOption)
def _answer_join(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    state = ctx.state
    coop = state.coop
    leader = pending.payload(GroupInvite).leader
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


# --- handing items over (COOP-49) -------------------------------------------------------------------------------
def legal_hand_actions(content: Content, state: State, seat: int) -> list[Action]:
    """"Gegenstände: Können untereinander getauscht werden": to a member on the same field with room, as an
    action; not the Goldbeutel, whose gold is its owner's ("Gold: Kann untereinander nicht verliehen
    werden", ruling R-234)."""
    coop = state.coop
    hero = state.heroes[seat]
    if coop is None or state.turn_state.action_taken or _here(state, seat) is None:
        return []
    result: list[Action] = []
    for other in coop.group_of(seat):
        if other == seat or _here(state, other) != _here(state, seat):
            continue
        for tid in hero.items:
            item = item_of(content, state, tid)
            if item is None or "gold_purse" in item.flags:
                continue
            if can_take(content, state, state.heroes[other], item):
                result.append(HandItem(token=tid, seat=other))
    return result


def apply_hand_item(ctx: Ctx, seat: int, action: HandItem) -> None:
    state, content = ctx.state, ctx.content
    if action not in legal_hand_actions(content, state, seat):
        raise IllegalActionError("an item goes to a member of the own group on the same field who has room for it")
    if not begin_action(ctx, seat):
        return
    giver, taker = state.heroes[seat], state.heroes[action.seat]
    tid = action.token
    item = item_of(content, state, tid)
    assert item is not None  # legal_hand_actions offers items only
    giver.items.remove(tid)
    taker.items.append(tid)
    move_token(state, tid, held_by(action.seat), face_up=True, seen_by=())
    # What is left of its artificial LP and doses goes along: handing over repairs nothing.
    left = giver.artificial.pop(tid, None)
    if left is not None and usable(content, taker, item):
        taker.artificial[tid] = left
    doses = giver.charges.pop(tid, None)
    if doses is not None:
        taker.charges[tid] = doses
    ctx.emit("item_handed", rules.COOP_ITEMS, seat, token=tid, to=action.seat)


def group_points(content: Content, state: State, seat: int) -> int:
    """The walking points of the seat's group: its slowest member's, items counted (COOP-05). "Kutsche: Kann
    von bis zu zwei Spielern genutzt werden" (COOP-42, ruling R-248): a member's coach carries him and the
    slowest other member at the coach's pace, never a third."""
    if state.coop is None:
        return walking_points(content, state, state.heroes[seat])
    points = {s: walking_points(content, state, state.heroes[s]) for s in state.coop.group_of(seat)}
    for member in sorted(points, key=lambda s: -points[s]):
        coach = coach_points(content, state, member)
        if coach is None:
            continue
        points[member] = coach
        riders = [s for s in points if s != member]
        if riders:
            slowest = min(riders, key=lambda s: (points[s], s))
            points[slowest] = max(points[slowest], coach)
        break
    return min(points.values())


def coach_points(content: Content, state: State, seat: int) -> int | None:
    """The pace of the Kutsche the seat's hero drives, or None without one."""
    sets = [item.movement_set for _, item in held_items(content, state, state.heroes[seat])
            if item.movement_set is not None]
    return max(sets) if sets else None


def boat_refused(content: Content, state: State, seat: int) -> bool:
    """"Kahn: Kann von der ganzen Gruppe genutzt werden, aber ohne Kutsche und ohne Pferde" (COOP-44, ruling
    R-249): a group takes the boat together unless one of its members on the field carries a coach or a
    mount (horse, camel). A hero alone uses it as in the ordinary game."""
    members = fighters(state, seat)
    if state.coop is None or len(members) < 2:
        return False
    return any(carries_heavy_mount(content, state, state.heroes[s]) for s in members)


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


def member_died(ctx: Ctx, seat: int) -> None:
    """A hero died in a co-op game: he leaves his group (his heir begins at the manor). If no member of his
    group lives on with it, his Heldentat goes back to the king ("Sterben alle Mitglieder einer Gruppe, wird
    die Heldentat an den König zurückgegeben", COOP-56, ruling R-247): the heir may choose a deed anew."""
    state = ctx.state
    coop = state.coop
    if coop is None:
        return
    others = [s for s in coop.group_of(seat) if s != seat]
    leave(ctx, seat)
    hero = state.heroes[seat]
    if hero.deed is not None and not others and not hero.gem:
        ctx.emit("deed_returned", rules.COOP_DEED_BACK, seat, deed=hero.deed)
        hero.deed = None
        hero.deed_parts = 0
