"""The synthetic data set: deterministic, realistic OHLC, per-session calendars, flagged synthetic."""
from __future__ import annotations

from datetime import date

import numpy as np
import pandas as pd
import pytest

from agent.market.demo import SPECS, seed_demo, synthetic_bars, write_synthetic_csv
from agent.market.ingest import load_file
from tests.agent.market.helpers import NY, frame
from tests.conftest import ENGINES

START, END = date(2024, 3, 1), date(2024, 3, 31)


def _local(bars: pd.DataFrame, tz: str) -> pd.Series:
    return bars["ts"].dt.tz_localize("UTC").dt.tz_convert(tz).dt.tz_localize(None)


def test_same_seed_same_bars_other_seed_other_bars():
    a = synthetic_bars("DEMO_NQ", START, END)
    pd.testing.assert_frame_equal(a, synthetic_bars("DEMO_NQ", START, END))
    assert not a["close"].equals(synthetic_bars("DEMO_NQ", START, END, seed=1)["close"])


@pytest.mark.parametrize("symbol", ["DEMO_NQ", "DEMO_SPY", "DEMO_BTC"])
def test_ohlc_is_consistent(symbol):
    b = synthetic_bars(symbol, START, END)
    assert (b["high"] >= b[["open", "close"]].max(axis=1)).all()
    assert (b["low"] <= b[["open", "close"]].min(axis=1)).all()
    assert (b["volume"] > 0).all() and b["ts"].is_monotonic_increasing and b["ts"].is_unique
    tick = SPECS[symbol].tick
    assert np.allclose(np.round(b["close"] / tick) * tick, b["close"])


def test_calendars_follow_the_session_rules():
    nq = _local(synthetic_bars("DEMO_NQ", START, END), NY)
    assert not ((nq.dt.hour == 17).any() or (nq.dt.day_of_week == 5).any())
    spy = _local(synthetic_bars("DEMO_SPY", START, END), NY)
    minutes = spy.dt.hour * 60 + spy.dt.minute
    assert minutes.between(570, 959).all()
    assert spy.dt.date.value_counts().eq(390).all() and spy.dt.day_of_week.lt(5).all()
    btc = synthetic_bars("DEMO_BTC", START, END)
    assert len(btc) == 31 * 1440
    spx = synthetic_bars("DEMO_SPX", date(2015, 1, 1), date(2024, 12, 31), "1D")
    assert spx["trading_date"].dt.day_of_week.lt(5).all() and 2500 < len(spx) < 2620


def test_csv_round_trip_through_the_loader(make_store, tmp_path):
    n = write_synthetic_csv(tmp_path / "b.csv", "BENCH_X", START, END)   # naive New York times
    store = make_store("duckdb")
    r = load_file(store, tmp_path / "b.csv", "BENCH_X", tz=NY, session="cme")
    assert r.inserted == n
    stored = frame(store, "SELECT ts, open, close FROM ohlcv_1min WHERE symbol = 'BENCH_X' ORDER BY ts")
    bars = synthetic_bars("BENCH_X", START, END)
    assert (pd.to_datetime(stored["ts"]).to_numpy() == bars["ts"].to_numpy()).all()
    assert (stored["close"].to_numpy() == bars["close"].to_numpy()).all()


@pytest.mark.parametrize("engine", ENGINES)
def test_seed_demo_is_flagged_synthetic_and_idempotent(make_store, engine):
    store = make_store(engine)
    first = seed_demo(store)
    assert [r.symbol for r in first] == list(SPECS)
    assert all(i.synthetic for i in store.instruments())
    summary = {s.symbol: s for s in store.summary()}
    assert summary["DEMO_SPY"].session == "rth" and summary["DEMO_SPX"].bars_1min == 0
    assert summary["DEMO_NQ"].bars_1d > 500 and summary["DEMO_BTC"].bars_1d == 731
    again = seed_demo(store)
    assert sum(r.inserted + r.updated for r in again) == 0


def test_the_demo_follows_the_exchange_calendars():
    """No bars on exchange holidays: March 2024 has 20 NYSE sessions (Good Friday, 29 March, is
    closed), Martin Luther King Day 2020 has no DEMO_SPX bar, the day after Thanksgiving closes at 13:00."""
    from agent.market.calendars import exchange_calendar  # the library, its deprecation silenced once

    spy = _local(synthetic_bars("DEMO_SPY", START, END), NY)
    nyse = exchange_calendar("XNYS").sessions_in_range("2024-03-01", "2024-03-31")
    assert spy.dt.date.nunique() == len(nyse) == 20 and date(2024, 3, 29) not in set(spy.dt.date)
    spx = synthetic_bars("DEMO_SPX", date(2015, 1, 1), date(2024, 12, 31), "1D")
    assert pd.Timestamp("2020-01-20") not in set(spx["trading_date"])
    assert len(spx) == len(exchange_calendar("XNYS").sessions_in_range("2015-01-01", "2024-12-31"))
    half = _local(synthetic_bars("DEMO_SPY", date(2024, 11, 29), date(2024, 11, 29)), NY)
    assert len(half) == 210 and half.max() == pd.Timestamp("2024-11-29 12:59")
    nq_dates = set(_local(synthetic_bars("DEMO_NQ", START, END), NY).dt.date)
    assert date(2024, 3, 29) not in nq_dates          # CME equity futures: Good Friday closed


@pytest.mark.parametrize("engine", ENGINES)
def test_demo_nq_has_the_nq_contract_multiplier(make_store, engine):
    import agent.trading  # noqa: F401 - registers the after-ingest hook that stores multipliers
    from agent.market.tx import read
    from agent.trading.multipliers import multiplier

    store = make_store(engine)
    seed_demo(store)
    tx = read(store)
    assert multiplier(tx, "DEMO_NQ") == 20.0 and multiplier(tx, "DEMO_SPY") == 1.0
