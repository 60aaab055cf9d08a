"""What every API view shares: the base view, pagination and the id converter."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponseBase
from django.urls import register_converter
from django.utils import translation
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.views import APIView

from .language import request_language
from .throttling import AddressThrottle, ThrottleBatch, UserReadWriteThrottle, batch_of


# The base of the API views: a per-address limit before authentication, then the user's language.
# DRF checks throttles only after authentication and permissions, so requests with a wrong token would
# never be counted; the address limit therefore runs first. Token users are unknown to the session-based
# preferences middleware, so their language is activated here once DRF knows them. (No docstring: the
# schema would show it as the description of every operation.)
class ApiView(APIView):
    pre_auth_throttle_classes = [AddressThrottle]

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        previous = translation.get_language()
        try:
            return super().dispatch(request, *args, **kwargs)
        finally:
            translation.activate(previous)

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        try:
            super().initial(request, *args, **kwargs)
        finally:  # the histories the throttles let through, in one round trip (also when one refused)
            batch = batch_of(request)
            if batch is not None:
                batch.flush()

    def perform_authentication(self, request: Request) -> None:
        throttles = [cls() for cls in self.pre_auth_throttle_classes]
        # The throttles' histories in one round trip: the address's, and where no token is sent (so DRF
        # will take the session's user, or nobody) the user's limit, whose key is known before.
        keys = [throttle.get_cache_key(request, self) for throttle in throttles]
        if "HTTP_AUTHORIZATION" not in request.META:
            user = getattr(request._request, "user", None)
            keys += [throttle.key_ahead(request, user) for throttle in self.get_throttles()
                     if isinstance(throttle, UserReadWriteThrottle)]
        request._throttle_batch = ThrottleBatch([key for key in keys if key])  # type: ignore[attr-defined]
        for throttle in throttles:
            if not throttle.allow_request(request, self):
                self.throttled(request, throttle.wait())  # type: ignore[arg-type]  # None: no time known
        super().perform_authentication(request)
        language = request_language(request)
        translation.activate(language)
        request._request.LANGUAGE_CODE = language


class ApiPagination(PageNumberPagination):
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100


class IdConverter:
    """A database id in a URL: 1 to 18 digits, so no id overflows a 64-bit column (a 404 instead)."""

    regex = "[1-9][0-9]{0,17}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(IdConverter, "api_id")
