"""Make each signed-in user's language and time zone the request's."""

from __future__ import annotations

import re
import zoneinfo

from django.contrib.auth import SESSION_KEY
from django.utils import timezone, translation

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
