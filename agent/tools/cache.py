"""The tool result cache and the data version its keys carry.

Key: tool id, tenant and user, the canonical (validated, sorted-keys JSON) parameters and the data
version, so a load of bars or fundamentals is never answered from a result computed before it.
Storage: Redis (`SET key value EX ttl`) when ASKBAR_REDIS_URL is set, else an in-process dict with
expiry times.
"""
from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from typing import Any

from agent.storage.redis_client import redis_client

log = logging.getLogger("askbar.tools")

MARKET_VERSION = "SELECT count(*) AS n, max(updated_at) AS t FROM instruments"
FUNDAMENTALS_VERSION = "SELECT count(*) AS n, max(loaded_at) AS t FROM fundamentals"
NEWS_VERSION = "SELECT count(*) AS n, max(loaded_at) AS t FROM news_items"


def data_version(store: Any, appdb: Any) -> str:
    """A string that changes whenever bars, fundamentals or news are loaded.

    Every ingest upserts its instrument row with `updated_at = now()` in the load's transaction
    (agent/market/*_store.py), so (count, max(updated_at)) of the small instruments table moves
    with every load on both engines without reading the bar tables; fundamentals loads stamp
    `loaded_at` the same way, and so do news loads (so news results may keep the seed's 5 minutes).
    """
    m = store.query(MARKET_VERSION)[0]
    f = appdb.one(FUNDAMENTALS_VERSION) or {}
    n = appdb.one(NEWS_VERSION) or {}
    return f"m{m['n']}:{m['t']}|f{f.get('n')}:{f.get('t')}|n{n.get('n')}:{n.get('t')}"


def canonical(params: dict[str, Any]) -> str:
    return json.dumps(params, sort_keys=True, separators=(",", ":"), default=str)


def cache_key(prefix: str, tool_id: str, tenant_id: str, user_id: str, params_json: str,
              version: str) -> str:
    digest = hashlib.sha256(f"{params_json}\x00{version}".encode()).hexdigest()[:32]
    return f"{prefix}:toolcache:{tool_id}:{tenant_id}:{user_id}:{digest}"


class MemoryCache:
    backend = "memory"

    def __init__(self, max_items: int = 10_000):
        self._items: dict[str, tuple[float, str]] = {}
        self._lock = threading.Lock()
        self._max = max_items

    def get(self, key: str) -> Any | None:
        with self._lock:
            hit = self._items.get(key)
            if hit is None:
                return None
            if hit[0] < time.monotonic():
                del self._items[key]
                return None
            return json.loads(hit[1])

    def set(self, key: str, value: Any, ttl_s: int) -> None:
        with self._lock:
            if len(self._items) >= self._max:   # drop expired entries, then the oldest
                now = time.monotonic()
                for k in [k for k, (exp, _) in self._items.items() if exp < now]:
                    del self._items[k]
                while len(self._items) >= self._max:
                    del self._items[next(iter(self._items))]
            self._items[key] = (time.monotonic() + ttl_s, json.dumps(value, default=str))


class RedisCache:
    """Results in Redis; while Redis is down a read is a miss and a write is skipped, with a
    warning in the log (tools answered 500 during an outage)."""
    backend = "redis"
    WARN_EVERY_S = 30.0

    def __init__(self, url: str):
        # short timeouts: while Redis is down a call falls back within a second
        self._r = redis_client(url, decode=False, socket_connect_timeout=1.0, socket_timeout=1.0)
        self._warned = 0.0

    def _down(self, exc: Exception) -> None:
        if time.monotonic() - self._warned > self.WARN_EVERY_S:
            self._warned = time.monotonic()
            log.warning("tool cache: Redis unavailable (%s); results are computed, not cached",
                        " ".join(str(exc).split())[:200])

    def get(self, key: str) -> Any | None:
        import redis

        try:
            raw = self._r.get(key)
        except redis.RedisError as exc:
            self._down(exc)
            return None
        return None if raw is None else json.loads(raw)

    def set(self, key: str, value: Any, ttl_s: int) -> None:
        import redis

        try:
            self._r.set(key, json.dumps(value, default=str), ex=ttl_s)
        except redis.RedisError as exc:
            self._down(exc)


def make_cache(redis_url: str | None):
    return RedisCache(redis_url) if redis_url else MemoryCache()
