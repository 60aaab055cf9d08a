"""Every event kind the engine can emit has a log sentence of its own, in English and in German.

The kinds are found by reading the engine's source (every ``ctx.emit("kind", ...)`` and every kind
handed to ``return_after_draw``), so a new kind without a sentence fails here, not in a player's log.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation

from games.engine.content import load_content
from games.presenters import log as log_text
from tests.source_walk import source_nodes

ENGINE = Path(log_text.__file__).resolve().parent.parent / "engine"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def emitted_kinds() -> dict[str, set[str]]:
    """Event kind -> the data keys its emitters pass."""
    kinds: dict[str, set[str]] = {}
    for _path, node in source_nodes(ENGINE):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "emit" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                keys = {k.arg for k in node.keywords if k.arg not in (None, "visible_to", "dice")}
                kinds.setdefault(first.value, set()).update(keys)
        elif isinstance(func, ast.Name) and func.id == "return_after_draw":
            kinds.setdefault(node.args[4].value, set()).add("token")
    return kinds


KINDS = emitted_kinds()
SAMPLES = {
    "token": "fd-01", "field": "A1", "frm": "A1", "to": "A2", "cell": 3, "cells": [1, 2], "letter": "A",
    "letters": ["A", "B"], "hero": "krieger", "skill": "melee", "colour": "red", "boss": "dragon",
    "card": "gruener_drache", "deed": "befreie_daphne", "item": "bogen", "items": ["bogen", "seil"],
    "mover": 1, "seller": 1, "victim": 1, "winner": 0, "reason": "fight_lost", "cause": "fight_lost",
    "policy": "best", "mode": "walk", "passed": True, "found": False, "lucky": True, "evaded": False,
    "refilled": True, "success": False, "healed": True,
}


def _sample_event(kind: str) -> dict:
    data = {key: SAMPLES.get(key, 2) for key in sorted(KINDS[kind])}
    return {"kind": kind, "seat": 0, "data": data}


def _render(kind: str, lang: str) -> str:
    with translation.override(lang):
        return log_text.event_text(load_content(), _sample_event(kind), lang, {0: "alice", 1: "bert"},
                                {0: "Krieger", 1: "Elf"})


def test_the_walk_finds_the_kinds_of_issue_11():
    assert {"boss_card_revealed", "gem_taken", "token_back_to_bag", "hero_died", "moved"} <= set(KINDS)
    assert len(KINDS) > 150


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_event_kind_has_a_sentence_in_both_languages(kind):
    assert kind in log_text.EVENT_TEXTS or kind in log_text.PLURAL_EVENT_TEXTS, f"no sentence for {kind!r}"
    if kind in log_text.EVENT_TEXTS:
        with translation.override("en"):
            english = log_text.EVENT_TEXTS[kind]()
        with translation.override("de"):
            german = log_text.EVENT_TEXTS[kind]()
        assert german != english, f"{kind!r} has no German sentence"
        # Every placeholder of the sentence is filled by data the engine passes (else it shows "?").
        assert set(PLACEHOLDER.findall(english)) <= KINDS[kind] | {"who"}, kind
        assert set(PLACEHOLDER.findall(german)) == set(PLACEHOLDER.findall(english)), kind
    for lang in ("en", "de"):
        text = _render(kind, lang)
        raw = kind.replace("_", " ").capitalize()  # what the log shows for a kind without a sentence
        assert text != raw and not text.startswith(f"{raw} ("), text
        assert "?" not in text and "%(" not in text, text


def test_seats_named_in_the_data_read_as_players():
    with translation.override("de"):
        text = log_text.event_text(load_content(), _sample_event("confused_by_basilisk"), "de",
                                {0: "alice", 1: "bert"}, {0: "Krieger", 1: "Elf"})
    assert text == "Krieger (alice) ist vom Basilisken verwirrt: Elf (bert) bestimmt die nächste Bewegung."
    revealed = _render("boss_card_revealed", "de")
    assert revealed.startswith("Die Karte wird aufgedeckt (der Drache: ") and "gruener_drache" not in revealed
