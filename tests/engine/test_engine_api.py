"""The engine's shape: pure, typed actions, clear errors, replayable dice, lossless JSON."""

from __future__ import annotations

import ast
import json
import pathlib
import re

import pytest

from games.engine import (
    ACTION_KINDS,
    IllegalActionError,
    MalformedActionError,
    ScriptedDice,
    SeededDice,
    State,
    apply,
    legal_actions,
    new_game,
    parse_action,
)
from games.engine.core.actions import BeginTurn, ChooseHero, Move
from games.engine.playout import random_playout
from tests.source_walk import source_nodes

from .helpers import play_state

ENGINE_DIR = pathlib.Path(__file__).resolve().parents[2] / "games" / "engine"
CATALOGUE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "catalogue.md"


@pytest.mark.parametrize("package", [ENGINE_DIR, ENGINE_DIR.parent / "bots"], ids=["engine", "bots"])
def test_the_engine_and_the_bots_import_nothing_from_django(package):
    for path, node in source_nodes(package):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        for name in names:
            assert not name.startswith(("django", "rest_framework", "celery", "games.models")), (
                f"{path.name} imports {name}")


def test_an_illegal_action_names_the_problem_and_changes_nothing(content):
    state = play_state(content, [("krieger", "A1")])
    state, _ = apply(content, state, 0, BeginTurn(), ScriptedDice())
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError, match="no way from A1 to Z9"):
        apply(content, state, 0, Move(to="Z9"), ScriptedDice())
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_acting_out_of_turn_is_refused(content):
    state = play_state(content, [("krieger", "A1"), ("elf", "B1")])
    with pytest.raises(IllegalActionError, match="seat 0's turn"):
        apply(content, state, 1, BeginTurn(), ScriptedDice())


@pytest.mark.parametrize("data,message", [
    ({"kind": "teleport_home"}, "unknown action kind"),
    ({"to": "A2"}, "unknown action kind"),
    ("move", "an action is an object"),
    ({"kind": "move"}, "'to' is required"),
    ({"kind": "move", "to": 5}, "must be a short text"),
    ({"kind": "move", "to": "A2", "speed": 3}, "unknown parameter"),
    ({"kind": "place_region", "cell": "middle"}, "whole number"),
])
def test_malformed_actions_are_refused_with_what_is_wrong(data, message):
    with pytest.raises(MalformedActionError, match=message):
        parse_action(data)


def test_every_action_kind_round_trips_through_json_and_names_no_words():
    # The engine speaks in codes; every label lives in games/presenters/labels.py (issue 12, one text layer).
    for kind, cls in ACTION_KINDS.items():
        assert not hasattr(cls, "LABEL_EN") and not hasattr(cls, "LABEL_DE"), kind
        assert all(set(vars(p)) == {"name", "type", "optional"} for p in cls.PARAMS), kind
        sample = {p.name: (0 if p.type in ("cell", "int") else "A1") for p in cls.PARAMS if not p.optional}
        action = parse_action({"kind": kind, **sample})
        assert parse_action(json.loads(json.dumps(action.to_json()))) == action


def test_new_game_is_determined_by_its_seed(content):
    a = new_game(content, 3, "same-seed")
    b = new_game(content, 3, "same-seed")
    c = new_game(content, 3, "other-seed")
    assert a.to_json() == b.to_json()
    assert a.region_stack != c.region_stack


def test_replaying_the_actions_with_the_seed_rebuilds_the_same_state(content):
    log = []
    final = None
    for state, seat, action, _ in random_playout(content, 2, "replay-seed", 300):
        log.append((seat, action))
        final = state
    replayed = new_game(content, 2, "replay-seed")
    for sequence, (seat, action) in enumerate(log, start=1):
        replayed, _ = apply(content, replayed, seat, action, SeededDice("replay-seed", sequence))
    assert replayed.to_json() == final.to_json()


def test_every_event_names_a_rule_of_the_catalogue(content):
    ids = set(re.findall(r"^\| ([A-Z]+-[A-Z0-9]+) ", CATALOGUE.read_text(), flags=re.M))
    seen = set()
    for seed in range(6):
        for _, _, _, events in random_playout(content, 1 + seed % 4, f"ev-{seed}", 400):
            seen.update(e.rule for e in events)
    assert seen, "the playouts produced events"
    assert seen <= ids, f"events cite rules missing from the catalogue: {sorted(seen - ids)}"


def test_state_json_round_trip_is_lossless_after_setup(content):
    state = new_game(content, 2, "rt")
    state, _ = apply(content, state, state.current, ChooseHero(hero="magier"), SeededDice("rt", 1))
    data = json.loads(json.dumps(state.to_json()))
    assert State.from_json(data) == state


def test_legal_actions_of_a_seat_not_to_move_are_empty(content):
    state = play_state(content, [("krieger", "A1"), ("elf", "B1")])
    assert legal_actions(content, state, 1) == []
    assert legal_actions(content, state, 7) == []
