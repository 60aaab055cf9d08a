"""Receivers of games.signals (sent after the commit): they only enqueue talk's tasks, never block a turn."""

from __future__ import annotations

from django.dispatch import receiver

from games import queue, signals


@receiver(signals.turn_passed, dispatch_uid="talk.turn_passed")
def on_turn_passed(sender, game_id: int, turn: int, seat: int, **kwargs) -> None:
    # A broker problem must not reach the player who just moved: try_send logs it.
    queue.try_send("talk.tasks.webhooks_for_event", game_id, f"turn:{turn}:{seat}",
                   {"type": "turn", "turn": turn, "seat": seat})


@receiver(signals.game_finished, dispatch_uid="talk.game_finished")
def on_game_finished(sender, game_id: int, **kwargs) -> None:
    queue.try_send("talk.tasks.webhooks_for_event", game_id, "finished", {"type": "finished"})


@receiver(signals.notification_recorded, dispatch_uid="talk.notification_recorded")
def on_notification_recorded(sender, notification_id: int, **kwargs) -> None:
    queue.try_send("talk.tasks.push_for_notification", notification_id)
