"""The API's state, actions and log pages kept per version, seat, language and page (issue 17, third
wave; games.cache.api_key): a seat never reads what was kept for another, nor an old version after a step."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from bench.seeding import bench_users, seed_game_fast
from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.playout import acting_seat
from games.persistence import load_state

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fixed_seed")]


def _get(client, user, url, **params):
    client.force_login(user)
    response = client.get(url, params)
    assert response.status_code == 200, response.content[:300]
    return response.json()


def test_api_reads_kept_for_one_seat_are_never_answered_to_the_other(client):
    players = bench_users(2)
    game = seed_game_fast(players, 80)
    api = f"/api/v1/games/{game.pk}/"
    pages = {"state/": {}, "actions/": {}, "log/": {"page": 4}}
    cold = {}
    for seat in (0, 1):
        cache.clear()
        cold[seat] = [_get(client, players[seat], api + path, **params) for path, params in pages.items()]
    assert cold[0][0] != cold[1][0] and cold[0][2] != cold[1][2]  # the deed and its log entry are seat 0's
    for first, second in ((0, 1), (1, 0)):
        cache.clear()
        for seat in (first, second, second):  # the second time from the cache
            assert [_get(client, players[seat], api + path, **params) for path, params in pages.items()] == cold[seat]


def test_api_reads_after_a_step_answer_the_new_version_in_the_asked_language(client):
    players = bench_users(2)
    game = seed_game_fast(players, 10)
    api = f"/api/v1/games/{game.pk}/"
    seat = acting_seat(load_state(game))
    user = players[seat]
    labels = {}
    for language in ("de", "en"):
        type(user).objects.filter(pk=user.pk).update(language=language)
        labels[language] = [k["label"] for k in _get(client, user, api + "actions/")["kinds"]]
    assert labels["de"] != labels["en"]
    before = _get(client, user, api + "state/")
    log_before = _get(client, user, api + "log/")
    action = next(a for a in legal_actions(load_content(), load_state(game), seat) if "take_back" not in a.kind)
    answer = client.post(api + "actions/", {"action": action.to_json(), "expected_version": game.version},
                         content_type="application/json", HTTP_IDEMPOTENCY_KEY="kept-1")
    assert answer.status_code == 201
    game.refresh_from_db()
    assert _get(client, user, api + "actions/")["version"] == game.version
    assert _get(client, user, api + "state/") != before
    assert _get(client, user, api + "log/")["count"] == log_before["count"] + 1
