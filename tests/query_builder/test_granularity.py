"""Granularity by period length and the rollup each query reads (inspected in the built SQL)."""
from __future__ import annotations

import re
from datetime import date

import pytest

from agent.market.instruments import Instrument
from query_builder import build
from query_builder.granularity import by_period, choose, ts_window
from query_builder.models import Step, StepParams

NQ = Instrument(symbol="NQ", timezone="America/New_York", session="cme", bar_seconds=60)
SPX = Instrument(symbol="SPX", timezone="America/New_York", session="daily", bar_seconds=None)


@pytest.mark.parametrize("start,end,expected", [
    ("2023-11-20", "2023-11-20", "1min"),
    ("2023-11-20", "2023-11-21", "hourly"),
    ("2023-11-20", "2023-11-26", "hourly"),
    ("2023-11-20", "2023-11-27", "daily"),
    ("2024-03-01", "2024-03-31", "daily"),
    ("2019-01-01", "2019-12-31", "daily"),
    ("2020-01-01", "2020-12-31", "daily"),  # leap year: 366 days is still one year
    ("2019-01-01", "2020-01-02", "weekly"),
    ("2010-01-01", "2019-12-31", "weekly"),
    (None, None, "weekly"),
])
def test_by_period_length(start, end, expected):
    s = date.fromisoformat(start) if start else None
    e = date.fromisoformat(end) if end else None
    assert by_period(s, e) == expected


def test_explicit_wins_and_daily_only_degrades():
    p = StepParams(symbol="NQ", start_date="2010-01-01", end_date="2019-12-31", granularity="daily")
    assert choose(p, NQ) == ("daily", [])
    p = StepParams(symbol="SPX", start_date="2020-03-16", end_date="2020-03-16")
    gran, notes = choose(p, SPX)
    assert gran == "daily" and notes
    p = StepParams(symbol="SPX", start_date="2020-03-16", end_date="2020-03-20", granularity="monthly")
    assert choose(p, SPX)[0] == "monthly"


def tables(built) -> set[str]:
    text = " ".join([built.sql, *(x.sql for x in built.extra)])
    return set(re.findall(r"ohlcv_1min|ohlcv_1h|ohlcv_1d", text))


@pytest.mark.parametrize("engine", ["duckdb", "postgres"])
def test_rollup_choice(engine):
    ten = dict(symbol="NQ", start_date="2010-01-01", end_date="2019-12-31")
    for action, extra in [("get_period_stats", {}), ("get_period_stats", {"granularity": "daily"}),
                          ("find_events", {"condition": {"op": "gt", "threshold": 2}}),
                          ("get_periods_after", {"condition": {"op": "gt", "threshold": 2},
                                                 "horizon_days": 5}),
                          ("get_volume_profile", {}),
                          ("aggregate_patterns", {"pattern": "gaps"}),
                          ("aggregate_patterns", {"pattern": "volume_spikes"}),
                          ("get_indicator", {"indicator": "rsi"})]:
        built = build(Step(action=action, params={**ten, **extra}), engine, NQ)
        assert tables(built) == {"ohlcv_1d"}, (action, extra)  # 10 years never scan 1-min bars
    # extremes: daily bars, plus a lookup of the extreme's minute bounded to that one trading date
    ext = build(Step(action="get_price_extremes", params=ten), engine, NQ)
    assert ext.sql.count("ohlcv_1min") == 2
    assert ext.sql.count('m.ts >= "hi".first_ts AND m.ts <= "hi".last_ts') == 1
    assert ext.sql.count('m.ts >= "lo".first_ts AND m.ts <= "lo".last_ts') == 1
    week = build(Step(action="get_period_stats", params=dict(symbol="NQ", start_date="2023-11-27",
                                                              end_date="2023-11-29")), engine, NQ)
    assert week.granularity == "hourly" and tables(week) == {"ohlcv_1d", "ohlcv_1h"}
    day = build(Step(action="get_period_stats", params=dict(symbol="NQ", start_date="2023-11-27",
                                                             end_date="2023-11-27")), engine, NQ)
    assert day.granularity == "1min" and tables(day) == {"ohlcv_1d", "ohlcv_1min"}
    prof = build(Step(action="aggregate_patterns", params=dict(symbol="NQ", pattern="hourly_profile")),
                 engine, NQ)
    assert tables(prof) == {"ohlcv_1h"}
    vp = build(Step(action="get_volume_profile", params=dict(symbol="NQ", start_date="2023-06-01",
                                                              end_date="2023-11-30")), engine, NQ)
    assert vp.granularity == "hourly" and tables(vp) == {"ohlcv_1h"}


def test_minute_and_hourly_reads_are_cut_by_ts():
    built = build(Step(action="get_intraday_data", params=dict(symbol="NQ", start_date="2023-11-27",
                                                                end_date="2023-11-27")), "postgres", NQ)
    assert "ts >= %(ts_lo)s" in built.sql and "ts < %(ts_hi)s" in built.sql
    lo, hi = ts_window(date(2023, 11, 27), date(2023, 11, 27))
    assert built.params["ts_lo"] == lo and built.params["ts_hi"] == hi
    assert str(lo) == "2023-11-25 00:00:00" and str(hi) == "2023-11-29 00:00:00"
