"""Turns without the player: starting them, and playing them for a seat (skipped, or by the stand-in bot).

Everything here acts through ``action_submit`` with a system actor, so the log records it like any
other step, and idempotency keys named after the game's turn make every step happen once.
"""

from __future__ import annotations

import logging
import random

from django.db import transaction

from games import notifications, queue
from games.bots import Bot, bot_action
from games.errors import GameServiceError, StaleVersion
from games.models import Game, Notification, Seat
from games.persistence import load_state
from games.titles import title_of

from .bot_memory import keep, remembering
from .mails import deliver_on_commit
from .submit import SubmitResult, action_submit
from .villains import is_villains_turn, villains_turn

log = logging.getLogger(__name__)

MAX_SYSTEM_STEPS = 80          # a bot or skipped turn never takes more steps than this


def turn_begin(*, game: Game, turn: int) -> SubmitResult | None:
    """The start-of-turn work for ``turn`` (Unwetter, camel, secret-path retry ...), applied once.

    The idempotency key names the turn, so running it again — a retried task, two workers —
    returns the first result and rolls nothing twice.
    """
    game.refresh_from_db()
    if game.turn_number != turn:
        return None
    action = title_of(game).turn_begin_action(load_state(game))
    if action is None:
        return None
    return action_submit(
        game=game,
        user=None,
        action=action.to_json(),
        expected_version=game.version,
        idempotency_key=f"begin-turn:{turn}",
        seat_index=game.current_seat,
    )


def turn_start(*, game_id: int, turn: int) -> None:
    """Resolve the start-of-turn rolls of ``turn`` once, then tell the player, or let a bot play.

    A stale version is raised for the task to retry; any other refusal means there is nothing to do."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return
    villains = is_villains_turn(game)  # a co-op game's villains' seat has no turn start of a hero's kind
    try:
        if villains:
            # The automatic Diener march now (issue 18); a person's or a bot's villain turn goes on below.
            if villains_turn(game=game, turn=turn) is not None:
                return
        else:
            turn_begin(game=game, turn=turn)
    except StaleVersion:
        raise
    except GameServiceError as exc:
        log.info("the start of turn %s of game %s not applied: %s", turn, game_id, exc)
        return
    game.refresh_from_db()
    if game.turn_number != turn or game.status != Game.Status.RUNNING:
        return
    seat = game.seats.select_related("user").get(index=game.current_seat)
    if seat.user_id is None and not seat.is_bot:
        return  # the automatic villains' seat: nobody to tell
    if seat.is_bot and seat.user_id is None:
        return  # a bot seat from the lobby moves step by step: services.bot_seats.schedule_bot, bot_move
    if seat.is_bot or seat.dropped:
        queue.send("games.tasks.bot_play", game_id, turn)
        return
    with transaction.atomic():
        row = notifications.notify(user=seat.user, game=game, turn=turn, kind=Notification.Kind.YOUR_TURN)
        deliver_on_commit([row])


def stand_in_turn(*, game_id: int, turn: int) -> int:
    """The whole turn ``turn`` of a seat whose player is not there: a bot seat's, or a dropped one's."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.turn_number != turn:
        return 0
    seat = game.seats.get(index=game.current_seat)
    # The stand-in for overdue bot seats and dropped seats is the normal bot, so such games finish.
    policy = "bot" if seat.is_bot or seat.dropped else "skip"
    return play_system_turn(game=game, seat_index=seat.index, turn=turn, reason="bot", policy=policy)


def play_system_turn(*, game: Game, seat_index: int, turn: int, reason: str, policy: str) -> int:
    """Play ``seat_index``'s turn ``turn`` to its end: 'skip' (begin and end it) or 'bot'.

    Returns the number of steps applied. Each step's idempotency key names the turn and step, so a
    repeated run continues where the last one stopped and applies nothing twice.
    """
    title = title_of(game)
    content = title.content()
    rng = random.Random(f"{game.pk}:{turn}:{seat_index}")
    steps = 0
    while steps < MAX_SYSTEM_STEPS:
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING or game.turn_number != turn:
            break
        state = load_state(game)
        seat = title.acting_seat(state)
        if seat != seat_index and state.current != seat_index:
            break
        legal = title.legal_actions(content, state, seat)
        if not legal:
            break
        bot = None
        if policy == "bot" or state.pending:
            # The stand-in is the normal bot; it sees only this seat's view (games.bots) and keeps what it
            # learnt in the seat's earlier stand-in steps (services.bot_memory).
            bot = remembering(Bot(Seat.STAND_IN_LEVEL, f"{rng.random()}:{game.version}"), game=game, seat_index=seat)
            action = bot_action(content, state, seat, bot)
        else:
            action = title.skip_action(legal)
        result = action_submit(game=game, user=None, action=action.to_json(), expected_version=game.version,
                               idempotency_key=f"{reason}:{turn}:{game.version}", seat_index=seat)
        if bot is not None and not result.replayed:
            keep(bot, game=game, seat_index=seat)
        steps += 1
    return steps
