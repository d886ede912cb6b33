"""Traces (chat_logs + request_traces) for every request, GET /api/traces/{id}, and replay."""
from __future__ import annotations

import json
import sqlite3

import httpx

from agent.deps import build_deps
from agent.cli.replay import format_report, replay
from agent.settings import Settings
from agent.storage.traces import TraceStore
from tests.conftest import DATA
from tests.server.conftest import DUCKDB_ONLY, live_server, stream


@DUCKDB_ONLY
def test_trace_of_an_answer_has_every_step_with_llm_calls(client):
    _, events = stream(client, "POST", "/api/chat", json={"question": "NQ stats for November 2023"})
    done = events[-1]["data"]
    tr = client.get(f"/api/traces/{done['request_id']}").json()
    assert tr["kind"] == "ask" and tr["status"] == "answered" and tr["result"] == done
    assert tr["question"] == "NQ stats for November 2023" and tr["duration_ms"] > 0
    agents = [s["agent"] for s in tr["steps"]]
    assert agents[:5] == ["understander", "planner", "executor", "analyst", "validator"]
    assert [s["seq"] for s in tr["steps"]] == list(range(1, len(agents) + 1))
    by = {s["agent"]: s for s in tr["steps"]}
    assert by["understander"]["llm"][0]["method"] == "understand"
    assert by["understander"]["llm"][0]["request"]["question"] == "NQ stats for November 2023"
    assert by["understander"]["intent"]["symbol"] == "NQ"
    assert by["planner"]["plan"]["steps"] and by["planner"]["llm"][0]["response"]["steps"]
    assert by["executor"]["output"]["queries"][0]["sql"] and not by["executor"]["llm"]
    assert "{s1." in by["analyst"]["llm"][0]["response"]["response"]   # slots; code fills them
    assert all(s["duration_ms"] >= 0 and s["was_interrupted"] is False for s in tr["steps"])
    assert {"input_tokens", "output_tokens", "cost_usd"} <= set(by["analyst"])


@DUCKDB_ONLY
def test_interrupt_and_resume_are_traced(client):
    _, events = stream(client, "POST", "/api/chat", json={"question": "Покажи статистику"})
    first = events[-1]["data"]
    tr = client.get(f"/api/traces/{first['request_id']}").json()
    step = tr["steps"][-1]
    assert step["was_interrupted"] and step["interrupt_type"] == "clarification"
    _, events = stream(client, "POST", f"/api/chat/{first['thread_id']}/resume", json={"answer": "NQ за ноябрь 2023"})
    second = events[-1]["data"]
    tr2 = client.get(f"/api/traces/{second['request_id']}").json()
    assert tr2["kind"] == "resume" and tr2["parent_request_id"] == first["request_id"]
    assert tr2["user_response"] == "NQ за ноябрь 2023"
    assert tr2["steps"][0]["user_response"] == "NQ за ноябрь 2023"
    # The interrupt lives in the clarify node (no LLM): on resume the understander parses the
    # question completed by the answer once, and the first question is not parsed again.
    assert tr2["steps"][0]["agent"] == "clarify" and not tr2["steps"][0]["llm"]
    understander = next(s for s in tr2["steps"] if s["agent"] == "understander")
    assert [c["method"] for c in understander["llm"]] == ["understand_with_answer"]


@DUCKDB_ONLY
def test_replay_unchanged_then_changed(make_app, duck_store, tmp_path):
    app, settings = make_app(duck_store)
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as c:
        _, ev = stream(c, "POST", "/api/chat", json={"question": "Покажи статистику"})
        _, ev = stream(c, "POST", f"/api/chat/{ev[-1]['data']['thread_id']}/resume", json={"answer": "NQ за ноябрь 2023"})
        rid = ev[-1]["data"]["request_id"]
    traces, deps = TraceStore(settings), build_deps(settings, store=duck_store)
    report = replay(rid, traces, deps)
    assert report["changed"] == [] and report["live_llm_calls"] == 0, format_report(report)
    assert len(report["chain"]) == 2 and report["recorded_llm_outputs_used"] >= 4
    # Today's "model" would have planned a shorter period: edit the recorded plan output.
    con = sqlite3.connect(settings.home / "traces.sqlite")
    row = con.execute("SELECT id, llm FROM request_traces WHERE request_id = ? AND agent = 'planner'", (rid,)).fetchone()
    llm = json.loads(row[1])
    llm[0]["response"]["steps"][0]["params"]["end_date"] = "2023-11-24"
    con.execute("UPDATE request_traces SET llm = ? WHERE id = ?", (json.dumps(llm), row[0]))
    con.commit()
    report = replay(rid, traces, deps)
    text = format_report(report)
    assert {"plan", "sql", "claims"} <= set(report["changed"]), text
    assert "plan: CHANGED" in text and "2023-11-24" in text
    traces.close()


def test_replay_cli(tmp_path, monkeypatch, capsys):
    from agent.market.duckdb_store import DuckDBStore
    from agent.market.ingest import load_file

    home = tmp_path / "home"
    home.mkdir()
    store = DuckDBStore(home / "market.duckdb")
    load_file(store, DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv", "NQ")
    settings = Settings(home=home)
    import server

    app = server.create_app(settings=settings, deps=build_deps(settings, store=store))
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as c:
        _, ev = stream(c, "POST", "/api/chat", json={"question": "NQ stats for November 2023"})
        rid = ev[-1]["data"]["request_id"]
    store.close()
    # the CLI's own entry point in process (a spawn costs seconds of imports; `python -m` adds
    # nothing but `if __name__`), with the environment the command reads
    from agent.cli.main import main

    monkeypatch.setenv("ASKBAR_HOME", str(home))
    monkeypatch.setenv("ASKBAR_LLM", "offline")
    monkeypatch.delenv("ASKBAR_DATABASE_URL", raising=False)
    assert main(["replay", rid]) == 0
    out = capsys.readouterr().out
    assert "no changes" in out and "plan: unchanged" in out
    assert main(["replay", "nope"]) == 2
    assert "no trace" in capsys.readouterr().err
