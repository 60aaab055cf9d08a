"""The "since your last visit" mark (games.visits.mark_seen): on PostgreSQL, outside a transaction, one
statement whose commit does not wait for the WAL flush (issue 17, ninth wave) — and the same effect as the
plain update: the mark only moves forward, and only that seat's."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.seeding import bench_users, seed_game_fast
from games import visits
from games.models import Seat


@pytest.mark.django_db(transaction=True)
def test_the_mark_moves_forward_only_and_on_postgresql_without_waiting_for_the_flush():
    players = bench_users(2)
    game = seed_game_fast(players, 10)
    seat, other = sorted(Seat.objects.filter(game=game), key=lambda s: s.index)
    before_other = other.last_seen_sequence
    with CaptureQueriesContext(connection) as ctx:
        visits.mark_seen(seat=seat, sequence=game.version)
    assert Seat.objects.get(pk=seat.pk).last_seen_sequence == game.version == seat.last_seen_sequence
    assert Seat.objects.get(pk=other.pk).last_seen_sequence == before_other
    (statement,) = [q["sql"] for q in ctx.captured_queries]
    if connection.vendor == "postgresql":
        assert "synchronous_commit" in statement
        assert connection.cursor().execute("SHOW synchronous_commit").fetchone()[0] == "on", "its own transaction only"
    stale = Seat.objects.get(pk=seat.pk)
    stale.last_seen_sequence = 0  # a seat read before another request moved the mark
    visits.mark_seen(seat=stale, sequence=1)
    assert Seat.objects.get(pk=seat.pk).last_seen_sequence == game.version, "never backwards"
