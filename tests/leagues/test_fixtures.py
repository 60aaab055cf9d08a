"""Properties of the table draw over club sizes 2-60 and table sizes 2-6 (independent of the engine's seat cap)."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from leagues.fixtures import History, draw_round, draw_season, spread, table_sizes

TABLE_SIZES = range(2, 7)


def _rounds(n: int, k: int) -> int:
    return min(max(3, math.ceil((n - 1) / (k - 1))), 10)


def check_season(n: int, k: int) -> tuple[int, int]:
    players = [f"p{i}" for i in range(n)]
    rounds = _rounds(n, k)
    history = History()
    for draw in draw_season(players, k, rounds, seed=f"{n}/{k}"):
        seated = [p for table in draw.tables for p in table] + draw.byes
        # every entrant exactly once per round
        assert sorted(seated) == sorted(players)
        # tables no bigger than k, and as equal as possible
        sizes = [len(t) for t in draw.tables]
        assert max(sizes) <= k and max(sizes) - min(sizes) <= 1
        # a bye only where a lone player would be left at tables of two or more
        assert len(draw.byes) == (1 if (k >= 2 and table_sizes(n, k)[-1] == 1) else 0)
        history.record(draw.tables, draw.byes)
    # byes are spread: nobody has two more than anybody else
    if history.byes:
        counts = [history.byes[p] for p in players]
        assert max(counts) - min(counts) <= 1
    # opponents spread: no pair meets more often than the fair share (rounded up) plus one
    meetings_per_player = rounds * (k - 1)
    fair = math.ceil(meetings_per_player / (n - 1))
    low, high = spread(players, history)
    assert high <= fair + 1, (n, k, rounds, low, high, fair)
    return low, high


@pytest.mark.parametrize("k", TABLE_SIZES)
@pytest.mark.parametrize("n", [2, 3, 5, 7, 8, 11, 13, 16, 24, 37, 60])
def test_draw_properties_sampled(n, k):
    check_season(n, k)


@pytest.mark.slow
def test_draw_properties_all_sizes():
    for n in range(2, 61):
        for k in TABLE_SIZES:
            check_season(n, k)


@pytest.mark.parametrize(("n", "k", "rounds"), [(8, 2, 7), (6, 2, 5), (9, 3, 4)])
def test_perfect_schedules_are_found(n, k, rounds):
    # a full round robin / the affine plane of order 3: everybody meets everybody exactly once
    history = History()
    for draw in draw_season(list(range(n)), k, rounds, seed="x"):
        history.record(draw.tables)
    assert spread(list(range(n)), history) == (1, 1)


def test_byes_rotate_with_tables_of_two():
    players = list(range(5))
    history = History()
    byes = Counter()
    for number in range(5):
        draw = draw_round(players, 2, history, seed=number)
        history.record(draw.tables, draw.byes)
        byes.update(draw.byes)
    assert sorted(byes.values()) == [1, 1, 1, 1, 1]


def test_table_sizes():
    assert table_sizes(10, 4) == [4, 3, 3]
    assert table_sizes(12, 4) == [4, 4, 4]
    assert table_sizes(7, 6) == [4, 3]
    assert table_sizes(3, 1) == [1, 1, 1]
    assert table_sizes(0, 4) == []


def test_solo_tables_are_not_byes():
    draw = draw_round(["a", "b"], 1)
    assert sorted(map(tuple, draw.tables)) == [("a",), ("b",)] and draw.byes == []
