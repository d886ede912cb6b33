"""GraphThread (agent/server/graph_thread.py) when a run ends while a batch is being sent (issue 25
M4): the run's end arrived during `await sink(...)` and was raised as a tuple (`TypeError:
exceptions must derive from BaseException`), so an answered run sent `error` or no final event.

A real (tiny) LangGraph graph runs in the thread; the sink is slow on purpose: it returns only
after the graph has finished and posted its end, which is exactly the interleaving of the race.
"""
from __future__ import annotations

import asyncio
import threading
from typing import Any, TypedDict

import pytest
from langgraph.graph import END, START, StateGraph

from agent.server.graph_thread import GraphThread
from agent.server.recording import RecordingProvider, TraceRecorder


class S(TypedDict):
    n: int


def _graph(sending: threading.Event):
    def two(s: S) -> dict[str, int]:
        assert sending.wait(10)     # the first batch is being sent when the graph goes on
        return {"n": s["n"] * 10}

    g = StateGraph(S)
    g.add_node("one", lambda s: {"n": s["n"] + 1})
    g.add_node("two", two)
    g.add_edge(START, "one")
    g.add_edge("one", "two")
    g.add_edge("two", END)
    return g.compile()


class UpdatesEmitter:
    """Each node's update becomes one event (what the SSE emitters do with their modes)."""
    modes = ["updates"]

    def on_chunk(self, mode: str, chunk: Any) -> list[dict[str, Any]]:
        return [{"mode": mode, "chunk": chunk}] if mode == "updates" else []


class Steps:
    def step(self, row: dict[str, Any]) -> None:
        pass


@pytest.mark.parametrize("fail", [False, True])
def test_run_that_ends_while_a_batch_is_sent_returns_its_result(fail):
    finished, sending = threading.Event(), threading.Event()

    def after(state):
        finished.set()          # set in the graph's thread just before the end is posted
        if fail:
            raise ValueError("after failed")
        return state.values["n"]

    sent: list[list] = []

    async def slow_sink(batch: list) -> None:
        sent.append(batch)
        sending.set()
        while not finished.is_set():
            await asyncio.sleep(0.005)
        await asyncio.sleep(0.05)   # the end is on the loop now, posted while this send runs

    gt = GraphThread(_graph(sending), {"n": 1}, {}, {}, UpdatesEmitter(),
                     TraceRecorder(RecordingProvider(object())), Steps(), after=after)

    async def main():
        return await gt.run(slow_sink)

    if fail:   # the graph's own exception is raised as itself, never a TypeError
        with pytest.raises(ValueError, match="after failed"):
            asyncio.run(main())
        return
    last, value = asyncio.run(main())
    assert value == 20                       # (1 + 1) * 10, what the graph computed
    events = [e for batch in sent for e in batch] + list(last)
    assert [list(e["chunk"]) for e in events] == [["one"], ["two"]]
