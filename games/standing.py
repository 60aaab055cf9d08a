"""Standing settings of a seat (the experience-dice policy): chosen any time, never a step of the log.

The engine reads a hero's ``dice_policy`` from its state, as before. The setting itself lives on the
seat (``Seat.dice_policy``); each step applies it to the state just before the engine sees it, and
the step's log row records the settings that changed right before it (``GameAction.settings``), so
a replay from the seed reaches the very same states (ruling R-181). Changing the setting writes the
seat row only: no log row, no version, nothing the other players see.
"""

from __future__ import annotations

from games.engine.core.phase import DICE_POLICIES
from games.engine.core.state import State

from .errors import InvalidRequest, NotAllowed
from .models import Game, Seat

DICE_POLICY = "dice_policy"


def on_state(state: State, seats) -> tuple[State, dict]:
    """The state with every seat's standing setting applied, and what changed (``{}``: nothing)."""
    wanted = {seat.index: seat.dice_policy for seat in seats if seat.dice_policy in DICE_POLICIES}
    return replayed(state, _changes(state, wanted))


def replayed(state: State, settings: dict | None) -> tuple[State, dict]:
    """Apply settings recorded on a log row (``{"dice_policy": {"1": "ask"}}``) to ``state``."""
    policies = (settings or {}).get(DICE_POLICY) or {}
    if not policies:
        return state, {}
    new = state.clone()
    for seat, policy in policies.items():
        new.heroes[int(seat)].dice_policy = policy
    return new, {DICE_POLICY: dict(policies)}


def _changes(state: State, wanted: dict[int, str]) -> dict:
    changed = {str(index): policy for index, policy in sorted(wanted.items())
               if index < len(state.heroes) and state.heroes[index].dice_policy != policy}
    return {DICE_POLICY: changed} if changed else {}


def set_dice_policy(*, game: Game, user, policy: str) -> Seat:
    """The user's seat keeps the two best experience dice ("best") or lets him pick them ("ask")."""
    if policy not in DICE_POLICIES:
        raise InvalidRequest("dice_policy_unknown")
    seat = Seat.objects.filter(game=game, user=user).first() if getattr(user, "is_authenticated", False) else None
    if seat is None:
        raise NotAllowed("settings_for_players_only")
    if game.status not in (Game.Status.SETUP, Game.Status.RUNNING):
        raise NotAllowed("not_being_played")
    Seat.objects.filter(pk=seat.pk).update(dice_policy=policy)
    seat.dice_policy = policy
    return seat
