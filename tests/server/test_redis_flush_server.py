"""Redis loses its data while a server works (a restart without persistence, a flush): run buffers,
notifications, the rate limiter, the tool cache and short-term memory keep answering (no 500, no
stream without its final event). A private redis-server is flushed; the shared one never is."""
from __future__ import annotations

import threading

import httpx
import redis

from agent.server.runtime import ServerSettings
from tests.server.conftest import DUCKDB_ONLY, live_server, slow_offline, stream
from tests.server.private_redis import PrivateRedis

Q = {"question": "NQ stats for November 2023"}


@DUCKDB_ONLY
def test_a_redis_flush_costs_no_request(make_app, duck_store):
    rd = PrivateRedis()
    try:
        # six chats at once, under the per-user cap of runs in flight: each must answer
        app, _ = make_app(duck_store, provider=slow_offline(1.0), redis_url=rd.url,
                          tools_redis_prefix="flush-test", server=ServerSettings(max_user_runs=6))
        with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as c:
            assert c.post("/api/tools/get_price", json={"symbol": "NQ"}).json()["success"]
            finals: list = []

            def chat():
                with httpx.Client(base_url=url, timeout=60) as own:
                    r, events = stream(own, "POST", "/api/chat", json=Q)
                finals.append((r.status_code, events[-1]["event"] if events else r.text,
                               events[-1]["data"].get("status") if events else None))
            threads = [threading.Thread(target=chat) for _ in range(6)]
            for t in threads:
                t.start()
            redis.Redis.from_url(rd.url).flushall()          # mid-run: buffers, limits, cache gone
            for t in threads:
                t.join(60)
            assert finals == [(200, "done", "answered")] * 6, finals
            for path, body in (("/api/tools/get_price", {"symbol": "NQ"}),
                               ("/api/tools/remember", {"note": "I trade NQ on Mondays"})):
                r = c.post(path, json=body)
                assert r.status_code == 200 and r.json()["success"], r.text
            assert c.get("/api/memory").status_code == 200
            r = c.get("/api/notifications", params={"follow": "0"})
            assert r.status_code == 200
            _, events = stream(c, "POST", "/api/chat", json=Q)
            assert events[-1]["event"] == "done" and events[-1]["data"]["status"] == "answered"
            assert c.get("/healthz").json()["status"] == "ok"
    finally:
        rd.stop()
