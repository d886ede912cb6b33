"""Two servers on Postgres (market data, checkpoints, traces) and Redis (run buffers), each with its
own Runtime (uvicorn in this process: real HTTP, separate buffers and run managers): a run started
on one is read, joined (stream and outcome), queued behind and cancelled from the other, through the
Python SDK and the JS SDK."""
from __future__ import annotations

import asyncio

import pytest
from langgraph_sdk import get_client

from tests.agent.answer.lies import nq_november
from tests.conftest import DATA
from tests.server.conftest import app_for, live_server, require_redis, slow_offline
from tests.server.js_sdk import run_js

QUESTION = "NQ stats for November 2023"


@pytest.fixture
def servers(pg_database_factory, tmp_path):
    """(A, B): A's analyst takes 3 s (a fake of the LLM's latency only), B's is the offline one."""
    from agent.market.ingest import load_file
    from agent.market.postgres_store import PostgresStore

    url, redis_url = pg_database_factory(), require_redis()
    store = PostgresStore(url)
    load_file(store, DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv", "NQ")
    store.close()
    shared = {"database_url": url, "redis_url": redis_url}
    app_a, _ = app_for(PostgresStore(url), tmp_path / "a", slow_offline(3.0), **shared)
    app_b, _ = app_for(PostgresStore(url), tmp_path / "b", None, **shared)
    with live_server(app_a) as a, live_server(app_b) as b:
        yield a, b


def _high(values: dict) -> float:
    return next(c["value"] for c in values["claims"] if c["type"] == "high")


def test_a_run_on_one_server_is_joined_queued_and_cancelled_on_the_other(servers):
    a_url, b_url = servers

    async def main():
        a, b = get_client(url=a_url, api_key=None), get_client(url=b_url, api_key=None)
        tid = (await a.threads.create())["thread_id"]
        run = await a.runs.create(tid, "askbar", input={"question": QUESTION}, stream_mode=["values", "updates"])
        assert (await b.runs.get(tid, run["run_id"]))["status"] == "running"
        assert (await b.threads.get(tid))["status"] == "busy"
        parts = [p async for p in b.runs.join_stream(tid, run["run_id"])]
        assert parts[0].event == "metadata" and {"values", "updates"} <= {p.event for p in parts}
        values = await b.runs.join(tid, run["run_id"])
        assert parts[-1].data["response"] == values["response"]
        assert _high(values) == pytest.approx(nq_november()["high"])
        assert [r["status"] for r in await b.runs.list(tid)] == ["success"]

        first = await a.runs.create(tid, "askbar", input={"question": QUESTION})
        queued = await b.runs.create(tid, "askbar", input={"messages": [{"role": "user", "content": QUESTION}]},
                                     multitask_strategy="enqueue")
        assert (await a.runs.get(tid, queued["run_id"]))["status"] == "pending"
        after = await a.runs.join(tid, queued["run_id"])     # B runs it once A's run ended
        assert (await b.runs.get(tid, first["run_id"]))["status"] == "success"
        assert [m["type"] for m in after["messages"]] == ["human", "ai"] * 3

        before = await b.threads.get_state(tid)
        doomed = await a.runs.create(tid, "askbar", input={"question": QUESTION})
        await b.runs.cancel(tid, doomed["run_id"], wait=True)   # A sees it within CANCEL_POLL_S
        assert (await a.runs.get(tid, doomed["run_id"]))["status"] == "interrupted"
        assert (await a.threads.get_state(tid))["checkpoint"] == before["checkpoint"]

        joined = await a.runs.create(tid, "askbar", input={"question": QUESTION})
        return tid, joined["run_id"]

    tid, run_id = asyncio.run(main())
    got = run_js(b_url, "", tid, run_id)    # the JS SDK on B joins the run A is executing
    assert got["joined_events"][0] == "metadata" and "values" in got["joined_events"]
    assert _high(got["joined"]) == pytest.approx(nq_november()["high"])
    assert got["joined_run"]["status"] == "success"
