"""The action phase ("Aktionen"): which actions a hero may take now, and what taking one means.

Taking an action ends the movement (TURN-03). A fight always comes first, and it is forced when the
hero revealed a monster or walked onto an open one; after a defeat, a drawn event, a rest or the
Paladin's healing the turn is over and only "end turn" remains. Otherwise actions may be taken in any
order and number (ruling R-41): each encounter once, at most one bag draw.
"""

from __future__ import annotations

from . import rules
from .actions import SetDicePolicy
from .context import Ctx
from .coop import PLAYER
from .errors import IllegalActionError
from .state import Phase, State

DICE_POLICIES = ("best", "ask")


def movement_decider(state: State) -> int:
    """The one place that says who decides the movement now (GLOS-06, ruling R-13).

    The left neighbour of a hero confused by the Basilisk decides only the movement itself: once the
    movement is over, the turn is over, or a fight is forced on the hero (he was walked onto an open
    monster), the decisions are the hero's own again (the fight, the Hobbit's evasion, the actions).
    """
    ts = state.turn_state
    if ts.mover is None or ts.movement_over or ts.forced_fight or ts.turn_over:
        return state.current
    return ts.mover


def begin_action(ctx: Ctx, seat: int) -> bool:
    """Mark an action taken; it ends the movement. False if the end of movement killed the hero."""
    ts = ctx.state.turn_state
    ts.action_taken = True
    if not ts.movement_over:
        ctx.emit("movement_ended_by_action", rules.ACTION_ENDS_MOVEMENT, seat)
        ctx.hooks.finish_movement(ctx, seat)
    return not ts.turn_over


def may_fight(state: State) -> bool:
    """One fight per turn, before any other action unless it is forced (FIGHT-01, TURN-03)."""
    ts = state.turn_state
    return not ts.fought and not ts.turn_over and (ts.forced_fight or not ts.action_taken)


def end_turn_now(ctx: Ctx, seat: int, rule: str, reason: str) -> None:
    """The turn is over but for the formal "end turn" (a drawn event, a rest, the Paladin)."""
    ts = ctx.state.turn_state
    ts.turn_over = True
    ts.movement_over = True
    ts.forced_fight = False
    ctx.emit("turn_over", rule, seat, reason=reason)


def apply_dice_policy(ctx: Ctx, seat: int, action: SetDicePolicy) -> None:
    """Not an action of the game: how this seat's experience dice are kept (ruling R-52)."""
    if action.policy not in DICE_POLICIES:
        raise IllegalActionError(f"the dice policy is 'best' or 'ask', not {action.policy!r}")
    ctx.state.heroes[seat].dice_policy = action.policy
    ctx.emit("dice_policy_set", rules.XP_KEEP_TWO, seat, policy=action.policy, visible_to=(seat,))


def villains_win(ctx: Ctx) -> int | None:
    """The heroes lost the co-op game together (all four fires taken, COOP-14; a group of three beaten by the
    Namenloser, COOP-60): the game is over and nothing is asked any more. A villain player wins it as his
    seat, the last one; without one nobody wins: ``winner`` None and ``coop.lost``, everyone lost (ruling
    R-238). Returns the winner; the caller emits the event that says how the game was lost."""
    state = ctx.state
    coop = state.coop
    assert coop is not None
    coop.lost = True
    state.phase = Phase.FINISHED
    state.pending = []
    state.boss_fight = None
    state.winner = state.seats if coop.villain == PLAYER else None
    return state.winner
