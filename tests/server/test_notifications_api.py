"""GET /api/notifications over a real uvicorn: SSE with ids, Last-Event-ID replay, per-user
isolation, and live delivery through Redis Streams (and by polling without Redis)."""
from __future__ import annotations

import threading
import time
import uuid
from types import SimpleNamespace

import httpx
import pytest
import redis
from starlette.applications import Starlette

from agent.identity.models import User
from agent.market.ingest import load_file
from agent.server import notification_hub, notifications_api
from agent.settings import Settings
from agent.trading import notify, service
from agent.trading.params import CreateAlert, CreateOrder
from tests.agent.trading.helpers import NQ, split_file
from tests.server.conftest import REDIS_URL, live_server, parse_sse, require_redis


class _TokenStandIn:
    """Sets request.state.user as the identity middleware does (here from a test header)."""

    def __init__(self, app, users: dict[str, User]):
        self.app, self.users = app, users

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            name = dict(scope["headers"]).get(b"x-test-user", b"").decode()
            scope.setdefault("state", {})["user"] = self.users.get(name)
        await self.app(scope, receive, send)


def scratch_appdb():
    """An app database of its own (the dismissed notifications the stream leaves out)."""
    import tempfile
    from pathlib import Path

    from agent.storage.appdb import AppDB

    return AppDB(Settings(home=Path(tempfile.mkdtemp(prefix="askbar-appdb-"))))


def make_app(store, users, redis_url=None, ping_s=15.0):
    app = Starlette(routes=notifications_api.routes)
    app.state.runtime = SimpleNamespace(
        deps=SimpleNamespace(store=store), server=SimpleNamespace(ping_s=ping_s),
        settings=Settings(redis_url=redis_url, notifications_poll_s=0.2), appdb=scratch_appdb())
    app.add_middleware(_TokenStandIn, users=users)
    return app


def events(client, user, **kw):
    with client.stream("GET", "/api/notifications", headers={"x-test-user": user, **kw.pop("headers", {})},
                       params={"follow": "0", **kw.pop("params", {})}) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        return list(parse_sse(r.iter_lines()))


@pytest.fixture
def users():
    tenant = f"t{uuid.uuid4().hex[:10]}"     # unique Redis stream keys per test
    us = {n: User(user_id=n, tenant_id=tenant, name=n, plan="pro") for n in ("alice", "bob")}
    yield us
    r = redis.from_url(REDIS_URL)
    r.delete(*[notify.stream_key(u.tenant_id, u.user_id) for u in us.values()])
    r.close()


def test_replay_ids_last_event_id_and_isolation(make_store, tmp_path, users):
    store = make_store("duckdb")
    sp = split_file(NQ, "NQ", tmp_path)
    load_file(store, sp.first, "NQ")
    alice, bob = users["alice"], users["bob"]
    close = float(sp.bars[sp.bars["ts"] == sp.cut].iloc[0].close)
    service.place_order(store, alice, CreateOrder(symbol="NQ", side="buy", quantity=1,
                                                  order_type="market"), 100_000)
    service.place_order(store, alice, CreateOrder(symbol="NQ", side="sell", quantity=1,
                                                  order_type="limit", limit_price=close + 40), 100_000)
    service.create_alert(store, alice, CreateAlert(symbol="NQ", condition="<=", price=close - 50))
    service.create_alert(store, bob, CreateAlert(symbol="NQ", condition=">=", price=close + 20))
    load_file(store, sp.rest, "NQ")

    with live_server(make_app(store, users)) as url, httpx.Client(base_url=url, timeout=30) as c:
        mine = events(c, "alice")
        assert [e["event"] for e in mine] == ["notification"] * 3
        assert [e["data"]["kind"] for e in mine] == ["fill", "fill", "alert"]
        ids = [e["id"] for e in mine]
        assert ids == sorted(ids) and [e["data"]["id"] for e in mine] == ids
        assert all(e["data"]["symbol"] == "NQ" and "text" in e["data"] for e in mine)
        theirs = events(c, "bob")
        assert [e["data"]["kind"] for e in theirs] == ["alert"]
        assert not set(ids) & {e["id"] for e in theirs}
        # resume after the first: exactly the rest, by header or query parameter
        assert [e["id"] for e in events(c, "alice", headers={"Last-Event-ID": str(ids[0])})] == ids[1:]
        assert [e["id"] for e in events(c, "alice", params={"last_event_id": str(ids[1])})] == ids[2:]


def _follow_until(client, user, after, want, timeout_s=20.0):
    got, deadline = [], time.monotonic() + timeout_s
    with client.stream("GET", "/api/notifications", headers={"x-test-user": user,
                                                              "Last-Event-ID": str(after)}) as r:
        for ev in parse_sse(r.iter_lines()):
            got.append(ev)
            if len(got) >= want or time.monotonic() > deadline:
                break
    return got


@pytest.mark.parametrize("with_redis", [True, False])
def test_follow_delivers_new_fills_live(make_store, tmp_path, users, with_redis, monkeypatch):
    redis_url = require_redis() if with_redis else None
    if with_redis:   # no database re-check or ping before the client's 30 s read timeout: only the
        monkeypatch.setattr(notification_hub, "REDIS_RECHECK_S", 120.0)   # stream can wake it
    ping_s = 120.0 if with_redis else 15.0
    store = make_store("duckdb")
    sp = split_file(NQ, "NQ", tmp_path)
    load_file(store, sp.first, "NQ")
    alice = users["alice"]
    settings = Settings(redis_url=redis_url)

    def place_later():
        time.sleep(0.5)
        _, notes = service.place_order(store, alice, CreateOrder(symbol="NQ", side="buy", quantity=1,
                                                                 order_type="market"), 100_000)
        notify.publish(settings.redis_url, notes)

    with live_server(make_app(store, users, redis_url, ping_s)) as url, \
            httpx.Client(base_url=url, timeout=30) as c:
        t = threading.Thread(target=place_later)
        t.start()
        got = _follow_until(c, "alice", 0, want=1)
        t.join()
    assert [e["data"]["kind"] for e in got] == ["fill"]
    assert got[0]["data"]["order_type"] == "market"
    if with_redis:
        r = redis.from_url(redis_url)
        entries = r.xrange(notify.stream_key(alice.tenant_id, alice.user_id))
        r.close()
        assert [int(f[b"id"]) for _, f in entries] == [got[0]["id"]]
