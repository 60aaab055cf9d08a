"""The game page's 5-second poll, answered from the per-game stamp in the shared cache (games/poll.py).

When the cache holds the stamp the page sent, nothing changed: 204 (286, htmx's "stop polling", once
the game is over) without a database query and without loading the user. Otherwise the page's own
poll view answers with its access check and the fresh partial, and the stamp is put into the cache.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from importlib import import_module
from typing import Any, NamedTuple, cast

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.http import http_date
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseStopPolling

from accounts.middleware import activate_preferences, touch_activity, touch_user

from . import views
from .poll import OVER, SERVED_STAMP, current_from_db, fill, stamp_key

_SESSION_STORE = import_module(settings.SESSION_ENGINE).SessionStore
_POLL_PATH = re.compile(r"^/games/(\d+)/poll/$")


class _Found(NamedTuple):
    """What one cache round trip brought for a poll: the session's data (None: not in the cache) and the stamp."""

    session: dict[str, Any] | None
    stamp: str | None


def _from_cache(request: HttpRequest, game_id: int) -> _Found | None:
    """With cached sessions in the same cache, one round trip fetches the session the cookie names and the
    game's stamp (the session is not loaded through the middleware). None: the sessions are not kept there."""
    key = request.COOKIES.get(settings.SESSION_COOKIE_NAME) or ""
    prefix = getattr(_SESSION_STORE, "cache_key_prefix", None)
    if not (prefix and len(key) >= 8 and settings.SESSION_CACHE_ALIAS == "default"):
        return None
    found = cache.get_many([prefix + key, stamp_key(game_id)])
    return _Found(found.get(prefix + key), found.get(stamp_key(game_id)))


def _unchanged(request: HttpRequest, game_id: int, sent: str) -> bool:
    """Whether a signed-in session sent the stamp the cache holds. The user the session names is marked as
    on the site (the middleware leaves that to this view)."""
    found = getattr(request, "_poll_found", None) or _from_cache(request, game_id)
    if found is not None and found.session is not None:
        touch_user(found.session.get(SESSION_KEY))
        unchanged = _unchanged_found(found, sent)
        store = getattr(request, "session", None)
        if not unchanged and isinstance(store, _SESSION_STORE) and store.session_key == request.COOKIES.get(
                settings.SESSION_COOKIE_NAME):
            # The full view reads the session next: hand it the data this round trip brought, as
            # SessionBase would keep it after its own load from the cache (a round trip less, issue 17).
            store._session_cache = found.session
        return unchanged
    touch_activity(request)
    return request.session.get(SESSION_KEY) is not None and cache.get(stamp_key(game_id)) == sent


class UnchangedPollMiddleware:
    """The unchanged poll answered in front of every other middleware (issue 17): the same decision as
    ``game_poll`` makes — a signed-in session from the cache and the stamp it sent still current — without
    the session, locale, CSRF, authentication, message and header middleware around it (three quarters of
    the Python an unchanged poll ran). The answer carries the headers the whole stack gave the first
    unchanged poll this process answered that way (security headers, the CSP, no caching), with a fresh
    ``Expires``; ``Content-Language`` is left off (the answer has no content). Anything else — another
    path, no stamp, a session not in the cache, a changed stamp — goes on through the stack with what the
    round trip brought, so the view asks the cache no second time."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self._headers: tuple[object, dict[str, str]] | None = None   # (the settings they follow from, headers)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        match = _POLL_PATH.match(request.path_info) if request.method == "GET" else None
        sent = request.GET.get("stamp") if match else None
        kept = self._headers
        if not sent or (settings.SECURE_SSL_REDIRECT and not request.is_secure()):
            return self.get_response(request)
        game_id = int(match[1])  # type: ignore[index]  # sent is only set where the path matched
        found = _from_cache(request, game_id)
        if found is None:
            return self.get_response(request)
        unchanged = _unchanged_found(found, sent)
        if kept is None or kept[0] is not getattr(settings, "_wrapped", None) or not unchanged:
            request._poll_found = found  # type: ignore[attr-defined]  # for _unchanged in the view
            response = self.get_response(request)
            if unchanged and response.status_code == 204 and not response.cookies:
                # The stack's own answer to an unchanged poll: its headers are the ones to give.
                self._headers = (getattr(settings, "_wrapped", None), _template_headers(response))
            return response
        touch_user(found.session.get(SESSION_KEY) if found.session is not None else None)
        response = _nothing_new(sent)
        for name, value in kept[1].items():
            response.headers[name] = value
        response.headers["Expires"] = http_date(time.time())  # now, as never_cache gives it
        return response


def _nothing_new(sent: str) -> HttpResponse:
    """The answer to a poll whose stamp is current: 204, or htmx's "stop polling" (286) once the game is over."""
    return HttpResponseStopPolling() if sent.split("-")[1] in OVER else HttpResponse(status=204)


def _unchanged_found(found: _Found, sent: str) -> bool:
    """Whether the round trip found a session that names a user and the very stamp the poll sent."""
    return found.session is not None and found.session.get(SESSION_KEY) is not None and found.stamp == sent


def _template_headers(response: HttpResponse) -> dict[str, str]:
    return {name: value for name, value in response.headers.items()
            if name not in ("Expires", "Content-Language", "Content-Type", "Server-Timing")}


@never_cache
@require_GET
def game_poll(request: HttpRequest, game_id: int) -> HttpResponse:
    sent = request.GET.get("stamp")
    if not sent:
        touch_activity(request)
    elif _unchanged(request, game_id, sent):
        return _nothing_new(sent)
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
