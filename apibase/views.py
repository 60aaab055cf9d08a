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
from .throttling import AddressThrottle


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

    def perform_authentication(self, request: Request) -> None:
        for throttle in (cls() for cls in self.pre_auth_throttle_classes):
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
