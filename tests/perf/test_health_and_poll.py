"""/healthz (the benchmark's floor) and the poll's stamp in the cache."""

from __future__ import annotations

import pytest
from django.urls import reverse

from bench.seeding import bench_users, seed_game_fast
from games import poll

pytestmark = pytest.mark.django_db


def test_healthz_answers_without_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert response.status_code == 200 and response.content == b"ok"


def _polled_game(client):
    """A running game, its first player signed in and his poll's answer kept: (players, game, url, stamp)."""
    players = bench_users(2)
    game = seed_game_fast(players, 10)
    client.force_login(players[0])
    url = reverse("games:poll", args=[game.pk])
    stamp = poll.stamp(game.version, game.status, game.seat_count)
    assert client.get(url, {"stamp": stamp}, HTTP_HX_REQUEST="true").status_code == 204  # fills the cache
    return players, game, url, stamp


def test_the_poll_answers_from_the_stamp_and_sees_every_change(client, django_assert_num_queries,
                                                                 django_capture_on_commit_callbacks):
    players, game, url, stamp = _polled_game(client)
    with django_assert_num_queries(0):
        assert client.get(url, {"stamp": stamp}, HTTP_HX_REQUEST="true").status_code == 204
    # A signed-out client never gets the cached answer.
    client.logout()
    assert client.get(url, {"stamp": stamp}, HTTP_HX_REQUEST="true").status_code == 302
    # Any save of the game drops the stamp, at once and after its commit.
    client.force_login(players[0])
    with django_capture_on_commit_callbacks(execute=True):
        game.title = "renamed"
        game.save(update_fields=["title"])
    assert client.get(url, {"stamp": stamp}, HTTP_HX_REQUEST="true").status_code == 204
    from django.core.cache import cache

    assert cache.get(f"game:{game.pk}:stamp") == stamp  # put back by the full poll view


def test_a_submit_publishes_the_new_stamp_after_its_commit(client, django_capture_on_commit_callbacks):
    from games import services
    from games.engine import legal_actions
    from games.engine.content import load_content
    from games.engine.playout import acting_seat
    from games.persistence import load_state

    players = bench_users(2)
    game = seed_game_fast(players, 10)
    state = load_state(game)
    seat = acting_seat(state)
    action = legal_actions(load_content(), state, seat)[0]
    with django_capture_on_commit_callbacks(execute=True):
        services.action_submit(game=game, user=players[seat], action=action.to_json(),
                               expected_version=game.version, idempotency_key="k")
    game.refresh_from_db()
    from django.core.cache import cache

    assert cache.get(f"game:{game.pk}:stamp") == poll.stamp(game.version, game.status, game.seat_count)


def test_the_unchanged_poll_reads_the_cache_once_and_still_marks_the_player_on_the_site(client, monkeypatch):
    """Fifth wave: the session and the stamp in one round trip, and the user the session names marked
    as on the site (the middleware leaves that to the poll; accounts.activity)."""
    from django.core.cache import cache, caches

    from accounts import activity

    players, game, url, stamp = _polled_game(client)
    cache.delete(activity.KEY.format(players[0].pk))
    # As in a process that has not touched him within TOUCH_SECONDS (ninth wave: the process remembers).
    activity._TOUCHED.clear()
    reads = []
    backend = type(caches["default"])
    for name in ("get", "get_many"):
        original = getattr(backend, name)
        monkeypatch.setattr(backend, name, lambda *a, _o=original, _n=name, **k: reads.append(_n) or _o(*a, **k))
    assert client.get(url, {"stamp": stamp}, HTTP_HX_REQUEST="true").status_code == 204
    # The session and the stamp in one get_many (locmem's reads them key by key: one round trip with
    # Redis), then the activity stamp; before, the middleware read the session on its own first.
    assert reads == ["get_many", "get", "get", "get"]
    assert activity.is_on_site(players[0].pk) and not activity.is_on_site(players[1].pk)


def test_a_process_reads_the_activity_stamp_at_most_once_per_touch_interval(players, monkeypatch):
    """Ninth wave: within TOUCH_SECONDS of the stamp it last read or wrote, a process does not ask the
    cache again (a round trip off every signed-in request); after it, it reads and rewrites as before."""
    from django.core.cache import cache, caches

    from accounts import activity

    user_id = players[0].pk
    reads = []
    backend = type(caches["default"])
    original = backend.get
    monkeypatch.setattr(backend, "get", lambda *a, **k: reads.append(a[1]) or original(*a, **k))
    activity.touch(user_id, now=1000.0)
    activity.touch(user_id, now=1000.0 + activity.TOUCH_SECONDS - 1)
    assert reads == [activity.KEY.format(user_id)] and cache.get(activity.KEY.format(user_id)) == 1000.0
    activity.touch(user_id, now=1000.0 + activity.TOUCH_SECONDS)
    assert cache.get(activity.KEY.format(user_id)) == 1000.0 + activity.TOUCH_SECONDS


def _without_fast_path():
    from django.conf import settings
    from django.test import override_settings

    return override_settings(MIDDLEWARE=[m for m in settings.MIDDLEWARE if not m.endswith("UnchangedPollMiddleware")])


def test_the_unchanged_poll_is_answered_before_the_rest_of_the_middleware(client, monkeypatch):
    """Eleventh wave: the unchanged poll skips the session, locale, CSRF, authentication and header
    middleware (three quarters of its Python); anything else still goes through all of it."""
    from django.contrib.sessions.middleware import SessionMiddleware

    players, game, url, stamp = _polled_game(client)
    assert client.get(url, {"stamp": stamp}, HTTP_HX_REQUEST="true").status_code == 204  # learns the headers
    monkeypatch.setattr(SessionMiddleware, "process_request",
                        lambda self, request: (_ for _ in ()).throw(AssertionError("session middleware ran")))
    assert client.get(url, {"stamp": stamp}, HTTP_HX_REQUEST="true").status_code == 204
    with pytest.raises(AssertionError, match="session middleware ran"):
        client.get(url, {"stamp": "0-old-0"}, HTTP_HX_REQUEST="true")


def test_the_fast_answer_carries_the_headers_of_the_whole_stack(client):
    players, game, url, stamp = _polled_game(client)
    client.get(url, {"stamp": stamp}, HTTP_HX_REQUEST="true")
    fast = client.get(url, {"stamp": stamp}, HTTP_HX_REQUEST="true")
    with _without_fast_path():
        full = client.get(url, {"stamp": stamp}, HTTP_HX_REQUEST="true")
    assert fast.status_code == full.status_code == 204
    # Expires is the moment of the answer; Content-Language names the language of a content there is not.
    left_out = {"Expires", "Content-Language"}
    assert {k: v for k, v in fast.headers.items() if k not in left_out} == {
        k: v for k, v in full.headers.items() if k not in left_out}
    assert "no-store" in fast["Cache-Control"] and fast["Expires"]


def test_the_fast_path_reads_the_cache_once_also_when_the_game_changed(client, monkeypatch):
    """A changed stamp goes on to the view with what the one round trip brought: no second read of the
    session or the stamp (the partial's own reads follow)."""
    from django.core.cache import caches

    players, game, url, stamp = _polled_game(client)
    reads = []
    backend = type(caches["default"])
    original = backend.get_many
    monkeypatch.setattr(backend, "get_many", lambda *a, **k: reads.append(list(a[1])) or original(*a, **k))
    response = client.get(url, {"stamp": "0-old-0"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert sum(1 for keys in reads if f"game:{game.pk}:stamp" in keys) == 1


def test_the_fast_path_ends_polling_of_a_finished_game_and_never_answers_a_stranger(client):
    from django.core.cache import cache

    from games.models import Game

    players, game, url, stamp = _polled_game(client)
    over = poll.stamp(game.version, Game.Status.FINISHED, game.seat_count)
    cache.set(poll.stamp_key(game.pk), over)
    assert client.get(url, {"stamp": over}, HTTP_HX_REQUEST="true").status_code == 286
    assert client.get(url, {"stamp": over}, HTTP_HX_REQUEST="true").status_code == 286
    client.cookies["sessionid"] = "x" * 32   # a session the cache does not hold
    assert client.get(url, {"stamp": over}, HTTP_HX_REQUEST="true").status_code == 302
