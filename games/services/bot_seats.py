"""Which bot seat moves next, and queueing its move.

Kept apart from ``services.bots`` (which plays the move through ``action_submit``) because the
submit itself asks this module after every step, and the two must not import each other.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.conf import settings
from django.db import connections

from games import queue, variants
from games.models import Game, Seat
from games.persistence import load_state
from games.titles import title_of

SITE_LEVELS = ("easy", "normal", "strong")


def _acting_seat_index(game: Game, state: Any) -> int | None:
    """The seat whose move a bot could make in ``state``, or None (the turn start comes first)."""
    acting: int = title_of(game).acting_seat(state)
    if state.phase == "play" and not state.turn_state.begun and acting != variants.villain_seat(game):
        # The turn start belongs to tasks.begin_turn; its commit schedules the bot. (A co-op game's
        # villains' seat has no turn start: a bot there moves from the turn's first step.)
        return None
    return acting


def _open_to_moves(status: str, paused: bool) -> bool:
    """Whether a game in this status and pause takes a move at all."""
    return status in (Game.Status.SETUP, Game.Status.RUNNING) and not paused


def _moves_here(is_bot: bool, user_id: int | None, state: Any) -> bool:
    """Whether the acting seat's move is queued here: a bot's, but in play not a stand-in's for a person
    (that one takes whole turns, tasks.bot_play); people are not moved here."""
    return is_bot and (user_id is None or state.phase.startswith("setup"))


def bot_seat(game: Game) -> tuple[Seat, Any] | None:
    """The bot seat that must act now, with the state, or None (a person's move, or game over)."""
    if not _open_to_moves(game.status, game.paused):
        return None
    state = load_state(game)
    acting = _acting_seat_index(game, state)
    if acting is None:
        return None
    seat = game.seats.filter(index=acting).first()
    if seat is None or not _moves_here(seat.is_bot, seat.user_id, state):
        return None
    return seat, state


def schedule_bot(game_id: int) -> None:
    """After a commit: if a bot is to move, queue its move after the configured pause."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or bot_seat(game) is None:
        return
    _queue_move(game_id, game.version)


def schedule_bot_after_step(game: Game, version: int, state: Any) -> None:
    """After the commit of the step that made ``version`` with ``state`` (``game``: the row it locked):
    as ``schedule_bot``, but the state is the one the step produced, not read again, and the game's
    status, pause and version and the acting seat's flags are read fresh in one query (a seat handed
    to a bot or a pause since the lock counts, as in ``schedule_bot``). When the game moved on since
    the commit, ``schedule_bot`` decides from the newer state."""
    acting = _acting_seat_index(game, state)
    if acting is None:
        return
    fresh = _fresh_seat(game.pk, acting)
    if fresh is None or fresh[2] != version:
        schedule_bot(game.pk)
        return
    is_bot, user_id, _, status, paused = fresh
    if not _open_to_moves(status, paused) or not _moves_here(bool(is_bot), user_id, state):
        return
    _queue_move(game.pk, version)


def _fresh_seat(game_id: int, index: int) -> tuple[Any, ...] | None:
    """The seat's ``is_bot`` and ``user_id`` with its game's version, status and pause, read now in one
    query. Written as SQL once per database because the ORM spent ~1,000 Python calls building this
    query after every step; the row is read fresh all the same (a seat handed to a bot since the lock
    must count). (game, index) is unique, so there is at most one row."""
    alias = Seat.objects.db
    with connections[alias].cursor() as cursor:
        cursor.execute(_fresh_seat_sql(alias), [game_id, index])
        row = cursor.fetchone()
    if row is None:
        return None
    is_bot, user_id, version, status, paused = row
    return bool(is_bot), user_id, version, status, bool(paused)


@lru_cache(maxsize=8)
def _fresh_seat_sql(alias: str) -> str:
    """``_fresh_seat``'s query for the database ``alias``, its names quoted as the ORM would."""
    quote = connections[alias].ops.quote_name
    seat, game = Seat._meta, Game._meta

    def column(meta: Any, name: str) -> str:
        return f"{quote(meta.db_table)}.{quote(meta.get_field(name).column)}"

    return (f"SELECT {column(seat, 'is_bot')}, {column(seat, 'user')}, {column(game, 'version')}, "
            f"{column(game, 'status')}, {column(game, 'paused')} "
            f"FROM {quote(seat.db_table)} INNER JOIN {quote(game.db_table)} "
            f"ON {column(seat, 'game')} = {column(game, 'id')} "
            f"WHERE {column(seat, 'game')} = %s AND {column(seat, 'index')} = %s")


def _queue_move(game_id: int, version: int) -> None:
    queue.send("games.tasks.bot_move", game_id, version, countdown=getattr(settings, "BOT_STEP_PAUSE_SECONDS", 1.0))
