"""Bots on the site: bot seats in the lobby, one bot move at a time, and suggestions.

The players themselves live in ``games.bots`` (pure Python, no Django); this is the site's side.
Which bot moves next, and queueing that move, is ``services.bot_seats``.

A bot move goes through ``services.action_submit`` like a person's, for the bot's seat, with an
idempotency key naming the game version it answers — a repeated task applies nothing twice.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.bots import Bot
from games.errors import InvalidRequest, NotAllowed, StaleVersion
from games.models import Game, Seat
from games.persistence import load_state
from games.selectors import log_tail_extend
from games.titles import title_of

from .bot_memory import keep, remembering
from .bot_seats import SITE_LEVELS, bot_seat, schedule_bot
from .lobby import game_create, start
from .submit import action_submit, seat_of


def is_rated(game: Game) -> bool:
    """Rated and league games never give suggestions."""
    options = game.options or {}
    return bool(options.get("rated") or options.get("league"))


def add_bot(*, game: Game, user, level: str = Seat.STAND_IN_LEVEL) -> Seat:
    """The creator puts a bot of ``level`` on the next empty seat of an open game."""
    if level not in SITE_LEVELS:
        raise InvalidRequest("bot_level_unknown", levels=", ".join(SITE_LEVELS), reason=f"not {level!r}")
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.creator_id != getattr(user, "pk", None):
            raise NotAllowed("bots_by_creator_only")
        if game.status != Game.Status.OPEN:
            raise NotAllowed("bots_before_start")
        taken = game.seats.count()
        if taken >= game.seat_count:
            raise NotAllowed("seats_taken")
        seat = Seat.objects.create(game=game, index=taken, user=None, is_bot=True, bot_level=level)
        if taken + 1 == game.seat_count:
            start(game)
            game_id = game.pk
            transaction.on_commit(lambda: schedule_bot(game_id))
    return seat


def create_with_bots(*, creator, bots: int, bot_level: str, **options: Any) -> Game:
    """The lobby form: a game whose seats after the creator's first ``bots`` go to bots."""
    seat_count = options.get("seat_count", 1)
    if not 0 <= bots < seat_count:
        raise InvalidRequest("bot_seat_of_creator")
    game = game_create(creator=creator, **options)
    for _seat in range(bots):
        add_bot(game=game, user=creator, level=bot_level)
    return game


def play_step(*, game_id: int, version: int) -> bool:
    """One bot action for the game at ``version``; False when there was nothing to do."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.version != version:
        return False
    found = bot_seat(game)
    if found is None:
        return False
    seat, state = found
    title = title_of(game)
    content = title.content()
    bot = Bot(seat.bot_level or Seat.STAND_IN_LEVEL, f"{game.seed}:{seat.index}:{version}")
    legal = title.legal_actions(content, state, seat.index)
    if not legal:
        return False
    bot = remembering(bot, game=game, seat_index=seat.index)
    action = bot.choose(content, title.view(content, state, seat.index), legal)
    try:
        result = action_submit(game=game, user=None, action=action.to_json(), expected_version=version,
                               idempotency_key=f"bot:{version}", seat_index=seat.index)
    except StaleVersion:
        return False
    if not result.replayed:
        keep(bot, game=game, seat_index=seat.index)
        # The step's row goes onto the cached tail of the log, as a person's step through the page or
        # the API does: the version's first reader then reads no log row (issue 17).
        log_tail_extend(game=game, version=version, rows=[result.action])
    return True


def suggestion(*, game: Game, user) -> dict[str, Any]:
    """What the normal bot would do in the user's seat now (unrated games only)."""
    if is_rated(game):
        raise NotAllowed("no_suggestions_in_rated_games")
    seat = seat_of(game, user)
    state = load_state(game)
    title = title_of(game)
    content = title.content()
    legal = title.legal_actions(content, state, seat.index)
    if not legal:
        raise NotAllowed("not_your_move")
    bot = Bot(Seat.STAND_IN_LEVEL, f"{game.seed}:suggest:{seat.index}:{game.version}")
    action = bot.choose(content, title.view(content, state, seat.index), legal)
    return {"action": action.to_json(), "version": game.version, "goal": bot.goal.name if bot.goal else None}
