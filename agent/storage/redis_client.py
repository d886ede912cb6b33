"""The one Redis client factory: every Redis connection of AskBar is made here.

One place for the options every client needs (connect timeout, health checks, decoded strings),
so an outage behaves the same everywhere: a client fails within CONNECT_TIMEOUT_S instead of
hanging, and a pooled connection is re-checked before use after HEALTH_CHECK_S idle. Callers
that block on purpose (stream reads, pub/sub) pass their own socket_timeout.
"""
from __future__ import annotations

from typing import Any

CONNECT_TIMEOUT_S = 5
HEALTH_CHECK_S = 30


def _options(decode: bool, overrides: dict[str, Any]) -> dict[str, Any]:
    return {"decode_responses": decode, "socket_connect_timeout": CONNECT_TIMEOUT_S,
            "health_check_interval": HEALTH_CHECK_S, **overrides}


def redis_client(url: str, *, decode: bool = True, **overrides: Any) -> Any:
    """A synchronous client (redis-py) for `url`. Any: redis-py's types say bytes | str even with
    decode_responses=True."""
    import redis

    return redis.Redis.from_url(url, **_options(decode, overrides))


def async_redis_client(url: str, *, decode: bool = True, pool_size: int | None = None,
                       pool_wait_s: float | None = None, **overrides: Any) -> Any:
    """An asyncio client (redis.asyncio) for `url`. With `pool_wait_s`, a command finding all
    `pool_size` connections in use waits up to that long for one (BlockingConnectionPool) instead
    of failing at once: redis-py's default pool raised "Too many connections" at 100 commands in
    flight, and 200 streams' heartbeats and polls during a Postgres restart made runs fall back to
    the local buffer with Redis up."""
    import redis.asyncio as aredis

    if pool_wait_s is None:
        return aredis.Redis.from_url(url, **_options(decode, overrides))
    pool = async_redis_pool(url, pool_size or 100, pool_wait_s, decode=decode, **overrides)
    return aredis.Redis.from_pool(pool)   # the client owns the pool: aclose() closes it


def async_redis_pool(url: str, size: int, wait_s: float, *, decode: bool = True, **overrides: Any) -> Any:
    """A pool of at most `size` asyncio connections where a command waits up to `wait_s` for a
    free one (for clients a library builds, such as the rate limiter's storage)."""
    import redis.asyncio as aredis

    return aredis.BlockingConnectionPool.from_url(url, max_connections=size, timeout=wait_s,
                                                  **_options(decode, overrides))
