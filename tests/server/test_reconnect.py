"""Runs outlive connections: a client that disconnects mid-stream loses nothing, and
GET /api/runs/{run_id}/stream with Last-Event-ID replays exactly what it missed (memory and Redis)."""
from __future__ import annotations

import time

import httpx
import pytest

from tests.server.conftest import DUCKDB_ONLY, app_for, live_server, parse_sse, require_redis, slow_offline, stream

pytestmark = DUCKDB_ONLY
QUESTION = "Статистика NQ за ноябрь 2023"


@pytest.fixture(scope="module", params=["memory", "redis"])
def url(request, loaded_store, tmp_path_factory):
    """One server per buffer kind for the module (each test on its own threads)."""
    extra = {"redis_url": require_redis()} if request.param == "redis" else {}
    # Slow enough that the busy-thread check never races the run under CI load.
    app, _ = app_for(loaded_store, tmp_path_factory.mktemp("home"), provider=slow_offline(1.5), **extra)
    with live_server(app) as base:
        yield base


def _wait_finished(c: httpx.Client, thread_id: str) -> None:
    deadline = time.time() + 30
    while c.get(f"/api/threads/{thread_id}").json()["status"] == "busy":
        assert time.time() < deadline
        time.sleep(0.05)


def test_disconnect_mid_stream_then_resume_from_last_event_id(url):
    with httpx.Client(base_url=url, timeout=60) as c:
        got = []
        with c.stream("POST", "/api/chat", json={"question": QUESTION}) as r:
            run_id = r.headers["x-run-id"]
            for ev in parse_sse(r.iter_lines()):
                got.append(ev)
                if len(got) == 2:
                    break  # the client goes away mid-run
        thread_id = got[0]["data"]["thread_id"]
        assert c.get(f"/api/threads/{thread_id}").json()["status"] == "busy"  # still running
        _wait_finished(c, thread_id)
        _, rest = stream(c, "GET", f"/api/runs/{run_id}/stream", headers={"Last-Event-ID": str(got[-1]["id"])})
        _, full = stream(c, "GET", f"/api/runs/{run_id}/stream")
    ids = [e["id"] for e in got + rest]
    assert ids == list(range(1, len(ids) + 1))  # no duplicate, no gap
    assert got + rest == full
    assert full[-1]["event"] == "done" and full[-1]["data"]["status"] == "answered"


def test_last_event_id_from_query_and_header_agree(url):
    with httpx.Client(base_url=url, timeout=60) as c:
        _, events = stream(c, "POST", "/api/chat", json={"question": QUESTION})
        run_id = events[0]["data"]["run_id"]
        _, a = stream(c, "GET", f"/api/runs/{run_id}/stream?last_event_id=3")
        _, b = stream(c, "GET", f"/api/runs/{run_id}/stream", headers={"Last-Event-ID": "3"})
    assert a == b == events[3:]


def test_second_run_on_a_busy_thread_is_rejected(url):
    with httpx.Client(base_url=url, timeout=60) as c:
        _, events = stream(c, "POST", "/api/chat", json={"question": "Покажи статистику"})
        thread = events[-1]["data"]["thread_id"]
        with c.stream("POST", f"/api/chat/{thread}/resume", json={"answer": "NQ за ноябрь 2023"}) as r:
            it = parse_sse(r.iter_lines())
            first = next(it)
            second = c.post("/api/chat", json={"question": QUESTION, "thread_id": thread})
            assert second.status_code == 409, second.text  # the analyst is still working
            assert second.json()["error"]["run_id"] == first["data"]["run_id"]
            events = list(it)
        assert events[-1]["data"]["status"] == "answered"
        _, after = stream(c, "POST", "/api/chat", json={"question": QUESTION, "thread_id": thread})
        assert after[-1]["data"]["status"] == "answered"  # the thread is free again
