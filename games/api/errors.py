"""API errors: always JSON ``{"code", "message", "details"}``, never an HTML page or a traceback.

``code`` is stable and meant for programs; ``message`` is for people, in the requester's language
(the signed-in user's, else the request's Accept-Language; German by default). The API's own errors
(parsing, authentication, throttling) have their words in a small dict keyed by code below. A service
error carries a code and parameters; its message comes from games.presenters.errors through gettext,
its code is ``details.error`` and its English reason (an illegal action: the engine's) ``details.reason``.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, HttpRequest, JsonResponse
from django.urls import Resolver404, resolve
from django.views import defaults
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import set_rollback

from apibase.errors import ApiError
from apibase.language import LANGUAGES, request_language
from games.errors import GameServiceError
from games.presenters.errors import ERROR_TEXTS, error_text

log = logging.getLogger("heldenweb.api")

API_PREFIX = "/api/"

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "invalid_request": "The request is invalid; see details.",
        "parse_error": "The request body is not valid JSON.",
        "payload_too_large": "The request body is too large.",
        "nested_too_deeply": "The request body is nested too deeply.",
        "illegal_action": "This action is not possible now.",
        "idempotency_key_missing": "Send an Idempotency-Key header (1 to 64 characters) with every submission.",
        "invalid_credentials": "Unable to log in with the given username and password.",
        "not_authenticated": "Log in, or send the header 'Authorization: Token <value>'.",
        "authentication_failed": "The token is invalid or revoked.",
        "permission_denied": "You may not do this.",
        "not_allowed": "You may not do this in this game.",
        "not_found": "Not found.",
        "method_not_allowed": "The method {method} is not allowed here.",
        "not_acceptable": "This answer is only available as application/json.",
        "unsupported_media_type": "Send the request body as application/json.",
        "stale_version": "The game has moved on; reload it and try again.",
        "idempotency_conflict": "This idempotency key was already used for a different request.",
        "throttled": "Too many requests; try again in {wait} seconds.",
        "server_error": "Something went wrong on our side; the error has been logged.",
        "game_error": "The game could not do this.",
    },
    "de": {
        "invalid_request": "Die Anfrage ist ungültig; Einzelheiten stehen unter details.",
        "parse_error": "Der Inhalt der Anfrage ist kein gültiges JSON.",
        "payload_too_large": "Die Anfrage ist zu groß.",
        "nested_too_deeply": "Die Anfrage ist zu tief verschachtelt.",
        "illegal_action": "Dieser Zug ist jetzt nicht möglich.",
        "idempotency_key_missing": "Sende bei jedem Zug einen Idempotency-Key-Header (1 bis 64 Zeichen).",
        "invalid_credentials": "Mit diesem Benutzernamen und Passwort ist keine Anmeldung möglich.",
        "not_authenticated": "Melde dich an oder sende den Header „Authorization: Token <Wert>“.",
        "authentication_failed": "Der Token ist ungültig oder widerrufen.",
        "permission_denied": "Das darfst du nicht.",
        "not_allowed": "Das ist dir in diesem Spiel nicht erlaubt.",
        "not_found": "Nicht gefunden.",
        "method_not_allowed": "Die Methode {method} ist hier nicht erlaubt.",
        "not_acceptable": "Diese Antwort gibt es nur als application/json.",
        "unsupported_media_type": "Sende den Inhalt der Anfrage als application/json.",
        "stale_version": "Das Spiel ist inzwischen weiter; lade es neu und versuche es noch einmal.",
        "idempotency_conflict": "Dieser Idempotency-Key wurde schon für eine andere Anfrage benutzt.",
        "throttled": "Zu viele Anfragen; versuche es in {wait} Sekunden noch einmal.",
        "server_error": "Bei uns ist etwas schiefgegangen; der Fehler wurde protokolliert.",
        "game_error": "Das geht in diesem Spiel nicht.",
    },
}

# DRF exception classes -> our stable codes (anything else uses the exception's default_code).
DRF_CODES: tuple[tuple[type[exceptions.APIException], str], ...] = (
    (exceptions.ValidationError, "invalid_request"),
    (exceptions.ParseError, "parse_error"),
    (exceptions.NotAuthenticated, "not_authenticated"),
    (exceptions.AuthenticationFailed, "authentication_failed"),
    (exceptions.PermissionDenied, "permission_denied"),
    (exceptions.NotFound, "not_found"),
    (exceptions.MethodNotAllowed, "method_not_allowed"),
    (exceptions.NotAcceptable, "not_acceptable"),
    (exceptions.UnsupportedMediaType, "unsupported_media_type"),
    (exceptions.Throttled, "throttled"),
)


def message_for(language: str, code: str, **params: Any) -> str:
    text = MESSAGES[language].get(code) or MESSAGES[language]["game_error"]
    try:
        return text.format(**params)
    except (KeyError, IndexError):
        return text


def error_body(language: str, code: str, message: str | None = None,
               details: dict[str, Any] | None = None, **params: Any) -> dict[str, Any]:
    return {"code": code, "message": message or message_for(language, code, **params), "details": details or {}}


def _service_error(exc: GameServiceError, language: str) -> tuple[int, dict[str, Any]]:
    """A service's refusal: its message in the reader's language (games.presenters.errors), its code
    in ``details.error`` and its English reason (the engine's, for an illegal action) in ``details.reason``."""
    english = error_text(exc, "en")
    details: dict[str, Any] = {"reason": exc.reason or english, **exc.details}
    message = error_text(exc, language)
    if exc.key in ERROR_TEXTS:
        details["error"] = exc.key
    elif language != "en" and message == english:
        # A ready-made English text without a German translation (table talk): the code's German message.
        message = message_for(language, exc.code)
    return exc.status, error_body(language, exc.code, message, details)


def _drf_error(exc: exceptions.APIException, language: str, request) -> tuple[int, dict[str, Any]]:
    if isinstance(exc, ApiError):
        return exc.status_code, error_body(language, exc.code, details=exc.details)
    code = next((c for cls, c in DRF_CODES if isinstance(exc, cls)), None) or str(exc.default_code)
    details: dict[str, Any] = {}
    params: dict[str, Any] = {}
    if isinstance(exc, exceptions.ValidationError):
        details = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
    elif isinstance(exc, exceptions.Throttled):
        # DRF sets ``wait`` in Throttled.__init__; its stubs declare only the constructor argument.
        wait = int(exc.wait) if exc.wait is not None else 60  # type: ignore[attr-defined]
        details = {"retry_after": wait}
        params["wait"] = wait
    elif isinstance(exc, exceptions.MethodNotAllowed):
        params["method"] = getattr(request, "method", "")
        details = {"method": params["method"]}
    elif str(exc.detail) != str(exc.default_detail):
        details = {"reason": str(exc.detail)}
    return exc.status_code, error_body(language, code, details=details, **params)


ECHO_LIMIT = 200


def cut_echo(value: Any) -> Any:
    """Error bodies quote the request (an unknown action kind, a bad value): every string is cut
    to ECHO_LIMIT characters, so a 100 KB kind does not come back whole."""
    if isinstance(value, str):
        return value if len(value) <= ECHO_LIMIT else value[:ECHO_LIMIT] + "…"
    if isinstance(value, dict):
        return {cut_echo(k): cut_echo(v) for k, v in list(value.items())[:50]}
    if isinstance(value, list | tuple):
        return [cut_echo(v) for v in list(value)[:50]]
    return value


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    """DRF's EXCEPTION_HANDLER: every error of every API view becomes our JSON error."""
    request = context.get("request")
    language = request_language(request)
    headers: dict[str, str] = {}
    if isinstance(exc, RequestDataTooBig):
        exc = ApiError("payload_too_large", status=413)
    elif isinstance(exc, RecursionError):
        exc = ApiError("nested_too_deeply", status=400)
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, DjangoValidationError):
        detail = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        exc = exceptions.ValidationError(detail)
    if isinstance(exc, GameServiceError):
        status, body = _service_error(exc, language)
    elif isinstance(exc, exceptions.APIException):
        status, body = _drf_error(exc, language, request)
        # APIView.handle_exception sets ``auth_header`` on authentication failures only.
        if auth_header := getattr(exc, "auth_header", None):
            headers["WWW-Authenticate"] = auth_header
        if isinstance(exc, exceptions.Throttled):
            headers["Retry-After"] = str(body["details"]["retry_after"])
    else:
        view = context.get("view")
        log.error("Unhandled error in API view %s", type(view).__name__ if view else "?", exc_info=exc)
        status, body = 500, error_body(language, "server_error")
    set_rollback()
    response = Response(cut_echo(body), status=status, headers=headers)
    response["Content-Language"] = language
    return response


def _token_user_language(request: HttpRequest) -> str | None:
    """Outside DRF views a token user is unknown to the middleware; look the token up for the language."""
    from accounts.authentication import ApiTokenAuthentication

    try:
        found = ApiTokenAuthentication().authenticate(request)
    except Exception:
        return None  # a wrong token, or no database: the request's own language will do
    if found is None or found[0].language not in LANGUAGES:
        return None
    return found[0].language


def _json_error(request: HttpRequest, status: int, code: str, details: dict[str, Any] | None = None) -> JsonResponse:
    language = _token_user_language(request) or request_language(request)
    response = JsonResponse(error_body(language, code, details=details), status=status,
                            json_dumps_params={"ensure_ascii": False})
    response["Content-Language"] = language
    return response


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


@csrf_exempt
def api_not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """The catch-all under /api/: an unknown address is a JSON 404 (with a hint for a missing slash)."""
    details: dict[str, Any] = {"path": request.path}
    if not request.path.endswith("/"):
        try:
            match = resolve(request.path + "/")
        except Resolver404:
            match = None
        if match is not None and match.func is not api_not_found:
            details["hint"] = f"API addresses end with a slash: {request.path}/"
    return _json_error(request, 404, "not_found", details)


def handler404(request: HttpRequest, exception: Exception | None = None):
    if _is_api(request):
        return _json_error(request, 404, "not_found", {"path": request.path})
    return defaults.page_not_found(request, exception)


def handler500(request: HttpRequest):
    if _is_api(request):
        return _json_error(request, 500, "server_error")
    return defaults.server_error(request)
