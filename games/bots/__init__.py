"""Bots that play a seat to the end of the game: random, easy, normal (the stand-in) and strong.

Use ``Bot(level, seed).choose(content, view, legal)``, or ``bot_action`` which builds the seat's
view and legal actions from a state so callers never hand the state itself to the player.
"""

from __future__ import annotations

from games.engine import legal_actions, view
from games.engine.content.model import Content
from games.engine.core.actions import Action
from games.engine.core.state import State

from .player import LEVELS, Bot

__all__ = ["LEVELS", "Bot", "bot_action"]


def bot_action(content: Content, state: State, seat: int, bot: Bot) -> Action:
    """The bot's next action for ``seat``: it sees only ``view(state, seat)`` and the legal actions."""
    return bot.choose(content, view(content, state, seat), legal_actions(content, state, seat))
