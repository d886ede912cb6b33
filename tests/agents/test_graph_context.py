"""The graph's LangGraph context (issue 8 item 3): nodes use the Deps a run brings (no process-wide
default), the input schema matches what callers send, durability "exit" writes fewer checkpoints."""
from __future__ import annotations

import dataclasses
import uuid
from typing import get_type_hints

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.deps import run_options
from agent.llm.offline.provider import OfflineProvider
from agent.service import turn_input
from agent.state import TradingState
from agents.turn import TURN_RESET, AskInput
from graph import build_graph

QUESTION = "Покажи статистику NQ за ноябрь 2023"


class CountingProvider(OfflineProvider):
    name = "counting"

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def understand(self, *args, **kwargs):
        self.calls += 1
        return super().understand(*args, **kwargs)


def _ask(graph, deps, thread: str, **options) -> dict:
    config = {"configurable": {"thread_id": thread}}
    graph.invoke(turn_input({}, QUESTION, thread, uuid.uuid4().hex, None), config,
                 **{**run_options(deps), **options})
    return graph.get_state(config).values


def test_each_run_uses_the_deps_it_brings(session):
    """One compiled graph, two runs: each run's nodes call the provider of its own context."""
    a, b = CountingProvider(), CountingProvider()
    graph = session.graph
    _ask(graph, dataclasses.replace(session.deps, provider=a), "ctx-a")
    assert (a.calls, b.calls) == (1, 0)
    values = _ask(graph, dataclasses.replace(session.deps, provider=b), "ctx-b")
    assert (a.calls, b.calls) == (1, 1)
    assert values["validation"]["status"] == "ok" and values["response"]


def test_a_run_without_context_fails_instead_of_using_a_default(session):
    with pytest.raises(AttributeError):
        session.graph.invoke(turn_input({}, QUESTION, "ctx-none", "r1", None),
                             {"configurable": {"thread_id": "ctx-none"}})


def test_default_context_is_used_only_when_a_run_brings_none(session):
    """make_graph's path (`langgraph dev`): deps bound at build time answer runs with no context."""
    bound = CountingProvider()
    graph = build_graph(InMemorySaver(), default_context=dataclasses.replace(session.deps, provider=bound))
    config = {"configurable": {"thread_id": "ctx-dev"}}
    graph.invoke({"question": QUESTION}, config)
    assert bound.calls == 1 and graph.get_state(config).values["validation"]["status"] == "ok"
    other = CountingProvider()
    _ask(graph, dataclasses.replace(session.deps, provider=other), "ctx-dev2")
    assert (bound.calls, other.calls) == (1, 1)


def test_input_schema_is_what_callers_send():
    sent = set(turn_input({}, "q", "t", "r", None))
    assert set(AskInput.__annotations__) == sent and set(TURN_RESET) <= sent
    state = get_type_hints(TradingState)
    assert all(hint == state[key] for key, hint in get_type_hints(AskInput).items())
    graph = build_graph()
    assert graph.name == "askbar"
    assert set(graph.get_input_jsonschema()["properties"]) == sent


def test_durability_exit_writes_fewer_checkpoints(session):
    def checkpoints(**options) -> int:
        saver = InMemorySaver()
        thread = uuid.uuid4().hex
        _ask(build_graph(saver), session.deps, thread, **options)
        return len(list(saver.list({"configurable": {"thread_id": thread}})))

    at_exit, every_step = checkpoints(), checkpoints(durability="async")
    assert at_exit < every_step and at_exit <= 2, (at_exit, every_step)
