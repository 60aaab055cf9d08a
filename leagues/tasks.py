"""Celery tasks of the leagues: thin, take ids, call one service each, safe to run twice.

The services queue them by name (``games.queue``); the beat schedule names ``advance_seasons``."""

from __future__ import annotations

from celery import shared_task
from django.db import IntegrityError

from games.errors import StaleVersion

from . import services

RETRY = {"autoretry_for": (StaleVersion, IntegrityError), "retry_backoff": True, "retry_jitter": True, "max_retries": 6}


@shared_task(acks_late=True, **RETRY)
def record_result(game_id: int) -> bool:
    return services.record_result(game_id=game_id)


@shared_task(acks_late=True)
def advance_seasons() -> int:
    """Periodic: start seasons and fixed-date rounds whose time has come."""
    return services.advance_seasons()


@shared_task(acks_late=True)
def mail_round(season_id: int, round_id: int) -> int:
    return services.round_mail(season_id=season_id, round_id=round_id)


@shared_task(acks_late=True)
def mail_season_finished(season_id: int) -> int:
    return services.season_finished_mail(season_id=season_id)
