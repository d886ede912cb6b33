"""Loading real files on both engines: idempotence, updates, overrides, 5-min and daily files."""
from __future__ import annotations

from datetime import date

import pandas as pd
import pytest

from agent.market.ingest import load_file
from tests.agent.market.helpers import (NQ_1DAY, NQ_1MIN, NQ_5MIN, NY, SPY_1MIN, fingerprint, frame,
                                        run, vendor_1min)
from tests.conftest import ENGINES

DAILY_COLS = ["trading_date", "open", "high", "low", "close", "volume", "bars"]


def daily(store, symbol: str) -> pd.DataFrame:
    return frame(store, "SELECT * FROM ohlcv_1d WHERE symbol = :s ORDER BY trading_date", s=symbol)


def minutes(store, symbol: str) -> pd.DataFrame:
    return frame(store, "SELECT ts, trading_date, in_session, open, high, low, close, volume "
                        "FROM ohlcv_1min WHERE symbol = :s ORDER BY ts", s=symbol)


@pytest.mark.parametrize("engine", ENGINES)
def test_reload_changes_nothing(make_store, engine):
    store = make_store(engine)
    first = load_file(store, NQ_1MIN, "NQ")
    assert (first.rows, first.inserted, first.updated, first.daily_rebuilt) == (14714, 14714, 0, 11)
    before = fingerprint(store)
    again = load_file(store, NQ_1MIN, "NQ")
    assert (again.inserted, again.updated, again.unchanged, again.daily_rebuilt) == (0, 0, 14714, 0)
    assert fingerprint(store) == before


@pytest.mark.parametrize("engine", ENGINES)
def test_changed_bar_is_updated_and_its_day_rebuilt(make_store, engine, tmp_path):
    store = make_store(engine)
    load_file(store, NQ_1MIN, "NQ")
    df = pd.read_csv(NQ_1MIN)
    i = df.index[df["timestamp"] == "2023-11-28 10:00:00"][0]
    df.loc[i, "high"] = 16500.0                       # a new session high on 2023-11-28
    df.to_csv(tmp_path / "nq.csv", index=False)
    r = load_file(store, tmp_path / "nq.csv", "NQ")
    assert (r.inserted, r.updated, r.unchanged, r.daily_rebuilt) == (0, 1, 14713, 1)
    day = run(store, "SELECT high FROM ohlcv_1d WHERE symbol = 'NQ' AND trading_date = :d",
              d=date(2023, 11, 28))
    assert day == [{"high": 16500.0}]


@pytest.mark.parametrize("engine", ENGINES)
def test_appending_rebuilds_only_the_new_days(make_store, engine, tmp_path):
    store = make_store(engine)
    df = pd.read_csv(NQ_1MIN)
    cut = df.index[df["timestamp"] == "2023-11-28 12:00:00"][0]
    df.iloc[:cut].to_csv(tmp_path / "part.csv", index=False)
    load_file(store, tmp_path / "part.csv", "NQ")
    r = load_file(store, NQ_1MIN, "NQ")
    assert (r.inserted, r.updated, r.unchanged) == (len(df) - cut, 0, cut)
    assert r.daily_rebuilt == 5                       # 11-28 (completed) to 12-04
    whole = make_store(engine)
    load_file(whole, NQ_1MIN, "NQ")
    pd.testing.assert_frame_equal(daily(store, "NQ"), daily(whole, "NQ"))


@pytest.mark.parametrize("engine", ENGINES)
def test_session_override_redates_stored_bars(make_store, engine):
    store = make_store(engine)
    load_file(store, NQ_1MIN, "NQ")
    r = load_file(store, NQ_1MIN, "FUT", tz=NY)       # unknown symbol: 24h rule, New York days
    assert r.daily_rebuilt == 14 and (store.get_instrument("FUT").session == "24h")  # 3 Sundays
    r = load_file(store, NQ_1MIN, "FUT", session="cme")
    evening = (vendor_1min()["local"].dt.hour >= 18).sum()   # only these change trading date
    assert (r.inserted, r.updated, r.daily_rebuilt) == (0, evening, 11)
    inst = store.get_instrument("FUT")
    assert (inst.timezone, inst.session) == (NY, "cme")
    pd.testing.assert_frame_equal(daily(store, "FUT")[DAILY_COLS], daily(store, "NQ")[DAILY_COLS])
    hourly = "SELECT ts, ts_local, trading_date, open, close, bars FROM ohlcv_1h WHERE symbol = :s ORDER BY ts"
    pd.testing.assert_frame_equal(frame(store, hourly, s="FUT"), frame(store, hourly, s="NQ"))
    again = load_file(store, NQ_1MIN, "FUT")          # stored tz/session now apply by default
    assert (again.inserted, again.updated, again.daily_rebuilt) == (0, 0, 0)


@pytest.mark.parametrize("engine", ENGINES)
def test_override_without_new_bars_redates_everything(make_store, engine, tmp_path):
    store = make_store(engine)
    load_file(store, SPY_1MIN, "ETF")                 # offsets in the file: tz only dates them
    utc_days = pd.to_datetime(pd.read_csv(SPY_1MIN)["datetime"], utc=True).dt.date.nunique()
    assert len(daily(store, "ETF")) == utc_days == 66  # UTC days, extended hours included
    pd.read_csv(SPY_1MIN).iloc[:10].to_csv(tmp_path / "head.csv", index=False)
    r = load_file(store, tmp_path / "head.csv", "ETF", tz=NY, session="rth")
    utc = pd.to_datetime(pd.read_csv(SPY_1MIN)["datetime"], utc=True)
    local = utc.dt.tz_convert(NY)
    rth = (local.dt.hour * 60 + local.dt.minute).between(570, 959)
    changed = ((local.dt.date != utc.dt.date) | ~rth).sum()   # new date, or out of session now
    assert (r.rows, r.inserted, r.updated) == (49720, 0, changed)   # the stored bars, in one go
    load_file(store, SPY_1MIN, "SPY")
    pd.testing.assert_frame_equal(daily(store, "ETF")[DAILY_COLS], daily(store, "SPY")[DAILY_COLS])
    assert set(daily(store, "ETF")["bars"]) == {390}


@pytest.mark.parametrize("engine", ENGINES)
def test_five_minute_file_loads_with_its_interval(make_store, engine):
    store = make_store(engine)
    load_file(store, NQ_1MIN, "NQ")
    r = load_file(store, NQ_5MIN, "NQ5", tz=NY, session="cme")
    assert (r.rows, r.inserted) == (2943, 2943)
    assert store.get_instrument("NQ5").bar_seconds == 300
    five, one = daily(store, "NQ5"), daily(store, "NQ")
    assert list(five["trading_date"]) == list(one["trading_date"])
    pd.testing.assert_frame_equal(five[["open", "high", "low"]], one[["open", "high", "low"]])


@pytest.mark.parametrize("engine", ENGINES)
def test_vendor_daily_file_goes_to_the_daily_table(make_store, engine):
    store = make_store(engine)
    r = load_file(store, NQ_1DAY, "NQD")
    assert (r.kind, r.rows, r.inserted, r.first, r.last) == ("daily", 10, 10, date(2023, 11, 20),
                                                             date(2023, 12, 4))
    vendor = pd.read_csv(NQ_1DAY)
    stored = daily(store, "NQD")
    assert [d.isoformat() for d in stored["trading_date"]] == list(vendor["timestamp"])
    pd.testing.assert_frame_equal(stored[["open", "high", "low", "close", "volume"]],
                                  vendor[["open", "high", "low", "close", "volume"]],
                                  check_dtype=False)
    assert set(stored["bars"]) == {0}
    inst = store.get_instrument("NQD")
    assert (inst.session, inst.bar_seconds) == ("daily", None)
    assert minutes(store, "NQD").empty


@pytest.mark.parametrize("engine", ENGINES)
def test_same_reports_on_both_engines(make_store, engine, tmp_path):
    store = make_store(engine)
    reports = [load_file(store, path, sym).model_dump() for path, sym in
               ((NQ_1MIN, "NQ"), (NQ_1DAY, "NQD"), (NQ_1MIN, "NQ"))]
    assert reports[0]["first"].isoformat() == "2023-11-19T23:00:00"
    assert [(r["inserted"], r["updated"], r["unchanged"], r["daily_rebuilt"]) for r in reports] == \
        [(14714, 0, 0, 11), (10, 0, 0, 10), (0, 0, 14714, 0)]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("split", [5000, 7357])   # a cut inside a trading date, and another
def test_a_file_loaded_in_two_parts_gives_the_rollups_of_one_load(make_store, engine, split, tmp_path):
    """The second part's first trading date holds stored bars (the first part's), so its
    rollups are rebuilt from the stored bars, not only from the loaded ones (Postgres copies
    the rollups of dates no stored bar shares, agent/market/rollups.py)."""
    whole, parts = make_store(engine), make_store(engine)
    load_file(whole, NQ_1MIN, "NQ")
    df = pd.read_csv(NQ_1MIN)
    for name, rows in (("a.csv", df.iloc[:split]), ("b.csv", df.iloc[split:])):
        rows.to_csv(tmp_path / name, index=False)
        load_file(parts, tmp_path / name, "NQ")
    for table, key in (("ohlcv_1d", "trading_date"), ("ohlcv_1h", "ts")):
        sql = f"SELECT * FROM {table} ORDER BY {key}"
        pd.testing.assert_frame_equal(pd.DataFrame(run(parts, sql)), pd.DataFrame(run(whole, sql)))
