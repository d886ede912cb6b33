"""get_period_stats and compare_periods against independent pandas computations (both engines)."""
from __future__ import annotations

import pytest

from tests.query_builder import reference as ref
from tests.query_builder.util import assert_summary, close, run

PERIODS = [
    ("NQ", "2023-11-01", "2023-11-30"),
    ("NQ", "2023-11-27", "2023-12-01"),
    ("NQ", "2023-11-20", "2023-11-30"),
    ("SPY", "2024-03-01", "2024-03-31"),
    ("SPY", "2024-04-01", "2024-04-30"),
    ("BTCUSD", "2022-01-01", "2022-01-31"),
    ("SPX", "2008-01-01", "2008-12-31"),
    ("SPX", "2017-01-01", "2017-12-31"),
    ("SPX", "2019-01-01", "2019-12-31"),
    ("SPX", "2010-01-01", "2019-12-31"),
]


@pytest.mark.parametrize("symbol,start,end", PERIODS)
def test_period_stats_match_pandas(loaded_store, symbol, start, end):
    res = run(loaded_store, "get_period_stats", symbol=symbol, start_date=start, end_date=end)
    assert_summary(res.summary, ref.period_stats(symbol, start, end))
    p = ref.period(symbol, start, end)
    assert res.row_count == len(p)
    assert [r["trading_date"] for r in res.rows] == [d.date().isoformat() for d in p.index]
    for row, (_, exp) in zip(res.rows, p.iterrows()):
        for key in ("open", "high", "low", "close", "volume", "prev_close", "pct_change"):
            assert close(row[key], float(exp[key])), (row["trading_date"], key, row[key], exp[key])


# Values computed independently from the shared data (the brief's reference table).
EXPECTED = [
    ("NQ", "2023-11-01", "2023-11-30",
     dict(open=15895.0, close=15957.0, high=16208.5, high_date="2023-11-29", low=15837.25,
          low_date="2023-11-20", pct_change=0.39006, trading_days=9)),
    ("SPY", "2024-03-01", "2024-03-31",
     dict(open=508.98, close=523.12, high=524.61, high_date="2024-03-28", low=504.91,
          low_date="2024-03-05", pct_change=2.778105, trading_days=20, up_days=9, down_days=11,
          avg_daily_volume=59866116.45, avg_daily_range=3.92409)),
    ("SPY", "2024-04-01", "2024-04-30", dict(avg_daily_volume=62218916.954545)),
    ("NQ", "2023-11-27", "2023-12-01", dict(total_volume=3010453)),
    ("NQ", "2023-11-20", "2023-11-30", dict(avg_daily_range=175.805556)),
    ("BTCUSD", "2022-01-01", "2022-01-31",
     dict(open=46197, close=38521, high=48080, high_date="2022-01-02", low=32837,
          low_date="2022-01-24", pct_change=-16.615798, volatility=2.764932)),
    ("SPX", "2008-01-01", "2008-12-31", dict(pct_change=-38.46945, volatility=2.581072)),
    ("SPX", "2017-01-01", "2017-12-31", dict(volatility=0.421157)),
    ("SPX", "2019-01-01", "2019-12-31", dict(up_days=147, down_days=105, trading_days=252)),
]


@pytest.mark.parametrize("symbol,start,end,expected", EXPECTED)
def test_period_stats_reference_values(loaded_store, symbol, start, end, expected):
    res = run(loaded_store, "get_period_stats", symbol=symbol, start_date=start, end_date=end)
    assert_summary(res.summary, expected, rel=2e-6)


def test_thanksgiving_is_its_own_trading_date(loaded_store):
    res = run(loaded_store, "get_period_stats", symbol="NQ", start_date="2023-11-23",
              end_date="2023-11-24", granularity="daily")
    assert [r["trading_date"] for r in res.rows] == ["2023-11-23", "2023-11-24"]


def test_first_day_change_uses_close_before_period(loaded_store):
    res = run(loaded_store, "get_period_stats", symbol="SPX", start_date="2020-03-16",
              end_date="2020-03-16")
    assert res.rows[0]["pct_change"] == pytest.approx(-11.98, abs=0.005)
    assert res.summary["prev_close"] == pytest.approx(ref.daily("SPX").loc[:"2020-03-13", "close"].iloc[-1])


def test_weekly_and_monthly_bars_aggregate_daily(loaded_store):
    res = run(loaded_store, "get_period_stats", symbol="SPX", start_date="2010-01-01",
              end_date="2019-12-31")
    assert res.granularity == "weekly" and res.row_count == len(ref.period("SPX", "2010", "2019"))
    p = ref.period("SPX", "2010-01-01", "2019-12-31")
    wk = p.groupby(p.index.to_period("W-SUN")).agg(open=("open", "first"), high=("high", "max"),
                                                   low=("low", "min"), close=("close", "last"),
                                                   volume=("volume", "sum"))
    assert len(res.bars) == len(wk)
    for bar, (key, exp) in zip(res.bars, wk.iterrows()):
        assert bar["period_start"] == key.start_time.date().isoformat()
        for col in ("open", "high", "low", "close", "volume"):
            assert close(bar[col], float(exp[col]))
    res = run(loaded_store, "get_period_stats", symbol="SPX", start_date="2019-01-01",
              end_date="2019-12-31", granularity="monthly")
    mo = ref.period("SPX", "2019-01-01", "2019-12-31").resample("MS").agg(
        {"open": "first", "high": "max", "low": "min", "close": "last"})
    assert [b["period_start"] for b in res.bars] == [d.date().isoformat() for d in mo.index]
    assert [b["close"] for b in res.bars] == pytest.approx(mo["close"].tolist())
    assert [b["high"] for b in res.bars] == pytest.approx(mo["high"].tolist())


def test_hourly_bars_for_a_few_days(loaded_store):
    res = run(loaded_store, "get_period_stats", symbol="NQ", start_date="2023-11-27",
              end_date="2023-11-29")
    assert res.granularity == "hourly"
    h = ref.hourly("NQ")
    h = h[(h["trading_date"] >= "2023-11-27") & (h["trading_date"] <= "2023-11-29")]
    assert len(res.bars) == len(h)
    assert [b["ts"] for b in res.bars] == [t.isoformat() for t in h.index]
    assert [b["ts_local"] for b in res.bars] == [t.isoformat() for t in h["ts_local"]]
    assert [b["volume"] for b in res.bars] == pytest.approx(h["volume"].tolist())
    assert [b["close"] for b in res.bars] == pytest.approx(h["close"].tolist())


def test_single_day_gets_minute_bars_and_daily_only_degrades(loaded_store):
    res = run(loaded_store, "get_period_stats", symbol="SPY", start_date="2024-03-05",
              end_date="2024-03-05")
    assert res.granularity == "1min" and len(res.bars) == 390  # regular hours only
    m = ref.minutes("SPY")
    m = m[m["in_session"] & (m["trading_date"] == "2024-03-05")]
    assert [b["close"] for b in res.bars] == pytest.approx(m["close"].tolist())
    res = run(loaded_store, "get_period_stats", symbol="SPX", start_date="2020-03-16",
              end_date="2020-03-16")
    assert res.granularity == "daily" and res.notes and not res.bars


def test_no_data_and_open_ended_periods(loaded_store):
    res = run(loaded_store, "get_period_stats", symbol="NQ", start_date="2020-01-01",
              end_date="2020-01-31")
    assert res.row_count == 0 and res.summary["trading_days"] == 0
    res = run(loaded_store, "get_period_stats", symbol="NQ")
    assert res.summary["trading_days"] == len(ref.daily("NQ"))


def test_compare_periods(loaded_store):
    periods = [dict(start_date="2024-03-01", end_date="2024-03-31", label="2024-03"),
               dict(start_date="2024-04-01", end_date="2024-04-30", label="2024-04"),
               dict(start_date="2008-01-01", end_date="2008-12-31", label="none")]
    res = run(loaded_store, "compare_periods", symbol="SPY", periods=periods)
    assert res.summary["labels"] == ["2024-03", "2024-04", "none"]
    assert [r["label"] for r in res.rows] == ["2024-03", "2024-04", "none"]
    for row, per in zip(res.rows[:2], periods[:2]):
        assert row["start_date"] == per["start_date"] and row["end_date"] == per["end_date"]
        assert_summary(row, ref.period_stats("SPY", per["start_date"], per["end_date"]))
    assert res.rows[2]["trading_days"] == 0
    spx = run(loaded_store, "compare_periods", symbol="SPX", periods=[
        dict(start_date="2017-01-01", end_date="2017-12-31"),
        dict(start_date="2008-01-01", end_date="2008-12-31")])
    assert_summary(spx.rows[0], ref.period_stats("SPX", "2017-01-01", "2017-12-31"))
    assert_summary(spx.rows[1], ref.period_stats("SPX", "2008-01-01", "2008-12-31"))
    assert spx.rows[0]["label"] == "2017-01-01..2017-12-31"


@pytest.mark.parametrize("symbol,start,end", PERIODS)
def test_highest_and_lowest_close_match_pandas(loaded_store, symbol, start, end):
    """max_close / min_close: the period's highest and lowest daily close, with the first date
    each is reached (pandas idxmax / idxmin)."""
    res = run(loaded_store, "get_period_stats", symbol=symbol, start_date=start, end_date=end)
    closes = ref.period(symbol, start, end)["close"]
    assert close(res.summary["max_close"], float(closes.max()))
    assert close(res.summary["min_close"], float(closes.min()))
    assert res.summary["max_close_date"] == closes.idxmax().date().isoformat()
    assert res.summary["min_close_date"] == closes.idxmin().date().isoformat()
