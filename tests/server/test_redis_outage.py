"""Redis stopped (issue 25 M5): tools, memory and registry answered 500, every chat that used the
tool limiter failed, and /healthz said ok throughout. Now the limiter, the tool cache and
short-term memory fall back in process with a warning in the log, what has no fallback (the
registry's queues) is a told 503, /healthz says degraded (still ready), and when Redis is back the
same server uses it again. A private redis-server is stopped; the shared one never is."""
from __future__ import annotations

import logging

import httpx

from tests.server.conftest import DUCKDB_ONLY, live_server, stream
from tests.server.private_redis import PrivateRedis

Q = {"question": "NQ stats for November 2023"}
H = {"X-Tenant-ID": "local"}


@DUCKDB_ONLY
def test_a_redis_outage_costs_no_500(make_app, duck_store):
    rd = PrivateRedis()
    seen: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record.getMessage())

    keep = Keep(logging.WARNING)
    logging.getLogger("askbar").addHandler(keep)     # the server's loggers may not propagate
    logging.getLogger("uvicorn.error").addHandler(keep)  # an error raised past the app closes the connection
    try:
        app, _ = make_app(duck_store, redis_url=rd.url, tools_redis_prefix="outage-test")
        with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as c:
            health = c.get("/healthz").json()
            assert health["status"] == "ok" and health["checks"]["redis"] == "ok"
            assert c.post("/api/tools/get_price", json={"symbol": "NQ"}).json()["success"]
            rd.stop()
            r = c.get("/healthz")
            assert r.status_code == 200, r.text
            assert r.json()["status"] == "degraded" and r.json()["ready"] is True
            assert r.json()["checks"]["redis"].startswith("error")
            for _ in range(3):
                r = c.post("/api/tools/get_price", json={"symbol": "NQ"})
                assert r.status_code == 200 and r.json()["success"], r.text
            r = c.post("/api/tools/remember", json={"text": "I trade NQ on Mondays"})
            assert r.status_code == 200, r.text
            assert c.get("/api/memory").status_code == 200
            _, events = stream(c, "POST", "/api/chat", json=Q)
            assert events[-1]["event"] == "done" and events[-1]["data"]["status"] == "answered"
            view = c.get(f"/api/threads/{events[-1]['data']['thread_id']}").json()
            assert view["result"]["response"] == events[-1]["data"]["response"]  # kept in the DB
            assert c.get("/api/v1/tools", headers=H).status_code == 200
            r = c.post("/api/v1/tools/async-execute", headers=H,
                       json={"tool_id": "market.get_price", "parameters": {"symbol": "NQ"}})
            assert r.status_code == 503 and r.json()["error"]["code"] == "redis_unavailable"
            assert "127.0.0.1" not in r.text and r.headers["retry-after"]
            warned = " ".join(seen)
            assert "rate limits: Redis unavailable" in warned
            assert "Exception in ASGI application" not in warned   # the 503 was answered, not re-raised
            rd.start()
            assert c.get("/healthz").json()["status"] == "ok"
            assert c.post("/api/tools/get_price", json={"symbol": "NQ"}).json()["success"]
    finally:
        logging.getLogger("askbar").removeHandler(keep)
        logging.getLogger("uvicorn.error").removeHandler(keep)
        rd.stop()


def test_a_redis_error_is_answered_503_and_the_connection_stays_open():
    """A Redis error raised by a route is answered by its own handler: the catch-all handler's
    middleware re-raises after answering, and uvicorn then closed the keep-alive connection (the
    client's next request on it was reset)."""
    import redis
    from starlette.applications import Starlette
    from starlette.routing import Route

    from agent.server.app import exception_handlers

    async def boom(request):
        raise redis.ConnectionError("Error 111 connecting to 127.0.0.1:1. Connection refused.")

    seen: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record.getMessage())

    keep = Keep(logging.ERROR)
    logging.getLogger("uvicorn.error").addHandler(keep)
    try:
        app = Starlette(routes=[Route("/boom", boom)], exception_handlers=exception_handlers)
        with live_server(app) as url, httpx.Client(base_url=url, timeout=30) as c:
            for _ in range(3):
                r = c.get("/boom")
                assert r.status_code == 503 and r.json()["error"]["code"] == "redis_unavailable"
                assert "127.0.0.1" not in r.text
        assert not [m for m in seen if "Exception in ASGI application" in m], seen
    finally:
        logging.getLogger("uvicorn.error").removeHandler(keep)
