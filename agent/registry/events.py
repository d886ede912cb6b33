"""Registry events (seed 003 section 5): `tool.progress`, `tool.completed`, `tool.failed`, per tenant.

Workers publish; the server's WebSocket `/api/v1/ws` relays to the tenant's subscribers only.
Redis pub/sub channel `tool_events:{tenant_id}` when Redis is configured (workers may be other
processes), an in-process fan-out otherwise.
"""
from __future__ import annotations

import asyncio
import json
import threading
from datetime import datetime, timezone
from typing import Any, AsyncIterator, Literal

from agent.storage.redis_client import async_redis_client, redis_client

EventName = Literal["tool.progress", "tool.completed", "tool.failed"]


def channel(tenant_id: str) -> str:
    return f"tool_events:{tenant_id}"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def event(name: EventName, tenant_id: str, task_id: str, correlation_id: str,
          data: dict[str, Any]) -> dict[str, Any]:
    return {"event": name, "service": "tool-registry", "task_id": task_id,
            "correlation_id": correlation_id, "tenant_id": tenant_id, "timestamp": _now(),
            "data": data}


def progress(tenant_id: str, task_id: str, correlation_id: str, tool_id: str, pct: int,
             message: str) -> dict[str, Any]:
    return event("tool.progress", tenant_id, task_id, correlation_id,
                 {"status": "processing", "progress": pct,
                  "details": {"tool_id": tool_id, "message": message}})


def completed(tenant_id: str, task_id: str, correlation_id: str, tool_id: str, result: Any,
              ms: float) -> dict[str, Any]:
    return event("tool.completed", tenant_id, task_id, correlation_id,
                 {"tool_id": tool_id, "execution_id": task_id, "result": result,
                  "execution_time_ms": round(ms, 3)})


def failed(tenant_id: str, task_id: str, correlation_id: str, tool_id: str,
           error: dict[str, Any]) -> dict[str, Any]:
    return event("tool.failed", tenant_id, task_id, correlation_id,
                 {"tool_id": tool_id, "error": {
                     "code": error["code"], "message": error["message"],
                     "error_type": error.get("type", "ToolError"),
                     "retryable": bool(error.get("details", {}).get("retryable"))}})


class MemoryEventBus:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subs: dict[str, list[tuple[asyncio.AbstractEventLoop, asyncio.Queue]]] = {}

    def publish(self, tenant_id: str, ev: dict[str, Any]) -> None:
        with self._lock:
            subs = list(self._subs.get(tenant_id, []))
        for loop, q in subs:
            try:
                loop.call_soon_threadsafe(q.put_nowait, ev)
            except RuntimeError:  # loop closed: the subscriber is gone
                pass

    def publish_many(self, items: list[tuple[str, dict[str, Any]]]) -> None:
        for tenant_id, ev in items:
            self.publish(tenant_id, ev)

    async def subscribe(self, tenant_id: str) -> AsyncIterator[dict[str, Any]]:
        q: asyncio.Queue = asyncio.Queue(maxsize=1000)
        entry = (asyncio.get_running_loop(), q)
        with self._lock:
            self._subs.setdefault(tenant_id, []).append(entry)
        try:
            while True:
                yield await q.get()
        finally:
            with self._lock:
                self._subs[tenant_id].remove(entry)

    def close(self) -> None:
        pass


class RedisEventBus:
    def __init__(self, url: str):

        self.url = url
        self.r = redis_client(url)

    def publish(self, tenant_id: str, ev: dict[str, Any]) -> None:
        self.r.publish(channel(tenant_id), json.dumps(ev, default=str))

    def publish_many(self, items: list[tuple[str, dict[str, Any]]]) -> None:
        """A worker's batch of events in one round trip, in order."""
        if not items:
            return
        pipe = self.r.pipeline(transaction=False)
        for tenant_id, ev in items:
            pipe.publish(channel(tenant_id), json.dumps(ev, default=str))
        pipe.execute()

    async def subscribe(self, tenant_id: str) -> AsyncIterator[dict[str, Any]]:

        client = async_redis_client(self.url)
        pubsub = client.pubsub()
        await pubsub.subscribe(channel(tenant_id))
        try:
            async for msg in pubsub.listen():
                if msg.get("type") == "message":
                    yield json.loads(msg["data"])
        finally:
            await pubsub.aclose()
            await client.aclose()

    def close(self) -> None:
        self.r.close()
