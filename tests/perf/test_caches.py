"""The shared-cache helpers: replay snapshots, the board SVG and log sentences per version/seat/language,
and the shared state parts."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.seeding import bench_users, seed_game_fast
from games import cache as game_cache
from games.models import Game
from games.persistence import load_state
from games.replay import SNAPSHOT_EVERY, replay_state

pytestmark = pytest.mark.django_db


@pytest.fixture
def long_game():
    return seed_game_fast(bench_users(2), 2 * SNAPSHOT_EVERY + 17)


def test_a_replay_from_a_snapshot_is_the_replay_from_the_seed(long_game):
    for upto in (None, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY + 3):
        assert replay_state(long_game, upto) == replay_state(long_game, upto, snapshots=False)
    # The second time round the replay starts at the last snapshot, not at the seed.
    from django.core.cache import cache

    keys = [k for k in cache._cache if ":replay:" in k]  # locmem's own dict
    assert len(keys) == 2


def test_the_state_is_shared_between_requests_for_the_same_version(long_game):
    first = load_state(Game.objects.get(pk=long_game.pk))
    with CaptureQueriesContext(connection) as ctx:
        again = load_state(Game.objects.get(pk=long_game.pk))
    assert again == first
    assert len(ctx.captured_queries) == 1  # the game row only: cards, heroes and tokens came from the cache


def test_the_board_is_built_once_per_version_seat_and_language(long_game):
    builds = []

    def build():
        builds.append(1)
        return "<svg/>"

    for _ in range(3):
        assert game_cache.board_svg(game=long_game, seat=0, lang="de", names={0: "a"}, build=build) == "<svg/>"
    game_cache.board_svg(game=long_game, seat=1, lang="de", names={0: "a"}, build=build)
    game_cache.board_svg(game=long_game, seat=0, lang="en", names={0: "a"}, build=build)
    assert len(builds) == 3


def test_each_log_sentence_is_described_once():
    game = Game(pk=1, seed="s" * 64)
    described = []

    def describe(entries):
        described.extend(e["sequence"] for e in entries)
        return [f"step {e['sequence']}" for e in entries]

    entries = [{"sequence": n, "taken_back": False} for n in range(1, 6)]
    args = {"game": game, "seat": 0, "lang": "en", "names": {}, "describe": describe}
    assert game_cache.log_sentences(entries=entries[:3], **args) == ["step 1", "step 2", "step 3"]
    assert game_cache.log_sentences(entries=entries, **args) == [f"step {n}" for n in range(1, 6)]
    assert described == [1, 2, 3, 4, 5]


def test_the_board_text_is_built_once_per_version_seat_language_and_delay(long_game):
    builds = []

    def build():
        builds.append(1)
        return [{"square": len(builds)}]

    args = {"game": long_game, "lang": "de", "names": {0: "a"}, "build": build}
    first = game_cache.board_text(seat=0, **args)
    assert game_cache.board_text(seat=0, **args) == first
    game_cache.board_text(seat=1, **args)
    game_cache.board_text(seat=None, **args)
    game_cache.board_text(seat=None, extra={"upto": 40}, **args)   # a spectator held back by the delay
    long_game.version += 1
    game_cache.board_text(seat=0, **args)
    assert len(builds) == 5


def test_the_walk_routes_are_planned_once_per_version_and_seat(long_game):
    plans = []

    def build():
        plans.append(1)
        return {"F2": len(plans)}

    assert game_cache.walk_routes(game=long_game, seat=0, build=build) == {"F2": 1}
    assert game_cache.walk_routes(game=long_game, seat=0, build=build) == {"F2": 1}
    game_cache.walk_routes(game=long_game, seat=1, build=build)
    long_game.version += 1
    game_cache.walk_routes(game=long_game, seat=0, build=build)
    assert len(plans) == 3
