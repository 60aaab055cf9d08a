"""The per-game stamp the game page's 5-second poll compares (the view is games/views_poll.py).

The page sends the stamp it was rendered with (``version-status-seats``, the same string as the
page's own). When the cache holds the same stamp, nothing changed: 204 (286, htmx's "stop polling",
once the game is over) without a database query — the session comes from the cache
(``cached_db``) and the user is not loaded: a signed-in session is enough to learn "nothing new"
about a stamp one already has. Otherwise (changed, unknown or not in the cache) the full poll view
answers with its access check and the fresh partial, and the stamp is put into the cache.

Writers keep the stamp current: ``action_submit`` drops the stamp at once and publishes the new one
after its commit; any other save of a game or change of its seats drops it (at once and after the
commit), and the next poll fills it in again.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import Count
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from .models import Game, Seat

STAMP_SECONDS = 3600
# The stamp of the game the page's poll view just read, for games.views_poll to file without a query.
# A ContextVar rather than an attribute on the response: one request's value, set and read inside it
# (views_poll resets it around the view, so a stamp never outlives its request).
SERVED_STAMP: ContextVar[str | None] = ContextVar("served_stamp", default=None)
OVER = (Game.Status.FINISHED, Game.Status.ABANDONED)


def stamp_key(game_id: int) -> str:
    return f"game:{game_id}:stamp"


def stamp(version: int, status: str, seats: int) -> str:
    """What the page and the poll compare: the version, the status and how many seats are taken."""
    return f"{version}-{status}-{seats}"


def publish(game_id: int, value: str) -> None:
    cache.set(stamp_key(game_id), value, STAMP_SECONDS)


def fill(game_id: int, value: str) -> None:
    """Put the stamp read from the database into the cache, never over a fresher one published meanwhile."""
    cache.add(stamp_key(game_id), value, STAMP_SECONDS)


def forget(game_id: int) -> None:
    cache.delete(stamp_key(game_id))


def current_from_db(game_id: int) -> str | None:
    row = (Game.objects.filter(pk=game_id).annotate(taken=Count("seats"))
           .values_list("version", "status", "taken").first())
    return stamp(*row) if row else None


@receiver(post_save, sender=Game)
@receiver(post_save, sender=Seat)
@receiver(post_delete, sender=Seat)
def _changed(sender: type[Game | Seat], instance: Game | Seat, **kwargs: Any) -> None:
    game_id = instance.pk if isinstance(instance, Game) else instance.game_id
    forget(game_id)  # now, and again after the commit: a poll in between may have put the old stamp back
    transaction.on_commit(lambda: forget(game_id))
