"""A run's thread rows on Postgres traces: the start rows (`busy`, a new thread's row) are written
beside the graph, never after the run's end status, and the trace is readable with `done`."""
from __future__ import annotations

import time

import httpx

from agent.storage.traces import TraceStore
from tests.server.conftest import DUCKDB_ONLY, live_server, stream

QUESTION = "NQ stats for November 2023"


@DUCKDB_ONLY
def test_slow_start_rows_never_land_after_the_runs_end(make_app, duck_store, pg_database_factory, monkeypatch):
    real = TraceStore.start_run

    def slow_start(self, *args, **kw):   # the start rows still in flight when the graph ends
        time.sleep(0.5)
        return real(self, *args, **kw)
    monkeypatch.setattr(TraceStore, "start_run", slow_start)
    app, _ = make_app(duck_store, database_url=pg_database_factory())
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as client:
        t0 = time.monotonic()
        r, events = stream(client, "POST", "/api/chat", json={"question": QUESTION})
        took = time.monotonic() - t0
        done = next(e["data"] for e in events if e["event"] == "done")
        assert done["status"] == "answered" and took >= 0.5   # `done` waited for the start rows
        thread = client.get(f"/api/threads/{done['thread_id']}").json()
        assert thread["status"] == "idle"
        trace = client.get(f"/api/traces/{done['request_id']}")
        assert trace.status_code == 200 and trace.json()["status"] == "answered"
        assert app.state.runtime.traces.engine == "postgres"
