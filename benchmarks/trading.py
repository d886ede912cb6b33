"""Benchmark (issue 14): what paper orders and alerts add to `askbar load`, both engines.

The real SPY 1-min file (49,719 bars) is split in two. Two fresh stores load the first half; one
then gets N pending orders and N alerts over 50 users (half of them reachable by the new bars, half
never), the other none. The second half is loaded into each; the difference is the cost of the
evaluation hook inside the load's transaction. Also: a reload with everything pending (no new bar:
the hook only reads the watermarks), and the latency of placing a market order.

    python benchmarks/trading.py [--engines duckdb,postgres] [--orders 500] [--repeat 3]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pandas as pd
import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agent.identity.models import User
from agent.market.ingest import load_file
from agent.trading import service
from agent.trading.params import CreateAlert, CreateOrder

SPY = ROOT.parent / "shared" / "data" / "spy_1min_2024" / "SPY_1min.csv"
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"


def open_store(engine: str, tmp: Path, dbs: list[str]):
    if engine == "duckdb":
        from agent.market.duckdb_store import DuckDBStore

        return DuckDBStore(tmp / f"{uuid.uuid4().hex[:8]}.duckdb")
    from agent.market.postgres_store import PostgresStore

    name = f"askbar_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as c:
        c.execute(psycopg.sql.SQL("CREATE DATABASE {}").format(psycopg.sql.Identifier(name)))
    dbs.append(name)
    return PostgresStore(PG_ADMIN.rsplit("/", 1)[0] + "/" + name, max_size=2)


def populate(store, n: int, close: float) -> float:
    users = [User(user_id=f"u{i}", tenant_id="bench", name=f"u{i}", plan="pro") for i in range(50)]
    t0 = time.perf_counter()
    for i in range(n):
        u = users[i % 50]
        far = i % 2 == 1                       # half can never act: the worst case of a scan
        lim = close * (0.5 if far else 0.999 - 0.0001 * (i % 40))
        service.place_order(store, u, CreateOrder(symbol="SPY", side="buy", quantity=1,
                                                  order_type="limit", limit_price=round(lim, 2)),
                            10**9)
        service.create_alert(store, u, CreateAlert(symbol="SPY", condition=">=",
                                                   price=round(close * (2.0 if far else 1.002), 2)))
    return (time.perf_counter() - t0) / (2 * n) * 1000


def run(engine: str, n: int, tmp: Path, dbs: list[str]) -> dict:
    raw = pd.read_csv(SPY)
    half = len(raw) // 2
    first, rest = tmp / "spy1.csv", tmp / "spy2.csv"
    raw.iloc[:half].to_csv(first, index=False)
    raw.iloc[half:].to_csv(rest, index=False)
    close = float(raw["close"].iloc[half - 1])
    plain, busy = open_store(engine, tmp, dbs), open_store(engine, tmp, dbs)
    try:
        for s in (plain, busy):
            load_file(s, first, "SPY")
        place_ms = populate(busy, n, close)
        t0 = time.perf_counter()
        load_file(plain, rest, "SPY")
        t_plain = time.perf_counter() - t0
        t0 = time.perf_counter()
        r = load_file(busy, rest, "SPY")
        t_busy = time.perf_counter() - t0
        t0 = time.perf_counter()
        again = load_file(busy, rest, "SPY")
        t_reload = time.perf_counter() - t0
        t0 = time.perf_counter()
        load_file(plain, rest, "SPY")
        t_reload_plain = time.perf_counter() - t0
        u = User(user_id="m", tenant_id="bench", name="m", plan="pro")
        market = []
        for _ in range(20):
            t0 = time.perf_counter()
            service.place_order(busy, u, CreateOrder(symbol="SPY", side="buy", quantity=1,
                                                     order_type="market"), 10**9)
            market.append((time.perf_counter() - t0) * 1000)
        return {"engine": engine, "bars": len(raw) - half, "orders": n, "alerts": n,
                "filled": r.orders_filled, "fired": r.alerts_fired, "again": again.orders_filled,
                "load_plain_s": t_plain, "load_busy_s": t_busy, "reload_busy_s": t_reload,
                "reload_plain_s": t_reload_plain, "place_ms": place_ms,
                "market_p50_ms": statistics.median(market)}
    finally:
        plain.close()
        busy.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--engines", default="duckdb,postgres")
    ap.add_argument("--orders", type=int, default=500)
    args = ap.parse_args()
    dbs: list[str] = []
    try:
        for engine in args.engines.split(","):
            with tempfile.TemporaryDirectory() as tmp:
                r = run(engine, args.orders, Path(tmp), dbs)
            print(f"{r['engine']}: {r['bars']:,} new bars; {r['orders']} orders + {r['alerts']} alerts "
                  f"pending ({r['filled']} filled, {r['fired']} fired): load {r['load_busy_s']:.2f} s "
                  f"vs {r['load_plain_s']:.2f} s without (hook {1000 * (r['load_busy_s'] - r['load_plain_s']) / (2 * r['orders']):.2f} ms "
                  f"per order/alert); reload {r['reload_busy_s']:.2f} s vs {r['reload_plain_s']:.2f} s "
                  f"({r['again']} filled); place order/alert {r['place_ms']:.2f} ms; market order "
                  f"p50 {r['market_p50_ms']:.2f} ms", flush=True)
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as c:
            for name in dbs:
                c.execute(psycopg.sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    psycopg.sql.Identifier(name)))


if __name__ == "__main__":
    main()
