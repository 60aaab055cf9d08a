"""Celery tasks of the leagues: thin, take ids, safe to run twice."""

from __future__ import annotations

from celery import shared_task
from django.db import IntegrityError

from games.errors import StaleVersion

from . import mails, services
from .models import Round, Season

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
    rnd = Round.objects.select_related("season__club").filter(pk=round_id, season_id=season_id).first()
    return mails.send_round(rnd) if rnd else 0


@shared_task(acks_late=True)
def mail_season_finished(season_id: int) -> int:
    season = Season.objects.select_related("club").filter(pk=season_id).first()
    return mails.send_season_finished(season) if season else 0
