"""Runs through the official Python langgraph_sdk: background create, join, join_stream, get, list,
wait, cancel, stateless runs, multitask strategies reject and enqueue, and Command(resume=...) for
every interrupt type (confirm_action: tests/server/test_trading_confirm.py)."""
from __future__ import annotations

import asyncio

import httpx
import pytest
from langgraph_sdk import get_client
from langgraph_sdk.errors import ConflictError, NotFoundError, UnprocessableEntityError

from agent.llm.offline.provider import OfflineProvider
from agent.state import Plan
from tests.agent.answer.lies import nq_november
from tests.server.conftest import DUCKDB_ONLY, live_server, slow_offline

pytestmark = DUCKDB_ONLY
QUESTION = "NQ stats for November 2023"


def sdk(url: str):
    return get_client(url=url, api_key=None)


def _high(values: dict) -> float:
    return next(c["value"] for c in values["claims"] if c["type"] == "high")


def test_background_run_join_get_list(base_url):
    async def main():
        client = sdk(base_url)
        tid = (await client.threads.create())["thread_id"]
        run = await client.runs.create(tid, "askbar", input={"question": QUESTION}, metadata={"tag": "bg"})
        assert run["status"] in ("pending", "running") and run["thread_id"] == tid
        values = await client.runs.join(tid, run["run_id"])
        assert _high(values) == pytest.approx(nq_november()["high"])
        got = await client.runs.get(tid, run["run_id"])
        assert got["status"] == "success" and got["metadata"]["tag"] == "bg"
        parts = [p async for p in client.runs.join_stream(tid, run["run_id"])]   # replayed, from its start
        assert parts[0].event == "metadata" and parts[-1].data["response"] == values["response"]
        second = await client.runs.create(tid, "askbar", input={"question": "SPY stats for March 2024"})
        await client.runs.join(tid, second["run_id"])
        listed = await client.runs.list(tid)
        assert [r["run_id"] for r in listed] == [second["run_id"], run["run_id"]]
        assert [r["run_id"] for r in await client.runs.list(tid, limit=1, offset=1)] == [run["run_id"]]
        assert await client.runs.list(tid, status="error") == []
        with pytest.raises(NotFoundError):
            await client.runs.get(tid, "no-such-run")
    asyncio.run(main())


def test_stateless_runs(base_url):
    async def main():
        client = sdk(base_url)
        values = await client.runs.wait(None, "askbar", input={"question": QUESTION})
        assert _high(values) == pytest.approx(nq_november()["high"])
        parts = [p async for p in client.runs.stream(None, "askbar", input={"messages": [
            {"role": "user", "content": QUESTION}]}, stream_mode="values")]
        final = parts[-1].data
        assert final["messages"][-1]["content"] == final["response"] and final["claims"]
        kept = await client.runs.create(None, "askbar", input={"question": QUESTION}, on_completion="keep")
        values = await client.runs.join(kept["thread_id"], kept["run_id"])
        assert (await client.threads.get_state(kept["thread_id"]))["values"]["response"] == values["response"]
        gone = await client.runs.create(None, "askbar", input={"question": QUESTION})
        await client.runs.join(gone["thread_id"], gone["run_id"])
        with pytest.raises(NotFoundError):            # on_completion "delete" (the default)
            await client.threads.get(gone["thread_id"])
        with pytest.raises(UnprocessableEntityError):
            await client.runs.create(None, "askbar", command={"resume": "x"})
        with pytest.raises(httpx.HTTPStatusError) as err:   # runs.wait raises httpx's own error
            await client.runs.wait(None, "askbar", command={"resume": "x"})
        assert err.value.response.status_code == 422
    asyncio.run(main())


def test_multitask_reject_enqueue_and_cancel(make_app, duck_store):
    app, _ = make_app(duck_store, provider=slow_offline(1.5))

    async def main(url):
        client = sdk(url)
        tid = (await client.threads.create())["thread_id"]
        first = await client.runs.create(tid, "askbar", input={"question": QUESTION})
        with pytest.raises(ConflictError):     # reject (the default) while the thread runs
            await client.runs.create(tid, "askbar", input={"question": "SPY stats for March 2024"})
        queued = await client.runs.create(tid, "askbar", input={"question": "SPY stats for March 2024"},
                                          multitask_strategy="enqueue")
        assert queued["status"] == "pending"
        listed = {r["run_id"]: r["status"] for r in await client.runs.list(tid)}
        assert listed == {queued["run_id"]: "pending", first["run_id"]: "running"}
        values = await client.runs.join(tid, queued["run_id"])
        assert (await client.runs.get(tid, first["run_id"]))["status"] == "success"
        # the queued run started after the first ended: its turn follows the first one
        kinds = [m["type"] for m in values["messages"]]
        assert kinds == ["human", "ai", "human", "ai"] and values["question"] == "SPY stats for March 2024"
        before = await client.threads.get_state(tid)
        doomed = await client.runs.create(tid, "askbar", input={"question": "BTCUSD stats for 2024"})
        await client.runs.cancel(tid, doomed["run_id"], wait=True)
        assert (await client.runs.get(tid, doomed["run_id"]))["status"] == "interrupted"
        after = await client.threads.get_state(tid)
        assert after["checkpoint"] == before["checkpoint"]        # the thread is as it was
        assert (await client.threads.get(tid))["status"] == "idle"
        with pytest.raises(NotFoundError):      # a finished run is no match to cancel (as langgraph-api)
            await client.runs.cancel(tid, doomed["run_id"])
        # a queued run cancelled before it starts never runs
        running = await client.runs.create(tid, "askbar", input={"question": QUESTION})
        waiting = await client.runs.create(tid, "askbar", input={"question": "SPY stats for 2024"},
                                           multitask_strategy="enqueue")
        await client.runs.cancel(tid, waiting["run_id"], wait=True)
        await client.runs.join(tid, running["run_id"])
        assert (await client.runs.get(tid, waiting["run_id"]))["status"] == "interrupted"
        assert (await client.threads.get_state(tid))["values"]["question"] == QUESTION
    with live_server(app) as url:
        asyncio.run(main(url))


class LongPlan(OfflineProvider):
    """The offline provider planning every step four times (a fake of the LLM's plan only)."""

    def plan(self, intent, ctx):
        base = super().plan(intent, ctx)
        return Plan(steps=base.steps * 4, summary="four times the same step")


async def _interrupted(client, tid: str, question: str) -> dict:
    values = await client.runs.wait(tid, "askbar", input={"question": question})
    return values["__interrupt__"][0]["value"]


def test_resume_every_interrupt_type(base_url, make_app, duck_store):
    """clarification, no_data (answered with a new question, or cancelled) and confirm_plan, each
    resumed with Command(resume=...) through runs.wait, runs.stream and runs.create."""
    async def default(url):
        client = sdk(url)
        tid = (await client.threads.create())["thread_id"]
        assert (await _interrupted(client, tid, "Покажи статистику"))["type"] == "clarification"
        values = await client.runs.wait(tid, "askbar", command={"resume": "NQ за ноябрь 2023"})
        assert _high(values) == pytest.approx(nq_november()["high"])
        tid = (await client.threads.create())["thread_id"]
        assert (await _interrupted(client, tid, "NQ stats for March 2015"))["type"] == "no_data"
        parts = [p async for p in client.runs.stream(tid, "askbar", command={"resume": QUESTION},
                                                     stream_mode="values")]
        assert _high(parts[-1].data) == pytest.approx(nq_november()["high"])
        tid = (await client.threads.create())["thread_id"]
        await _interrupted(client, tid, "NQ stats for March 2015")
        run = await client.runs.create(tid, "askbar", command={"resume": "cancel"})
        values = await client.runs.join(tid, run["run_id"])
        from agent.messages import msg

        assert values["response"] == msg("cancelled", "en") and not values["claims"]
        assert values["messages"][-1] == {**values["messages"][-1], "type": "ai", "content": values["response"]}
        with pytest.raises(ConflictError):       # nothing to resume now
            await client.runs.create(tid, "askbar", command={"resume": "again"})

    async def plans(url):
        client = sdk(url)
        tid = (await client.threads.create())["thread_id"]
        card = await _interrupted(client, tid, QUESTION)
        assert card["type"] == "confirm_plan" and len(card["plan_summary"]) == 4
        values = await client.runs.wait(tid, "askbar", command={"resume": "simplify"})
        assert len(values["plan"]["steps"]) == 3 and _high(values) == pytest.approx(nq_november()["high"])

    asyncio.run(default(base_url))
    app, _ = make_app(duck_store, provider=LongPlan())
    with live_server(app) as url:
        asyncio.run(plans(url))
