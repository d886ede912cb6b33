"""A window across midnight on a market whose trading date is its calendar date (crypto) is one span
from the day's start clock to the next day's end clock, its bars carrying the day it began, against
pandas over the raw 1-min file (both engines); N-minute bars and several days alike."""
from __future__ import annotations

from datetime import date, datetime, time, timedelta

import pandas as pd
import pytest

from tests.query_builder import reference as ref
from tests.query_builder.util import run


def span(day: str, a: time, b: time, days: int = 1) -> pd.DataFrame:
    m = ref.minutes("BTCUSD")
    parts = []
    for k in range(days):
        d = date.fromisoformat(day) + timedelta(days=k)
        lo, hi = datetime.combine(d, a), datetime.combine(d + timedelta(days=1), b)
        parts.append(m[(m["local"] >= lo) & (m["local"] < hi)].assign(window_day=d.isoformat()))
    return pd.concat(parts)


def test_one_span_across_midnight(loaded_store):
    res = run(loaded_store, "get_intraday_data", symbol="BTCUSD", start_date="2022-01-10",
              end_date="2022-01-10", start_time="22:00", end_time="02:00")
    m = span("2022-01-10", time(22), time(2))
    assert res.row_count == len(m) == 240
    assert res.rows[0]["ts_local"] == "2022-01-10T22:00:00" and res.rows[-1]["ts_local"] == "2022-01-11T01:59:00"
    assert {r["trading_date"] for r in res.rows} == {"2022-01-10"}
    s = res.summary
    assert s["open"] == m["open"].iloc[0] and s["close"] == m["close"].iloc[-1]
    assert s["high"] == m["high"].max() and s["low"] == m["low"].min()
    assert s["total_volume"] == pytest.approx(m["volume"].sum())
    assert s["clock_window"] == "22:00-02:00 UTC"


def test_extremes_across_midnight(loaded_store):
    res = run(loaded_store, "get_price_extremes", symbol="BTCUSD", start_date="2022-01-05",
              end_date="2022-01-05", start_time="23:00", end_time="01:00")
    m = span("2022-01-05", time(23), time(1))
    assert res.summary["high"] == m["high"].max() and res.summary["low"] == m["low"].min()
    assert res.summary["high_ts"] == m.loc[m["high"].idxmax(), "local"].isoformat()
    assert res.summary["high_date"] == "2022-01-05"


def test_five_minute_bars_across_midnight_over_several_days(loaded_store):
    res = run(loaded_store, "get_intraday_data", symbol="BTCUSD", start_date="2022-01-10",
              end_date="2022-01-12", start_time="23:00", end_time="01:00", granularity="5min")
    m = span("2022-01-10", time(23), time(1), days=3)
    m = m.assign(bar=m["local"].dt.floor("5min"))
    g = m.groupby("bar").agg(open=("open", "first"), high=("high", "max"), low=("low", "min"),
                             close=("close", "last"), volume=("volume", "sum"), day=("window_day", "first"))
    assert res.row_count == len(g) == 3 * 24
    assert [r["ts_local"] for r in res.rows] == [t.isoformat() for t in g.index]
    assert [r["trading_date"] for r in res.rows] == g["day"].tolist()
    for key in ("open", "high", "low", "close", "volume"):
        assert [r[key] for r in res.rows] == pytest.approx(g[key].tolist())


def test_a_cme_overnight_window_stays_inside_its_trading_date(loaded_store):
    """NQ's trading date opens at 18:00 the evening before: 18:00-09:30 is one span inside it."""
    res = run(loaded_store, "get_intraday_data", symbol="NQ", start_date="2023-11-28",
              end_date="2023-11-28", start_time="18:00", end_time="09:30")
    m = ref.minutes("NQ")
    hhmm = m["local"].dt.strftime("%H:%M")
    m = m[(m["trading_date"] == "2023-11-28") & ((hhmm >= "18:00") | (hhmm < "09:30"))]
    assert res.row_count == len(m) > 0 and res.rows[0]["ts_local"].startswith("2023-11-27T18:00")
    assert res.summary["clock_window"] == "18:00-09:30 America/New_York"
