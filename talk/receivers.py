"""Receivers of games.signals (sent after the commit): they only enqueue talk's tasks, never block a turn."""

from __future__ import annotations

import logging

from django.dispatch import receiver

from games import signals

log = logging.getLogger(__name__)


def _enqueue(task, *args) -> None:
    try:
        task.delay(*args)
    except Exception:  # a broker problem must not reach the player who just moved
        log.exception("could not enqueue %s%r", task.name, args)


@receiver(signals.turn_passed, dispatch_uid="talk.turn_passed")
def on_turn_passed(sender, game_id: int, turn: int, seat: int, **kwargs) -> None:
    from .tasks import webhooks_for_event

    _enqueue(webhooks_for_event, game_id, f"turn:{turn}:{seat}", {"type": "turn", "turn": turn, "seat": seat})


@receiver(signals.game_finished, dispatch_uid="talk.game_finished")
def on_game_finished(sender, game_id: int, **kwargs) -> None:
    from .tasks import webhooks_for_event

    _enqueue(webhooks_for_event, game_id, "finished", {"type": "finished"})


@receiver(signals.notification_recorded, dispatch_uid="talk.notification_recorded")
def on_notification_recorded(sender, notification_id: int, **kwargs) -> None:
    from .tasks import push_for_notification

    _enqueue(push_for_notification, notification_id)
