"""The CSP header built once (heldenweb.middleware.PolicyCSPMiddleware, issue 17, fifth wave): every
response carries the same header django-csp builds from the settings, and a change of the settings
is followed."""

from __future__ import annotations

import pytest
from csp.utils import build_policy
from django.test import override_settings

pytestmark = pytest.mark.django_db


def test_the_kept_header_is_the_one_django_csp_builds(client):
    expected = build_policy()
    answers = [client.get(url) for url in ("/", "/healthz", "/")]
    assert [a["Content-Security-Policy"] for a in answers] == [expected] * 3
    assert "Content-Security-Policy-Report-Only" not in answers[-1]


def test_a_change_of_the_settings_is_followed(client):
    client.get("/")  # kept with the project's settings
    with override_settings(CONTENT_SECURITY_POLICY={"DIRECTIVES": {"default-src": ["'none'"]}},
                           CONTENT_SECURITY_POLICY_REPORT_ONLY={"DIRECTIVES": {"img-src": ["'self'"]}}):
        response = client.get("/")
        assert response["Content-Security-Policy"] == build_policy() == "default-src 'none'"
        assert response["Content-Security-Policy-Report-Only"] == build_policy(report_only=True)
        assert "img-src 'self'" in response["Content-Security-Policy-Report-Only"]
    assert client.get("/")["Content-Security-Policy"] == build_policy()
