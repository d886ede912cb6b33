"""Bounded work per user: chats and resumes per user per minute (the `limits` library's
moving window; Redis storage when ASKBAR_REDIS_URL is set, so every server process counts
together), and caps on runs in flight: per user, and queued runs for the whole process. Over a
limit is a 429 with Retry-After.

If Redis stops, counting falls back to this process's memory (logged) rather than refusing every
chat: a rate limiter must not turn a Redis outage into an outage of the service.
"""
from __future__ import annotations

import logging
import math
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from limits import parse
from limits.aio.storage import MemoryStorage, RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter

from agent.identity.models import User
from agent.server.http import HTTPError
from agent.storage.redis_client import async_redis_pool

log = logging.getLogger("askbar.server")
KEY_PREFIX = "askbar:limits"
BUSY_RETRY_S = 5


class RunLimiter:
    def __init__(self, settings: Any, server: Any):
        try:
            self.item = parse(server.rate_limit)
        except ValueError as exc:
            raise ValueError(f"ASKBAR_RATE_LIMIT {server.rate_limit!r} is not a rate such as 30/minute: {exc}") from None
        self.server = server
        self.local = MovingWindowRateLimiter(MemoryStorage())
        self.remote = None
        if settings.redis_url:
            prefix = f"{KEY_PREFIX}:{getattr(server, 'redis_prefix', '') or ''}"
            # a waiting pool: a burst of chats made the default one fail ("Too many connections",
            #) and count in process with Redis up
            pool = async_redis_pool(settings.redis_url, 128, 2.0, decode=False, socket_timeout=2,
                                    socket_connect_timeout=2)
            storage = RedisStorage("async+" + settings.redis_url, implementation="redispy",
                                   key_prefix=prefix, connection_pool=pool)
            self.remote = MovingWindowRateLimiter(storage)

    async def _hit(self, key: str) -> tuple[bool, float]:
        for limiter in ((self.remote, self.local) if self.remote else (self.local,)):
            try:
                ok = await limiter.hit(self.item, key)
                reset = ok or (await limiter.get_window_stats(self.item, key)).reset_time
                return bool(ok), (0.0 if ok else float(reset))
            except Exception as exc:  # noqa: BLE001 - Redis down: count locally
                log.warning("rate limit storage failed; counting in this process", extra={"status": str(exc)[:200]})
        return True, 0.0

    async def check_rate(self, user: User) -> None:
        """One chat or resume by `user`; 429 when over the per-user rate."""
        ok, reset = await self._hit(f"{user.tenant_id}/{user.user_id}")
        if not ok:
            retry = max(1, math.ceil(reset - time.time()))
            raise HTTPError(429, "rate_limited", f"too many requests: the limit is {self.server.rate_limit} "
                            f"per user; retry in {retry} s", headers={"Retry-After": str(retry)})

    @asynccontextmanager
    async def admit(self, runs: Any, user: User) -> AsyncIterator[None]:
        """Inside: `user` holds a place under the caps until the run is registered (runs.start).
        Checking and registering are apart by awaits (the rate in Redis, the thread rows), so
        without the place held, six chats sent together all passed a cap of four."""
        self.check_capacity(runs, user)
        runs.reserve(user.user_id)
        try:
            await self.check_rate(user)
            yield
        finally:
            runs.release(user.user_id)

    def check_capacity(self, runs: Any, user: User) -> None:
        """Caps on runs in flight: per user, and waiting for a slot in this process."""
        mine = runs.in_flight(user.user_id)
        if mine >= self.server.max_user_runs:
            raise HTTPError(429, "too_many_runs", f"you already have {mine} requests running; at most "
                            f"{self.server.max_user_runs} at once", headers={"Retry-After": str(BUSY_RETRY_S)})
        cap = self.server.max_concurrent_runs + self.server.max_queued_runs
        total = runs.in_flight()
        if total >= cap:
            raise HTTPError(429, "server_busy", f"the server is busy ({total} requests in flight); "
                            "retry shortly", headers={"Retry-After": str(BUSY_RETRY_S)})

    async def close(self) -> None:
        """Nothing to release: the Redis storage's pool closes with the process."""
