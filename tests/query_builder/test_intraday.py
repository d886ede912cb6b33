"""get_intraday_data and get_price_extremes against pandas over the raw 1-min files (both engines)."""
from __future__ import annotations

import pytest

from query_builder import CapabilityUnavailable
from tests.query_builder import reference as ref
from tests.query_builder.util import run


def test_spy_regular_hours_window(loaded_store):
    res = run(loaded_store, "get_intraday_data", symbol="SPY", start_date="2024-03-05",
              end_date="2024-03-05", start_time="09:30", end_time="10:00")
    m = ref.minutes("SPY")
    m = m[(m["trading_date"] == "2024-03-05") & (m["local"].dt.strftime("%H:%M") >= "09:30")
          & (m["local"].dt.strftime("%H:%M") < "10:00")]
    assert res.granularity == "1min" and res.row_count == len(m) == 30
    assert [r["ts_local"] for r in res.rows] == [t.isoformat() for t in m["local"]]
    assert [r["ts"] for r in res.rows] == [t.isoformat() for t in m["ts"]]
    for key in ("open", "high", "low", "close", "volume"):
        assert [r[key] for r in res.rows] == pytest.approx(m[key].tolist())
    s = res.summary
    assert s["open"] == m["open"].iloc[0] and s["close"] == m["close"].iloc[-1]
    assert s["high"] == m["high"].max() and s["low"] == m["low"].min()
    assert s["high_ts"] == m.loc[m["high"].idxmax(), "local"].isoformat()
    assert s["total_volume"] == pytest.approx(m["volume"].sum())


def test_spy_has_390_regular_bars_a_day_and_extended_hours_on_request(loaded_store):
    res = run(loaded_store, "get_intraday_data", symbol="SPY", start_date="2024-04-01",
              end_date="2024-04-01")
    assert res.row_count == 390
    ext = run(loaded_store, "get_intraday_data", symbol="SPY", start_date="2024-04-01",
              end_date="2024-04-01", extended_hours=True)
    m = ref.minutes("SPY")
    assert ext.row_count == int((m["trading_date"] == "2024-04-01").sum()) > 390


def test_nq_overnight_window_wraps_midnight_and_uses_closing_date(loaded_store):
    res = run(loaded_store, "get_intraday_data", symbol="NQ", start_date="2023-11-28",
              end_date="2023-11-28", start_time="18:00", end_time="02:00")
    m = ref.minutes("NQ")
    hhmm = m["local"].dt.strftime("%H:%M")
    m = m[(m["trading_date"] == "2023-11-28") & ((hhmm >= "18:00") | (hhmm < "02:00"))]
    assert res.row_count == len(m) > 0
    assert res.rows[0]["ts_local"].startswith("2023-11-27T18:00")  # evening before the closing date
    assert [r["close"] for r in res.rows] == pytest.approx(m["close"].tolist())


def test_several_days_use_hourly_bars(loaded_store):
    res = run(loaded_store, "get_intraday_data", symbol="BTCUSD", start_date="2022-01-10",
              end_date="2022-01-14")
    h = ref.hourly("BTCUSD")
    h = h[(h["trading_date"] >= "2022-01-10") & (h["trading_date"] <= "2022-01-14")]
    assert res.granularity == "hourly" and res.row_count == len(h) == 120
    assert [r["high"] for r in res.rows] == pytest.approx(h["high"].tolist())
    assert [r["ts_local"] for r in res.rows] == [t.isoformat() for t in h["ts_local"]]


def test_intraday_for_daily_only_symbol_is_unavailable(loaded_store):
    with pytest.raises(CapabilityUnavailable):
        run(loaded_store, "get_intraday_data", symbol="SPX", start_date="2020-03-16",
            end_date="2020-03-16")


@pytest.mark.parametrize("symbol,start,end", [
    ("NQ", "2023-11-01", "2023-11-30"), ("SPY", "2024-04-01", "2024-04-30"),
    ("BTCUSD", "2022-01-01", "2022-01-31")])
def test_price_extremes_with_minute(loaded_store, symbol, start, end):
    res = run(loaded_store, "get_price_extremes", symbol=symbol, start_date=start, end_date=end)
    exp = ref.period_stats(symbol, start, end)
    s = res.summary
    for key in ("high", "high_date", "low", "low_date", "first_date", "last_date", "trading_days"):
        assert s[key] == exp[key], key
    m = ref.minutes(symbol)
    m = m[m["in_session"]]
    hi = m[(m["trading_date"] == exp["high_date"]) & (m["high"] == exp["high"])]
    lo = m[(m["trading_date"] == exp["low_date"]) & (m["low"] == exp["low"])]
    assert s["high_ts"] == hi["local"].iloc[0].isoformat()
    assert s["low_ts"] == lo["local"].iloc[0].isoformat()
    assert [r["kind"] for r in res.rows] == ["high", "low"]


def test_price_extremes_reference_and_daily_only(loaded_store):
    res = run(loaded_store, "get_price_extremes", symbol="NQ", start_date="2023-11-01",
              end_date="2023-11-30")
    assert (res.summary["high"], res.summary["high_date"]) == (16208.5, "2023-11-29")
    assert (res.summary["low"], res.summary["low_date"]) == (15837.25, "2023-11-20")
    spx = run(loaded_store, "get_price_extremes", symbol="SPX", start_date="2008-01-01",
              end_date="2008-12-31")
    exp = ref.period_stats("SPX", "2008-01-01", "2008-12-31")
    assert spx.summary["high"] == exp["high"] and spx.summary["low_date"] == exp["low_date"]
    assert spx.summary["high_ts"] is None and spx.granularity == "daily"


def test_price_extremes_in_a_time_window(loaded_store):
    res = run(loaded_store, "get_price_extremes", symbol="SPY", start_date="2024-03-01",
              end_date="2024-03-31", start_time="09:30", end_time="10:30")
    m = ref.minutes("SPY")
    hhmm = m["local"].dt.strftime("%H:%M")
    m = m[(m["trading_date"] >= "2024-03-01") & (m["trading_date"] <= "2024-03-31")
          & (hhmm >= "09:30") & (hhmm < "10:30")]
    assert res.summary["high"] == m["high"].max() and res.summary["low"] == m["low"].min()
    assert res.summary["low_ts"] == m.loc[m["low"].idxmin(), "local"].isoformat()
