"""The independent probe's faults (issue 12), each rerun as a test against real services: three
servers starting at once on a fresh Postgres database, Redis stopping mid-run, NaN in a thread's
state, Last-Event-ID at/after the end, text no store can keep (a server killed mid-answer:
test_multiprocess.py)."""
from __future__ import annotations

import shutil
import subprocess
import time
import uuid

import httpx
import pytest

from tests.server.conftest import (DUCKDB_ONLY, free_port, inproc, live_server, require_redis,
                                   slow_offline, stream)
from tests.server.procs import ServeProcess

Q = {"question": "NQ stats for November 2023"}
ENGINES = pytest.mark.parametrize("engine_settings", ["sqlite", "postgres"], indirect=True)


def test_three_servers_start_together_on_a_fresh_postgres(pg_database_factory, tmp_path):
    """The advisory-lock holder used to build an index CONCURRENTLY on another connection while the
    others sat in a blocking lock call (holding snapshots): all of them waited forever."""
    url = pg_database_factory()
    env = {"ASKBAR_DATABASE_URL": url, "ASKBAR_HOME": str(tmp_path / "home"), "ASKBAR_LLM": "offline"}
    procs = [ServeProcess(env, tmp_path / f"s{i}.log") for i in range(3)]
    try:
        for p in procs:
            p.wait_ready(timeout=120)
        for p in procs:
            assert httpx.get(p.url + "/healthz", timeout=10).json()["status"] == "ok"
    finally:
        for p in procs:
            p.stop()


@DUCKDB_ONLY
def test_redis_stopping_mid_run_loses_nothing_and_recovers_without_restart(make_app, duck_store, tmp_path):
    require_redis()  # the shared one must work too; this test runs its own on another port
    binary = shutil.which("redis-server")
    assert binary, "redis-server is not installed (apt-get install redis-server)"
    port = free_port()
    cmd = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]

    def start_redis():
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import redis

        for _ in range(100):
            try:
                redis.Redis(port=port).ping()
                return proc
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("private redis did not start")

    redis_proc = start_redis()
    app, _ = make_app(duck_store, provider=slow_offline(1.5), redis_url=f"redis://127.0.0.1:{port}/0")
    try:
        with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as c:
            from tests.server.conftest import parse_sse

            with c.stream("POST", "/api/chat", json=Q) as r:
                lines = r.iter_lines()
                events = []
                for ev in parse_sse(lines):
                    events.append(ev)
                    if ev["event"] == "run_start":
                        redis_proc.kill()
                        redis_proc.wait(10)
                events_run = events
            assert events_run[-1]["event"] == "done", events_run[-1]
            done = events_run[-1]["data"]
            assert done["status"] == "answered" and done["claims"]
            # the answer is not lost: the thread and the trace have it
            view = c.get(f"/api/threads/{done['thread_id']}").json()
            assert view["result"]["response"] == done["response"]
            # new chats work while Redis is down
            _, ev2 = stream(c, "POST", "/api/chat", json=Q)
            assert ev2[-1]["event"] == "done" and ev2[-1]["data"]["status"] == "answered"
            # Redis back on the same port: the same server uses it again, no restart
            redis_proc = start_redis()
            _, ev3 = stream(c, "POST", "/api/chat", json=Q)
            assert ev3[-1]["event"] == "done"
            import redis

            run_id = ev3[0]["data"]["run_id"]
            assert redis.Redis(port=port).exists(f"askbar:run:{run_id}:events")
    finally:
        redis_proc.kill()
        redis_proc.wait(10)


@DUCKDB_ONLY
@ENGINES
def test_nan_in_state_and_traces_never_500(make_app, duck_store, engine_settings):
    app, _ = make_app(duck_store, **engine_settings)
    with inproc(app) as c:
        _, events = stream(c, "POST", "/api/chat", json=Q)
        tid, req = events[0]["data"]["thread_id"], events[0]["data"]["request_id"]
        rt = app.state.runtime
        bad_plan = {"steps": [{"action": "stats", "threshold": float("nan"), "cap": float("inf")}]}
        c.portal.call(rt.graph.aupdate_state, rt.config(tid), {"plan": bad_plan})
        rt.traces.save({"request_id": "nan-" + req, "thread_id": tid, "kind": "ask", "question": "q",
                        "status": "answered", "result": {"x": float("nan")}, "input": {"plan": bad_plan}},
                       [{"request_id": "nan-" + req, "thread_id": tid, "agent": "planner", "seq": 1, "plan": bad_plan,
                         "input_tokens": 0, "output_tokens": 0, "cost_usd": 0.0, "was_interrupted": False, "output": {"v": float("-inf")}}])
        for url in (f"/threads/{tid}/state", f"/threads/{tid}/history", f"/api/threads/{tid}",
                    f"/threads/{tid}", f"/api/traces/{req}", f"/api/traces/nan-{req}"):
            r = c.get(url)
            assert r.status_code == 200, (url, r.text)
            assert "NaN" not in r.text and "Infinity" not in r.text
        state = c.get(f"/threads/{tid}/state").json()
        assert state["values"]["plan"]["steps"][0]["threshold"] is None
        assert c.post("/threads/search", json={}).status_code == 200


@DUCKDB_ONLY
def test_last_event_id_at_or_after_the_end_closes_the_stream(make_app, duck_store):
    app, _ = make_app(duck_store)
    with inproc(app) as c:
        _, events = stream(c, "POST", "/api/chat", json=Q)
        run_id, last = events[0]["data"]["run_id"], events[-1]["id"]
        for after in (last, last + 5):
            t0 = time.monotonic()
            r, more = stream(c, "GET", f"/api/runs/{run_id}/stream", headers={"Last-Event-ID": str(after)})
            assert r.status_code == 200 and more == []
            assert time.monotonic() - t0 < 5  # closed, not waiting for a ping interval (15 s)
        r, tail = stream(c, "GET", f"/api/runs/{run_id}/stream", headers={"Last-Event-ID": str(last - 1)})
        assert [e["id"] for e in tail] == [last]
        r = c.get(f"/api/runs/{run_id}/stream", headers={"Last-Event-ID": "é".encode()})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_last_event_id"
        lg = c.post("/threads", json={}).json()["thread_id"]
        _, lg_events = stream(c, "POST", f"/threads/{lg}/runs/stream",
                              json={"assistant_id": "askbar", "input": Q})
        assert lg_events


@ENGINES
def test_traces_keep_nul_and_lone_surrogates(tmp_path, engine_settings):
    from agent.settings import Settings
    from agent.storage.traces import TraceStore

    store = TraceStore(Settings(home=tmp_path, **engine_settings))
    try:
        rid = uuid.uuid4().hex
        store.save({"request_id": rid, "thread_id": "t1", "kind": "ask", "question": "a\x00b\ud800c",
                    "status": "error", "input": {"q": "x\x00\udfff"}}, [])
        got = store.get(rid)
        assert got["question"].startswith("a") and got["question"].endswith("c") and "\x00" not in got["question"]
        assert "\x00" not in got["input"]["q"]
    finally:
        store.close()


@DUCKDB_ONLY
def test_nul_or_surrogate_in_a_question_is_a_clear_400(make_app, duck_store):
    app, _ = make_app(duck_store)
    with inproc(app) as c:
        for body in ('{"question": "NQ\\u0000 stats"}', '{"question": "NQ \\ud83d stats"}'):
            r = c.post("/api/chat", content=body.encode(), headers={"Content-Type": "application/json"})
            assert r.status_code == 400 and "at $.question" in r.json()["error"]["message"]


# kill -9 mid-answer ("answered" with an empty response): tests/server/test_multiprocess.py
