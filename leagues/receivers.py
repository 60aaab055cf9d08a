"""Reacting to games without games importing leagues: the finished-game signal and the view grant."""

from __future__ import annotations

from django.dispatch import receiver

from games import queue
from games import selectors as game_selectors
from games.signals import game_finished

from . import selectors


@receiver(game_finished, dispatch_uid="leagues.record_result")
def _on_game_finished(sender, game_id: int, **kwargs) -> None:
    queue.send("leagues.tasks.record_result", game_id)


if selectors.club_may_view not in game_selectors.VIEW_GRANTS:
    game_selectors.VIEW_GRANTS.append(selectors.club_may_view)
