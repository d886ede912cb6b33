"""A load that fails or is killed (kill -9) part-way leaves orders, alerts, fills and
notifications exactly as before it; the next good load then evaluates them normally."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from agent.market.ingest import load_file
from agent.trading import notify, service
from agent.trading.params import CreateAlert, CreateOrder
from tests.agent.trading.helpers import ALICE, NQ, split_file
from tests.conftest import ENGINES, ROOT


def trading_state(store) -> dict:
    q = store.query
    return {
        "orders": sorted(tuple(r.values()) for r in q(
            "SELECT order_id, status, evaluated_through, triggered_bar_ts FROM paper_orders")),
        "alerts": sorted(tuple(r.values()) for r in q(
            "SELECT alert_id, status, evaluated_through, fired_bar_ts, fired_price FROM price_alerts")),
        "fills": q("SELECT count(*) AS n FROM paper_fills")[0]["n"],
        "notifications": q("SELECT count(*) AS n FROM user_notifications")[0]["n"],
        "bars": q("SELECT count(*) AS n FROM ohlcv_1min")[0]["n"],
    }


def seed(store, tmp_path):
    sp = split_file(NQ, "NQ", tmp_path)
    load_file(store, sp.first, "NQ")
    close = float(sp.bars[sp.bars["ts"] == sp.cut].iloc[0].close)
    service.place_order(store, ALICE, CreateOrder(symbol="NQ", side="buy", quantity=1,
                                                  order_type="market"), 100_000)
    service.place_order(store, ALICE, CreateOrder(symbol="NQ", side="sell", quantity=1,
                                                  order_type="limit", limit_price=close + 40), 100_000)
    service.create_alert(store, ALICE, CreateAlert(symbol="NQ", condition="<=", price=close - 50))
    return sp


@pytest.mark.parametrize("engine", ENGINES)
def test_failure_mid_evaluation_rolls_everything_back(make_store, tmp_path, engine, monkeypatch):
    store = make_store(engine)
    sp = seed(store, tmp_path)
    before = trading_state(store)
    calls = {"n": 0}
    real_add = notify.add_many

    def failing_add(tx, notes):   # bars, fills and order/alert updates are written by now
        calls["n"] += 1
        assert tx.one("SELECT count(*) AS n FROM paper_fills")["n"] == before["fills"] + 1
        raise RuntimeError("injected failure")

    monkeypatch.setattr(notify, "add_many", failing_add)
    with pytest.raises(RuntimeError, match="injected failure"):
        load_file(store, sp.rest, "NQ")
    assert calls["n"] == 1
    assert trading_state(store) == before
    monkeypatch.setattr(notify, "add_many", real_add)
    report = load_file(store, sp.rest, "NQ")
    assert (report.orders_filled, report.alerts_fired) == (1, 1)


_KILLED_LOADER = textwrap.dedent("""
    import sys, time
    import agent.trading.hook as hook
    from agent.market.ingest import load_file
    from agent.settings import Settings
    from agent.market.factory import open_store

    real = hook.evaluate_symbol
    def evaluate_then_hang(tx, symbol):
        result = real(tx, symbol)
        print("EVALUATED", result.orders_filled, result.alerts_fired, flush=True)
        time.sleep(120)          # inside the load's transaction: killed here
        return result
    hook.evaluate_symbol = evaluate_then_hang
    store = open_store(Settings())
    load_file(store, sys.argv[1], "NQ")
""")


@pytest.mark.parametrize("engine", ENGINES)
def test_kill_9_during_load_leaves_orders_and_alerts(make_store, tmp_path, engine, pg_database_factory):
    env = {**os.environ, "ASKBAR_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT)}
    env.pop("ASKBAR_DATABASE_URL", None)
    if engine == "duckdb":
        from agent.market.duckdb_store import DuckDBStore

        (tmp_path / "home").mkdir()
        opener = lambda: DuckDBStore(tmp_path / "home" / "market.duckdb")
    else:
        from agent.market.postgres_store import PostgresStore

        url = pg_database_factory()
        env["ASKBAR_DATABASE_URL"] = url
        opener = lambda: PostgresStore(url, max_size=2)
    store = opener()
    sp = seed(store, tmp_path)
    before = trading_state(store)
    store.close()     # DuckDB: one process holds the file

    proc = subprocess.Popen([sys.executable, "-c", _KILLED_LOADER, str(sp.rest)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        line = proc.stdout.readline()
        assert line.startswith("EVALUATED 1 1"), (line, proc.stderr.read() if proc.poll() else "")
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == -signal.SIGKILL

    store = opener()
    try:
        assert trading_state(store) == before
        report = load_file(store, sp.rest, "NQ")
        assert (report.orders_filled, report.alerts_fired) == (1, 1)
    finally:
        store.close()
