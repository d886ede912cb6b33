"""N-minute bars ("5-minute bars", "15-min candles", "4h") aggregated in SQL from 1-minute bars, both
engines, against an independent pandas resample of the raw 1-minute files (tests/query_builder/reference.py
applies the session rules: CME 18:00-17:00 New York with the closing date, SPY 09:30-16:00)."""
from __future__ import annotations

import pandas as pd
import pytest

from query_builder import CapabilityUnavailable, build
from query_builder.models import Step
from tests.query_builder import reference as ref
from tests.query_builder.util import run


def resampled(symbol: str, size: str, start: str, end: str, t0: str | None = None,
              t1: str | None = None) -> pd.DataFrame:
    """pandas: in-session minutes of trading dates start..end, floored to `size` in local time and
    grouped within their trading date (first open, max high, min low, last close, summed volume)."""
    m = ref.minutes(symbol)
    m = m[m["in_session"] & (m["trading_date"] >= start) & (m["trading_date"] <= end)].copy()
    if t0 is not None:
        hhmm = m["local"].dt.strftime("%H:%M")
        m = m[(hhmm >= t0) & (hhmm < t1)]
    m["bar"] = m["local"].dt.floor(size)
    g = m.groupby(["bar", "trading_date"], sort=True)
    return pd.DataFrame({"ts": g["ts"].min(), "open": g["open"].first(), "high": g["high"].max(),
                         "low": g["low"].min(), "close": g["close"].last(), "volume": g["volume"].sum(),
                         "bars": g["open"].size()}).reset_index()


def _same(rows: list[dict], exp: pd.DataFrame) -> None:
    assert len(rows) == len(exp) > 0
    assert [r["ts_local"] for r in rows] == [t.isoformat() for t in exp["bar"]]
    assert [r["ts"] for r in rows] == [t.isoformat() for t in exp["ts"]]
    assert [r["trading_date"] for r in rows] == [t.date().isoformat() for t in exp["trading_date"]]
    for key in ("open", "high", "low", "close", "volume", "bars"):
        assert [r[key] for r in rows] == pytest.approx(exp[key].tolist()), key


@pytest.mark.parametrize("symbol,size,pandas_size,start,end", [
    ("NQ", "5min", "5min", "2023-11-28", "2023-11-28"),
    ("NQ", "30min", "30min", "2023-11-27", "2023-11-29"),
    ("NQ", "4h", "4h", "2023-11-28", "2023-11-28"),        # 16:00-17:00 and 18:00-20:00 split by date
    ("SPY", "15min", "15min", "2024-03-05", "2024-03-05"),
    ("SPY", "2min", "2min", "2024-04-01", "2024-04-02"),
])
def test_minute_bars_match_a_pandas_resample(loaded_store, symbol, size, pandas_size, start, end):
    res = run(loaded_store, "get_intraday_data", symbol=symbol, start_date=start, end_date=end,
              granularity=size)
    assert res.granularity == size and res.summary["granularity"] == size
    exp = resampled(symbol, pandas_size, start, end)
    _same(res.rows, exp)
    assert res.summary["high"] == exp["high"].max() and res.summary["low"] == exp["low"].min()
    assert res.summary["total_volume"] == pytest.approx(exp["volume"].sum())


def test_a_spy_day_has_26_fifteen_minute_bars_from_the_open(loaded_store):
    res = run(loaded_store, "get_intraday_data", symbol="SPY", start_date="2024-03-05",
              end_date="2024-03-05", granularity="15min")
    assert res.row_count == 26
    assert res.rows[0]["ts_local"] == "2024-03-05T09:30:00" and res.rows[-1]["ts_local"] == "2024-03-05T15:45:00"


def test_minute_bars_inside_a_time_window(loaded_store):
    res = run(loaded_store, "get_intraday_data", symbol="NQ", start_date="2023-11-28",
              end_date="2023-11-28", start_time="09:30", end_time="10:30", granularity="5min")
    exp = resampled("NQ", "5min", "2023-11-28", "2023-11-28", "09:30", "10:30")
    assert res.row_count == 12
    _same(res.rows, exp)


def test_period_stats_carry_minute_bars(loaded_store):
    res = run(loaded_store, "get_period_stats", symbol="SPY", start_date="2024-03-04",
              end_date="2024-03-08", granularity="30min")
    assert res.granularity == "30min" and res.summary["granularity"] == "30min"
    _same(list(res.bars), resampled("SPY", "30min", "2024-03-04", "2024-03-08"))
    assert res.summary["trading_days"] == 5       # the day's figures stay daily


def test_daily_only_symbol_says_so(loaded_store):
    with pytest.raises(CapabilityUnavailable, match="SPX has daily bars only"):
        run(loaded_store, "get_intraday_data", symbol="SPX", start_date="2020-03-16",
            end_date="2020-03-16", granularity="5min")
    res = run(loaded_store, "get_period_stats", symbol="SPX", start_date="2020-03-16",
              end_date="2020-03-20", granularity="5min")
    assert res.granularity == "daily"
    assert any("SPX has daily bars only: 5min bars are not available" in n for n in res.notes)


@pytest.mark.parametrize("engine", ["duckdb", "postgres"])
def test_the_bar_size_is_a_bound_value(engine):
    built = build(Step(action="get_intraday_data", params={
        "symbol": "NQ", "start_date": "2023-11-28", "end_date": "2023-11-28", "granularity": "15min"}), engine)
    assert built.params["bar_minutes"] == 15
    assert "15" not in built.sql and "NQ" not in built.sql
