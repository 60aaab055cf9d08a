"""The game services: every write of the games app goes through one of these functions.

One module per concern; this package's names are their public API (``from games import services``):

``lobby``       creating, joining and leaving games; starting one when its seats are full
``submit``      ``action_submit``, the one door through which every step is written
``take_back``   taking back one's own last step (R-110)
``walk``        one-click walking, a route as ordinary logged moves
``turns``       the start of a turn, and turns played for an absent player (skipped or by the stand-in bot)
``deadlines``   overdue turns and their consequence
``pausing``     pausing and resuming a game's clock
``endings``     resigning a running game, a rematch of a finished one
``bot_seats``   which bot moves next, and queueing its move
``bots``        bot seats in the lobby, one bot move, suggestions
``mails``       recording and sending the games' mails: your turn, reminders, game over, digests

The services never import the Celery tasks (the tasks call the services): work for later is queued by
task name through ``games.queue``.
"""

from .bot_seats import schedule_bot
from .bots import add_bot, create_with_bots, play_step, suggestion
from .deadlines import enforce_deadlines, expire_deadline, overdue_games
from .endings import game_rematch, game_resign
from .lobby import MAX_SEATS, game_create, game_create_seated, game_join, game_leave
from .mails import (
    due_reminders,
    give_up_notification,
    notify_finished,
    send_daily_digests,
    send_notification,
    send_reminders,
    sweep_notifications,
)
from .pausing import game_pause, game_resume
from .submit import SubmitResult, action_submit, request_hash, seat_of
from .take_back import TAKE_BACK_BLOCKING_EVENTS, action_take_back, check_not_sealed
from .turns import play_system_turn, stand_in_turn, turn_begin, turn_start
from .walk import walk_to

__all__ = [
    "MAX_SEATS",
    "TAKE_BACK_BLOCKING_EVENTS",
    "SubmitResult",
    "action_submit",
    "action_take_back",
    "add_bot",
    "check_not_sealed",
    "create_with_bots",
    "due_reminders",
    "enforce_deadlines",
    "expire_deadline",
    "game_create",
    "game_create_seated",
    "game_join",
    "game_leave",
    "game_pause",
    "game_rematch",
    "game_resign",
    "game_resume",
    "give_up_notification",
    "notify_finished",
    "overdue_games",
    "play_step",
    "play_system_turn",
    "request_hash",
    "schedule_bot",
    "seat_of",
    "send_daily_digests",
    "send_notification",
    "send_reminders",
    "stand_in_turn",
    "suggestion",
    "sweep_notifications",
    "turn_begin",
    "turn_start",
    "walk_to",
]
