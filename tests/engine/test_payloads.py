"""Pending decisions carry typed records (issue 12) whose JSON is the context dict stored games hold."""

from __future__ import annotations

import json

import pytest

from games.engine.core.payloads import PAYLOADS, DieChoice, Payload, RuleReason, XpChoice
from games.engine.core.state import Pending
from games.engine.registry import HOOKS

# Contexts as states stored them before the records were typed, one per record class.
STORED = {
    "lose_lp": {"rule": "LP-03", "reason": "fight_lost"},
    "choose_xp": {"rest": [["blue", "red"]], "taken": ["green"], "distinct": True, "rule": "FIGHT-11",
                  "reason": "fight_won"},
    "choose_die": {"for": "teleport"},
    "keep_item": {"field": "A1"},
    "offer": {"token": "bz-1", "seller": 2},
    "keep_dice": {"probe": {"seat": 0, "skill": "melee", "purpose": "fight", "data": {"token": "red-ork"}}},
    "dragon_robbery": {"data": {"order": [1, 0], "i": 1}, "token": "sp-3"},
    "swap_second": {"first": 7},
    "death_field": {},
}


def test_every_decision_kind_names_its_record():
    assert set(HOOKS.handlers.answer_class) == set(PAYLOADS)


@pytest.mark.parametrize("kind", sorted(STORED))
def test_a_stored_context_reads_into_its_record_and_writes_back_unchanged(kind):
    stored = {"seat": 1, "kind": kind, "options": ["a", "b"], "context": STORED[kind]}
    pending = Pending.from_json(json.loads(json.dumps(stored)))
    assert type(pending.context) is PAYLOADS[kind]
    assert json.loads(json.dumps(pending.to_json())) == stored


def test_the_records_read_back_typed():
    pending = Pending.from_json({"seat": 0, "kind": "choose_xp", "options": ["blue"], "context": STORED["choose_xp"]})
    assert pending.payload(XpChoice) == XpChoice(rest=[["blue", "red"]], taken=["green"], distinct=True,
                                                 rule="FIGHT-11", reason="fight_won")
    assert Pending.from_json({"seat": 0, "kind": "choose_die", "options": [2, 5],
                              "context": {"for": "teleport"}}).payload(DieChoice).purpose == "teleport"


def test_asking_for_the_wrong_record_is_a_bug_not_an_answer():
    pending = Pending(seat=0, kind="lose_lp", options=["natural"], context=RuleReason("LP-03", "fight_lost"))
    with pytest.raises(TypeError, match="lose_lp decision carries a RuleReason, not a XpChoice"):
        pending.payload(XpChoice)


def test_a_context_with_an_unknown_key_is_refused():
    with pytest.raises(ValueError, match="unknown keys of a RuleReason decision"):
        Pending.from_json({"seat": 0, "kind": "lose_lp", "options": ["natural"],
                           "context": {"rule": "LP-03", "reason": "x", "extra": 1}})


def test_a_decision_without_a_record_stores_an_empty_context():
    assert Pending(seat=0, kind="death_field", options=["H1"]).to_json()["context"] == {}
    assert type(Pending(seat=0, kind="teleport_to", options=["L1"]).context) is Payload
