"""Pending decisions carry typed records (issue 12) whose JSON is the context dict stored games hold."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.engine.core.payloads import (
    PAYLOADS,
    DieChoice,
    DragonRound,
    DragonStep,
    Payload,
    Probe,
    ProbeStep,
    RobberyChoice,
    RuleReason,
    XpChoice,
)
from games.engine.core.state import Pending
from games.engine.registry import HOOKS

# Contexts as states stored them before the records were typed, one per record class.
STORED: dict[str, dict[str, Any]] = {
    "lose_lp": {"rule": "LP-03", "reason": "fight_lost"},
    "choose_xp": {"rest": [["blue", "red"]], "taken": ["green"], "distinct": True, "rule": "FIGHT-11",
                  "reason": "fight_won"},
    "choose_die": {"for": "teleport"},
    "keep_item": {"field": "A1"},
    "offer": {"token": "bz-1", "seller": 2},
    "keep_dice": {"probe": {"seat": 0, "skill": "melee", "mod": -1, "purpose": "fight", "data": {"token": "red-ork"},
                            "training": False, "printed": False, "bonus": 0, "target": 7, "dice": [2, 5, 6]}},
    "probe_boost": {"probe": {"seat": 1, "skill": "magic", "mod": 0, "purpose": "robbery_invisible",
                              "data": {"next": {"order": [1, 0], "i": 1}, "token": "sp-3"}, "training": False,
                              "printed": False, "bonus": 0}},
    "dragon_robbery": {"data": {"order": [1, 0], "i": 1}, "token": "sp-3"},
    "attack_skill": {"data": {"order": [2, 0, 1], "i": 0, "token": "dragon-attack"}},
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


def test_a_probe_in_progress_reads_back_typed():
    """The probe's record (PROBE-01: skill, modifier, target, the dice rolled) and its purpose's data."""
    probe = Pending.from_json({"seat": 0, "kind": "keep_dice", "options": ["2+5"],
                               "context": STORED["keep_dice"]}).payload(ProbeStep).probe
    assert probe == Probe(seat=0, skill="melee", mod=-1, purpose="fight", data={"token": "red-ork"}, target=7,
                          dice=(2, 5, 6))
    waiting = Pending.from_json({"seat": 1, "kind": "probe_boost", "options": ["none"],
                                 "context": STORED["probe_boost"]}).payload(ProbeStep).probe
    assert (waiting.target, waiting.dice) == (None, None)  # not rolled yet: no "target", no "dice" stored
    assert waiting.rolled(9, [1, 2]).to_json() == {**STORED["probe_boost"]["probe"], "target": 9, "dice": [1, 2]}


def test_the_dragons_round_reads_back_typed():
    """Raub and Attacke go through the heroes in turn order (rulings R-29, R-30)."""
    attack = Pending.from_json({"seat": 2, "kind": "attack_skill", "options": ["magic"],
                                "context": STORED["attack_skill"]}).payload(DragonStep).round
    assert attack == DragonRound(order=(2, 0, 1), next=0, token="dragon-attack")
    assert (attack.seat, attack.over) == (2, False)
    assert attack.advanced().advanced().seat == 1
    assert attack.advanced().advanced().advanced().over
    robbery = Pending.from_json({"seat": 0, "kind": "dragon_robbery", "options": ["pay"],
                                 "context": STORED["dragon_robbery"]}).payload(RobberyChoice)
    assert robbery == RobberyChoice(DragonRound(order=(1, 0), next=1), token="sp-3")
    assert "token" not in robbery.round.to_json()  # a Raub has no event token to store


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
