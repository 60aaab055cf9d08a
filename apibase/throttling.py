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
from typing import TYPE_CHECKING, cast

from django.core.exceptions import ImproperlyConfigured
from rest_framework.permissions import SAFE_METHODS
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

if TYPE_CHECKING:  # DRF's views import these throttles (settings) while they load: no import at run time
    from rest_framework.request import Request
    from rest_framework.views import APIView


class _SettingsRateThrottle(SimpleRateThrottle):
    scope = "read"

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
        user = request.user
        ident = f"user-{user.pk}" if user and user.is_authenticated else f"ip-{self.get_ident(request)}"
        return self._key(ident)


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
