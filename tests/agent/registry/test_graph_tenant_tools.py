"""Issue 17: a tenant's registered tools are offered to the Gemini planner for that tenant's users
only, run through the registry (sync, or async with the callback) as the run's user, and their
numbers are slots the validator checks. Real registry (in-process SQLite or Redis + Postgres),
real external HTTP stub, registry workers; only the LLM is the Gemini stub."""
from __future__ import annotations

import time
import uuid

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.registry.queues import stream_name
from agent.tools import tenant_step
from agent.tools.gemini_decls import offered_tools
from tests.agent.llm.gemini_stub import GeminiStub, call, function_names, gemini_settings
from tests.agent.registry.conftest import tenant_user
from tests.agent.registry.test_worker import register


@pytest.fixture
def gemini():
    with GeminiStub() as g:
        yield g


@pytest.fixture
def session_for(gemini, registry, tmp_path):
    from agent.deps import build_deps
    from agent.service import Session

    def make(store, user):
        settings = gemini_settings(gemini, tmp_path, gemini_timeout_s=5.0, redis_url=None,
                                   tools_redis_prefix="t17-" + uuid.uuid4().hex[:8])
        deps = build_deps(settings, store=store)
        deps.user, deps.registry = user, registry
        return Session(deps, InMemorySaver())
    return make


def _callbacks(registry, user, task_id, wait_s: float = 5.0):
    """The task's callback messages, once the worker delivered (it does so right after finishing)."""
    deadline = time.monotonic() + wait_s
    while True:
        found = [c for c in registry.queue.entries(stream_name("orchestrator_callbacks",
                                                               user.tenant_id))
                 if c.task_id == task_id]
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def test_tenant_tools_are_offered_to_their_tenant_only(registry, stub):
    mine, other = tenant_user("free"), tenant_user("free")
    register(registry, mine, stub, tool_id="calc")
    names = {t.name for t in offered_tools(mine, registry.tools.list(mine.tenant_id))}
    assert "tenant_calc" in names and "get_price" in names
    theirs = {t.name for t in offered_tools(other, registry.tools.list(other.tenant_id))}
    assert not any(n.startswith("tenant_") for n in theirs)
    # rows of another tenant handed over by mistake are still not offered
    leaked = offered_tools(other, registry.tools.list(mine.tenant_id))
    assert not any(t.source == "tenant" for t in leaked)


@pytest.mark.parametrize("loaded_store", ["duckdb"], indirect=True)
def test_graph_runs_a_tenant_tool_through_the_registry(registry, stub, workers, gemini,
                                                       session_for, loaded_store):
    workers(1)
    mine, other = tenant_user("free"), tenant_user("free")
    register(registry, mine, stub, tool_id="calc")
    gemini.add(call("parse_intent", {"type": "data", "lang": "en"}),
               call("tenant_calc", {"a": 2, "b": 40, "tenant_id": other.tenant_id}),
               call("submit_answer", {"response": "The sum is 999."}),
               call("submit_answer", {"response": "The sum is {sum}."}))
    result = session_for(loaded_store, mine).ask("add 2 and 40 with my calc tool",
                                                 thread_id=uuid.uuid4().hex)
    assert "tenant_calc" in function_names(gemini.generate_requests()[1])
    assert result.status == "answered" and result.validation["status"] == "ok"
    assert result.response == "The sum is 42."                  # the API's sum, not the lie
    rows = registry.db.execute("SELECT task_id, tenant_id, status FROM registry_tasks "
                               "WHERE tool_id = %s AND kind = %s", ("calc", "execute"))
    assert [(r["tenant_id"], r["status"]) for r in rows] == [(mine.tenant_id, "completed")]
    assert len(_callbacks(registry, mine, rows[0]["task_id"])) == 1   # delivered once
    assert list(stub.executed.values())[-1]["echo"] == {"a": 2, "b": 40}   # identity arg dropped

    # another tenant's user: the planner is not offered the tool
    gemini.add(call("parse_intent", {"type": "data", "lang": "en"}),
               call("get_price", {"symbol": "SPY"}),
               call("submit_answer", {"response": "SPY is at {price}."}))
    session_for(loaded_store, other).ask("add 2 and 40 with my calc tool",
                                         thread_id=uuid.uuid4().hex)
    assert not any(n.startswith("tenant_") for n in function_names(gemini.generate_requests()[5]))


@pytest.mark.parametrize("loaded_store", ["duckdb"], indirect=True)
def test_long_tenant_tool_answers_running_then_calls_back(registry, stub, workers, gemini,
                                                         session_for, loaded_store, monkeypatch):
    monkeypatch.setattr(tenant_step, "ASYNC_WAIT_S", 0.3)
    workers(1)
    me = tenant_user("free")
    register(registry, me, stub, tool_id="slowcalc", path="/slow", timeout_ms=20_000)
    gemini.add(call("parse_intent", {"type": "data", "lang": "en"}),
               call("tenant_slowcalc", {"a": 1, "sleep": 1.5}))
    result = session_for(loaded_store, me).ask("run my slow calc", thread_id=uuid.uuid4().hex)
    task_id = result.plan and registry.db.execute(
        "SELECT task_id FROM registry_tasks WHERE tool_id = %s AND kind = %s",
        ("slowcalc", "execute"))[0]["task_id"]
    assert result.status == "answered" and task_id in result.response
    assert "still running" in result.response
    task = registry.wait(task_id, 10)
    assert task is not None and task["status"] == "completed" and task["result"]["sum"] == 2.5
    deadline_hits = [c for c in _callbacks(registry, me, task_id) if c.status == "completed"]
    assert len(deadline_hits) == 1 and deadline_hits[0].payload["result"]["sum"] == 2.5
