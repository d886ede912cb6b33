"""Store engines: migrations, one-transaction ingest, parameter binding, connection settings."""
from __future__ import annotations

import pandas as pd
import pytest

from agent.market import duckdb_store, postgres_store
from agent.market.ingest import load_file
from tests.agent.market.helpers import NQ_1MIN, fingerprint, run
from tests.conftest import ENGINES


def _reopen(store):
    store.close()
    if store.engine == "duckdb":
        return duckdb_store.DuckDBStore(store.path)
    return postgres_store.PostgresStore(store.url, max_size=2)


@pytest.mark.parametrize("engine", ENGINES)
def test_migrations_applied_once_and_recorded(make_store, engine):
    store = make_store(engine)
    names = [r["name"] for r in run(store, "SELECT name FROM schema_migrations ORDER BY name")]
    assert names[0] == "001_init.sql"
    again = _reopen(store)
    try:
        assert [r["name"] for r in run(again, "SELECT name FROM schema_migrations ORDER BY name")] == names
    finally:
        again.close()


@pytest.mark.parametrize("engine", ENGINES)
def test_failure_mid_ingest_rolls_everything_back(make_store, engine, monkeypatch, tmp_path):
    store = make_store(engine)
    load_file(store, NQ_1MIN, "NQ")
    before = fingerprint(store)
    module = duckdb_store if engine == "duckdb" else postgres_store
    # Bars are written before the hourly rollup; breaking that step must undo the bars too.
    monkeypatch.setattr(module, "REBUILD_1H", "SELECT * FROM no_such_table")
    if engine == "postgres":   # a new symbol's rollups are copied in, not rebuilt: break that too
        monkeypatch.setattr(module, "COPY_1H", "COPY no_such_table FROM STDIN (FORMAT BINARY)")
    df = pd.read_csv(NQ_1MIN)
    df["close"] = df["open"]
    df.to_csv(tmp_path / "changed.csv", index=False)
    with pytest.raises(Exception, match="no_such_table"):
        load_file(store, tmp_path / "changed.csv", "NQ")
    with pytest.raises(Exception, match="no_such_table"):
        load_file(store, NQ_1MIN, "NEWSYM", tz="America/New_York", session="cme")
    assert fingerprint(store) == before
    assert store.get_instrument("NEWSYM") is None


@pytest.mark.parametrize("engine", ENGINES)
def test_values_are_bound_never_spliced(make_store, engine):
    store = make_store(engine)
    load_file(store, NQ_1MIN, "NQ")
    evil = "NQ'; DROP TABLE ohlcv_1min;--"
    assert run(store, "SELECT count(*) AS n FROM ohlcv_1min WHERE symbol = :s", s=evil) == [{"n": 0}]
    assert run(store, "SELECT count(*) AS n FROM ohlcv_1min WHERE symbol = :s", s="NQ") == [{"n": 14714}]
    assert store.get_instrument(evil) is None


@pytest.mark.parametrize("engine", ENGINES)
def test_query_returns_dicts_and_handles_statements_without_rows(make_store, engine):
    store = make_store(engine)
    assert store.query("SELECT 1 AS one, 'a%' AS pct") == [{"one": 1, "pct": "a%"}]
    assert store.instruments() == [] and store.summary() == []


@pytest.mark.parametrize("engine", ENGINES)
def test_intraday_bars_round_trip(make_store, engine):
    store = make_store(engine)
    load_file(store, NQ_1MIN, "NQ")
    bars = store.intraday_bars("NQ")
    df = pd.read_csv(NQ_1MIN)
    assert list(bars.columns) == ["ts", "open", "high", "low", "close", "volume"]
    assert len(bars) == len(df) and bars["ts"].is_monotonic_increasing
    assert (bars["close"].to_numpy() == df["close"].to_numpy()).all()
    assert str(bars["ts"].iloc[0]) == "2023-11-19 23:00:00"


def test_postgres_sessions_run_in_utc(make_store):
    store = make_store("postgres")
    assert store.query("SHOW TimeZone") == [{"TimeZone": "UTC"}]
    cols = {r["column_name"]: r["data_type"] for r in store.query(
        "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'ohlcv_1min'")}
    assert cols["ts"] == "timestamp without time zone" and cols["trading_date"] == "date"


def test_duckdb_cursors_run_in_utc_whatever_the_machine_zone(make_store, monkeypatch):
    import time

    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        store = make_store("duckdb")
        assert store.query("SELECT current_setting('TimeZone') AS tz") == [{"tz": "UTC"}]
        load_file(store, NQ_1MIN, "NQ")
        first = run(store, "SELECT ts, ts_local FROM ohlcv_1h WHERE symbol = 'NQ' ORDER BY ts LIMIT 1")
        assert str(first[0]["ts_local"]) == "2023-11-19 18:00:00"
    finally:
        monkeypatch.undo()
        time.tzset()
