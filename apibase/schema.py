"""The OpenAPI schema's shared parts: the token scheme, the error responses, pages of a list."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers


class ApiTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]  # drf-spectacular
    target_class = "accounts.authentication.ApiTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "A personal API token: `Authorization: Token <value>` (POST /api/v1/auth/token/).",
        }


class ErrorSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="Stable machine-readable code, e.g. `stale_version` or `illegal_action`.")
    message = serializers.CharField(help_text="For people, in the user's language (de or en).")
    details = serializers.DictField(
        help_text="Optional details: field errors of invalid input, `reason` (what exactly was wrong), "
                  "`current_version` (stale version), `retry_after` (seconds, throttled)."
    )


ERROR_DESCRIPTIONS = {
    400: "Malformed input (`invalid_request`, `parse_error`), an illegal action (`illegal_action`, with the "
         "engine's reason), a missing Idempotency-Key (`idempotency_key_missing`).",
    401: "Not authenticated (`not_authenticated`) or a wrong or revoked token (`authentication_failed`).",
    403: "Authenticated, but not allowed (`permission_denied`, `not_allowed`).",
    404: "No such object, or one you may not see (`not_found`).",
    409: "The game moved on (`stale_version`, with `current_version`) or the idempotency key was used for "
         "another request (`idempotency_conflict`).",
    415: "The body is not application/json (`unsupported_media_type`).",
    429: "Too many requests (`throttled`); see the Retry-After header.",
}


def errors(*statuses: int) -> dict[int, OpenApiResponse]:
    """The error responses of an operation, for ``extend_schema(responses=...)``."""
    return {status: OpenApiResponse(ErrorSerializer, description=ERROR_DESCRIPTIONS[status])
            for status in sorted(set(statuses))}


def paginated(serializer_class: type[serializers.Serializer[Any]]) -> type[serializers.Serializer[Any]]:
    """The schema of one page of ``ApiPagination`` holding ``serializer_class`` items."""
    name = serializer_class.__name__.removesuffix("Serializer")
    return type(f"Paginated{name}ListSerializer", (serializers.Serializer,), {
        "__module__": __name__,
        "count": serializers.IntegerField(),
        "next": serializers.URLField(allow_null=True),
        "previous": serializers.URLField(allow_null=True),
        "results": serializer_class(many=True),
    })


PAGE_PARAMETERS = [
    OpenApiParameter("page", int, description="Page number, from 1."),
    OpenApiParameter("page_size", int, description="Items per page (default 20, at most 100)."),
]

READ_ERRORS = (401, 429)
WRITE_ERRORS = (400, 401, 403, 415, 429)  # 403: e.g. a session write without CSRF token
