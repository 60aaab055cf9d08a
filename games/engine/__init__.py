"""The rules of Die Rückkehr der Helden as pure Python. Imports nothing from Django."""

from .core.actions import ACTION_KINDS, Action, parse_action
from .core.coop import is_villain, seat_count, villain_seat
from .core.dice import DICE_VERSION, CounterDice, Dice, ScriptedDice, SeededDice, dice_for
from .core.errors import IllegalActionError, MalformedActionError
from .core.events import Event
from .core.state import Phase, State
from .engine import apply, apply_offered, legal_actions, legal_movement, new_game, winner
from .view import view

__all__ = [
    "ACTION_KINDS",
    "DICE_VERSION",
    "Action",
    "CounterDice",
    "Dice",
    "Event",
    "IllegalActionError",
    "MalformedActionError",
    "Phase",
    "ScriptedDice",
    "SeededDice",
    "State",
    "apply",
    "apply_offered",
    "dice_for",
    "is_villain",
    "legal_actions",
    "legal_movement",
    "new_game",
    "parse_action",
    "seat_count",
    "view",
    "villain_seat",
    "winner",
]
