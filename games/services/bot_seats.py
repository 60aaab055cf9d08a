"""Which bot seat moves next, and queueing its move.

Kept apart from ``services.bots`` (which plays the move through ``action_submit``) because the
submit itself asks this module after every step, and the two must not import each other.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from games import queue, variants
from games.models import Game, Seat
from games.persistence import load_state
from games.titles import title_of

SITE_LEVELS = ("easy", "normal", "strong")


def bot_seat(game: Game) -> tuple[Seat, Any] | None:
    """The bot seat that must act now, with the state, or None (a person's move, or game over)."""
    if game.status not in (Game.Status.SETUP, Game.Status.RUNNING) or game.paused:
        return None
    state = load_state(game)
    acting = title_of(game).acting_seat(state)
    if state.phase == "play" and not state.turn_state.begun and acting != variants.villain_seat(game):
        # The turn start belongs to tasks.begin_turn; its commit schedules the bot. (A co-op game's
        # villains' seat has no turn start: a bot there moves from the turn's first step.)
        return None
    seat = game.seats.filter(index=acting).first()
    if seat is None or not seat.is_bot:
        return None  # people are not moved here
    if seat.user_id is not None and not state.phase.startswith("setup"):
        return None  # in play, a stand-in for a person takes whole turns (tasks.bot_play)
    return seat, state


def schedule_bot(game_id: int) -> None:
    """After a commit: if a bot is to move, queue its move after the configured pause."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or bot_seat(game) is None:
        return
    queue.send("games.tasks.bot_move", game_id, game.version,
               countdown=getattr(settings, "BOT_STEP_PAUSE_SECONDS", 1.0))
