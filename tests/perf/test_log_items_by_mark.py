"""The log's <li> kept per process under the mark its described entry is kept under (games.cache.Described,
issue 17, twelfth wave, second part): a version's first render pickles no log entry to find its <li>, and
each seat still gets exactly the log it would get with nothing kept."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from bench.seeding import seed_game_fast
from games import cache as game_cache
from games import selectors
from games.models import Seat
from games.templatetags import games_tags

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fixed_seed")]


def _log_html(client, game, user) -> str:
    cache.clear()   # the version's first render: nothing in the shared cache
    client.force_login(user)
    response = client.get(reverse("games:detail", args=[game.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    found = re.search(r'<ol class="log" reversed>.*?</ol>', response.content.decode(), re.S)
    assert found is not None
    return found.group(0)


def _nothing_kept() -> None:
    for store in (games_tags._LOG_ITEMS, game_cache._SENTENCES, selectors._LOG_ENTRIES):
        store.clear()


def test_each_seat_gets_its_own_log_and_no_entry_is_pickled_for_its_item(client, players, monkeypatch):
    game = seed_game_fast(players, 80)   # step 53 chooses a deed: its name is seat 0's secret
    Seat.objects.filter(game=game).update(last_seen_sequence=game.version)
    alone = {}
    for seat in (0, 1):
        _nothing_kept()
        alone[seat] = _log_html(client, game, players[seat])
    assert alone[0] != alone[1], "the seeded game shows a step the two seats read differently"
    _nothing_kept()
    for seat in (0, 1, 0, 1):
        assert _log_html(client, game, players[seat]) == alone[seat]
    keyed = []
    original = games_tags._kept_key
    monkeypatch.setattr(games_tags, "_kept_key", lambda lang, value: keyed.append(type(value)) or original(lang, value))
    for seat in (1, 0):
        assert _log_html(client, game, players[seat]) == alone[seat]
    assert tuple not in keyed, "a log entry's <li> is found by its mark, not by its pickle"


def test_entries_described_afresh_carry_no_mark_and_are_keyed_by_their_values():
    entries = [{"sequence": 3, "seat": 0, "taken_back": False, "created_at": None, "who": "A",
                "action_text": "Walk", "events": [{"text": "x", "dice": [3]}]}]
    with_mark = game_cache.Described([dict(entries[0])], [None])
    assert games_tags.log_items(entries) == games_tags.log_items(with_mark)
