"""Daily and hourly rollups against independent pandas computations on the real data."""
from __future__ import annotations

from datetime import date

import pandas as pd
import pytest

from tests.agent.market.helpers import (BTC_1MIN, NQ_1DAY, NY, SPX_1DAY, SPY_1MIN, frame, run,
                                        vendor_1min)


def _cme_daily(bars: pd.DataFrame) -> pd.DataFrame:
    """Per CME session (18:00 previous day to 17:00 New York), computed with pandas only."""
    bars = bars.assign(session=(bars["local"] + pd.Timedelta(hours=6)).dt.date)
    g = bars.sort_values("ts").groupby("session")
    return pd.DataFrame({"open": g["open"].first(), "high": g["high"].max(), "low": g["low"].min(),
                         "close": g["close"].last(), "volume": g["volume"].sum(),
                         "bars": g.size()})


def test_nq_sessions_match_vendor_daily_open_high_low(loaded_store):
    mine = _cme_daily(vendor_1min())
    vendor = pd.read_csv(NQ_1DAY, parse_dates=["timestamp"]).set_index("timestamp")
    vendor.index = vendor.index.date
    # The vendor folds the Thanksgiving half session (11-23) into 11-24: compare the other dates.
    common = [d for d in vendor.index if d not in (date(2023, 11, 23), date(2023, 11, 24))]
    assert len(common) == 9
    pd.testing.assert_frame_equal(mine.loc[common, ["open", "high", "low"]],
                                  vendor.loc[common, ["open", "high", "low"]], check_names=False)
    stored = frame(loaded_store, "SELECT * FROM ohlcv_1d WHERE symbol = 'NQ' ORDER BY trading_date")
    stored.index = stored["trading_date"]
    assert list(stored.index) == list(mine.index)
    pd.testing.assert_frame_equal(stored[mine.columns], mine, check_dtype=False, check_names=False)


def test_nq_hourly_rollup_matches_pandas(loaded_store):
    bars = vendor_1min().sort_values("ts")
    g = bars.groupby(bars["ts"].dt.floor("h"))
    mine = pd.DataFrame({"open": g["open"].first(), "high": g["high"].max(), "low": g["low"].min(),
                         "close": g["close"].last(), "volume": g["volume"].sum(), "bars": g.size()})
    stored = frame(loaded_store, "SELECT * FROM ohlcv_1h WHERE symbol = 'NQ' ORDER BY ts")
    stored.index = pd.to_datetime(stored["ts"])
    pd.testing.assert_frame_equal(stored[mine.columns], mine, check_dtype=False, check_names=False,
                                  check_index_type=False, check_freq=False)
    local = pd.to_datetime(stored["ts"]).dt.tz_localize("UTC").dt.tz_convert(NY).dt.tz_localize(None)
    assert (pd.to_datetime(stored["ts_local"]).to_numpy() == local.to_numpy()).all()


def test_spy_has_390_regular_hours_bars_on_each_of_63_days(loaded_store):
    rows = run(loaded_store, "SELECT trading_date, bars FROM ohlcv_1d WHERE symbol = 'SPY'")
    assert len(rows) == 63
    assert {r["bars"] for r in rows} == {390}


def test_spy_daily_is_regular_hours_only(loaded_store):
    df = pd.read_csv(SPY_1MIN)
    local = pd.to_datetime(df["datetime"], utc=True).dt.tz_convert(NY)
    minutes = local.dt.hour * 60 + local.dt.minute
    rth = df[(minutes >= 570) & (minutes < 960)].assign(day=local.dt.date)
    g = rth.groupby("day")
    mine = pd.DataFrame({"open": g["open"].first(), "high": g["high"].max(), "low": g["low"].min(),
                         "close": g["close"].last(), "volume": g["volume"].sum()})
    stored = frame(loaded_store, "SELECT * FROM ohlcv_1d WHERE symbol = 'SPY' ORDER BY trading_date")
    stored.index = stored["trading_date"]
    pd.testing.assert_frame_equal(stored[mine.columns], mine, check_dtype=False, check_names=False)


def test_btc_daily_matches_pandas(loaded_store):
    df = pd.read_csv(BTC_1MIN)
    g = df.groupby(pd.to_datetime(df["timestamp"]).dt.date)
    mine = pd.DataFrame({"open": g["open"].first(), "high": g["high"].max(), "low": g["low"].min(),
                         "close": g["close"].last(), "volume": g["volume"].sum()})
    stored = frame(loaded_store, "SELECT * FROM ohlcv_1d WHERE symbol = 'BTCUSD' ORDER BY trading_date")
    stored.index = stored["trading_date"]
    pd.testing.assert_frame_equal(stored[mine.columns], mine, check_dtype=False, check_names=False)


@pytest.mark.parametrize("day,change", [(date(2020, 3, 16), -11.98), (date(1987, 10, 19), -20.47)])
def test_spx_close_to_close_change(loaded_store, day, change):
    rows = run(loaded_store, "SELECT trading_date, close FROM ohlcv_1d WHERE symbol = 'SPX' "
                             "AND trading_date <= :d ORDER BY trading_date DESC LIMIT 2", d=day)
    assert rows[0]["trading_date"] == day
    assert round((rows[0]["close"] / rows[1]["close"] - 1) * 100, 2) == change


def test_spx_daily_loaded_as_given(loaded_store):
    df = pd.read_csv(SPX_1DAY)
    rows = run(loaded_store, "SELECT count(*) AS n, min(trading_date) AS d0, max(trading_date) AS d1, "
                             "max(bars) AS bars FROM ohlcv_1d WHERE symbol = 'SPX'")[0]
    assert rows == {"n": len(df), "d0": date(1927, 12, 30), "d1": date(2020, 11, 30), "bars": 0}
    assert run(loaded_store, "SELECT count(*) AS n FROM ohlcv_1min WHERE symbol = 'SPX'") == [{"n": 0}]


def test_summary_lists_the_four_sets(loaded_store):
    summary = {s.symbol: s for s in loaded_store.summary()}
    assert set(summary) >= {"NQ", "SPY", "BTCUSD", "SPX"}
    assert (summary["NQ"].bars_1min, summary["NQ"].bars_1d) == (14714, 11)
    assert (summary["SPY"].bars_1min, summary["SPY"].bars_1d) == (49720, 63)
    assert (summary["BTCUSD"].bars_1min, summary["SPX"].bars_1d) == (45031, 23340)
    assert (summary["SPX"].first, summary["SPX"].last) == ("1927-12-30", "2020-11-30")
    assert (summary["NQ"].timezone, summary["NQ"].session) == (NY, "cme")
    assert (summary["SPY"].session, summary["BTCUSD"].session, summary["SPX"].session) == \
        ("rth", "24h", "daily")
