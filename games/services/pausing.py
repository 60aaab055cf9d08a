"""Pausing a game: its creator stops the turn clock, and starts it again with the time that was left."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games.errors import NotAllowed
from games.models import Game


def game_pause(*, game: Game, user) -> None:
    if game.creator_id != user.pk:
        raise NotAllowed("pause_by_creator_only")
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.paused:
            return
        remaining = (game.turn_deadline_at - timezone.now()) if game.turn_deadline_at else None
        game.paused = True
        game.paused_remaining = max(remaining, timedelta(0)) if remaining is not None else None
        game.save(update_fields=["paused", "paused_remaining"])


def game_resume(*, game: Game, user) -> None:
    if game.creator_id != user.pk:
        raise NotAllowed("resume_by_creator_only")
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if not game.paused:
            return
        game.paused = False
        if game.paused_remaining is not None:
            game.turn_deadline_at = timezone.now() + max(game.paused_remaining, timedelta(hours=1))
        game.paused_remaining = None
        game.save(update_fields=["paused", "paused_remaining", "turn_deadline_at"])
