"""The live price line's data (agent/live/quotes.py, GET /api/quotes), both engines: the last price,
the change against the previous trading date's close (pandas on the same bars), the bar's age and
the quiet mark, for a 1-minute symbol fed live and a daily-only one; a new bar moves the line
(the cached facts follow the market-data version)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pandas as pd
import pytest

from agent.live.append import append_bars
from agent.live.bars import LiveBar
from agent.live.quotes import QuoteBook
from tests.agent.live.helpers import SPY, live, real_bars
from tests.agent.live.test_condition_alerts import store  # noqa: F401
from tests.agent.live.test_condition_alerts_daily import _csv, _spx

NY = "America/New_York"


def _rth_closes(frame: pd.DataFrame) -> pd.Series:
    local = frame["ts"].dt.tz_localize("UTC").dt.tz_convert(NY)
    keep = (local.dt.strftime("%H:%M") >= "09:30") & (local.dt.strftime("%H:%M") < "16:00")
    return frame[keep].groupby(local[keep].dt.date)["close"].last()


def test_line_of_a_live_symbol_and_a_daily_one(store, tmp_path):  # noqa: F811
    from agent.market.ingest import load_file

    frame = real_bars(SPY, "SPY", "2024-03-04 14:30", "2024-03-06 18:00")
    append_bars(store, live(frame))
    _csv(_spx().iloc[-300:], tmp_path / "spx.csv")
    load_file(store, tmp_path / "spx.csv", "SPX")
    book = QuoteBook(store)
    last = frame.iloc[-1]
    closes = _rth_closes(frame)
    now = last["ts"].to_pydatetime().replace(tzinfo=timezone.utc) + timedelta(seconds=75)
    spy, spx, nothing = book.quotes(["SPY", "SPX", "NOPE"], "en", 120.0, now)
    assert spy["close"] == pytest.approx(last["close"])
    assert spy["previous_close"] == pytest.approx(float(closes.iloc[-2]))     # 5 March's close
    assert spy["change_pct"] == pytest.approx((last["close"] / closes.iloc[-2] - 1) * 100, abs=1e-4)
    assert (spy["bar"], spy["age_s"], spy["quiet"]) == ("1min", 15.0, False)   # ended 15 s before now
    assert spy["as_of"] == "12:59 ET, 15 s ago"
    later = book.quotes(["SPY"], "en", 120.0, now + timedelta(minutes=5))[0]
    assert later["quiet"] and later["age_s"] == 315.0
    daily = _spx().iloc[-300:]
    assert (spx["bar"], spx["ts"]) == ("1d", "2020-11-30")
    assert spx["close"] == pytest.approx(daily["close"].iloc[-1])
    assert spx["change_pct"] == pytest.approx((daily["close"].iloc[-1] / daily["close"].iloc[-2] - 1) * 100, abs=1e-4)
    assert spx["quiet"]                                                     # years old
    assert nothing == {"symbol": "NOPE", "bar": None}
    # a new bar: the cached facts are read again (the market-data version moved)
    ts = last["ts"].to_pydatetime() + timedelta(minutes=1)
    append_bars(store, [LiveBar(symbol="SPY", ts=ts, open=500, high=501, low=499, close=500.5, volume=10)])
    moved = book.quotes(["SPY"], "ru", 120.0, datetime(2024, 3, 6, 18, 1, 30, tzinfo=timezone.utc))[0]
    assert moved["close"] == 500.5 and moved["ts"] == "2024-03-06T18:00Z" and not moved["quiet"]
    assert "13:00 ET" in moved["as_of"]
