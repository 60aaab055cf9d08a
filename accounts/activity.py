"""Whether a player is on the site right now: a time stamp per user in the shared cache.

Every request of a signed-in user touches it, the game page's poll included (an open game page polls
every few seconds), so "on the site" means "a page of the site is open". The stamp lives in the
cache, not the database: touching it costs no query, and losing it only means a mail that was not
needed (the player counts as away). The stamp is rewritten at most once per ``TOUCH_SECONDS``.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, cache, caches

from apibase.kept import Kept

KEY = "hw:active:{}"
TOUCH_SECONDS = 30
#: How long the stamp is kept: long enough to tell "came back since the last mail" for weeks.
KEEP_SECONDS = 60 * 60 * 24 * 30


def active_seconds() -> int:
    """A player seen within this many seconds is on the site (setting ``USER_ACTIVE_SECONDS``)."""
    return int(getattr(settings, "USER_ACTIVE_SECONDS", 300))


# User id -> (the cache backend, the stamp this process last read or wrote there): a dict of a few
# thousand small tuples. The backend object is part of the entry, so a test's fresh cache starts empty.
_TOUCHED = Kept(10_000)


def touch(user_id: int, now: float | None = None) -> None:
    """Mark the user as on the site now. The process remembers the stamp it last read or wrote per user:
    within TOUCH_SECONDS of it the stamp is known to be fresh enough and the cache is not asked (issue 17,
    ninth wave: a round trip off every signed-in request, the unchanged poll's included). Beyond it, as
    before: read, and rewrite when older than TOUCH_SECONDS."""
    now = time.time() if now is None else now
    backend = caches[DEFAULT_CACHE_ALIAS]
    known = _TOUCHED.get(user_id)
    if known is not None and known[0] is backend and 0 <= now - known[1] < TOUCH_SECONDS:
        return
    key = KEY.format(user_id)
    seen = cache.get(key)
    if seen is None or now - seen >= TOUCH_SECONDS:
        cache.set(key, now, timeout=KEEP_SECONDS)
        seen = now
    _TOUCHED.put(user_id, (backend, seen))


def last_seen(user_id: int) -> float | None:
    """When the user was last on the site (epoch seconds), or None when unknown."""
    return cache.get(KEY.format(user_id))


def is_on_site(user_id: int, now: float | None = None) -> bool:
    seen = last_seen(user_id)
    now = time.time() if now is None else now
    # A stamp is rewritten only every TOUCH_SECONDS, so it may be that much older than the last request.
    return seen is not None and now - seen < active_seconds()
