"""``/healthz``: the cheapest answer the site gives (no database, no session, no template).

It is the floor of the HTTP benchmark (``make bench BENCH_ARGS=http``): every other request's
throughput is reported as a ratio to this view's, measured in the same run.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse


def healthz(request: HttpRequest) -> HttpResponse:
    return HttpResponse(b"ok", content_type="text/plain")


