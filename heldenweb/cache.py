"""Django's Redis cache with one redis-py client object per connection pool (issue 17, fifth wave).

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` around the pool for every cache
operation, and redis-py's constructor fills a case-insensitive table of some 170 response callbacks
each time: about 0.18 ms of CPU per get or set on this machine, as much as the round trip to Redis
itself, and a warm page makes four of them. A ``redis.Redis`` holds no connection of its own (each
command borrows one from the pool and gives it back), so one object per pool serves every operation,
from any thread, exactly as a fresh one would.
"""

from __future__ import annotations

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class KeptClientRedisCacheClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients: dict[int, tuple[object, object]] = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]  # Django's, not in the stubs
        kept = self._clients.get(id(pool))
        if kept is None or kept[0] is not pool:
            kept = (pool, self._client(connection_pool=pool))  # type: ignore[attr-defined]  # as above
            self._clients[id(pool)] = kept
        return kept[1]


class KeptClientRedisCache(RedisCache):
    """``django.core.cache.backends.redis.RedisCache``, its client kept (see the module)."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = KeptClientRedisCacheClient
