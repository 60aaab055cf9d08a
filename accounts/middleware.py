"""Make each signed-in user's language and time zone the request's."""

from __future__ import annotations

import re
import zoneinfo

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.middleware import AuthenticationMiddleware as DjangoAuthenticationMiddleware
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare
from django.utils.functional import SimpleLazyObject

from apibase.prepared import Prepared

from . import activity

# Requests answered without a user (the health check, the game poll's "nothing changed"): loading the
# user here would cost them a database query each. They render nothing in the user's language.
LIGHT_PATHS = re.compile(r"^/(healthz|games/\d+/poll/)$")
# The game poll marks the user as on the site itself, from the session it reads in one round trip with
# the game's stamp (games.views_poll): touching here would read the session from the cache once more.
SELF_TOUCHING_PATHS = re.compile(r"^/games/\d+/poll/$")


class UserPreferencesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not LIGHT_PATHS.match(request.path_info):
            activate_preferences(request)
        if not SELF_TOUCHING_PATHS.match(request.path_info):
            touch_activity(request)
        response = self.get_response(request)
        timezone.deactivate()
        return response


def touch_activity(request) -> None:
    """Mark the signed-in user as on the site (accounts.activity). The session names the user, so a
    light request (the game poll) pays a cached session read but no user query."""
    session = getattr(request, "session", None)
    touch_user(session.get(SESSION_KEY) if session is not None else None)


def touch_user(user_id) -> None:
    """Mark the user the session names (its SESSION_KEY value, None: nobody) as on the site."""
    if user_id is not None:
        try:
            activity.touch(int(user_id))
        except (TypeError, ValueError):
            return


def activate_preferences(request) -> None:
    """The signed-in user's language and time zone for this request (a light view calls it itself
    once it needs the user after all)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        translation.activate(user.language)
        request.LANGUAGE_CODE = translation.get_language()
        try:
            timezone.activate(zoneinfo.ZoneInfo(user.time_zone))
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            timezone.deactivate()


MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def _user_by_pk(user_id: int):
    from .models import User

    return User._default_manager.filter(pk=user_id)


_USER: Prepared | None = None


def session_user(request):
    """``django.contrib.auth.get_user``, its common case without building the user's query each time
    (issue 17: that was about a third of a warm read's remaining Python work). The fast path takes only
    a session of the model backend whose user exists, may sign in (active) and whose session hash
    matches the user's current one — where Django returns that same user; anything else (no session,
    another backend, an unknown or inactive user, a hash to check against the fallback secrets or to
    refuse, with the session's flush) goes to Django's own ``get_user``."""
    global _USER
    session = request.session
    try:
        user_id = int(session[SESSION_KEY])
        backend_path = session[BACKEND_SESSION_KEY]
        session_hash = session[HASH_SESSION_KEY]
    except (KeyError, TypeError, ValueError):
        return get_user(request)
    if backend_path != MODEL_BACKEND or backend_path not in settings.AUTHENTICATION_BACKENDS or not session_hash:
        return get_user(request)
    if _USER is None:
        _USER = Prepared(_user_by_pk)
    rows = _USER(user_id)
    user = rows[0] if len(rows) == 1 else None
    if (user is None or not ModelBackend().user_can_authenticate(user)
            or not constant_time_compare(session_hash, user.get_session_auth_hash())):
        return get_user(request)
    return user


class AuthenticationMiddleware(DjangoAuthenticationMiddleware):
    """Django's, the user loaded through ``session_user``."""

    def process_request(self, request):
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: _cached_user(request))


def _cached_user(request):
    if not hasattr(request, "_cached_user"):
        request._cached_user = session_user(request)
    return request._cached_user
