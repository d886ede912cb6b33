"""Per user and tool rate limits: `limits` moving windows per minute, hour and day.

Storage: Redis when ASKBAR_REDIS_URL is set (limits' Redis moving window is one Lua script, so
concurrent processes admit exactly N), the in-process memory storage otherwise (locked per key).
The seed checks minute, then hour, then day and refuses at the first window that is full; so do we.
"""
from __future__ import annotations

import logging
import math
import threading
import time
from dataclasses import dataclass
from typing import Any

from limits import RateLimitItemPerDay, RateLimitItemPerHour, RateLimitItemPerMinute
from limits.storage import MemoryStorage, Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter

from agent.tools.spec import RateLimit

log = logging.getLogger("askbar.tools")


@dataclass(frozen=True)
class Refusal:
    period: str           # minute | hour | day
    limit: int
    retry_after: int      # whole seconds until the window admits a call again (>= 1)


class _Serialized:
    """A limiter over limits' MemoryStorage, one call at a time. That storage starts its expiry
    timer without a lock: two threads (tool calls run in worker threads) could both replace and
    start it, and the second start raised "threads can only be started once" (a 500 in a browser
    test of the full suite). In-process calls take microseconds, so the lock costs nothing."""

    def __init__(self, limiter: MovingWindowRateLimiter):
        self._limiter, self._lock = limiter, threading.Lock()

    def hit(self, *args):
        with self._lock:
            return self._limiter.hit(*args)

    def get_window_stats(self, *args):
        with self._lock:
            return self._limiter.get_window_stats(*args)


def _memory_limiter() -> _Serialized:
    return _Serialized(MovingWindowRateLimiter(MemoryStorage()))


class _FallbackLimiter:
    """The Redis limiter while Redis answers; this process's own windows while it does not (issue
    25 M5: every Gemini chat failed during a Redis outage). Limits stay enforced per process in
    the outage, with a warning in the log (at most one per WARN_EVERY_S)."""

    WARN_EVERY_S = 30.0

    def __init__(self, primary: MovingWindowRateLimiter):
        self.primary, self.local = primary, _memory_limiter()
        self._warned = 0.0

    def _use(self, name: str, *args):
        try:
            return getattr(self.primary, name)(*args)
        except Exception as exc:  # noqa: BLE001 - any storage failure: the local windows decide
            if time.monotonic() - self._warned > self.WARN_EVERY_S:
                self._warned = time.monotonic()
                log.warning("rate limits: Redis unavailable (%s); using this process's own "
                            "windows until it is back", " ".join(str(exc).split())[:200])
            return getattr(self.local, name)(*args)

    def hit(self, *args):
        return self._use("hit", *args)

    def get_window_stats(self, *args):
        return self._use("get_window_stats", *args)


class ToolRateLimiter:
    def __init__(self, redis_url: str | None = None, prefix: str = "askbar"):
        storage: Storage
        if redis_url:
            # short socket timeouts: an unreachable Redis costs a call ~1 s once, not a hang
            sync_storage = storage_from_string(redis_url, key_prefix=f"{prefix}:limits",
                                               socket_connect_timeout=1.0, socket_timeout=1.0)
            assert isinstance(sync_storage, Storage)     # redis:// selects the synchronous storage
            storage = sync_storage
        else:
            storage = MemoryStorage()
        self.storage = storage
        self.backend = "redis" if redis_url else "memory"
        self._limiter: Any = (_FallbackLimiter(MovingWindowRateLimiter(storage)) if redis_url
                              else _Serialized(MovingWindowRateLimiter(storage)))

    @staticmethod
    def _items(rl: RateLimit):
        if rl.per_minute:
            yield "minute", RateLimitItemPerMinute(rl.per_minute)
        if rl.per_hour:
            yield "hour", RateLimitItemPerHour(rl.per_hour)
        if rl.per_day:
            yield "day", RateLimitItemPerDay(rl.per_day)

    def quota(self, rl: RateLimit, tenant_id: str, user_id: str, tool_id: str) -> dict[str, dict]:
        """Calls left per window: {"minute": {"limit", "remaining", "reset_s"}, ...} (
        every result says it, and HTTP answers carry it as RateLimit-* headers)."""
        out: dict[str, dict] = {}
        for period, item in self._items(rl):
            reset, remaining = self._limiter.get_window_stats(item, tenant_id, user_id, tool_id)
            out[period] = {"limit": item.amount, "remaining": max(0, int(remaining)),
                           "reset_s": max(0, math.ceil(reset - time.time()))}
        return out

    def hit(self, rl: RateLimit, tenant_id: str, user_id: str, tool_id: str) -> Refusal | None:
        """Count one call; None when admitted, else which window refused and when to retry."""
        for period, item in self._items(rl):
            if not self._limiter.hit(item, tenant_id, user_id, tool_id):
                reset, _ = self._limiter.get_window_stats(item, tenant_id, user_id, tool_id)
                retry = max(1, math.ceil(reset - time.time()))
                return Refusal(period, item.amount, retry)
        return None
