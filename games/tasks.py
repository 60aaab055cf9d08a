"""Celery tasks: thin entry points that take ids, load, and call one service."""

from __future__ import annotations

import logging

from celery import shared_task

from .errors import GameServiceError, StaleVersion
from .models import Game

log = logging.getLogger(__name__)


@shared_task(bind=True, acks_late=True, max_retries=5, autoretry_for=(StaleVersion,),
             retry_backoff=True, retry_jitter=True)
def begin_turn(self, game_id: int, turn: int) -> None:
    """Resolve the start-of-turn rolls of ``turn`` once; a second run finds it begun and does nothing."""
    from .services import turn_begin

    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return
    try:
        turn_begin(game=game, turn=turn)
    except StaleVersion:
        raise
    except GameServiceError as exc:
        log.info("begin_turn(%s, %s) not applied: %s", game_id, turn, exc.message)
