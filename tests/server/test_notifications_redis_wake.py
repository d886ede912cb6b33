"""A Redis wake-up that fails (XREAD timing out under load ended the stream before) leaves the
notifications stream running: it re-reads the database, so every later notification still
arrives, with Redis up or not."""
from __future__ import annotations

import asyncio

import anyio
from redis.exceptions import TimeoutError as RedisTimeout

from agent.server import notification_hub, notifications_api
from agent.server.notifications_api import _frames
from agent.trading import notify, service
from tests.server.conftest import parse_sse, require_redis
from tests.server.test_notifications_api import users  # noqa: F401
from tests.server.test_notifications_sse import BUY, _store_with_nq


class _FailingFirstRead:
    """The real asyncio client whose every other XREAD fails as a timed-out read does."""

    def __init__(self, real):
        self.real, self.calls = real, 0

    async def xread(self, *a, **k):
        self.calls += 1
        if self.calls % 2:
            raise RedisTimeout("Timeout reading from 127.0.0.1:6379")
        return await self.real.xread(*a, **k)

    def __getattr__(self, name):
        return getattr(self.real, name)


def test_stream_survives_failed_redis_reads(make_store, tmp_path, users, monkeypatch):  # noqa: F811
    redis_url = require_redis()
    real = notification_hub.async_redis_client
    made = []
    monkeypatch.setattr(notification_hub, "async_redis_client",
                        lambda url, **kw: made.append(_FailingFirstRead(real(url, **kw))) or made[-1])
    store, alice = _store_with_nq(make_store, tmp_path), users["alice"]

    async def go() -> list[bytes]:
        shutdown, out = anyio.Event(), []

        async def collect() -> None:
            async for chunk in _frames(store, alice, 0, True, notification_hub.NotificationHub(store, redis_url, 120.0), shutdown):
                out.append(chunk)

        task = asyncio.create_task(collect())
        await asyncio.sleep(0.3)
        for _ in range(4):
            await asyncio.to_thread(service.place_order, store, alice, BUY, 100_000)
            rows = notify.since(notifications_api.read(store), alice.tenant_id, alice.user_id, 0, 100)
            await asyncio.to_thread(notify.publish, redis_url, [
                {"id": r.id, "tenant_id": alice.tenant_id, "user_id": alice.user_id, "kind": r.kind,
                 "ref_id": r.ref_id, "symbol": r.symbol, "bar_ts": r.bar_ts, "payload": r.payload} for r in rows[-1:]])
            await asyncio.sleep(0.3)
        for _ in range(100):
            if sum(b"event: notification" in c for c in out) >= 4:
                break
            await asyncio.sleep(0.05)
        shutdown.set()
        await asyncio.wait_for(task, 10)
        return out

    out = asyncio.run(go())
    events = [e for e in parse_sse(b"".join(out).decode().splitlines()) if e["event"] == "notification"]
    assert len(events) == 4 and made and made[0].calls >= 2
