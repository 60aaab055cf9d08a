"""The throttles' histories in one round trip each way (issue 17, twelfth wave): an API request signed in by
its session reads the address's and the user's history with one ``get_many`` and writes both with one
``set_many`` — before, four round trips (a get and a set per limit). The limits count as before."""

from __future__ import annotations

import pytest
from django.core.cache import cache, caches
from django.test import Client

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games/"


def _throttle_calls(monkeypatch) -> list[tuple[str, list[str]]]:
    """The cache calls that touch a throttle's history, with their keys (the outer calls only: the local
    memory cache's ``get_many`` asks its own ``get`` per key, where Redis answers in one round trip)."""
    calls: list[tuple[str, list[str]]] = []
    inside = []
    backend = type(caches["default"])   # the class: the proxy's connection is made anew per request
    for name in ("get", "set", "add", "get_many", "set_many"):
        real = getattr(backend, name)

        def counted(self, first, *args, __real=real, __name=name, **kwargs):
            keys = [first] if isinstance(first, str) else list(first)
            if not inside and any(key.startswith("throttle_") for key in keys):
                calls.append((__name, sorted(keys)))
            inside.append(__name)
            try:
                return __real(self, first, *args, **kwargs)
            finally:
                inside.pop()

        monkeypatch.setattr(backend, name, counted)
    return calls


def test_a_session_request_reads_and_writes_its_throttles_in_one_round_trip_each(monkeypatch, anna):
    client = Client()
    client.force_login(anna)
    calls = _throttle_calls(monkeypatch)
    assert client.get(GAMES).status_code == 200
    keys = sorted(["throttle_address_127.0.0.1", f"throttle_read_user-{anna.pk}"])
    assert calls == [("get_many", keys), ("set_many", keys)]
    assert [len(cache.get(key)) for key in keys] == [1, 1]   # both counted, as before
    calls.clear()
    assert client.post(GAMES, {"title": "x", "seat_count": 2}, content_type="application/json").status_code in (
        201, 403)
    writes = sorted(["throttle_address_127.0.0.1", f"throttle_write_user-{anna.pk}"])
    assert calls[0] == ("get_many", writes)


def test_a_session_users_limits_hold(anna, set_rates):
    set_rates(read="2/min", address="3/min")
    client = Client()
    client.force_login(anna)
    assert [client.get(GAMES).status_code for _ in range(3)] == [200, 200, 429]
    assert client.get(GAMES).status_code == 429               # the address's limit now (3 counted)
    assert len(cache.get("throttle_address_127.0.0.1")) == 3
    assert len(cache.get(f"throttle_read_user-{anna.pk}")) == 2


def test_an_anonymous_request_is_counted_per_address_in_one_round_trip(monkeypatch, db):
    calls = _throttle_calls(monkeypatch)
    Client().get(GAMES)
    assert [name for name, _keys in calls] == ["get_many", "set_many"]
    assert calls[0][1] == sorted(["throttle_address_127.0.0.1", "throttle_read_ip-127.0.0.1"])
