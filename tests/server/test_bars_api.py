"""POST /api/bars over real HTTP: NDJSON bars through the live ingest path; a bad line is a 400
naming it and stores nothing; not the operator's token is a 403; an alert fired by a posted bar
reaches the user's notification stream once, woken by the bar (the database poll is set to 30 s,
so only the in-process wake-up can deliver it in time), at the bar pandas says first crosses."""
from __future__ import annotations

import json
import threading
import time
from datetime import datetime

import httpx
import pytest

from agent.identity.models import LOCAL_USER
from agent.live.append import append_bars
from agent.live.bars import to_ndjson
from agent.trading import service
from agent.trading.params import CreateAlert
from tests.agent.live.helpers import SPY, live, real_bars
from tests.server.conftest import add_user, bearer, live_server, parse_sse

NDJSON = {"Content-Type": "application/x-ndjson"}


@pytest.fixture
def spy(make_store):
    store = make_store("duckdb")
    frame = real_bars(SPY, "SPY", "2024-03-05 14:30", "2024-03-05 21:00")
    append_bars(store, live(frame.iloc[:60]))
    return store, frame


def _count(store) -> int:
    return store.query("SELECT count(*) AS n FROM ohlcv_1min")[0]["n"]


def test_bad_line_is_400_naming_it_and_nothing_is_stored(spy, make_app):
    store, frame = spy
    app, _ = make_app(store)
    body = to_ndjson(live(frame.iloc[60:63])).decode().splitlines()
    body.insert(2, json.dumps({"symbol": "SPY", "ts": "2024-03-05T15:33:00Z", "open": 1, "high": 1,
                               "low": -1, "close": 1, "volume": 1}))
    before = _count(store)
    with live_server(app) as url:
        r = httpx.post(url + "/api/bars", content="\n".join(body), headers=NDJSON)
        assert r.status_code == 400, r.text
        assert "line 3" in r.json()["error"]["message"] and "low" in r.json()["error"]["message"]
        assert _count(store) == before
        r = httpx.post(url + "/api/bars", content=b'{"symbol": "SPY"\n', headers=NDJSON)
        assert r.status_code == 400 and "line 1" in r.json()["error"]["message"]
        r = httpx.post(url + "/api/bars", content="\n".join(body[:2]), headers=NDJSON)
        assert r.status_code == 200, r.text
        assert r.json()["symbols"][0]["inserted"] == 2
        assert _count(store) == before + 2


def test_a_user_token_is_403(spy, make_app, tmp_path):
    store, frame = spy
    app, settings = make_app(store)
    _, token = add_user(settings, "alice", plan="premium")
    with live_server(app) as url:
        r = httpx.post(url + "/api/bars", content=to_ndjson(live(frame.iloc[60:61])),
                       headers={**NDJSON, **bearer(token)})
        assert r.status_code == 403, r.text


def test_a_posted_bar_fires_an_alert_on_the_stream_once(spy, make_app):
    store, frame = spy
    after = frame.iloc[60:]
    # a level the session crosses after the first hour: above its high, or below its low
    up = float(after["high"].max()) > float(frame.iloc[:60]["high"].max())
    level = float(frame.iloc[:60]["high"].max()) + 0.01 if up else float(frame.iloc[:60]["low"].min()) - 0.01
    crossing = after[after["high"] >= level] if up else after[after["low"] <= level]
    assert len(crossing), "the real data must cross the level for this test"
    expected_ts = crossing.iloc[0]["ts"].to_pydatetime()
    alert = service.create_alert(store, LOCAL_USER, CreateAlert(symbol="SPY", condition=">=" if up else "<=",
                                                                price=level))
    app, _ = make_app(store, notifications_poll_s=30.0)
    got: list[tuple[float, dict]] = []
    with live_server(app) as url:
        def listen():
            with httpx.stream("GET", url + "/api/notifications", timeout=60) as r:
                lines = []
                for line in r.iter_lines():
                    lines.append(line)
                    if line == "":
                        for ev in parse_sse(lines):
                            got.append((time.monotonic(), ev))
                        lines = []
                    if got:
                        return
        t = threading.Thread(target=listen, daemon=True)
        t.start()
        time.sleep(0.5)
        sent: dict = {}
        for bar in live(after.iloc[: after.index.get_loc(crossing.index[0]) + 5]):
            sent[bar.ts] = time.monotonic()
            r = httpx.post(url + "/api/bars", content=to_ndjson([bar]), headers=NDJSON)
            assert r.status_code == 200, r.text
            if got:
                break
            time.sleep(0.02)
        t.join(10)
    assert len(got) == 1
    arrived, ev = got[0]
    assert ev["data"]["ref_id"] == alert.alert_id and ev["data"]["kind"] == "alert"
    assert datetime.fromisoformat(ev["data"]["bar_ts"]) == expected_ts
    assert arrived - sent[expected_ts] < 10      # not the 30 s poll: the bar itself woke the stream
    rows = store.query("SELECT count(*) AS n FROM user_notifications WHERE ref_id = $a", {"a": alert.alert_id})
    assert rows[0]["n"] == 1


def test_a_daily_only_symbol_takes_daily_bars_over_http(make_store, make_app, tmp_path):
    """SPX (daily bars only): a bar stamped 00:00 of its date is a daily bar (stored once, a revised
    one replaces it, the close is the daily row's); a bar with a time of day is a 400 saying how."""
    from agent.market.ingest import load_file
    from tests.agent.live.test_condition_alerts_daily import _csv, _spx

    store = make_store("duckdb")
    _csv(_spx().iloc[:250], tmp_path / "spx.csv")
    load_file(store, tmp_path / "spx.csv", "SPX")
    app, _ = make_app(store)
    day = {"symbol": "SPX", "ts": "2019-01-02T00:00:00Z", "open": 2476.96, "high": 2519.49, "low": 2467.47,
           "close": 2510.03, "volume": 3733160000}
    with live_server(app) as url:
        r = httpx.post(url + "/api/bars", content=json.dumps(day) + "\n", headers=NDJSON)
        assert r.status_code == 200, r.text
        assert r.json()["symbols"][0]["inserted"] == 1
        r = httpx.post(url + "/api/bars", content=json.dumps({**day, "close": 2511.0}) + "\n", headers=NDJSON)
        assert r.json()["symbols"][0]["updated"] == 1
        r = httpx.post(url + "/api/bars", content=json.dumps({**day, "ts": "2019-01-03T15:00:00Z"}) + "\n",
                       headers=NDJSON)
        assert r.status_code == 400 and "SPX holds daily bars only" in r.json()["error"]["message"]
        assert "00:00" in r.json()["error"]["message"]
    rows = store.query("SELECT trading_date, close FROM ohlcv_1d WHERE symbol = 'SPX' ORDER BY trading_date DESC LIMIT 1")
    assert str(rows[0]["trading_date"]) == "2019-01-02" and rows[0]["close"] == 2511.0
