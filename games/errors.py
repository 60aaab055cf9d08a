"""Errors the game services raise; views and the API map each to a status and a stable code."""

from __future__ import annotations

# Messages quote what was sent (an unknown kind, a bad value); they never quote more than this.
MESSAGE_LIMIT = 300


class GameServiceError(Exception):
    code = "game_error"
    status = 400

    def __init__(self, message: str) -> None:
        if len(message) > MESSAGE_LIMIT:
            message = message[:MESSAGE_LIMIT] + "…"
        super().__init__(message)
        self.message = message


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
