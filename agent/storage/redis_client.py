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


def async_redis_client(url: str, *, decode: bool = True, **overrides: Any) -> Any:
    """An asyncio client (redis.asyncio) for `url`."""
    import redis.asyncio as aredis

    return aredis.Redis.from_url(url, **_options(decode, overrides))
