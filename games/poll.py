"""The game page's 5-second poll, answered from a per-game stamp in the shared cache.

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

from importlib import import_module

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.core.cache import cache
from django.db import transaction
from django.db.models import Count
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseStopPolling

from accounts.middleware import activate_preferences

from .models import Game, Seat

STAMP_SECONDS = 3600
_SESSION_STORE = import_module(settings.SESSION_ENGINE).SessionStore
OVER = (Game.Status.FINISHED, Game.Status.ABANDONED)


def _key(game_id: int) -> str:
    return f"game:{game_id}:stamp"


def stamp(version: int, status: str, seats: int) -> str:
    """What the page and the poll compare: the version, the status and how many seats are taken."""
    return f"{version}-{status}-{seats}"


def publish(game_id: int, value: str) -> None:
    cache.set(_key(game_id), value, STAMP_SECONDS)


def forget(game_id: int) -> None:
    cache.delete(_key(game_id))


def current_from_db(game_id: int) -> str | None:
    row = (Game.objects.filter(pk=game_id).annotate(taken=Count("seats"))
           .values_list("version", "status", "taken").first())
    return stamp(*row) if row else None


def _unchanged(request: HttpRequest, game_id: int, sent: str) -> bool:
    """Whether a signed-in session sent the stamp the cache holds: with cached sessions in the same
    cache, one round trip fetches both (the session is not loaded through the middleware)."""
    key = request.COOKIES.get(settings.SESSION_COOKIE_NAME) or ""
    prefix = getattr(_SESSION_STORE, "cache_key_prefix", None)
    if prefix and len(key) >= 8 and settings.SESSION_CACHE_ALIAS == "default":
        found = cache.get_many([prefix + key, _key(game_id)])
        session = found.get(prefix + key)
        if session is not None:
            return SESSION_KEY in session and found.get(_key(game_id)) == sent
    return request.session.get(SESSION_KEY) is not None and cache.get(_key(game_id)) == sent


@never_cache
@require_GET
def game_poll(request: HttpRequest, game_id: int) -> HttpResponse:
    sent = request.GET.get("stamp")
    if sent and _unchanged(request, game_id, sent):
        if sent.split("-")[1] in OVER:
            return HttpResponseStopPolling()
        return HttpResponse(status=204)
    from . import views  # the page's own poll view renders the partial (and checks access)

    activate_preferences(request)
    response = views.game_poll(request, game_id)
    if response.status_code in (200, 204, 286):
        # The stamp of the game the view read (no query more); a view that did not say: from the database.
        value = getattr(response, "game_stamp", None) or current_from_db(game_id)
        if value is not None:
            cache.add(_key(game_id), value, STAMP_SECONDS)  # never over a fresher one published meanwhile
    return response


@receiver(post_save, sender=Game)
@receiver(post_save, sender=Seat)
@receiver(post_delete, sender=Seat)
def _changed(sender, instance, **kwargs) -> None:
    game_id = instance.pk if sender is Game else instance.game_id
    forget(game_id)  # now, and again after the commit: a poll in between may have put the old stamp back
    transaction.on_commit(lambda: forget(game_id))
