"""Coverage (symbols, trading-date ranges, bar counts) comes from the ingests' bookkeeping: right
after every kind of load, and read without touching the one-minute table (the tests hide it)."""
from __future__ import annotations

from contextlib import contextmanager

import pandas as pd
import pytest

from agent.market import duckdb_store, postgres_store
from agent.market.ingest import load_file
from tests.agent.market.helpers import NQ_1MIN, SPX_1DAY, SPY_1MIN, run, vendor_1min
from tests.conftest import ENGINES


@contextmanager
def one_minute_table_hidden(store):
    """ohlcv_1min renamed away: any statement reading it fails while inside."""
    run(store, "ALTER TABLE ohlcv_1min RENAME TO ohlcv_1min_hidden")
    try:
        yield
    finally:
        run(store, "ALTER TABLE ohlcv_1min_hidden RENAME TO ohlcv_1min")


def _nq_expected(df: pd.DataFrame) -> dict:
    """CME rule, computed here with pandas: the trading date is the New York date 6 h later."""
    days = (df["local"] + pd.Timedelta(hours=6)).dt.date
    return {"first": min(days).isoformat(), "last": max(days).isoformat(),
            "bars_1min": int(df["ts"].nunique()), "bars_1d": int(days.nunique())}


def _spy_expected() -> dict:
    """Every bar is stored (extended hours too); daily bars are the regular-hours dates."""
    df = pd.read_csv(SPY_1MIN)
    local = pd.to_datetime(df["datetime"], utc=True).dt.tz_convert("America/New_York")
    minutes = local.dt.hour * 60 + local.dt.minute
    rth = local[(minutes >= 9 * 60 + 30) & (minutes < 16 * 60)].dt.date
    return {"first": min(rth).isoformat(), "last": max(rth).isoformat(),
            "bars_1min": int(local.nunique()), "bars_1d": int(rth.nunique())}


def _spx_expected() -> dict:
    days = pd.to_datetime(pd.read_csv(SPX_1DAY)["Date"], format="%m/%d/%Y").dt.date
    return {"first": min(days).isoformat(), "last": max(days).isoformat(), "bars_1min": 0,
            "bars_1d": int(days.nunique())}


def _coverage(store) -> dict:
    keys = ("first", "last", "bars_1min", "bars_1d")
    with one_minute_table_hidden(store):
        return {s.symbol: {k: getattr(s, k) for k in keys} for s in store.summary()}


@pytest.mark.parametrize("engine", ENGINES)
def test_coverage_is_right_after_each_load_without_reading_one_minute_bars(make_store, engine, tmp_path):
    store = make_store(engine)
    nq = vendor_1min()
    assert _coverage(store) == {}
    # a first part, then the whole file (its first part unchanged), then the whole file again
    half = tmp_path / "nq_half.csv"
    pd.read_csv(NQ_1MIN).iloc[: len(nq) // 2].to_csv(half, index=False)
    load_file(store, half, "NQ")
    assert _coverage(store) == {"NQ": _nq_expected(nq.iloc[: len(nq) // 2])}
    versions = [store.coverage_version()]
    for _ in range(2):
        load_file(store, NQ_1MIN, "NQ")
        assert _coverage(store) == {"NQ": _nq_expected(nq)}
        versions.append(store.coverage_version())
    load_file(store, SPY_1MIN, "SPY")
    load_file(store, SPX_1DAY, "SPX")
    assert _coverage(store) == {"NQ": _nq_expected(nq), "SPY": _spy_expected(), "SPX": _spx_expected()}
    versions.append(store.coverage_version())
    assert versions == sorted(set(versions))   # every load moved the version


@pytest.mark.parametrize("engine", ENGINES)
def test_a_new_session_rule_keeps_the_bar_count_and_redates(make_store, engine):
    store = make_store(engine)
    load_file(store, NQ_1MIN, "NQ")
    load_file(store, NQ_1MIN, "NQ", session="24h")   # every stored bar re-dated by New York days
    nq = vendor_1min()
    days = nq["local"].dt.date
    expected = {"first": min(days).isoformat(), "last": max(days).isoformat(),
                "bars_1min": int(nq["ts"].nunique()), "bars_1d": int(days.nunique())}
    assert _coverage(store) == {"NQ": expected}


@pytest.mark.parametrize("engine", ENGINES)
def test_stores_made_before_the_bookkeeping_are_counted_once_by_the_migration(make_store, engine):
    store = make_store(engine)
    load_file(store, NQ_1MIN, "NQ")
    load_file(store, SPX_1DAY, "SPX")
    before = _coverage(store)
    run(store, "DROP TABLE symbol_coverage")
    run(store, "DELETE FROM schema_migrations WHERE name = '008_symbol_coverage.sql'")
    store.close()
    if engine == "duckdb":
        again = duckdb_store.DuckDBStore(store.path)
    else:
        again = postgres_store.PostgresStore(store.url, max_size=2)
    try:
        assert _coverage(again) == before
        load_file(again, NQ_1MIN, "NQ")              # unchanged bars add nothing
        assert _coverage(again) == before
    finally:
        again.close()
