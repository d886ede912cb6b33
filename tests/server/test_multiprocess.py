"""Real `askbar serve` processes sharing Postgres (market data, checkpoints, traces) and Redis (run
buffers), for what only separate processes can show: a thread interrupted on one resumes on the
other; kill -9 mid-run loses nothing of the thread's state and never shows it answered; SIGTERM
drains open streams. Everything else runs in process (tests/server/conftest.py)."""
from __future__ import annotations

import signal
import time

import httpx
import pytest

from tests.conftest import DATA
from tests.server.conftest import parse_sse, require_redis, stream
from tests.server.procs import serve


@pytest.fixture(scope="module")
def pg_env(pg_database_factory, tmp_path_factory):
    from agent.market.ingest import load_file
    from agent.market.postgres_store import PostgresStore

    url = pg_database_factory()
    store = PostgresStore(url)
    load_file(store, DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv", "NQ")
    store.close()
    home = tmp_path_factory.mktemp("mp_home")
    return {"ASKBAR_DATABASE_URL": url, "ASKBAR_REDIS_URL": require_redis(), "ASKBAR_HOME": str(home),
            "ASKBAR_LLM": "offline", "ASKBAR_NOW": "2024-01-15", "ASKBAR_RUN_STALE_S": "3",
            "ASKBAR_PING_S": "1"}


@pytest.fixture(scope="module")
def server_a(pg_env, tmp_path_factory):
    """One plain server shared by this module's tests (each spawn costs seconds): they use their own
    threads, and only the other servers they start are killed or stopped."""
    with serve(pg_env, tmp_path_factory.mktemp("a") / "a.log") as a:
        yield a


@pytest.fixture
def ca(server_a):
    with httpx.Client(base_url=server_a.url, timeout=60) as c:
        yield c


def slow_gemini(pg_env, seconds: float, n: int, **extra: str):
    """A Gemini stub whose first n answers take `seconds`, and the env of a server that uses it."""
    from tests.agent.llm.gemini_stub import GeminiStub, delayed

    stub = GeminiStub().start()
    stub.add(*[delayed(seconds) for _ in range(n)])
    return stub, {**pg_env, "ASKBAR_LLM": "gemini", "ASKBAR_GEMINI_API_KEY": "test-key",
                  "ASKBAR_GEMINI_BASE_URL": stub.url, **extra}


def _wait_llm_calls(stub, n: int) -> None:
    deadline = time.time() + 20
    while len(stub.generate_requests()) < n:  # the runs are inside their LLM calls now
        assert time.time() < deadline
        time.sleep(0.05)


def test_interrupted_on_one_process_resumed_on_the_other(pg_env, ca, tmp_path):
    with serve(pg_env, tmp_path / "b.log") as b, httpx.Client(base_url=b.url, timeout=60) as cb:
        _, events = stream(ca, "POST", "/api/chat", json={"question": "Покажи статистику"})
        first = events[-1]["data"]
        assert first["status"] == "clarification", first
        thread = first["thread_id"]
        assert cb.get(f"/api/threads/{thread}").json()["status"] == "interrupted"
        _, events = stream(cb, "POST", f"/api/chat/{thread}/resume", json={"answer": "NQ за ноябрь 2023"})
        done = events[-1]["data"]
        assert done["status"] == "answered" and any(c["type"] == "high" for c in done["claims"])
        # the run that B executed is readable from A (shared Redis stream), identically
        _, on_a = stream(ca, "GET", f"/api/runs/{events[0]['data']['run_id']}/stream")
        assert on_a == events
        # and its trace from A (shared Postgres traces)
        tr = ca.get(f"/api/traces/{done['request_id']}").json()
        assert tr["kind"] == "resume" and tr["parent_request_id"] == first["request_id"]
        assert ca.get(f"/api/threads/{thread}").json()["result"]["response"] == done["response"]
        assert (ca.get("/api/data").json()["symbols"][0]["symbol"]) == "NQ"


def test_server_killed_mid_run_keeps_the_thread_and_never_shows_it_answered(pg_env, ca, tmp_path):
    """kill -9 of a server with two runs in flight: a resume of an interrupted thread (the thread
    stays interrupted, resumable) and a follow-up on an answered thread (issue 12's probe: it showed
    "answered" with an empty response; now "lost", and resume says to ask again)."""
    q = {"question": "NQ stats for November 2023"}
    _, events = stream(ca, "POST", "/api/chat", json={"question": "Покажи статистику"})
    waiting, interrupt = events[-1]["data"]["thread_id"], events[-1]["data"]["interrupt"]
    _, events = stream(ca, "POST", "/api/chat", json=q)
    answered = events[-1]["data"]["thread_id"]
    stub, slow_env = slow_gemini(pg_env, 30.0, 4)
    try:
        with serve(slow_env, tmp_path / "k.log") as k, httpx.Client(base_url=k.url, timeout=60) as ck:
            with ck.stream("POST", f"/api/chat/{waiting}/resume", json={"answer": "NQ за ноябрь 2023"}) as r1, \
                    ck.stream("POST", "/api/chat", json={**q, "thread_id": answered}) as r2:
                assert r1.status_code == r2.status_code == 200
                run_id = r1.headers["x-run-id"]
                _wait_llm_calls(stub, 2)
                k.kill()
        time.sleep(3.5)  # ASKBAR_RUN_STALE_S: the lost runs' heartbeats are old now
        # the killed run ends with run_lost for every reader; nothing of the thread is lost
        _, lost = stream(ca, "GET", f"/api/runs/{run_id}/stream")
        assert lost[0]["event"] == "run_start" and lost[-1]["event"] == "error"
        assert lost[-1]["data"]["code"] == "run_lost"
        view = ca.get(f"/api/threads/{waiting}").json()
        assert view["status"] == "interrupted" and view["result"]["interrupt"] == interrupt, view
        _, events = stream(ca, "POST", f"/api/chat/{waiting}/resume", json={"answer": "NQ за ноябрь 2023"})
        assert events[-1]["event"] == "done" and events[-1]["data"]["status"] == "answered", events[-1]
        # the follow-up that died: "lost", never "answered" with an empty response
        view = ca.get(f"/api/threads/{answered}").json()
        assert view["status"] == "lost", view
        assert view["result"]["status"] == "error" and "ask the question again" in view["result"]["response"].lower()
        r = ca.post(f"/api/chat/{answered}/resume", json={"answer": "1"})
        assert r.status_code == 409 and "ask the question again" in r.json()["error"]["message"]
        _, again = stream(ca, "POST", "/api/chat", json={**q, "thread_id": answered})
        assert again[-1]["event"] == "done" and again[-1]["data"]["status"] == "answered"
        assert ca.get(f"/api/threads/{answered}").json()["status"] == "idle"
    finally:
        stub.stop()


def test_sigterm_drains_open_streams_and_another_server_finishes_them(pg_env, ca, tmp_path):
    """A server asked to stop (SIGTERM) does not cut its open streams: after ASKBAR_SSE_DRAIN_S they
    get a `reconnect` event and a clean end; the run goes on during the shutdown grace, and the client
    reconnecting with Last-Event-ID to the other server (shared Redis) gets the rest, no gap."""
    # drain 0.5 s, then the run has 2 s of shutdown grace (finished or cancelled: a terminal event)
    stub, slow_env = slow_gemini(pg_env, 3.0, 1, ASKBAR_SSE_DRAIN_S="0.5", ASKBAR_SHUTDOWN_GRACE_S="2")
    try:
        with serve(slow_env, tmp_path / "k.log") as k, httpx.Client(base_url=k.url, timeout=60) as ck:
            with ck.stream("POST", "/api/chat", json={"question": "NQ stats for November 2023"}) as r:
                run_id, lines = r.headers["x-run-id"], []
                for line in r.iter_lines():  # ends cleanly: a cut stream raises here
                    lines.append(line)
                    if line == "event: run_start":
                        _wait_llm_calls(stub, 1)
                        k.proc.terminate()
            got = list(parse_sse(lines))
            assert got[-1]["event"] == "reconnect", got
            assert got[-1]["data"]["reason"] == "server_shutdown" and "id" not in got[-1]
            # the run got its grace, then the server stopped (uvicorn re-raises the signal it handled)
            assert k.proc.wait(60) in (0, -signal.SIGTERM), k.log.read_text()[-2000:]
        last = got[-2]["id"]
        _, rest = stream(ca, "GET", f"/api/runs/{run_id}/stream", headers={"Last-Event-ID": str(last)})
        _, full = stream(ca, "GET", f"/api/runs/{run_id}/stream")
        assert got[:-1] + rest == full and [e["id"] for e in full] == list(range(1, len(full) + 1))
        assert full[-1]["event"] in ("done", "error")
    finally:
        stub.stop()
