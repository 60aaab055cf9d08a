"""Errors the game services raise; views and the API map each to a status and a stable code.

A service error carries a ``key`` (the code of its message in ``games.presenters.errors``, or a lazy
translation of a ready-made message) and the message's parameters, like Django's ``ValidationError``; it
holds no words. Where the error is shown, the caller asks the presenter for them, in the reader's
language (``games.presenters.errors.error_text``): the errors lie below the presenters and never import
them. ``reason`` keeps a technical explanation (the engine's English reason for an illegal action) that
the API returns as ``details.reason`` and the page does not show.
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise

# Messages quote what was sent (an unknown kind, a bad value); they never quote more than this.
MESSAGE_LIMIT = 300


def clip(value: Any) -> Any:
    """A quoted value, or a message, no longer than ``MESSAGE_LIMIT`` characters."""
    if isinstance(value, str) and len(value) > MESSAGE_LIMIT:
        return value[:MESSAGE_LIMIT] + "…"
    return value


class GameServiceError(Exception):
    code = "game_error"
    status = 400

    def __init__(self, key: str | Promise, /, *, reason: str = "", **params: Any) -> None:
        # A lazy translation (the leagues' and table talk's ready-made messages) stays lazy: it is
        # rendered in the reader's language like a code's message.
        self.key: str | Promise = key if isinstance(key, Promise) else str(key)
        self.params = {name: clip(value) for name, value in params.items()}
        self.reason = clip(reason)
        # Facts the API adds to ``details`` beside the reason (a stale version: the current one).
        self.details: dict[str, Any] = {}
        super().__init__(key)

    def __str__(self) -> str:
        """For logs and developers: the code, its parameters and the technical reason (no words: a
        reader's message comes from games.presenters.errors.error_text)."""
        text = f"{self.key} {self.params}" if self.params else str(self.key)
        return f"{text} ({self.reason})" if self.reason else text


class NotAllowed(GameServiceError):
    code = "not_allowed"
    status = 403


class NotFound(GameServiceError):
    code = "not_found"
    status = 404


class StaleVersion(GameServiceError):
    code = "stale_version"
    status = 409


class IdempotencyConflict(GameServiceError):
    code = "idempotency_conflict"
    status = 409


class IllegalAction(GameServiceError):
    code = "illegal_action"
    status = 400


class InvalidRequest(GameServiceError):
    code = "invalid_request"
    status = 400
