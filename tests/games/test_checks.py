"""The content is validated by a Django system check at start-up (issue 12)."""

from __future__ import annotations

import dataclasses

from django.core.checks import run_checks

from games import checks
from games.engine.content import load_content
from games.engine.content.validate import ContentError


def test_the_shipped_content_passes_the_start_up_check():
    assert [e for e in run_checks() if e.id in ("games.E001", "games.E002")] == []


def test_broken_content_fails_the_start_up_check_with_the_reason(monkeypatch):
    def broken():
        raise ContentError("tokens.yaml: tokens[3].kind: unknown kind 'dragonfly'")

    monkeypatch.setattr(checks, "load_content", broken)
    errors = checks.content_is_valid(None)
    assert [e.id for e in errors] == ["games.E001"]
    assert "tokens.yaml: tokens[3].kind" in errors[0].msg


def test_an_effect_without_a_definition_fails_the_start_up_check(monkeypatch):
    content = load_content()
    spring = dataclasses.replace(content.tokens["enc-quelle"], effects=("heal_d7",))
    monkeypatch.setattr(checks, "load_content",
                        lambda: dataclasses.replace(content, tokens={**content.tokens, "enc-quelle": spring}))
    errors = checks.content_is_valid(None)
    assert [e.id for e in errors] == ["games.E002"]
    assert "tokens.yaml: tokens[enc-quelle].effects: unknown effect 'heal_d7'" in errors[0].msg
