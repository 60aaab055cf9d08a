"""The benchmark's seeding: both ways leave a game whose rows agree with a replay of its log."""

from __future__ import annotations

import pytest

from bench.seeding import bench_users, seed_game, seed_game_fast
from games.models import Game, GameAction
from games.persistence import load_state
from games.replay import differences, replay_state

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("seed", [seed_game, seed_game_fast])
def test_a_seeded_game_replays_to_its_rows(seed):
    game = seed(bench_users(2), 60)
    assert GameAction.objects.filter(game=game).count() == game.version == 60
    assert game.status == Game.Status.RUNNING
    assert differences(replay_state(game), load_state(game)) == []


@pytest.mark.slow  # a 1,500-step playout: the longest single test of the fast set (8.6 s of one worker)
def test_the_fast_seeding_reaches_a_long_log():
    game = seed_game_fast(bench_users(2), 1500)
    assert game.version == 1500 and game.status == Game.Status.RUNNING
    assert differences(replay_state(game), load_state(game)) == []
