"""Issue 11 changed rules: new games play by RULES_VERSION 2, games stored before keep version 1."""

from __future__ import annotations

import pytest

from games.engine.core.state import RULES_VERSION
from games.persistence import load_state
from games.replay import replay_state
from tests.games.test_services import play_first_legal, two_player_game

pytestmark = pytest.mark.django_db


def test_a_new_game_plays_by_the_newest_rules(user, other_user):
    game = two_player_game(user, other_user)
    play_first_legal(game, times=3)
    game.refresh_from_db()
    assert game.global_state["rules_version"] == RULES_VERSION == 2
    assert load_state(game).rules_version == 2 and replay_state(game) == load_state(game)


def test_a_game_stored_before_issue_11_loads_and_replays_by_rules_version_1(user, other_user):
    game = two_player_game(user, other_user)
    play_first_legal(game, times=3)
    game.refresh_from_db()
    del game.global_state["rules_version"]  # as stored before the field existed
    game.save(update_fields=["global_state"])
    game.refresh_from_db()
    assert load_state(game).rules_version == 1
    assert replay_state(game) == load_state(game)


def test_the_rules_version_has_one_source_the_stored_state(user, other_user):
    # Migration 0006_i11_rules_version removed the unused Game.rules_version column (every row said 1,
    # also for games played by version 2): the state's rules_version is the only record.
    from games.engine.content import load_content
    from games.models import Game
    from games.replay import initial_state

    assert "rules_version" not in {f.name for f in Game._meta.get_fields()}
    game = two_player_game(user, other_user)
    play_first_legal(game, times=2)
    game.refresh_from_db()
    game.global_state["rules_version"] = 1
    assert initial_state(load_content(), game).rules_version == 1
