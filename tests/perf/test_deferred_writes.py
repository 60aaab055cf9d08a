"""Issue 17, ninth wave: the first render of a version sends what it fills in (the log's tail, the board,
its text, the partial) to the cache in one round trip at its end; a render reads its own held writes."""

from __future__ import annotations

import pytest
from django.urls import reverse

from bench.seeding import bench_users, seed_game_fast
from games import cache as game_cache

pytestmark = pytest.mark.django_db


def _writes(monkeypatch) -> list[tuple[str, list[str]]]:
    from django.core.cache import caches

    backend = type(caches["default"])
    writes: list[tuple[str, list[str]]] = []
    inside: list[bool] = []  # locmem's set_many sets key by key: those are not writes of their own
    for name in ("set", "add", "set_many"):
        original = getattr(backend, name)

        def spy(self, *args, _original=original, _name=name, **kwargs):
            if not inside:
                writes.append((_name, sorted(args[0]) if _name == "set_many" else [args[0]]))
            inside.append(True)
            try:
                return _original(self, *args, **kwargs)
            finally:
                inside.pop()
        monkeypatch.setattr(backend, name, spy)
    return writes


def test_the_first_render_of_a_version_writes_what_it_fills_in_at_once(client, monkeypatch):
    players = bench_users(2)
    game = seed_game_fast(players, 10)
    client.force_login(players[0])
    url = reverse("games:poll", args=[game.pk])
    writes = _writes(monkeypatch)
    first = client.get(url, {"stamp": "0-old-0"}, HTTP_HX_REQUEST="true")
    assert first.status_code == 200
    kinds = (":tail", ":board:", ":board-text:", ":page2:")
    filled = [(name, keys) for name, keys in writes if any(kind in key for key in keys for kind in kinds)]
    # One set_many holds the tail, the board, its text and the partial: none of them is written on its own.
    assert len(filled) == 1 and filled[0][0] == "set_many", writes
    assert all(any(kind in key for key in filled[0][1]) for kind in kinds), writes


def test_a_deferring_render_reads_its_own_writes_and_sends_them_at_its_end():
    from django.core.cache import cache

    built = []
    with game_cache.writes_deferred():
        assert game_cache._cached("k", lambda: built.append(1) or "v") == "v"
        assert game_cache._cached("k", lambda: built.append(1) or "w") == "v", "the held value, not built again"
        assert cache.get("k") is None, "not written before the end"
    assert built == [1] and cache.get("k") == "v"
