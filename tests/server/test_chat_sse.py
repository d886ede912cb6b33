"""POST /api/chat and resume over real HTTP: the SSE protocol (DESIGN.md) on real data."""
from __future__ import annotations

import httpx
import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.deps import build_deps
from agent.llm.offline.provider import OfflineProvider
from agent.service import Session
from agent.settings import Settings
from agent.state import Plan
from tests.server.conftest import DUCKDB_ONLY, live_server, stream

pytestmark = DUCKDB_ONLY
IDS = ("thread_id", "request_id")


def _names(events):
    return [e["event"] for e in events]


def test_answer_streams_steps_sql_validation_text_and_done(client, duck_store, tmp_path):
    r, events = stream(client, "POST", "/api/chat", json={"question": "Статистика NQ за ноябрь 2023"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    names = _names(events)
    assert names[0] == "run_start" and names[-1] == "done"
    assert [e["id"] for e in events] == list(range(1, len(events) + 1))  # every event has an id
    start = events[0]["data"]
    assert set(start) == {"run_id", "thread_id", "request_id"}
    assert r.headers["x-run-id"] == start["run_id"]
    for name in ("step_start", "plan_created", "sql_executed", "validation", "text_delta"):
        assert name in names, names
    agents = [e["data"]["agent"] for e in events if e["event"] == "step_start"]
    assert agents[:4] == ["understander", "planner", "executor", "analyst"] and "validator" in agents
    sql = next(e["data"] for e in events if e["event"] == "sql_executed")
    assert "SELECT" in sql["query"].upper() and sql["rows"] > 0 and sql["params"]
    # text_delta only after the validator passed, and it adds up to the final response
    last_ok = max(i for i, e in enumerate(events) if e["event"] == "validation" and e["data"]["status"] == "ok")
    deltas = [i for i, e in enumerate(events) if e["event"] == "text_delta"]
    assert min(deltas) > last_ok
    done = events[-1]["data"]
    assert "".join(events[i]["data"]["content"] for i in deltas) == done["response"]
    assert done["status"] == "answered" and done["thread_id"] == start["thread_id"]
    assert done["request_id"] == start["request_id"]
    # done is exactly the CLI's --json object for the same question
    session = Session(build_deps(Settings(home=tmp_path / "cli"), store=duck_store), InMemorySaver())
    cli = session.ask("Статистика NQ за ноябрь 2023").model_dump(mode="json")
    assert set(done) == set(cli)
    assert {k: v for k, v in done.items() if k not in IDS} == {k: v for k, v in cli.items() if k not in IDS}


def test_clarification_then_resume_by_suggestion_number(client):
    _, events = stream(client, "POST", "/api/chat", json={"question": "Покажи статистику"})
    assert _names(events)[0] == "run_start" and _names(events)[-1] == "done"
    clar = next(e["data"] for e in events if e["event"] == "clarification_needed")
    assert clar["suggestions"] and clar["message"]
    done = events[-1]["data"]
    assert done["status"] == "clarification" and done["interrupt"]["type"] == "clarification"
    assert "text_delta" not in _names(events)
    thread = done["thread_id"]
    assert client.get(f"/api/threads/{thread}").json()["status"] == "interrupted"
    _, events = stream(client, "POST", f"/api/chat/{thread}/resume", json={"answer": "NQ за ноябрь 2023"})
    assert _names(events)[0] == "run_start" and events[-1]["event"] == "done"
    done2 = events[-1]["data"]
    assert done2["status"] == "answered" and done2["thread_id"] == thread
    assert any(c["type"] == "high" and c["value"] == pytest.approx(16208.5) for c in done2["claims"])
    view = client.get(f"/api/threads/{thread}").json()
    assert view["status"] == "idle" and view["result"]["response"] == done2["response"]


def test_no_data_event_suggests_available_range(client):
    _, events = stream(client, "POST", "/api/chat", json={"question": "NQ за 2010 год"})
    nd = next(e["data"] for e in events if e["event"] == "no_data")
    assert nd["available"]["first"] == "2023-11-20" and nd["suggestions"]
    done = events[-1]["data"]
    assert done["status"] == "no_data"
    _, events = stream(client, "POST", f"/api/chat/{done['thread_id']}/resume", json={"answer": "1"})
    assert events[-1]["data"]["status"] == "answered", events[-1]["data"]["response"]


def test_follow_up_on_the_same_thread(client):
    _, events = stream(client, "POST", "/api/chat", json={"question": "Покажи статистику NQ за ноябрь 2023"})
    thread = events[-1]["data"]["thread_id"]
    _, events = stream(client, "POST", "/api/chat", json={"question": "А за декабрь?", "thread_id": thread})
    done = events[-1]["data"]
    assert done["status"] == "answered" and done["intent"]["symbol"] == "NQ"
    assert len(client.get(f"/api/threads/{thread}").json()["history"]) == 4


def test_concept_question_streams_text_without_sql(client):
    _, events = stream(client, "POST", "/api/chat", json={"question": "What is RSI?"})
    names = _names(events)
    assert "sql_executed" not in names and "text_delta" in names
    assert events[-1]["data"]["status"] == "answered"


def test_data_health_and_chart(client):
    data = client.get("/api/data").json()
    assert {s["symbol"] for s in data["symbols"]} >= {"NQ", "SPY", "BTCUSD", "SPX"}
    assert set(data["symbols"][0]) == {"symbol", "first", "last", "bars_1min", "bars_1d", "timezone", "session",
                                       "synthetic"}   # the same keys as askbar data --json
    health = client.get("/healthz")
    assert health.status_code == 200 and health.json()["status"] == "ok"
    _, events = stream(client, "POST", "/api/chat", json={"question": "NQ stats for November 2023"})
    chart = client.get(f"/api/threads/{events[-1]['data']['thread_id']}/chart").json()
    # NQ data starts 2023-11-20: nine trading dates in November
    assert chart["series"], chart
    s = chart["series"][0]
    assert len(s["x"]) == 9 and (s["kind"] == "line" or len(s["close"]) == len(s["x"]))


class LongPlan(OfflineProvider):
    """The offline provider, but planning every step four times (a fake of the LLM's plan only)."""

    def plan(self, intent, ctx):
        base = super().plan(intent, ctx)
        return Plan(steps=base.steps * 4, summary="four times the same step")


def test_confirm_plan_event_then_simplify(make_app, duck_store):
    app, _ = make_app(duck_store, provider=LongPlan())
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as c:
        _, events = stream(c, "POST", "/api/chat", json={"question": "NQ stats for November 2023"})
        names = _names(events)
        assert "sql_executed" not in names  # nothing ran yet (the plan shown was created once)
        confirm = next(e["data"] for e in events if e["event"] == "confirm_plan")
        assert len(confirm["plan_summary"]) == 4 and confirm["suggestions"] == ["execute", "simplify", "cancel"]
        assert events[-1]["data"]["status"] == "confirm_plan"
        thread = events[-1]["data"]["thread_id"]
        _, events = stream(c, "POST", f"/api/chat/{thread}/resume", json={"answer": "2"})  # = simplify
        plan = [e["data"] for e in events if e["event"] == "plan_created"][-1]
        assert len(plan["steps"]) == 3
        assert events[-1]["data"]["status"] == "answered"
