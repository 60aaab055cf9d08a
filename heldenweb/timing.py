"""``Server-Timing: app;dur=<ms>, cpu;dur=<ms>`` on every response: the time a request spent in the worker,
through every middleware and the view, and the CPU time the worker's process used meanwhile (the rest is
waiting: on the database, the cache, or for a core). On only when HELDENWEB_SERVER_TIMING=1 (the HTTP
benchmark sets it)."""

from __future__ import annotations

import time


class ServerTimingMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        start, start_cpu = time.perf_counter(), time.process_time()
        response = self.get_response(request)
        wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        response["Server-Timing"] = f"app;dur={wall * 1000:.3f}, cpu;dur={cpu * 1000:.3f}"
        return response
