"""A Postgres restart costs no request once the database accepts connections again (issue 25: 17
of the next 60 requests failed, 500s and then raw AdminShutdown text in the chat, because pooled
connections were handed out without a check). The server runs on its own private Postgres (app
database, traces, checkpoints, long-term memory), restarted here; the shared one is not touched."""
from __future__ import annotations

import httpx

from tests.server.conftest import DUCKDB_ONLY, live_server, stream
from tests.server.private_pg import PrivatePostgres

Q = {"question": "NQ stats for November 2023"}


@DUCKDB_ONLY
def test_requests_after_a_postgres_restart_all_succeed(make_app, duck_store):
    pg = PrivatePostgres()
    try:
        app, _ = make_app(duck_store, database_url=pg.url)
        with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as c:
            for _ in range(3):      # every pool holds live connections now
                _, events = stream(c, "POST", "/api/chat", json=Q)
                assert events[-1]["event"] == "done"
            thread = events[0]["data"]["thread_id"]
            pg.stop()
            pg.start()
            failed = []
            for i in range(20):
                r, events = stream(c, "POST", "/api/chat", json=Q)
                if r.status_code != 200 or events[-1]["event"] != "done" or \
                        events[-1]["data"].get("status") != "answered":
                    failed.append(("chat", i, r.status_code, (events or [{}])[-1]))
                for path in (f"/api/threads/{thread}", "/api/memory", "/api/data"):
                    r = c.get(path, headers={"X-Tenant-ID": "local"})
                    if r.status_code != 200:
                        failed.append((path, i, r.status_code, r.text[:200]))
                r = c.get("/api/v1/tools", headers={"X-Tenant-ID": "local"})
                if r.status_code != 200:
                    failed.append(("/api/v1/tools", i, r.status_code, r.text[:200]))
            assert failed == [], failed[:5]
    finally:
        pg.close()
