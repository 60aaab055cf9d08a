"""One text layer (issue 12): every word the site shows about the game comes from games/presenters, in
English and German — each action kind, each parameter, each choice value and each reason — and the golden
games' logs read as sentences in both languages (no raw codes, no ``None``, no English on the German page).

The event sentences themselves are proven by tests/games/test_event_sentences.py, the error messages by
tests/games/test_error_texts.py.
"""

from __future__ import annotations

import ast
import json
import re
from functools import cache
from pathlib import Path

import pytest
from django.utils import translation

from games.engine import apply, dice_for, legal_actions, new_game
from games.engine.content import load_content
from games.engine.core.actions import ACTION_KINDS
from games.engine.playout import acting_seat
from games.presenters import labels
from games.presenters import log as log_text
from tests.golden.selection import GOLDEN_PARAMS
from tests.source_walk import source_nodes

ENGINE = Path(labels.__file__).resolve().parent.parent / "engine"
# Labels that read the same in both languages, checked by a German reader: game terms and names.
SAME_IN_GERMAN = {"Monster", "Heldentat", "Kerberos", "Pegasus"}
# Words that give away an English phrase on the German page (short, and never German words).
ENGLISH_WORDS = {"the", "and", "of", "with", "from", "is", "it", "on", "at", "for", "by", "to", "none", "None"}


def _both(label) -> tuple[str, str]:
    with translation.override("en"):
        english = str(label() if callable(label) else label)
    with translation.override("de"):
        german = str(label() if callable(label) else label)
    return english, german


def _assert_translated(label, code: str, *, may_read_as_code: bool = False) -> None:
    """``may_read_as_code``: a choice or reason code that is an English word ("walk", "training") may have
    itself as its English words; its German text still has to differ."""
    english, german = _both(label)
    assert english and (may_read_as_code or english != code), f"{code!r} has no words of its own"
    assert german != english or english in SAME_IN_GERMAN, f"{code!r} has no German text: {english!r}"


@pytest.mark.parametrize("kind", sorted(ACTION_KINDS))
def test_every_action_kind_and_parameter_has_its_label_in_both_languages(kind):
    _assert_translated(labels.ACTION_LABELS[kind], kind)
    for param in ACTION_KINDS[kind].PARAMS:
        _assert_translated(labels.PARAM_LABELS[(kind, param.name)], f"{kind}.{param.name}")


def test_the_labels_name_only_kinds_and_parameters_the_engine_has():
    assert set(labels.ACTION_LABELS) == set(ACTION_KINDS)
    assert set(labels.PARAM_LABELS) == {(k, p.name) for k, cls in ACTION_KINDS.items() for p in cls.PARAMS}
    assert labels.HELD_ITEM_PARAMS <= set(labels.PARAM_LABELS)


@pytest.mark.parametrize("code", sorted(labels.CHOICE_LABELS))
def test_every_choice_code_has_its_words_in_both_languages(code):
    _assert_translated(labels.CHOICE_LABELS[code], code, may_read_as_code=True)


REASON_FUNCTIONS = {"draw_due": 3, "lose_lp": 3, "take_lp": 4, "heal": 4, "die": 3, "end_turn_now": 3,
                    "grant_gold": 4, "grant_xp": 4, "_add_xp": 4, "lose_xp_or_lp": 3, "lose_xp": 4,
                    "take_xp": 4, "raise_skill": 4}


@cache
def literal_reasons() -> frozenset[str]:
    """Every reason the engine's source passes as a literal: the reason argument of the functions that
    take one (lose_lp, grant_gold, die ...) and the reason/cause keyword of an emitted event."""
    found: set[str] = set()
    for _path, node in source_nodes(ENGINE):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        values = [k.value for k in node.keywords if k.arg in log_text.REASON_KEYS]
        position = REASON_FUNCTIONS.get(name)
        if position is not None and len(node.args) > position:
            values.append(node.args[position])
        found |= {v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)}
    return frozenset(found)


def test_the_walk_finds_the_reasons():
    assert {"fight_lost", "desert_w5_search", "witch_house_unexplored", "rest", "spider"} <= literal_reasons()


@pytest.mark.parametrize("reason", sorted(literal_reasons()))
def test_every_reason_the_engine_gives_has_its_words_in_both_languages(reason):
    assert reason in log_text.REASON_LABELS, f"no words for the reason {reason!r}"
    _assert_translated(log_text.REASON_LABELS[reason], reason, may_read_as_code=True)


def test_reasons_built_at_run_time_are_named_from_the_content():
    content = load_content()
    for boss in ("namenloser", "dragon"):  # f"{boss}_hit" (the final fight)
        _assert_translated(log_text.REASON_LABELS[f"{boss}_hit"], f"{boss}_hit")
    shadow = next(t for t in content.tokens if "schatten" in t)
    with translation.override("de"):
        assert log_text.reason_text(content, f"shadow:{shadow}", "de") == labels.token_id_name(content, shadow, "de")
        assert log_text.reason_text(content, "heiltrank", "de") != "heiltrank" or "heiltrank" not in content.items


# --- the golden games, read in both languages ------------------------------------------------------------
@cache
def golden_log(path: Path) -> tuple[list[dict], set[tuple[str, str, str]]]:
    """A golden game's log entries (as the site stores them) and every choice value its legal actions
    offered along the way, as (kind, parameter, value)."""
    golden = json.loads(path.read_text(encoding="utf-8"))
    content = load_content()
    state = new_game(content, golden["seats"], golden["seed"], rules_version=golden["rules_version"],
                     dice_version=golden["dice_version"])
    entries, offered = [], set()
    for number, (seat, action) in enumerate(golden["steps"], start=1):
        for legal in legal_actions(content, state, acting_seat(state)):
            values = legal.params()
            for param in legal.PARAMS:
                value = values[param.name]
                if param.type == "choice" and value is not None:
                    offered.add((legal.kind, param.name, json.dumps(value)))
        state, events = apply(content, state, seat, action, dice_for(golden["dice_version"], golden["seed"], number))
        entries.append({"sequence": number, "seat": seat, "action": action, "taken_back": False,
                        "events": [{"kind": e.kind, "seat": e.seat, "data": dict(e.data), "rule": e.rule}
                                   for e in events]})
    return entries, offered


@pytest.mark.parametrize("path", GOLDEN_PARAMS)
def test_every_choice_the_golden_games_offer_is_named_in_both_languages(path):
    content = load_content()
    _entries, offered = golden_log(path)
    assert offered
    for kind, name, raw in sorted(offered):
        value = json.loads(raw)
        held = (kind, name) in labels.HELD_ITEM_PARAMS
        for lang in ("en", "de"):
            with translation.override(lang):
                assert labels.known_choice(content, value, lang, held) is not None, (kind, name, value)


@pytest.mark.parametrize("path", GOLDEN_PARAMS)
def test_the_golden_games_logs_read_as_sentences_in_both_languages(path):
    content = load_content()
    entries, _offered = golden_log(path)
    names = {seat: f"Spieler{seat + 1}" for seat in range(6)}
    heroes: dict[int, str] = {}
    for lang in ("en", "de"):
        with translation.override(lang):
            described = log_text.describe_log(content, entries, lang, names, heroes)
        for entry in described:
            kind = entry["action"]["kind"]
            with translation.override(lang):
                label = labels.action_label(kind)
            assert entry["action_text"].startswith(label) and label != kind, entry["action_text"]
            for event in entry["events"]:
                raw = event["kind"].replace("_", " ").capitalize()  # the form of an event without a sentence
                assert event["text"] != raw and not event["text"].startswith(raw + " ("), event["text"]
            for what, text in [(kind, entry["action_text"])] + [(e["kind"], e["text"]) for e in entry["events"]]:
                assert "None" not in text and "%(" not in text and "?" not in text, (what, text)
                assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), (what, text)  # a raw code
                if lang == "de":
                    english = ENGLISH_WORDS & set(re.findall(r"[A-Za-z]+", text))
                    assert not english, (what, text, english)
