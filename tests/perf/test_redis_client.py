"""The Redis cache backend keeps one redis-py client per connection pool (heldenweb.cache)."""

from __future__ import annotations

import pytest
import redis

from heldenweb.cache import KeptClientRedisCache

URL = "redis://127.0.0.1:6379/11"  # a database number nobody else uses


def _backend(location: str = URL) -> KeptClientRedisCache:
    return KeptClientRedisCache(location, {"KEY_PREFIX": "kept-client-test"})


def test_one_client_per_pool_for_reads_and_writes():
    backend = _backend()
    client = backend._cache.get_client("a")
    assert backend._cache.get_client("b") is client
    assert backend._cache.get_client("c", write=True) is client  # one server: reads and writes share its pool
    assert client.connection_pool is backend._cache._get_connection_pool(False)


def test_a_new_pool_gets_a_new_client():
    backend = _backend()
    first = backend._cache.get_client()
    backend._cache._pools.clear()  # as if the pool were made again
    second = backend._cache.get_client()
    assert second is not first
    assert second.connection_pool is backend._cache._get_connection_pool(False)


def test_separate_backends_do_not_share_clients():
    assert _backend()._cache.get_client() is not _backend()._cache.get_client()


def test_round_trip_through_a_real_redis():
    backend = _backend()
    try:
        redis.Redis.from_url(URL).ping()
    except redis.ConnectionError:
        pytest.skip("no Redis on 127.0.0.1:6379")
    backend.set("k", {"a": [1, 2]}, 30)
    assert backend.get("k") == {"a": [1, 2]}
    assert backend.get_many(["k", "missing"]) == {"k": {"a": [1, 2]}}
    assert backend.add("k", 1) is False
    backend.set("n", 0)
    assert backend.incr("n") == 1
    backend.delete_many(["k", "n"])
    assert backend.get("k") is None
