"""The LangGraph Server API subset, driven by the official langgraph_sdk client over real HTTP."""
from __future__ import annotations

import asyncio

import pytest
from langgraph_sdk import get_client

from tests.server.conftest import DUCKDB_ONLY

pytestmark = DUCKDB_ONLY
MODES = ["values", "updates", "custom", "messages-tuple"]


async def _collect(client, thread_id, **kw):
    return [p async for p in client.runs.stream(thread_id, "askbar", **kw)]


def test_assistants_threads_stream_state_history(base_url):
    async def main():
        client = get_client(url=base_url)
        assert (await client.assistants.search())[0]["assistant_id"] == "askbar"
        thread = await client.threads.create(metadata={"user": "t1"})
        tid = thread["thread_id"]
        parts = await _collect(client, tid, input={"question": "NQ stats for November 2023"}, stream_mode=MODES)
        events = [p.event for p in parts]
        assert events[0] == "metadata" and {"values", "updates", "messages"} <= set(events)
        updates = [p.data for p in parts if p.event == "updates"]
        assert any("planner" in u for u in updates) and any("executor" in u for u in updates)
        text = "".join(p.data[0]["content"] for p in parts if p.event == "messages")
        final = [p.data for p in parts if p.event == "values"][-1]
        assert final["response"] and text == final["response"]
        assert any(c["type"] == "high" for c in final["claims"])
        state = await client.threads.get_state(tid)
        assert state["values"]["response"] == final["response"] and state["values"]["claims"]
        assert state["next"] == [] and state["checkpoint"]["checkpoint_id"]
        history = await client.threads.get_history(tid, limit=50)
        # one checkpoint per run (graph.py checkpoints on exit), the latest first
        assert len(history) >= 1 and history[0]["checkpoint"] == state["checkpoint"]
        got = await client.threads.get(tid)
        assert got["status"] == "idle" and got["metadata"] == {"user": "t1", "graph_id": "askbar", "assistant_id": "askbar"}
        found = await client.threads.search(metadata={"user": "t1"})
        assert [t["thread_id"] for t in found] == [tid]
    asyncio.run(main())


def test_interrupt_and_resume_with_command(base_url):
    async def main():
        client = get_client(url=base_url)
        tid = (await client.threads.create())["thread_id"]
        parts = await _collect(client, tid, input={"question": "Покажи статистику"}, stream_mode=["updates"])
        interrupts = [p.data["__interrupt__"] for p in parts if p.event == "updates" and "__interrupt__" in p.data]
        assert interrupts and interrupts[0][0]["value"]["type"] == "clarification"
        thread = await client.threads.get(tid)
        assert thread["status"] == "interrupted" and thread["interrupts"]
        state = await client.threads.get_state(tid)
        assert state["interrupts"][0]["value"]["suggestions"] and state["next"] == ["clarify"]
        parts = await _collect(client, tid, command={"resume": "NQ за ноябрь 2023"}, stream_mode="values")
        final = parts[-1].data
        assert final["response"] and final["validation"]["status"] == "ok"
        assert any(c["type"] == "high" and c["value"] == pytest.approx(16208.5) for c in final["claims"])
        assert (await client.threads.get(tid))["status"] == "idle"
    asyncio.run(main())


def test_errors_the_sdk_surfaces(base_url):
    from langgraph_sdk.errors import NotFoundError

    async def main():
        client = get_client(url=base_url)
        with pytest.raises(NotFoundError):
            await client.threads.get("no-such-thread")
        with pytest.raises(NotFoundError):
            await _collect(client, "no-such-thread", input={"question": "NQ"})
        tid = (await client.threads.create())["thread_id"]
        with pytest.raises(Exception) as err:
            await _collect(client, tid, input={"nothing": 1})
        assert "question" in str(err.value) or getattr(err.value, "status_code", 0) == 422
    asyncio.run(main())
