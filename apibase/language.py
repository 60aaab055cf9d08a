"""The language of an API answer: the signed-in user's, else the one the request asks for."""

from __future__ import annotations

from typing import Any

from django.utils import translation

LANGUAGES = ("de", "en")
DEFAULT_LANGUAGE = "de"


def request_language(request: Any) -> str:
    """The signed-in user's language, else the one the request asks for (cookie, Accept-Language)."""
    http_request = getattr(request, "_request", request)
    try:
        user = getattr(http_request, "user", None)
        if user is not None and user.is_authenticated and getattr(user, "language", None) in LANGUAGES:
            return str(user.language)
    except Exception:
        pass  # deciding a language must never turn one error into two
    if http_request is None:
        return DEFAULT_LANGUAGE
    language = translation.get_language_from_request(http_request)
    return language if language in LANGUAGES else DEFAULT_LANGUAGE
