"""Checkpoint retention (last N per thread) and thread retention, on both engines: the thread's
current state and conversation survive pruning; an expired thread is gone everywhere."""
from __future__ import annotations

import time

import pytest

from agent.server.runtime import ServerSettings
from tests.server.conftest import DUCKDB_ONLY, inproc, stream

pytestmark = DUCKDB_ONLY
ENGINES = pytest.mark.parametrize("engine_settings", ["sqlite", "postgres"], indirect=True)
QUESTIONS = ["NQ stats for November 2023", "NQ stats for December 2023", "NQ high for November 2023"]


async def _count(saver, thread_id: str) -> int:
    return len([c async for c in saver.alist({"configurable": {"thread_id": thread_id}})])


@ENGINES
def test_checkpoints_pruned_to_the_last_n_and_the_thread_goes_on(make_app, duck_store, engine_settings):
    app, _ = make_app(duck_store, server=ServerSettings(checkpoint_keep=3), **engine_settings)
    with inproc(app) as c:
        rt = app.state.runtime
        thread = None
        for q in QUESTIONS:
            _, events = stream(c, "POST", "/api/chat", json={"question": q, **({"thread_id": thread} if thread else {})})
            assert events[-1]["data"]["status"] == "answered", events[-1]
            thread = events[0]["data"]["thread_id"]
            assert c.portal.call(_count, rt.graph.checkpointer, thread) <= 3
        view = c.get(f"/api/threads/{thread}").json()
        assert view["status"] == "idle" and view["result"]["status"] == "answered"
        assert [m["content"] for m in view["history"] if m["role"] == "user"] == QUESTIONS
        assert len(c.get(f"/threads/{thread}/history", params={"limit": 50}).json()) <= 3


@ENGINES
def test_idle_threads_expire(make_app, duck_store, engine_settings):
    from agent.server.retention import prune_threads

    app, _ = make_app(duck_store, **engine_settings)
    with inproc(app) as c:
        rt = app.state.runtime
        _, events = stream(c, "POST", "/api/chat", json={"question": QUESTIONS[0]})
        old = events[0]["data"]["thread_id"]
        time.sleep(1.0)
        _, events = stream(c, "POST", "/api/chat", json={"question": QUESTIONS[0]})
        fresh = events[0]["data"]["thread_id"]
        gone = c.portal.call(prune_threads, rt.graph.checkpointer, rt.traces, 0.8 / 86400)
        assert gone == [old]
        assert c.get(f"/api/threads/{old}").status_code == 404
        assert c.portal.call(_count, rt.graph.checkpointer, old) == 0
        assert c.get(f"/api/traces/{events[0]['data']['request_id']}").status_code == 200
        assert c.get(f"/api/threads/{fresh}").status_code == 200
