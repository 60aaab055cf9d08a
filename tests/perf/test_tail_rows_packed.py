"""The log's tail travels with each row's bulk pickled once (issue 17, twelfth wave, second part): a reader
of the cached tail rebuilds no row's action or events until it needs them, an entry its process has kept
is found without pickling the row again, and every seat still reads each row exactly as the log shows it
to that seat."""

from __future__ import annotations

import pickle

import pytest
from django.core.cache import cache

from bench.seeding import seed_game_fast
from games import selectors
from games.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fixed_seed")]


def _kept_tail(game):
    return cache.get(selectors._tail_key(game, game.version))


def test_a_cached_tail_rebuilds_no_row_and_a_kept_entry_is_found_without_pickling(players, monkeypatch):
    game = seed_game_fast(players, 60)
    selectors.log_tail(game=game, seat_index=0)
    kept = _kept_tail(game)
    assert kept is not None
    assert all(isinstance(row._packed, bytes) and row._rest is None for row in kept.rows), \
        "the cached rows hold their bytes, not their dicts"
    fresh = Game.objects.get(pk=game.pk)
    for seat in (0, 1, None):
        assert [selectors.log_entry(row, seat, game=fresh) for row in kept.rows] == \
            selectors.visible_log(game=fresh, seat_index=seat)[-selectors.TAIL_ROWS:]
    # A later version's reader: the same rows from the cache again, their entries kept by this process.
    again = _kept_tail(game)
    used = []

    def counted(name):
        original = getattr(pickle, name)
        return lambda *args, **kwargs: used.append(name) or original(*args, **kwargs)

    for name in ("dumps", "loads"):
        monkeypatch.setattr(selectors.pickle, name, counted(name))
    for seat in (0, 1, None):
        for row in again.rows:
            selectors.log_entry(row, seat, game=fresh)
    assert used == [], "kept entries are found by the row's own bytes"
    assert all(row._rest is None for row in again.rows)


def test_rows_that_differ_anywhere_are_other_rows(players):
    game = seed_game_fast(players, 30)
    selectors.log_tail(game=game, seat_index=0)
    row = _kept_tail(game).rows[-1]
    for seat in (0, 1, None):
        entry = selectors.log_entry(row, seat, game=game)
        assert selectors.log_entry(row._replace(taken_back=True), seat, game=game)["taken_back"] is True
        other = row._replace(events=[*row.events, {"kind": "note", "text": "x"}])
        assert selectors.log_entry(other, seat, game=game)["events"] != entry["events"]
        assert selectors.log_entry(row, seat, game=game) == entry


def test_a_tail_row_pickles_to_the_same_values(players):
    game = seed_game_fast(players, 20)
    tail = selectors.log_tail(game=game, seat_index=0)
    for row in tail.rows:
        back = pickle.loads(pickle.dumps(row))
        assert (back.sequence, back.seat, back.taken_back, back.action, back.events, back.sealed, back.created_at) \
            == (row.sequence, row.seat, row.taken_back, row.action, row.events, row.sealed, row.created_at)


def test_a_tail_filed_by_the_earlier_code_is_never_read(players):
    """The earlier code filed its tails (named tuples of seven fields) under ``...:tail``; in a deploy where both
    run for a while, neither reads the other's."""
    game = seed_game_fast(players, 20)
    cache.set(f"game:{game.pk}:{game.seed[:8]}:{game.version}:tail", "a tail of the earlier code", 60)
    tail = selectors.log_tail(game=game, seat_index=0)
    assert isinstance(tail, selectors.LogTail) and tail.rows[-1].sequence == game.version
