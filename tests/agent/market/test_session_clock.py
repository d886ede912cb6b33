"""The session rule uses the exchange's clock, whatever time zone the file is written in.

A CME future whose file is stamped in UTC at the bar END (`--timestamp end --tz UTC`) must get the
same trading dates and daily bars as the New York bar-start original: the session still runs
18:00-17:00 New York, not 18:00-17:00 UTC.
"""
from __future__ import annotations

import pandas as pd
import pytest

from agent.market.ingest import load_file
from tests.agent.market.helpers import NQ_1MIN, NY, frame
from tests.conftest import ENGINES

DAILY = "SELECT trading_date, open, high, low, close, volume, bars FROM ohlcv_1d WHERE symbol = :s " \
        "ORDER BY trading_date"


def utc_bar_end_copy(path) -> pd.DataFrame:
    """The NQ file re-written with pandas as UTC bar-END timestamps (what a 6E vendor file looks like)."""
    df = pd.read_csv(NQ_1MIN)
    start = pd.to_datetime(df["timestamp"]).dt.tz_localize(NY).dt.tz_convert("UTC")
    out = df.assign(timestamp=(start + pd.Timedelta(minutes=1)).dt.strftime("%Y-%m-%d %H:%M:%S"))
    out.to_csv(path, index=False)
    return df.assign(start_ny=start.dt.tz_convert(NY).dt.tz_localize(None))


def pandas_daily(df: pd.DataFrame) -> pd.DataFrame:
    """Independent CME sessions: 18:00 New York opens the next calendar date's session."""
    local = df["start_ny"]
    day = (local + pd.to_timedelta((local.dt.hour >= 18).astype(int), unit="D")).dt.normalize()
    g = df.assign(trading_date=day).groupby("trading_date", sort=True)
    return pd.DataFrame({"open": g["open"].first(), "high": g["high"].max(), "low": g["low"].min(),
                         "close": g["close"].last(), "volume": g["volume"].sum(),
                         "bars": g.size()}).reset_index()


@pytest.mark.parametrize("engine", ENGINES)
def test_utc_bar_end_file_keeps_new_york_sessions(make_store, engine, tmp_path):
    expected = pandas_daily(utc_bar_end_copy(tmp_path / "nq_utc_end.csv"))
    ref, store = make_store(engine), make_store(engine)
    load_file(ref, NQ_1MIN, "NQ")                                     # the New York original
    load_file(store, tmp_path / "nq_utc_end.csv", "NQ", tz="UTC", timestamp="end")
    inst = store.get_instrument("NQ")
    assert (inst.session, inst.timezone) == ("cme", NY)             # the exchange clock stays
    got = frame(store, DAILY, s="NQ")
    original = frame(ref, DAILY, s="NQ")
    pd.testing.assert_frame_equal(got.drop(columns="trading_date"),
                                  original.drop(columns="trading_date"), check_dtype=False)
    assert list(got["trading_date"]) == list(original["trading_date"])
    dates = pd.to_datetime(got["trading_date"])
    assert list(dates) == list(expected["trading_date"])
    assert not (dates.dt.day_of_week >= 5).any()                          # no Saturday/Sunday sessions
    for col in ("open", "high", "low", "close", "volume", "bars"):
        assert got[col].astype(float).tolist() == pytest.approx(expected[col].astype(float).tolist())


@pytest.mark.parametrize("engine", ENGINES)
def test_tz_still_dates_an_unknown_instrument(make_store, engine, tmp_path):
    # No exchange is known for this symbol, so the file's zone is also its clock (24h, UTC days).
    utc_bar_end_copy(tmp_path / "x.csv")
    store = make_store(engine)
    load_file(store, tmp_path / "x.csv", "XUNKNOWN", tz="UTC", timestamp="end")
    inst = store.get_instrument("XUNKNOWN")
    assert (inst.session, inst.timezone) == ("24h", "UTC")
