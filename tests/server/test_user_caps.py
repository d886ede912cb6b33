"""Per-user caps, all in agent/settings.py (the probe: one free user made 2,000 threads in 40 s and
held 1,000 WebSockets open): one past the cap is answered 429 with the limit; another user is not
affected, and a freed WebSocket slot can be used again."""
from __future__ import annotations

import asyncio

import httpx
import pytest
import websockets

from agent.server.runtime import ServerSettings
from tests.server.conftest import DUCKDB_ONLY, add_user, bearer, inproc, live_server, stream

pytestmark = DUCKDB_ONLY


def test_threads_past_the_cap_are_refused_429(make_app, duck_store):
    app, settings = make_app(duck_store, server=ServerSettings(max_threads_per_user=3))
    _, alice = add_user(settings, "alice", tenant="acme")
    _, bob = add_user(settings, "bob", tenant="acme")
    with inproc(app) as c:
        for _ in range(2):
            assert c.post("/threads", json={}, headers=bearer(alice)).status_code == 200
        r, events = stream(c, "POST", "/api/chat", json={"question": "NQ stats for March 2024"},
                           headers=bearer(alice))            # a chat without a thread: the third
        assert r.status_code == 200 and events[-1]["event"] == "done"
        for call in (lambda: c.post("/threads", json={}, headers=bearer(alice)),
                     lambda: c.post("/api/chat", json={"question": "NQ stats for March 2024"},
                                    headers=bearer(alice))):
            r = call()
            assert r.status_code == 429, r.text
            err = r.json()["error"]
            assert err["code"] == "limit_reached" and err["limit"] == 3 and "3 threads" in err["message"]
        assert c.post("/threads", json={}, headers=bearer(bob)).status_code == 200   # bob's own count


def test_websockets_past_the_cap_are_closed_4429(make_app, duck_store):
    app, settings = make_app(duck_store, server=ServerSettings(max_websockets_per_user=2))
    _, alice = add_user(settings, "alice", tenant="acme")
    _, bob = add_user(settings, "bob", tenant="acme")

    async def scenario(ws_url: str) -> None:
        a1 = await websockets.connect(f"{ws_url}?token={alice}")
        a2 = await websockets.connect(f"{ws_url}?token={alice}")
        a3 = await websockets.connect(f"{ws_url}?token={alice}")
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(a3.recv(), 10)
        assert closed.value.rcvd.code == 4429 and "at most 2 websockets" in closed.value.rcvd.reason
        b1 = await websockets.connect(f"{ws_url}?token={bob}")
        with pytest.raises(asyncio.TimeoutError):          # bob's is open (nothing to hear)
            await asyncio.wait_for(b1.recv(), 0.5)
        await a1.close()
        await asyncio.sleep(0.3)
        a4 = await websockets.connect(f"{ws_url}?token={alice}")   # a freed slot
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(a4.recv(), 0.5)
        for ws in (a2, b1, a4):
            await ws.close()

    with live_server(app) as url:
        asyncio.run(scenario(url.replace("http", "ws") + "/api/v1/ws"))


def test_active_alerts_past_the_cap_are_refused_429(make_app, duck_store):
    app, settings = make_app(duck_store, max_alerts_per_user=2)
    _, alice = add_user(settings, "alice", tenant="acme", plan="pro")
    with live_server(app) as url, httpx.Client(base_url=url, timeout=30) as c:
        made = []
        for price in (100.0, 200.0):
            r = c.post("/api/tools/create_alert", headers=bearer(alice),
                       json={"symbol": "NQ", "condition": ">=", "price": price})
            assert r.status_code == 200 and r.json()["success"], r.text
            made.append(r.json()["data"])
        r = c.post("/api/tools/create_alert", headers=bearer(alice),
                   json={"symbol": "NQ", "condition": ">=", "price": 300.0})
        assert r.status_code == 429, r.text
        assert r.json()["error"]["code"] == "LIMIT_REACHED" and "at most 2" in r.json()["error"]["message"]
        listed = c.post("/api/tools/list_alerts", headers=bearer(alice), json={}).json()["data"]
        assert len(listed["alerts"]) == 2          # nothing stored by the refusal
