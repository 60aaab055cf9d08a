"""Response headers for every page: Permissions-Policy, and no caching of a game's private views.

Game pages, their partials (poll, log, replay) and the API's state, log and actions responses show
one seat's secrets; ``Cache-Control: private, no-store`` keeps them out of shared caches and off
the disk of the browser (issue 13). The CSP itself comes from django-csp (settings), built once
(``PolicyCSPMiddleware``).
"""

from __future__ import annotations

import re

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
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


class PolicyCSPMiddleware(CSPMiddleware):
    """django-csp's middleware with the policy built once (issue 17, fifth wave: building it on every
    response cost a third of the unchanged poll). Only for the plain case — no view's own policy
    (decorators) and no nonce used: the headers then follow from the settings alone and are the same
    strings django-csp builds (the settings objects are part of what is kept, so a test's override
    builds afresh). Anything else goes through django-csp unchanged."""

    _kept: tuple[object, object, str, str] | None = None

    def process_response(self, request, response):
        plain = (getattr(request, "_csp_nonce", None) is None
                 and not (settings.DEBUG and response.status_code in (404, 500))  # django-csp leaves these
                 and not any(getattr(response, name, None) for name in _CSP_VIEW_ATTRS)
                 and HEADER not in response and HEADER_REPORT_ONLY not in response)
        if not plain:
            return super().process_response(request, response)
        config = getattr(settings, "CONTENT_SECURITY_POLICY", None)
        config_ro = getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", None)
        kept = self._kept
        if kept is None or kept[0] is not config or kept[1] is not config_ro or _excluded(request):
            response = super().process_response(request, response)
            if not _excluded(request):
                self._kept = (config, config_ro, response.get(HEADER, ""), response.get(HEADER_REPORT_ONLY, ""))
            return response
        if kept[2]:
            response[HEADER] = kept[2]
        if kept[3]:
            response[HEADER_REPORT_ONLY] = kept[3]
        # As django-csp does: a nonce asked for after the header was written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response


_CSP_VIEW_ATTRS = ("_csp_config", "_csp_update", "_csp_replace", "_csp_config_ro", "_csp_update_ro",
                   "_csp_replace_ro", "_csp_exempt", "_csp_exempt_ro")


def _excluded(request) -> bool:
    """Whether the path is one the settings exclude from either policy (then django-csp decides)."""
    for name in ("CONTENT_SECURITY_POLICY", "CONTENT_SECURITY_POLICY_REPORT_ONLY"):
        prefixes = (getattr(settings, name, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
        if prefixes and request.path_info.startswith(tuple(prefixes)):
            return True
    return False

