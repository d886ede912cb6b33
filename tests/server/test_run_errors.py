"""A run that fails inside the graph ends with an `error` event (never a hang), is traced and
counted, and frees its thread."""
from __future__ import annotations

import dataclasses

import httpx

from agent.deps import build_deps
from agent.settings import Settings
from tests.server.conftest import DUCKDB_ONLY, live_server, stream

pytestmark = DUCKDB_ONLY


class Down:
    """An LLM (and a fallback) that is down for everything."""
    name = "down"

    def __getattr__(self, method):
        def fail(*a, **k):
            raise RuntimeError(f"{method} is down")
        return fail


def test_graph_failure_is_an_error_event(duck_store, tmp_path):
    import server

    settings = Settings(home=tmp_path / "home")
    deps = dataclasses.replace(build_deps(settings, store=duck_store), provider=Down(), fallback=Down())
    app = server.create_app(settings=settings, deps=deps)
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as c:
        _, events = stream(c, "POST", "/api/chat", json={"question": "NQ stats for November 2023"})
        assert events[0]["event"] == "run_start" and events[-1]["event"] == "error"
        err = events[-1]["data"]
        assert err["code"] == "internal_error" and "down" in err["message"]
        assert err["request_id"] == events[0]["data"]["request_id"]
        assert [e["id"] for e in events] == list(range(1, len(events) + 1))
        trace = c.get(f"/api/traces/{err['request_id']}").json()
        assert trace["status"] == "error" and "down" in trace["error"]
        assert trace["steps"][-1]["agent"] == "understander" and "down" in trace["steps"][-1]["error"]
        metrics = c.get("/metrics").text
        assert 'askbar_errors_total{code="internal_error"} 1.0' in metrics
        assert 'askbar_runs_total{kind="ask",status="error"} 1.0' in metrics
        # the thread is not stuck: a new question on it is accepted
        thread = events[0]["data"]["thread_id"]
        r = c.post("/api/chat", json={"question": "x", "thread_id": thread})
        assert r.status_code in (200, 404)  # 404: the failed first turn left no state to continue
