"""Golden games (issue 12): complete games recorded by tools/golden.py replay to exactly the states they
were recorded with — the final state, every checkpoint's state and its number of legal actions.

A failure means the engine now plays a stored game differently. If that is meant for new games only,
put it behind a new rules version; re-record (``python -m tools.golden record ...``) only when every
stored game may change, and say so in the commit.
"""

from __future__ import annotations

import json

import pytest

from tests.golden.selection import GOLDEN_FILES, GOLDEN_PARAMS
from tools.golden import replay


def _load(path):
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", GOLDEN_PARAMS)
def test_golden_game_replays_exactly(path):
    _, problems = replay(_load(path))
    assert problems == []


def test_the_golden_games_cover_the_game():
    """Both bosses beaten, deaths, Basar trades, the dragon's events, old rules and dice versions beside new
    ones, 2 to 6 seats. (Spells are not covered: the bots never cast one; the guided full games of
    tests/engine/test_full_games.py and the spell tests cover them.)"""
    goldens = [_load(p) for p in GOLDEN_FILES]
    assert all(g["expected"]["phase"] == "finished" for g in goldens)
    kinds = set().union(*(g["expected"]["event_kinds"] for g in goldens))
    for kind in ("game_won", "boss_defeated", "hero_died", "fight_won", "fight_lost", "quest_accepted",
                 "deed_delivered", "bazaar_offer", "item_bought", "unwetter_begins", "robbed_by_dragon",
                 "confused_by_basilisk", "unwetter_roll", "region_explored", "secret_path_search"):
        assert kind in kinds, kind
    assert {boss for g in goldens for boss in g["expected"]["bosses_defeated"]} == {"namenloser", "dragon"}
    assert {(g["rules_version"], g["dice_version"]) for g in goldens} >= {(1, 1), (2, 2)}
    assert {g["seats"] for g in goldens} >= {2, 4, 6}
