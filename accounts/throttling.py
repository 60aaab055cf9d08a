"""Throttles of the web log-in, password reset and sign-up, counted in the shared cache.

Each attempt is counted per client address and per name tried (username or e-mail address, in
any case, whether an account exists or not), so that guessing is slow from one address and from
many. When a counter is full the form answers 429 with one message that says nothing about
whether the account exists (ruling R-113). The cache is Redis in production, so every web process
shares the counters; the address comes from DRF's ``get_ident`` (X-Forwarded-For only behind
``NUM_PROXIES`` proxies), like the API's throttles.

Limits: ``settings.WEB_THROTTLES`` = {scope: (attempts, seconds)}.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from rest_framework.throttling import BaseThrottle

DEFAULT_LIMITS = {
    "login_address": (30, 15 * 60),    # failed log-ins per address
    "login_name": (8, 15 * 60),        # failed log-ins per username tried
    "reset_address": (10, 60 * 60),    # reset requests per address
    "reset_name": (3, 60 * 60),        # reset requests per e-mail address
    "signup_address": (10, 60 * 60),   # sign-up attempts per address
    "signup_name": (10, 60 * 60),      # sign-up attempts per username tried
}
MESSAGE = _("Too many attempts. Please wait a few minutes, then try again.")

Key = tuple[str, str]


def client_address(request: HttpRequest) -> str:
    # get_ident reads only META, which a plain HttpRequest has as well as DRF's Request.
    return BaseThrottle().get_ident(request) or "unknown"  # type: ignore[arg-type]


def keys(request: HttpRequest | None, action: str, name: str | None) -> list[Key]:
    """The counters an attempt adds to: its address (when a request is known) and the name it tried."""
    result = [] if request is None else [(f"{action}_address", client_address(request))]
    if name:
        result.append((f"{action}_name", name.strip().casefold()))
    return result


def _limit(scope: str) -> tuple[int, int]:
    return {**DEFAULT_LIMITS, **getattr(settings, "WEB_THROTTLES", {})}[scope]


def _cache_key(scope: str, ident: str) -> str:
    return f"web-throttle:{scope}:{hashlib.sha256(ident.encode()).hexdigest()[:40]}"


def blocked(counted: list[Key]) -> bool:
    """Is any of these counters full?"""
    return any((cache.get(_cache_key(scope, ident)) or 0) >= _limit(scope)[0] for scope, ident in counted)


def count(counted: list[Key]) -> None:
    """One more attempt on each counter; the window starts with the first attempt."""
    for scope, ident in counted:
        key = _cache_key(scope, ident)
        cache.add(key, 0, timeout=_limit(scope)[1])
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=_limit(scope)[1])


def forget(counted: list[Key]) -> None:
    for scope, ident in counted:
        cache.delete(_cache_key(scope, ident))
