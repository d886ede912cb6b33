"""Session rules on the real data sets, on both engines: trading dates and in-session bars."""
from __future__ import annotations

from datetime import date, datetime

import numpy as np
import pandas as pd
import pytest

from agent.market.sessions import assign_sessions
from tests.agent.market.helpers import BTC_1MIN, NY, run, vendor_1min


def test_cme_sunday_open_belongs_to_monday(loaded_store):
    # 2023-11-19 is a Sunday: the 18:00 New York open (23:00 UTC) starts Monday's session.
    row = run(loaded_store, "SELECT trading_date FROM ohlcv_1min WHERE symbol = 'NQ' AND ts = :ts",
              ts=datetime(2023, 11, 19, 23, 0))
    assert row == [{"trading_date": date(2023, 11, 20)}]
    days = run(loaded_store, "SELECT trading_date, first_ts FROM ohlcv_1d WHERE symbol = 'NQ' "
                             "ORDER BY trading_date")
    assert days[0] == {"trading_date": date(2023, 11, 20), "first_ts": datetime(2023, 11, 19, 23, 0)}
    assert all(d["trading_date"].weekday() < 5 for d in days)


def test_cme_session_boundary_at_six_pm(loaded_store):
    # 16:59 ET on the 20th closes Monday's session; 18:00 ET the same evening opens Tuesday's.
    rows = run(loaded_store, "SELECT ts, trading_date FROM ohlcv_1min WHERE symbol = 'NQ' "
                             "AND ts IN (:a, :b) ORDER BY ts",
               a=datetime(2023, 11, 20, 21, 59), b=datetime(2023, 11, 20, 23, 0))
    assert [r["trading_date"] for r in rows] == [date(2023, 11, 20), date(2023, 11, 21)]


def test_thanksgiving_half_session_is_its_own_trading_date(loaded_store):
    bars = vendor_1min()
    expected = bars[(bars["local"] >= "2023-11-22 18:00") & (bars["local"] < "2023-11-23 18:00")]
    row = run(loaded_store, "SELECT bars, first_ts, last_ts, high, low FROM ohlcv_1d "
                            "WHERE symbol = 'NQ' AND trading_date = :d", d=date(2023, 11, 23))[0]
    assert row["bars"] == len(expected)
    assert row["last_ts"] == datetime(2023, 11, 23, 17, 59)   # 12:59 New York: early halt
    assert row["high"] == expected["high"].max() and row["low"] == expected["low"].min()


def test_spy_dst_switch_moves_utc_session_times(loaded_store):
    # US DST began 2024-03-10: RTH 09:30 New York is 14:30 UTC before, 13:30 UTC after.
    rows = run(loaded_store, "SELECT trading_date, first_ts, last_ts, bars FROM ohlcv_1d "
                             "WHERE symbol = 'SPY' AND trading_date IN (:a, :b) ORDER BY trading_date",
               a=date(2024, 3, 8), b=date(2024, 3, 11))
    assert [(r["first_ts"], r["last_ts"], r["bars"]) for r in rows] == [
        (datetime(2024, 3, 8, 14, 30), datetime(2024, 3, 8, 20, 59), 390),
        (datetime(2024, 3, 11, 13, 30), datetime(2024, 3, 11, 19, 59), 390)]
    hours = run(loaded_store, "SELECT ts, ts_local FROM ohlcv_1h WHERE symbol = 'SPY' "
                              "AND trading_date = :d ORDER BY ts", d=date(2024, 3, 11))
    assert hours[0] == {"ts": datetime(2024, 3, 11, 13, 0), "ts_local": datetime(2024, 3, 11, 9, 0)}
    assert hours[-1]["ts_local"] == datetime(2024, 3, 11, 15, 0)


def test_spy_extended_hours_kept_but_not_in_rollups(loaded_store):
    rows = run(loaded_store, """
        SELECT count(*) AS total, count(*) FILTER (WHERE in_session) AS rth
        FROM ohlcv_1min WHERE symbol = 'SPY' AND trading_date = :d""", d=date(2024, 3, 11))[0]
    assert rows["rth"] == 390 and rows["total"] > 390


def test_btc_trading_dates_are_utc_days(loaded_store):
    df = pd.read_csv(BTC_1MIN)
    per_day = pd.to_datetime(df["timestamp"]).dt.date.value_counts().sort_index()
    rows = run(loaded_store, "SELECT trading_date, bars FROM ohlcv_1d WHERE symbol = 'BTCUSD' "
                             "ORDER BY trading_date")
    assert [(r["trading_date"], r["bars"]) for r in rows] == list(per_day.items())
    assert rows[0] == {"trading_date": date(2021, 12, 31), "bars": 59}


@pytest.mark.parametrize("rule,ts,expected_date,expected_in", [
    ("cme", "2024-03-10 22:00", "2024-03-11", True),    # Sunday 18:00 EDT (just switched) opens Monday
    ("cme", "2024-03-08 22:59", "2024-03-08", True),    # Friday 17:59 EST (never traded) stays Friday
    ("cme", "2024-11-03 23:00", "2024-11-04", True),    # Sunday 18:00 EST, after fall-back
    ("cme", "2024-11-01 20:59", "2024-11-01", True),    # Friday 16:59 EDT closes Friday
    ("rth", "2024-03-11 13:30", "2024-03-11", True),    # 09:30 EDT
    ("rth", "2024-03-08 14:29", "2024-03-08", False),   # 09:29 EST
    ("rth", "2024-03-08 21:00", "2024-03-08", False),   # 16:00 EST: close, not in session
    ("24h", "2024-03-10 03:59", "2024-03-09", True),    # 22:59 EST on the 9th
])
def test_assign_sessions_rules(rule, ts, expected_date, expected_in):
    dates, mask = assign_sessions(pd.Series(pd.to_datetime([ts])), NY, rule)
    assert dates.iloc[0] == pd.Timestamp(expected_date)
    assert bool(mask[0]) is expected_in


def test_assign_sessions_utc_crypto():
    ts = pd.Series(pd.to_datetime(["2022-01-01 00:00", "2021-12-31 23:59"]))
    dates, mask = assign_sessions(ts, "UTC", "24h")
    assert list(dates.dt.date) == [date(2022, 1, 1), date(2021, 12, 31)]
    assert np.all(mask)
