"""The submit's writes without the ORM's compiling (issue 17, eleventh wave): ``persistence.update_row`` writes
what ``QuerySet.update`` writes (JSON, NULL, datetimes, the version's increment, the rows counted), and the
state's row reads compiled once (``apibase.prepared``) give what their querysets give."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from bench.seeding import bench_users, seed_game_fast
from games import persistence
from games.models import Game, RegionPlacement, Seat, TokenPosition

pytestmark = pytest.mark.django_db


def _row(model, pk):
    return model.objects.filter(pk=pk).values().get()


def test_update_row_writes_what_the_orm_update_writes():
    game_a = seed_game_fast(bench_users(2, "upd-a-"), 6)
    game_b = seed_game_fast(bench_users(2, "upd-b-"), 6)
    deadline = timezone.now() + timedelta(hours=5)
    values = {"phase": "play", "current_seat": 1, "turn_number": 7, "winner_seat": None,
              "global_state": {"a": [1, 2, {"b": None}], "ü": "ß"}, "turn_deadline_at": deadline}
    plain = Game.objects.filter(pk=game_a.pk, version=game_a.version).update(version=F("version") + 1, **values)
    kept = persistence.update_row(Game, values, increment="version", pk=game_b.pk, version=game_b.version)
    assert plain == kept == 1
    a, b = _row(Game, game_a.pk), _row(Game, game_b.pk)
    for name in ("phase", "current_seat", "turn_number", "winner_seat", "global_state", "turn_deadline_at"):
        assert a[name] == b[name], name
    assert a["version"] == game_a.version + 1 and b["version"] == game_b.version + 1
    # A version that moved on claims nothing (the submit's StaleVersion).
    assert persistence.update_row(Game, values, increment="version", pk=game_b.pk, version=game_b.version) == 0

    seat_a, seat_b = (Seat.objects.get(game=g, index=0) for g in (game_a, game_b))
    sheet = {"seat": 0, "lp": 3, "items": ["x"], "between": None}
    Seat.objects.filter(game_id=game_a.pk, index=0).update(position="B1", lp=3, sheet=sheet)
    assert persistence.update_row(Seat, {"position": "B1", "lp": 3, "sheet": sheet}, game_id=game_b.pk, index=0) == 1
    assert ({k: v for k, v in _row(Seat, seat_a.pk).items() if k in ("position", "lp", "sheet")}
            == {k: v for k, v in _row(Seat, seat_b.pk).items() if k in ("position", "lp", "sheet")})

    token_a = TokenPosition.objects.filter(game=game_a).order_by("token_id").first()
    token_b = TokenPosition.objects.filter(game=game_b, token_id=token_a.token_id).get()
    TokenPosition.objects.filter(pk=token_a.pk).update(loc="field:B1", face_up=True, seen_by=[0, 1], flipped=True)
    persistence.update_row(TokenPosition, {"loc": "field:B1", "face_up": True, "seen_by": [0, 1], "flipped": True},
                           pk=token_b.pk)
    keep = ("loc", "face_up", "seen_by", "flipped")
    assert ({k: v for k, v in _row(TokenPosition, token_a.pk).items() if k in keep}
            == {k: v for k, v in _row(TokenPosition, token_b.pk).items() if k in keep})


def test_the_prepared_row_reads_give_the_querysets_rows():
    game = seed_game_fast(bench_users(2, "upd-c-"), 8)
    for prepared, build in ((persistence._SEATS_FOR_UPDATE, persistence._seats_for_update),
                            (persistence._PLACEMENTS, persistence._placements),
                            (persistence._TOKEN_ROWS, persistence._token_rows)):
        with CaptureQueriesContext(connection) as plain_sql:
            plain = list(build(game.pk))
        with CaptureQueriesContext(connection) as kept_sql:
            kept = prepared(game.pk)
        assert [getattr(r, "pk", r) for r in kept] == [getattr(r, "pk", r) for r in plain]
        assert [q["sql"] for q in kept_sql.captured_queries] == [q["sql"] for q in plain_sql.captured_queries]
    assert len(persistence._PLACEMENTS(game.pk)) == RegionPlacement.objects.filter(game=game).count()


def test_the_global_part_is_the_state_json_without_the_rows_parts():
    game = seed_game_fast(bench_users(2, "upd-d-"), 12)
    state = persistence.load_state(game)
    full = state.to_json()
    expected = {k: v for k, v in full.items() if k not in (*persistence.COLUMN_KEYS, *persistence.ROW_KEYS)}
    made = persistence._global_state(state)
    assert made == expected
    assert list(made) == list(expected)  # the same keys in the same order (SQLite keeps the text as written)
