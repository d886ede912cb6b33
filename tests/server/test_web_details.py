"""GET /api/threads/{id}/details (the UI's rebuild of a turn after a reload) and /api/ui/features,
over the real server: the same SQL statements the run streamed, its steps and plan, claims, a
chart spec on a category axis; unknown and malformed thread ids are clear 4xx errors."""
from __future__ import annotations

from tests.server.conftest import DUCKDB_ONLY, stream

pytestmark = DUCKDB_ONLY


def test_details_match_what_the_run_streamed(client):
    r, events = stream(client, "POST", "/api/chat", json={"question": "NQ stats for November 2023",
                                                          "now": "2024-01-15"})
    assert r.status_code == 200
    done = next(e["data"] for e in events if e["event"] == "done")
    streamed_sql = [e["data"]["query"] for e in events if e["event"] == "sql_executed"]
    d = client.get(f"/api/threads/{done['thread_id']}/details").json()
    assert [q["query"] for q in d["sql"]] == streamed_sql and streamed_sql
    assert d["claims"] == done["claims"]
    assert [s["action"] for s in d["plan"]["steps"]] == [s["action"] for s in done["plan"]["steps"]]
    started = [e["data"]["agent"] for e in events if e["event"] == "step_start"]
    assert d["steps"] and set(d["steps"]) <= set(started)
    chart = d["chart"]
    assert chart["kind"] == "candles" and chart["x_type"] == "category" and chart["bar_size"] == "daily"
    candles = chart["series"][0]
    assert candles["kind"] == "candles" and candles["x"][0] == "2023-11-20" and candles["open"][0] == 15895.0
    # the NQ file starts with the session of 2023-11-20, November was asked: said once, by the
    # stated reading (the answer's first line, which names the stored range), not as a note too
    assert done["reading"] and "stored data November 20, 2023" in done["reading"], done["reading"]
    assert done["response"].startswith(done["reading"])
    assert d["disclaimers"] == [], d["disclaimers"]


def test_unknown_and_bad_thread_ids(client):
    r = client.get("/api/threads/nope-123/details")
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_thread"
    r = client.get("/api/threads/bad%20id!/details")
    assert r.status_code == 400 and "thread_id" in r.json()["error"]["message"]


def test_features_say_which_optional_apis_are_served(client):
    f = client.get("/api/ui/features").json()
    assert set(f) == {"tools", "notifications", "memory", "quotes", "toast_s", "live_poll_s"}
    assert all(isinstance(f[k], bool) for k in ("tools", "notifications", "memory", "quotes"))
    assert f["quotes"] is True      # the live price line's GET /api/quotes
    assert f["toast_s"] == 8.0      # how long a notification toast stays (settings.ui_toast_s)
    assert f["live_poll_s"] == 2.0  # how often the price line asks (settings.live_poll_s)
