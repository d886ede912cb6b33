"""The notifications stream on the run streams' sse-starlette layer: shutdown drain (what is
stored is sent, then `reconnect` naming the last id, at once even while blocked on Redis), a client
that stops reading is dropped after the send timeout, and idle pings over real HTTP."""
from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace

import anyio
import httpx
import pytest
from starlette.applications import Starlette

from agent.market.ingest import load_file
from agent.server import notification_hub, notifications_api
from agent.server.notifications_api import _frames
from agent.settings import Settings
from agent.trading import service
from agent.trading.params import CreateOrder
from tests.agent.trading.helpers import NQ, split_file
from tests.server.conftest import live_server, parse_sse, require_redis
from tests.server.test_notifications_api import _TokenStandIn, scratch_appdb, users  # noqa: F401

BUY = CreateOrder(symbol="NQ", side="buy", quantity=1, order_type="market")


def _store_with_nq(make_store, tmp_path):
    store = make_store("duckdb")
    load_file(store, split_file(NQ, "NQ", tmp_path).first, "NQ")
    return store


def _app(store, users, **server):  # noqa: F811
    app = Starlette(routes=notifications_api.routes)
    app.state.runtime = SimpleNamespace(deps=SimpleNamespace(store=store), server=SimpleNamespace(**server),
                                        settings=Settings(redis_url=None, notifications_poll_s=0.2),
                                        appdb=scratch_appdb())
    app.add_middleware(_TokenStandIn, users=users)
    return app


@pytest.mark.parametrize("with_redis", [True, False])
def test_shutdown_sends_what_is_stored_then_reconnect_at_once(make_store, tmp_path, users,  # noqa: F811
                                                              with_redis, monkeypatch):
    redis_url = require_redis() if with_redis else None
    monkeypatch.setattr(notification_hub, "REDIS_RECHECK_S", 120.0)   # only shutdown can wake it
    store, alice = _store_with_nq(make_store, tmp_path), users["alice"]
    service.place_order(store, alice, BUY, 100_000)

    async def go() -> tuple[list[bytes], float]:
        shutdown, out = anyio.Event(), []

        async def collect() -> None:
            async for chunk in _frames(store, alice, 0, True, notification_hub.NotificationHub(store, redis_url, 120.0), shutdown):
                out.append(chunk)

        task = asyncio.create_task(collect())
        while not any(b"event: notification" in c for c in out):
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.3)                       # now blocked in the wait
        # stored but never published: only the drain's database read can send it
        await asyncio.to_thread(service.place_order, store, alice, BUY, 100_000)
        t0 = time.monotonic()
        shutdown.set()
        await asyncio.wait_for(task, 5)
        return out, time.monotonic() - t0

    out, took = asyncio.run(go())
    events = list(parse_sse(b"".join(out).decode().splitlines()))
    assert [e["event"] for e in events] == ["notification", "notification", "reconnect"]
    assert events[-1]["data"]["reason"] == "server_shutdown" and "id" not in events[-1]
    assert events[-1]["data"]["last_event_id"] == events[1]["id"] > events[0]["id"]
    assert took < 2.0


def test_a_client_that_stops_reading_is_dropped_after_the_send_timeout(make_store, tmp_path,
                                                                       users):  # noqa: F811
    store = _store_with_nq(make_store, tmp_path)
    app = _app(store, users, ping_s=0.05, sse_send_timeout_s=0.3)

    async def go() -> float:
        sent: list[dict] = []

        async def send(message):
            sent.append(message)
            if len(sent) > 2:             # headers and the first chunk go out, then the client stalls
                await asyncio.sleep(3600)

        async def receive():
            await asyncio.sleep(3600)
            return {"type": "http.disconnect"}

        scope = {"type": "http", "method": "GET", "path": "/api/notifications", "raw_path": b"/api/notifications",
                 "query_string": b"", "headers": [(b"x-test-user", b"alice")], "scheme": "http",
                 "server": ("127.0.0.1", 80), "client": ("127.0.0.1", 5000), "root_path": "",
                 "http_version": "1.1"}
        t0 = time.monotonic()
        await asyncio.wait_for(app(scope, receive, send), 5)   # returns, raises nothing
        return time.monotonic() - t0

    assert asyncio.run(go()) < 3


def test_an_idle_stream_gets_pings_over_real_http(make_store, tmp_path, users):  # noqa: F811
    store = _store_with_nq(make_store, tmp_path)
    with live_server(_app(store, users, ping_s=0.2)) as url, httpx.Client(base_url=url, timeout=30) as c:
        lines, t0 = [], time.monotonic()
        with c.stream("GET", "/api/notifications", headers={"x-test-user": "alice"}) as r:
            assert r.headers["content-type"].startswith("text/event-stream")
            for line in r.iter_lines():
                lines.append(line)
                if sum(x.startswith(": ping") for x in lines) >= 3 or time.monotonic() - t0 > 10:
                    break
    assert sum(x.startswith(": ping") for x in lines) >= 3, lines
