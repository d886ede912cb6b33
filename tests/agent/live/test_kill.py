"""A server killed (SIGKILL) in the middle of a live ingest, inside the transaction that has just
fired an alert, loses and repeats nothing: `askbar feed replay` (a real CLI process, the server's
client) retries the batch until a restarted server takes it; every alert fires exactly once, at
the bar pandas finds, and the store ends with every bar of the file once. Both engines."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import httpx
import pandas as pd
import pytest

from agent.identity.models import LOCAL_USER
from agent.live.append import append_bars
from agent.trading import service
from agent.trading.params import CreateAlert
from tests.agent.live.helpers import SPY, live, real_bars
from tests.conftest import ENGINES, ROOT
from tests.server.conftest import free_port

_SERVER = textwrap.dedent("""
    import os, sys, time
    import agent.trading.hook as hook
    real = hook.evaluate_symbol
    def evaluate(tx, symbol):
        result = real(tx, symbol)
        if result.alerts_fired and os.environ.get("HANG_ON_FIRE"):
            print("FIRED-IN-TX", flush=True)
            time.sleep(300)          # inside the ingest's transaction: killed here
        return result
    hook.evaluate_symbol = evaluate
    from agent.cli.main import main
    sys.exit(main(["serve", "--port", sys.argv[1]]))
""")


_CLI = "import sys; from agent.cli.main import main; sys.exit(main())"


def _start(env, port, log, hang):
    out = open(log, "ab")
    proc = subprocess.Popen([sys.executable, "-c", _SERVER, str(port)], cwd=ROOT, stdout=out,
                            stderr=subprocess.STDOUT, env={**env, **({"HANG_ON_FIRE": "1"} if hang else {})})
    deadline = time.time() + 90
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {log.read_text()[-2000:]}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"server not ready: {log.read_text()[-2000:]}")


def _opener(engine, tmp_path, env, pg_database_factory):
    if engine == "duckdb":
        from agent.market.duckdb_store import DuckDBStore
        return lambda: DuckDBStore(tmp_path / "home" / "market.duckdb")
    from agent.market.postgres_store import PostgresStore
    url = pg_database_factory()
    env["ASKBAR_DATABASE_URL"] = url
    return lambda: PostgresStore(url, max_size=2)


@pytest.mark.parametrize("engine", ENGINES)
def test_server_killed_mid_ingest_loses_and_repeats_no_alert(engine, tmp_path, pg_database_factory):
    (tmp_path / "home").mkdir()
    env = {**os.environ, "ASKBAR_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT)}
    env.pop("ASKBAR_DATABASE_URL", None)
    env.pop("ASKBAR_REDIS_URL", None)
    opener = _opener(engine, tmp_path, env, pg_database_factory)
    truth = real_bars(SPY, "SPY", "2024-03-05 14:30", "2024-03-05 16:30")
    store = opener()
    append_bars(store, live(truth.iloc[:20]))
    rest = truth.iloc[20:]
    hi, lo = float(truth.iloc[:20]["high"].max()), float(truth.iloc[:20]["low"].min())
    levels = [(">=", hi + d) for d in (0.01, 0.3, 0.6)] + [("<=", lo - d) for d in (0.01, 0.3, 0.6)]
    expected = {}
    for cond, price in levels:
        hit = rest[rest["high"] >= price] if cond == ">=" else rest[rest["low"] <= price]
        if len(hit):
            a = service.create_alert(store, LOCAL_USER, CreateAlert(symbol="SPY", condition=cond, price=price))
            expected[a.alert_id] = hit.iloc[0]["ts"]
    assert len(expected) >= 2, "the real bars must cross some of the levels"
    store.close()
    path = tmp_path / "spy_rest.csv"
    out = rest.assign(timestamp=rest["ts"].dt.strftime("%Y-%m-%dT%H:%M:%S+00:00"))
    out[["timestamp", "open", "high", "low", "close", "volume"]].to_csv(path, index=False)

    port, log = free_port(), tmp_path / "server.log"
    server = _start(env, port, log, hang=True)
    feed = subprocess.Popen([sys.executable, "-c", _CLI, "feed", "replay", str(path), "--symbol", "SPY",
                             "--speed", "3000", "--server", f"http://127.0.0.1:{port}"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.time() + 120
        while "FIRED-IN-TX" not in log.read_text():
            assert time.time() < deadline and feed.poll() is None, (log.read_text()[-2000:], feed.poll())
            time.sleep(0.05)
        os.kill(server.pid, signal.SIGKILL)        # killed inside the transaction that fired an alert
        server.wait(10)
        time.sleep(1.0)                            # the feed meanwhile retries against nothing
        server = _start(env, port, log, hang=False)
        stdout, stderr = feed.communicate(timeout=180)
        assert feed.returncode == 0, stderr[-2000:]
        assert "retrying" in stderr
    finally:
        if feed.poll() is None:
            feed.kill()
        server.send_signal(signal.SIGTERM)
        server.wait(60)
    store = opener()
    try:
        q = store.query
        ph = "%(a)s" if engine == "postgres" else "$a"
        for alert_id, ts in expected.items():
            row = q(f"SELECT status, fired_bar_ts FROM price_alerts WHERE alert_id = {ph}", {"a": alert_id})[0]
            assert row["status"] == "fired" and pd.Timestamp(row["fired_bar_ts"]) == ts
            assert q(f"SELECT count(*) AS n FROM user_notifications WHERE ref_id = {ph}", {"a": alert_id})[0]["n"] == 1
        assert q("SELECT count(*) AS n FROM user_notifications")[0]["n"] == len(expected)
        assert q("SELECT count(*) AS n FROM ohlcv_1min")[0]["n"] == len(truth)
    finally:
        store.close()
