"""The log's tail filtered for a seat, kept per process (issue 17, seventh wave, second round): each
entry is what the engine's visibility makes of the row for that seat, and only ever given to it."""

from __future__ import annotations

import pytest

from games import selectors
from tests.games.test_services import play_first_legal, two_player_game

pytestmark = pytest.mark.django_db


def test_a_kept_entry_is_the_one_made_afresh_and_is_made_once_per_seat(user, other_user, monkeypatch):
    game = two_player_game(user, other_user)
    play_first_legal(game, times=12)
    game.refresh_from_db()
    rows = selectors.log_tail(game=game, seat_index=0).rows
    selectors._LOG_ENTRIES.clear()
    made = []
    make = selectors._log_entry
    monkeypatch.setattr(selectors, "_log_entry", lambda *a: made.append(a[1]) or make(*a))
    for seat in (0, 1, None, 0, 1, None):
        for row in rows:
            assert selectors.log_entry(row, seat, game=game) == make(row, seat, game)
    assert made == [seat for seat in (0, 1, None) for _row in rows], "each row once per seat"
    entry = selectors.log_entry(rows[-1], 0, game=game)
    entry["events"] = "changed by a caller"
    assert selectors.log_entry(rows[-1], 0, game=game)["events"] != "changed by a caller"


def test_a_taken_back_row_is_another_row(user, other_user):
    game = two_player_game(user, other_user)
    play_first_legal(game, times=3)
    game.refresh_from_db()
    row = selectors.log_tail(game=game, seat_index=0).rows[-1]
    assert selectors.log_entry(row, 0, game=game)["taken_back"] is False
    assert selectors.log_entry(row._replace(taken_back=True), 0, game=game)["taken_back"] is True
