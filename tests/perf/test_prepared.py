"""A read query compiled once and run with other values (apibase.prepared) gives what the queryset gives."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apibase import prepared as prepared_module
from apibase.prepared import Prepared
from bench.seeding import bench_users, seed_game_fast
from games import selectors
from games.models import Seat
from games.visits import games_waiting_for

pytestmark = pytest.mark.django_db


def _fields(seat):
    return (seat.pk, seat.index, seat.user_id, seat.user.username, seat.game.pk, seat.game.version,
            seat.game.title, getattr(seat, "games_waiting", None))


@pytest.fixture
def two_games():
    first, second = bench_users(2, "prep-a-"), bench_users(2, "prep-b-")
    return seed_game_fast(first, 10), seed_game_fast(second, 12), first, second


def test_the_same_rows_objects_and_sql_as_the_queryset(two_games):
    game_a, game_b, first, second = two_games
    for game, user in ((game_a, first[0]), (game_b, second[1]), (game_a, second[0])):
        for build, args in ((selectors._seats_query, (game.pk,)),
                            (selectors._seats_query_waiting, (game.pk, user.pk))):
            with CaptureQueriesContext(connection) as plain_sql:
                plain = list(build(*args))
            with CaptureQueriesContext(connection) as kept_sql:
                kept = selectors._SEATS(*args) if len(args) == 1 else selectors._SEATS_WAITING(*args)
            assert [_fields(s) for s in kept] == [_fields(s) for s in plain]
            assert [q["sql"] for q in kept_sql.captured_queries] == [q["sql"] for q in plain_sql.captured_queries]
            assert all(isinstance(s, Seat) for s in kept)
    waiting = selectors._SEATS_WAITING(game_b.pk, second[1].pk)[0].games_waiting
    assert waiting == games_waiting_for(second[1])


def test_compiled_once_per_connection(two_games, monkeypatch):
    game_a, game_b, *_ = two_games
    compiled = []
    original = Prepared._compile

    def counting(*args):
        compiled.append(args)
        return original(*args)

    monkeypatch.setattr(Prepared, "_compile", staticmethod(counting))
    query = Prepared(selectors._seats_query)
    assert [s.game_id for s in query(game_a.pk)] == [game_a.pk] * 2
    assert [s.game_id for s in query(game_b.pk)] == [game_b.pk] * 2
    assert query(10**9) == []
    assert len(compiled) == 1


def test_values_it_cannot_stand_in_for_run_the_plain_queryset(two_games):
    game_a, *_ = two_games
    calls = []

    def build(game_id):
        calls.append(game_id)
        return Seat.objects.filter(game_id=game_id).order_by("index")

    query = Prepared(build)
    assert [s.game_id for s in query(str(game_a.pk))] == [game_a.pk] * 2  # not an int: built as asked
    assert calls == [str(game_a.pk)]
    assert query(prepared_module.STAND_INS[0]) == []  # a stand-in itself: built as asked
    assert calls[-1] == prepared_module.STAND_INS[0]


def test_a_value_folded_into_the_sql_falls_back_every_time(two_games):
    game_a, game_b, *_ = two_games

    def build(game_id):  # the value is written into the statement's text, not passed as a parameter
        return Seat.objects.filter(game_id=game_id).extra(where=[f"{game_id} <> 0"]).order_by("index")

    query = Prepared(build)
    assert [s.game_id for s in query(game_a.pk)] == [game_a.pk] * 2
    assert [s.game_id for s in query(game_b.pk)] == [game_b.pk] * 2
    assert query._local.kept is None
