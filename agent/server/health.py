"""What /healthz needs beyond a ping: the registry's consumers, and a thread pool of its own.

The registry check reads the workers' own reports (each writes its last loop's outcome about once a
second: agent/registry/worker.py): a worker that fails every loop (Redis lost its groups) or stopped
reporting (hung, frozen, dead without saying so) makes the registry `error`, so /healthz is no
longer `ok` while nothing is processed. No report at all: no worker runs (`not configured`).

The checks run on their own threads: the default executor is shared with every request's blocking
calls, and while Redis was down those filled it (each waiting for its connect timeout), so the
database ping timed out there and /healthz said `down` for seconds after Redis was back.
"""
from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

STALE_S = 10.0          # a worker reports about once a second; ten missed reports: not processing
_pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="healthz")


async def in_health_pool(fn: Callable[..., Any], *args: Any) -> Any:
    return await asyncio.get_running_loop().run_in_executor(_pool, fn, *args)


def judge(consumers: dict[str, dict[str, Any]], now: float | None = None) -> str:
    """`ok` when a worker reported a working loop lately; otherwise what is wrong."""
    if not consumers:
        return "not configured"
    now = time.time() if now is None else now
    fresh = [c for c in consumers.values() if now - float(c.get("at") or 0) < STALE_S]
    if not fresh:
        newest = max(float(c.get("at") or 0) for c in consumers.values())
        return f"error: no worker reported for {now - newest:.0f} s"
    if any(c.get("ok") for c in fresh):
        return "ok"
    return "error: workers failing: " + str(fresh[0].get("error") or "unknown")[:120]


def registry_consumers(rt: Any) -> dict[str, dict[str, Any]]:
    """The workers' reports: in Redis (workers may be other processes), else the opened
    registry's in-process queue."""
    if rt.settings.redis_url:
        import json

        from agent.registry.queues import consumers_key
        from agent.storage.redis_client import redis_client

        r = redis_client(rt.settings.redis_url, socket_connect_timeout=1.0, socket_timeout=1.0)
        try:
            raw = r.hgetall(consumers_key(rt.settings.registry_namespace))
        finally:
            r.close()
        return {k: json.loads(v) for k, v in raw.items()}
    reg = rt.registry.opened
    return reg.queue.consumers() if reg is not None else {}


def registry_state(rt: Any) -> str:
    return judge(registry_consumers(rt))
