"""``ApiError``: an error of the API layer itself (not of a service), with a stable code and details.

The exception handler (``REST_FRAMEWORK["EXCEPTION_HANDLER"]``) turns it into the JSON error body and
words its message from the code, in the requester's language; the code is all it needs.
"""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions


class ApiError(exceptions.APIException):
    def __init__(self, code: str, status: int = 400, details: dict[str, Any] | None = None) -> None:
        super().__init__(code, code)
        self.code = code
        self.status_code = status
        self.details = details or {}
