"""The game page's 5-second poll, answered from the per-game stamp in the shared cache (games/poll.py).

When the cache holds the stamp the page sent, nothing changed: 204 (286, htmx's "stop polling", once
the game is over) without a database query and without loading the user. Otherwise the page's own
poll view answers with its access check and the fresh partial, and the stamp is put into the cache.
"""

from __future__ import annotations

from importlib import import_module
from typing import cast

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseStopPolling

from accounts.middleware import activate_preferences, touch_activity, touch_user

from . import views
from .poll import OVER, SERVED_STAMP, current_from_db, fill, stamp_key

_SESSION_STORE = import_module(settings.SESSION_ENGINE).SessionStore


def _unchanged(request: HttpRequest, game_id: int, sent: str) -> bool:
    """Whether a signed-in session sent the stamp the cache holds: with cached sessions in the same
    cache, one round trip fetches both (the session is not loaded through the middleware). The user the
    session names is marked as on the site (the middleware leaves that to this view)."""
    key = request.COOKIES.get(settings.SESSION_COOKIE_NAME) or ""
    prefix = getattr(_SESSION_STORE, "cache_key_prefix", None)
    if prefix and len(key) >= 8 and settings.SESSION_CACHE_ALIAS == "default":
        found = cache.get_many([prefix + key, stamp_key(game_id)])
        session = found.get(prefix + key)
        if session is not None:
            user_id = session.get(SESSION_KEY)
            touch_user(user_id)
            unchanged = user_id is not None and found.get(stamp_key(game_id)) == sent
            store = getattr(request, "session", None)
            if not unchanged and isinstance(store, _SESSION_STORE) and store.session_key == key:
                # The full view reads the session next: hand it the data this round trip brought, as
                # SessionBase would keep it after its own load from the cache (a round trip less, issue 17).
                store._session_cache = session
            return unchanged
    touch_activity(request)
    return request.session.get(SESSION_KEY) is not None and cache.get(stamp_key(game_id)) == sent


@never_cache
@require_GET
def game_poll(request: HttpRequest, game_id: int) -> HttpResponse:
    sent = request.GET.get("stamp")
    if not sent:
        touch_activity(request)
    elif _unchanged(request, game_id, sent):
        if sent.split("-")[1] in OVER:
            return HttpResponseStopPolling()
        return HttpResponse(status=204)
    activate_preferences(request)
    served = SERVED_STAMP.set(None)
    try:
        # login_required in front of the view makes the request a signed-in one before the view sees it.
        response: HttpResponse = views.game_poll(cast(views.GameRequest, request), game_id)
        stamp = SERVED_STAMP.get()
    finally:
        SERVED_STAMP.reset(served)
    if response.status_code in (200, 204, 286):
        # The stamp of the game the view read (no query more); a view that did not say: from the database.
        value = stamp or current_from_db(game_id)
        if value is not None:
            fill(game_id, value)
    return response
