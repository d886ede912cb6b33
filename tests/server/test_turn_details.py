"""GET /api/threads/{id}/turns (issue 18 point 1): every answered turn of a thread keeps its details
(claims, plan, SQL, chart) after later turns replaced the thread's state, on both trace engines; a
pending clarification is a turn without details; another user's or an unknown thread is a 404."""
from __future__ import annotations

import time

import httpx
import pandas as pd
import pytest

from tests.conftest import DATA
from tests.server.conftest import DUCKDB_ONLY, live_server, stream

ENGINES = pytest.mark.parametrize("engine_settings", ["sqlite", "postgres"], indirect=True)
QUESTIONS = ["NQ stats for November 2023", "SPX statistics from 2010 to 2019"]


def _spx_first_open(year: int) -> float:
    """SPX's open on the year's first session, from the file (independent of the app)."""
    df = pd.read_csv(DATA / "sp500_daily" / "chainins_GSPC.csv")
    dates = pd.to_datetime(df["Date"], format="%m/%d/%Y")
    return float(df.loc[dates.dt.year == year].sort_index()["Open"].iloc[0])


def _ask(client: httpx.Client, question: str, thread_id: str | None) -> dict:
    body = {"question": question, "now": "2024-01-15", **({"thread_id": thread_id} if thread_id else {})}
    r, events = stream(client, "POST", "/api/chat", json=body)
    assert r.status_code == 200, r.text
    return next(e["data"] for e in events if e["event"] == "done")


def _turns(client: httpx.Client, thread_id: str, answered: int) -> list[dict]:
    """The thread's turns once `answered` of them carry details (kept just after `done`)."""
    deadline = time.time() + 15
    while True:
        turns = client.get(f"/api/threads/{thread_id}/turns").json()["turns"]
        if sum(1 for t in turns if t["details"]) >= answered or time.time() > deadline:
            return turns
        time.sleep(0.1)


@DUCKDB_ONLY
@ENGINES
def test_every_answered_turn_keeps_its_details(make_app, duck_store, engine_settings):
    app, _ = make_app(duck_store, **engine_settings)
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as client:
        done = [_ask(client, QUESTIONS[0], None)]
        thread_id = done[0]["thread_id"]
        done.append(_ask(client, QUESTIONS[1], thread_id))
        pending = _ask(client, "NQ stats for March 2015", thread_id)
        assert [d["status"] for d in done] == ["answered", "answered"]
        assert pending["status"] == "no_data"
        turns = _turns(client, thread_id, 2)
        assert [t["question"] for t in turns] == QUESTIONS + ["NQ stats for March 2015"]
        for turn, d in zip(turns, done):
            det = turn["details"]
            assert turn["status"] == "answered" and det["claims"] == d["claims"] and det["claims"]
            assert [s["action"] for s in det["plan"]["steps"]] == [s["action"] for s in d["plan"]["steps"]]
            assert det["sql"] and all("SELECT" in q["query"].upper() for q in det["sql"])
            assert det["chart"]["series"]
        assert turns[0]["details"]["chart"]["series"][0]["open"][0] == 15895.0   # NQ 2023-11-20 open
        assert turns[1]["details"]["chart"]["series"][0]["open"][0] == _spx_first_open(2010)
        assert turns[2]["status"] == "no_data" and turns[2]["details"] is None
        assert [t["request_id"] for t in turns[:2]] == [d["request_id"] for d in done]
        # written after `done` as the turn's state; the first read built and stored the details
        rows = app.state.runtime.traces.thread_details(thread_id)
        assert sorted(rows) == sorted(d["request_id"] for d in done)
        assert all("turn_state" not in row and row["chart"]["series"] for row in rows.values())
        assert client.get(f"/api/threads/{thread_id}/turns").json()["turns"] == turns


@DUCKDB_ONLY
def test_unknown_thread_is_404(client):
    r = client.get("/api/threads/nope-123/turns")
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_thread"


def test_details_go_with_the_thread(tmp_path):
    """Thread retention (TraceStore.delete_thread) removes the thread's turn details too."""
    from agent.settings import Settings
    from agent.storage.traces import TraceStore

    store = TraceStore(Settings(home=tmp_path))
    try:
        store.save_details("r1", "t1", {"claims": [{"type": "open", "value": 1.5}]})
        store.save_details("r1", "t1", {"claims": [{"type": "open", "value": 2.5}]})   # a rerun replaces
        store.save_details("r2", "t2", {"claims": []})
        assert store.thread_details("t1") == {"r1": {"claims": [{"type": "open", "value": 2.5}]}}
        store.delete_thread("t1")
        assert store.thread_details("t1") == {} and store.thread_details("t2") == {"r2": {"claims": []}}
    finally:
        store.close()
