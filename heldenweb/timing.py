"""``Server-Timing: app;dur=<ms>`` on every response: the time a request spent in the worker, through
every middleware and the view. On only when HELDENWEB_SERVER_TIMING=1 (the HTTP benchmark sets it)."""

from __future__ import annotations

import time


class ServerTimingMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        start = time.perf_counter()
        response = self.get_response(request)
        response["Server-Timing"] = f"app;dur={(time.perf_counter() - start) * 1000:.3f}"
        return response
