"""The OpenAPI schema: generated from the code, committed as docs/openapi.yaml, served with Swagger UI."""

from __future__ import annotations

import re

import pytest
import yaml
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import URLPattern, get_resolver
from drf_spectacular.drainage import GENERATOR_STATS

from tests.embedded import ROOT

COMMITTED = ROOT / "docs" / "openapi.yaml"
REGENERATE = ".venv/bin/python manage.py spectacular --validate --fail-on-warn --lang en --file docs/openapi.yaml"


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> str:
    """The schema as `REGENERATE` writes it. Every integer field states its own bounds, so the schema is the
    same whichever database the tests run on (``test_the_schema_names_no_database_integer_range``)."""
    out = tmp_path_factory.mktemp("schema") / "openapi.yaml"
    GENERATOR_STATS.reset()   # count only this generation's warnings
    try:
        call_command("spectacular", "--validate", "--fail-on-warn", "--lang", "en", "--file", str(out))
    except CommandError as failure:
        pytest.fail(f"schema generation or validation failed: {failure}")
    return out.read_text()


def test_the_schema_validates_without_warnings(generated):
    assert generated.startswith("openapi: 3.")


def test_the_committed_schema_is_the_one_the_code_generates(generated):
    assert generated == COMMITTED.read_text(), f"The API changed: review the difference and run {REGENERATE}"


def test_the_schema_names_no_database_integer_range(generated):
    """A model's integer field without bounds of its own takes the range of the database that builds the
    schema (SQLite's 64 bits, PostgreSQL's 16 or 32): the committed schema would then depend on where it
    was generated, and tell API clients a limit the site does not keep."""
    for database_bound in ("maximum: 9223372036854775807", "maximum: 32767"):   # SQLite's, PostgreSQL's smallint
        assert database_bound not in generated


def test_every_api_route_is_in_the_schema_with_its_errors():
    schema = yaml.load(COMMITTED.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    resolver = get_resolver()
    api_routes = next(p for p in resolver.url_patterns if str(p.pattern) == "api/v1/").url_patterns
    for route in api_routes:
        assert isinstance(route, URLPattern)
        path = "/api/v1/" + str(route.pattern).replace("<api_id:", "{").replace(">", "}")
        assert path in schema["paths"], path
        for method, operation in schema["paths"][path].items():
            codes = set(operation["responses"])
            assert codes & {"200", "201", "204"}, (path, method)
            assert "429" in codes, (path, method)
            if path != "/api/v1/auth/token/":
                assert "401" in codes and operation["security"] == [{"tokenAuth": []}, {"cookieAuth": []}]
            for code in codes - {"200", "201", "204"}:
                assert operation["responses"][code]["content"]["application/json"]["schema"] == {
                    "$ref": "#/components/schemas/Error"}
    assert schema["components"]["securitySchemes"]["tokenAuth"]["name"] == "Authorization"


@pytest.mark.django_db
def test_the_schema_and_its_docs_are_public():
    client = Client()
    schema = client.get("/api/schema/")
    assert schema.status_code == 200 and b"/api/v1/games/" in schema.content
    assert client.get("/api/schema/", {"format": "json"}).json()["info"]["title"] == "heldenweb API"
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    # The split view (issue 13: no inline script under the CSP) names the schema in its start script.
    assert "/api/docs/?script=" in html and "<script>" not in html
    assert "/api/schema/" in client.get("/api/docs/", {"script": ""}).content.decode()
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html), "Swagger UI must not load anything from elsewhere"
    assert "jsdelivr" not in html and "unpkg" not in html
