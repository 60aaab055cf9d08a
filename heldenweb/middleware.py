"""Response headers for every page: Permissions-Policy, and no caching of a game's private views.

Game pages, their partials (poll, log, replay) and the API's state, log and actions responses show
one seat's secrets; ``Cache-Control: private, no-store`` keeps them out of shared caches and off
the disk of the browser (issue 13). The CSP itself comes from django-csp (settings).
"""

from __future__ import annotations

import re

from django.conf import settings
from django.utils.cache import patch_cache_control

NO_STORE_PATHS = re.compile(
    r"^/(?:games/\d+/(?:|poll/|log/|replay/|act/|take-back/|dice/)"
    r"|api/v1/games/[^/]+/(?:state|log|actions|heroes|tokens|board|take-back)/)$"
)


class SecurityHeadersMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        policy = getattr(settings, "PERMISSIONS_POLICY", "")
        if policy:
            response.headers.setdefault("Permissions-Policy", policy)
        if NO_STORE_PATHS.match(request.path_info):
            # Merged with what the view set (never_cache's max-age=0, no-cache ...).
            patch_cache_control(response, private=True, no_store=True)
        return response
