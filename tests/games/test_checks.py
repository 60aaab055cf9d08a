"""The content is validated by a Django system check at start-up (issue 12)."""

from __future__ import annotations

from django.core.checks import run_checks

from games import checks
from games.engine.content.validate import ContentError


def test_the_shipped_content_passes_the_start_up_check():
    assert [e for e in run_checks() if e.id == "games.E001"] == []


def test_broken_content_fails_the_start_up_check_with_the_reason(monkeypatch):
    def broken():
        raise ContentError("tokens.yaml: tokens[3].kind: unknown kind 'dragonfly'")

    monkeypatch.setattr(checks, "load_content", broken)
    errors = checks.content_is_valid(None)
    assert [e.id for e in errors] == ["games.E001"]
    assert "tokens.yaml: tokens[3].kind" in errors[0].msg
