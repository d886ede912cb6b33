"""The LangGraph Server API driven by the official Python langgraph_sdk over real HTTP: assistants,
threads (create, get, update, search, delete, state, history), streaming in every mode, and the
chat form ({"messages": [...]} in, `messages` in the state) that chat clients render."""
from __future__ import annotations

import asyncio

import httpx
import pytest
from langgraph_sdk import get_client

from tests.agent.answer.lies import nq_november
from tests.server.conftest import DUCKDB_ONLY

pytestmark = DUCKDB_ONLY
MODES = ["values", "updates", "custom", "messages-tuple"]
QUESTION = "NQ stats for November 2023"


def sdk(url: str, **kw):
    return get_client(url=url, api_key=None, **kw)   # api_key=None: never an environment's key


async def _collect(client, thread_id, **kw):
    return [p async for p in client.runs.stream(thread_id, "askbar", **kw)]


def _high(claims: list[dict]) -> float:
    return next(c["value"] for c in claims if c["type"] == "high")


def test_assistants_search_get_graph_and_schemas(base_url):
    async def main():
        client = sdk(base_url)
        found = await client.assistants.search()
        assert [a["assistant_id"] for a in found] == ["askbar"]
        assert await client.assistants.search(graph_id="other") == []
        assert (await client.assistants.get("askbar"))["graph_id"] == "askbar"
        graph = await client.assistants.get_graph("askbar")
        assert {"understander", "clarify", "reply"} <= {n["id"] for n in graph["nodes"]}
        schemas = await client.assistants.get_schemas("askbar")
        assert {"question", "messages"} <= set(schemas["input_schema"]["properties"])
        assert {"response", "claims", "messages"} <= set(schemas["state_schema"]["properties"])
        assert schemas["context_schema"]["readOnly"] and "user" in schemas["context_schema"]["properties"]
        from langgraph_sdk.errors import NotFoundError

        with pytest.raises(NotFoundError):
            await client.assistants.get("other")
    asyncio.run(main())


def test_stream_modes_state_history(base_url):
    async def main():
        client = sdk(base_url)
        thread = await client.threads.create(metadata={"user": "t1"})
        tid = thread["thread_id"]
        parts = await _collect(client, tid, input={"question": QUESTION}, stream_mode=MODES)
        events = [p.event for p in parts]
        assert events[0] == "metadata" and {"values", "updates", "messages", "custom"} <= set(events)
        updates = [p.data for p in parts if p.event == "updates"]
        assert any("planner" in u for u in updates) and any("executor" in u for u in updates)
        custom = [p.data["type"] for p in parts if p.event == "custom"]   # AskBar's step events
        assert {"step_start", "plan_created", "sql_executed", "validation"} <= set(custom)
        chunks = [p.data for p in parts if p.event == "messages"]
        final = [p.data for p in parts if p.event == "values"][-1]
        ai = final["messages"][-1]
        assert ai["type"] == "ai" and {c[0]["id"] for c in chunks} == {ai["id"]}
        assert "".join(c[0]["content"] for c in chunks) == ai["content"] == final["response"]
        last_values = len(events) - 1 - events[::-1].index("values")
        assert max(i for i, e in enumerate(events) if e == "messages") < last_values   # tokens, then state
        assert _high(final["claims"]) == pytest.approx(nq_november()["high"])
        state = await client.threads.get_state(tid)
        assert state["values"]["response"] == final["response"] and state["values"]["claims"]
        assert [m["type"] for m in state["values"]["messages"]] == ["human", "ai"]
        assert state["values"]["messages"][0]["content"] == QUESTION
        assert state["next"] == [] and state["checkpoint"]["checkpoint_id"]
        at = await client.threads.get_state(tid, checkpoint_id=state["checkpoint"]["checkpoint_id"])
        assert at["values"]["response"] == final["response"]
        at = await client.threads.get_state(tid, checkpoint={"checkpoint_id": state["checkpoint"]["checkpoint_id"]})
        assert at["checkpoint"] == state["checkpoint"]
        history = await client.threads.get_history(tid, limit=50)
        # one checkpoint per run (graph.py checkpoints on exit), the latest first
        assert len(history) >= 1 and history[0]["checkpoint"] == state["checkpoint"]
        got = await client.threads.get(tid)
        assert got["status"] == "idle"
        assert got["metadata"] == {"user": "t1", "graph_id": "askbar", "assistant_id": "askbar"}
        found = await client.threads.search(metadata={"user": "t1"})
        assert [t["thread_id"] for t in found] == [tid]
    asyncio.run(main())


def test_chat_form_input_and_messages_state(base_url):
    """Agent Chat UI's input: {"messages": [{type: human, content, id}]}; the next turn with a role
    and content blocks. The thread's messages are the turns, the answers AI messages."""
    async def main():
        client = sdk(base_url)
        tid = (await client.threads.create())["thread_id"]
        msg = {"type": "human", "content": QUESTION, "id": "client-msg-1"}
        values = await client.runs.wait(tid, "askbar", input={"messages": [msg]})
        assert values["response"] and values["validation"]["status"] == "ok"
        assert _high(values["claims"]) == pytest.approx(nq_november()["high"])
        assert [(m["type"], m["id"]) for m in values["messages"]][0] == ("human", "client-msg-1")
        assert values["messages"][-1]["content"] == values["response"]
        blocks = {"role": "user", "content": [{"type": "text", "text": "And SPY for March 2024?"}]}
        values = await client.runs.wait(tid, "askbar", input={"messages": [blocks]})
        state = await client.threads.get_state(tid)
        kinds = [(m["type"], m["content"]) for m in state["values"]["messages"]]
        assert [k for k, _ in kinds] == ["human", "ai", "human", "ai"]
        assert kinds[2][1] == "And SPY for March 2024?" and kinds[3][1] == values["response"]
        assert state["values"]["question"] == "And SPY for March 2024?"
        thread = await client.threads.get(tid)
        assert thread["values"]["messages"][-1]["type"] == "ai"
    asyncio.run(main())


def test_update_search_by_status_and_delete(base_url):
    async def main():
        client = sdk(base_url)
        keep = (await client.threads.create(metadata={"topic": "keep"}))["thread_id"]
        await client.runs.wait(keep, "askbar", input={"question": QUESTION})
        tid = (await client.threads.create(metadata={"topic": "gone"}))["thread_id"]
        values = await client.runs.wait(tid, "askbar", input={"question": "Покажи статистику"})
        assert values["__interrupt__"][0]["value"]["type"] == "clarification"
        updated = await client.threads.update(tid, metadata={"label": "x"})
        assert updated["metadata"]["label"] == "x" and updated["metadata"]["topic"] == "gone"
        interrupted = await client.threads.search(status="interrupted", metadata={"label": "x"})
        assert [t["thread_id"] for t in interrupted] == [tid]
        runs = await client.runs.list(tid)
        request_id = runs[0]["metadata"]["request_id"]
        with httpx.Client(base_url=base_url) as c:
            assert c.get(f"/api/traces/{request_id}").status_code == 200
            await client.threads.delete(tid)
            assert c.get(f"/api/traces/{request_id}").status_code == 404   # its traces went too
        from langgraph_sdk.errors import NotFoundError

        for call in (client.threads.get(tid), client.threads.get_state(tid), client.runs.list(tid)):
            with pytest.raises(NotFoundError):
                await call
        assert await client.threads.search(metadata={"topic": "gone"}) == []
        assert (await client.threads.get_state(keep))["values"]["response"]   # the other thread stays
    asyncio.run(main())


def test_errors_the_sdk_surfaces(base_url):
    from langgraph_sdk.errors import NotFoundError, UnprocessableEntityError

    async def main():
        client = sdk(base_url)
        with pytest.raises(NotFoundError):
            await client.threads.get("no-such-thread")
        with pytest.raises(NotFoundError):
            await _collect(client, "no-such-thread", input={"question": "NQ"})
        tid = (await client.threads.create())["thread_id"]
        for bad in ({"input": {"nothing": 1}}, {"input": {"messages": [{"type": "ai", "content": "hi"}]}},
                    {"input": {"question": "NQ"}, "multitask_strategy": "rollback"},
                    {"input": {"question": "NQ"}, "stream_mode": "events"},
                    {"command": {"goto": "planner"}}):
            with pytest.raises(UnprocessableEntityError) as err:
                await client.runs.create(tid, "askbar", **bad)
            assert err.value.response.json()["error"]["message"]
        with pytest.raises(NotFoundError):
            await client.runs.create(tid, "other-assistant", input={"question": "NQ"})
    asyncio.run(main())
