"""Bots on the site: bot seats in the lobby, bot moves as Celery tasks, and suggestions.

The players themselves live in ``games.bots`` (pure Python, no Django); this is the site's side.

A bot move goes through ``services.action_submit`` like a person's, for the bot's seat, with an
idempotency key naming the game version it answers — a repeated task applies nothing twice.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games import services
from games.engine import Phase, legal_actions, view
from games.engine.content import load_content
from games.engine.playout import acting_seat
from games.errors import InvalidRequest, NotAllowed, StaleVersion
from games.models import Game, Seat
from games.persistence import load_state

from .bots import Bot

SITE_LEVELS = ("easy", "normal", "strong")
LEVEL_NAMES = {"easy": _("easy"), "normal": _("normal"), "strong": _("strong")}
STAND_IN_LEVEL = "normal"


def seat_name(seat: Seat) -> str:
    """How a seat is labelled on the pages: the player's name, a bot with its level, or empty."""
    if seat.is_bot and seat.user is None:
        return _("Bot (%(level)s)") % {"level": LEVEL_NAMES.get(seat.bot_level or STAND_IN_LEVEL, seat.bot_level)}
    name = seat.user.public_name if seat.user else _("(empty seat)")
    return _("%(name)s (bot stands in)") % {"name": name} if seat.is_bot else name


def is_rated(game: Game) -> bool:
    """Rated and league games never give suggestions."""
    options = game.options or {}
    return bool(options.get("rated") or options.get("league"))


def add_bot(*, game: Game, user, level: str = STAND_IN_LEVEL) -> Seat:
    """The creator puts a bot of ``level`` on the next empty seat of an open game."""
    if level not in SITE_LEVELS:
        raise InvalidRequest(f"A bot plays at level {', '.join(SITE_LEVELS)}, not {level!r}.")
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.creator_id != getattr(user, "pk", None):
            raise NotAllowed("Only the creator of a game adds bots.")
        if game.status != Game.Status.OPEN:
            raise NotAllowed("Bots join before the game starts.")
        taken = game.seats.count()
        if taken >= game.seat_count:
            raise NotAllowed("All seats of this game are taken.")
        seat = Seat.objects.create(game=game, index=taken, user=None, is_bot=True, bot_level=level)
        if taken + 1 == game.seat_count:
            services._start(game)
            game_id = game.pk
            transaction.on_commit(lambda: schedule(game_id))
    return seat


def create_with_bots(*, creator, bots: int, bot_level: str, **options: Any) -> Game:
    """The lobby form: a game whose seats after the creator's first ``bots`` go to bots."""
    seat_count = options.get("seat_count", 1)
    if not 0 <= bots < seat_count:
        raise InvalidRequest("Bots may take any seat but the creator's.")
    game = services.game_create(creator=creator, **options)
    for _seat in range(bots):
        add_bot(game=game, user=creator, level=bot_level)
    return game


def bot_seat(game: Game) -> tuple[Seat, Any] | None:
    """The bot seat that must act now, with the state, or None (a person's move, or game over)."""
    if game.status not in (Game.Status.SETUP, Game.Status.RUNNING) or game.paused:
        return None
    state = load_state(game)
    if state.phase == Phase.PLAY and not state.turn_state.begun:
        return None  # the turn start belongs to tasks.begin_turn; its commit schedules the bot
    seat = game.seats.filter(index=acting_seat(state)).first()
    if seat is None or not seat.is_bot:
        return None  # people are not moved here
    if seat.user_id is not None and not state.phase.is_setup:
        return None  # in play, a stand-in for a person takes whole turns (tasks.bot_play)
    return seat, state


def schedule(game_id: int) -> None:
    """After a commit: if a bot is to move, queue its move after the configured pause."""
    from games import tasks

    game = Game.objects.filter(pk=game_id).first()
    if game is None or bot_seat(game) is None:
        return
    pause = getattr(settings, "BOT_STEP_PAUSE_SECONDS", 1.0)
    if pause:
        tasks.bot_move.apply_async((game_id, game.version), countdown=pause)
    else:
        tasks.bot_move.delay(game_id, game.version)


def play_step(*, game_id: int, version: int) -> bool:
    """One bot action for the game at ``version``; False when there was nothing to do."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.version != version:
        return False
    found = bot_seat(game)
    if found is None:
        return False
    seat, state = found
    content = load_content()
    bot = Bot(seat.bot_level or STAND_IN_LEVEL, f"{game.seed}:{seat.index}:{version}")
    legal = legal_actions(content, state, seat.index)
    if not legal:
        return False
    action = bot.choose(content, view(content, state, seat.index), legal)
    try:
        services.action_submit(game=game, user=None, action=action.to_json(), expected_version=version,
                               idempotency_key=f"bot:{version}", seat_index=seat.index)
    except StaleVersion:
        return False
    return True


def suggestion(*, game: Game, user) -> dict[str, Any]:
    """What the normal bot would do in the user's seat now (unrated games only)."""
    if is_rated(game):
        raise NotAllowed("Rated and league games give no suggestions.")
    seat = services.seat_of(game, user)
    state = load_state(game)
    content = load_content()
    legal = legal_actions(content, state, seat.index)
    if not legal:
        raise NotAllowed("It is not your move.")
    bot = Bot(STAND_IN_LEVEL, f"{game.seed}:suggest:{seat.index}:{game.version}")
    action = bot.choose(content, view(content, state, seat.index), legal)
    return {"action": action.to_json(), "version": game.version, "goal": bot.goal.name if bot.goal else None}
