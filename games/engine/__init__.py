"""The rules of Die Rückkehr der Helden as pure Python. Imports nothing from Django."""

from .actions import ACTION_KINDS, Action, parse_action
from .dice import DICE_VERSION, CounterDice, Dice, ScriptedDice, SeededDice, dice_for
from .engine import apply, legal_actions, new_game, winner
from .errors import IllegalActionError, MalformedActionError
from .events import Event
from .state import State
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
    "ScriptedDice",
    "SeededDice",
    "State",
    "apply",
    "dice_for",
    "legal_actions",
    "new_game",
    "parse_action",
    "view",
    "winner",
]
