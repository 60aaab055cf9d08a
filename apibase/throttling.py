"""Rate limits of the API, per user and per address, counted in the default cache.

The default cache is Redis when REDIS_URL is set and a directory under var/ otherwise, so every web
process shares the counters. Rates come from ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` and are read
on every request (DRF reads them once at import), so tests and deployments can change them in
settings. Scopes:

``read`` / ``write``   per signed-in user (per address when anonymous), by HTTP method
``address``            per client address, every API request, counted before authentication
``login``              token creation (log-in) per address, strict
``login_username``     token creation per username tried, strict (slows guessing from many addresses)

Behind a reverse proxy set NUM_PROXIES so the address is taken from X-Forwarded-For; without it the
header is ignored (a client could otherwise pick a fresh address for every request).
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any, cast

from django.core.cache import cache as default_cache
from django.core.exceptions import ImproperlyConfigured
from rest_framework.permissions import SAFE_METHODS
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

if TYPE_CHECKING:  # DRF's views import these throttles (settings) while they load: no import at run time
    from rest_framework.request import Request
    from rest_framework.views import APIView


class ThrottleBatch:
    """One request's throttle histories, read in one round trip and written in one (issue 17, twelfth wave:
    the address's and the user's limits took four, a get and a set each). ``ApiView`` reads the histories
    it can name before authentication (the address's, and a session user's or an anonymous client's) with
    ``get_many`` and writes every history a throttle let through with ``set_many`` at the end of
    ``initial``; a throttle whose key was not read ahead reads it on its own. The values read and written
    are the ones each throttle would have read and written itself."""

    def __init__(self, keys: list[str]) -> None:
        self.read = set(keys)
        self.found: dict[str, list[float]] = default_cache.get_many(keys) if keys else {}
        self.pending: dict[int, dict[str, list[float]]] = {}

    def history(self, key: str) -> list[float]:
        if key in self.read:
            return list(self.found.get(key, []))
        return cast(list[float], default_cache.get(key, []))

    def put(self, key: str, history: list[float], duration: int) -> None:
        self.pending.setdefault(duration, {})[key] = history

    def flush(self) -> None:
        pending, self.pending = self.pending, {}
        for duration, values in pending.items():
            default_cache.set_many(values, duration)


def batch_of(request: Request) -> ThrottleBatch | None:
    return cast(ThrottleBatch | None, getattr(request, "_throttle_batch", None))


class _SettingsRateThrottle(SimpleRateThrottle):
    scope = "read"
    num_requests: int | None    # set by DRF's __init__ (parse_rate; None without a rate); the stubs omit them
    duration: int | None

    def allow_request(self, request: Request, view: APIView) -> bool:
        """DRF's, with the history read from and written to the request's ``ThrottleBatch`` when it has one."""
        batch = batch_of(request)
        if batch is None:
            return super().allow_request(request, view)
        num_requests, duration = self.num_requests, self.duration
        if self.rate is None or num_requests is None or duration is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.history = batch.history(self.key)
        self.now = self.timer()
        while self.history and self.history[-1] <= self.now - duration:
            self.history.pop()
        if len(self.history) >= num_requests:
            return self.throttle_failure()
        self.history.insert(0, self.now)
        batch.put(self.key, self.history, duration)
        return True

    def get_rate(self) -> str | None:
        rates = api_settings.DEFAULT_THROTTLE_RATES or {}
        if self.scope not in rates:
            raise ImproperlyConfigured(f"REST_FRAMEWORK['DEFAULT_THROTTLE_RATES'] has no rate for {self.scope!r}.")
        return cast(str | None, rates[self.scope])  # "100/min" (the stubs allow numbers DRF never reads)

    def _key(self, ident: str) -> str:
        return self.cache_format % {"scope": self.scope, "ident": ident}


class UserReadWriteThrottle(_SettingsRateThrottle):
    """``read`` for GET/HEAD/OPTIONS, ``write`` otherwise; per user, or per address when anonymous."""

    def allow_request(self, request: Request, view: APIView) -> bool:
        self.scope = "read" if request.method in SAFE_METHODS else "write"
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

    def get_cache_key(self, request: Request, view: APIView) -> str:
        return self._user_key(request, request.user)

    def _user_key(self, request: Request, user: Any) -> str:
        ident = f"user-{user.pk}" if user and user.is_authenticated else f"ip-{self.get_ident(request)}"
        return self._key(ident)

    def key_ahead(self, request: Request, user: Any) -> str:
        """The key ``get_cache_key`` will give once ``user`` is the request's authenticated user (or nobody)."""
        self.scope = "read" if request.method in SAFE_METHODS else "write"
        return self._user_key(request, user)


class AddressThrottle(_SettingsRateThrottle):
    """Every API request of one client address, counted before authentication is tried."""

    scope = "address"

    def get_cache_key(self, request: Request, view: APIView) -> str:
        return self._key(self.get_ident(request))


class LoginThrottle(_SettingsRateThrottle):
    """Token creation (a log-in with username and password) per address."""

    scope = "login"

    def get_cache_key(self, request: Request, view: APIView) -> str:
        return self._key(self.get_ident(request))


class LoginUsernameThrottle(_SettingsRateThrottle):
    """Token creation per username tried, whatever the address."""

    scope = "login_username"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        data = request.data if isinstance(request.data, dict) else {}
        username = data.get("username")
        if not isinstance(username, str) or not username:
            return None
        return self._key(hashlib.sha256(username.strip().lower().encode()).hexdigest())
