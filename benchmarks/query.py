"""Benchmark (issue 2): ingest rate, load peak memory, and query latency per action, both engines.

10 years of synthetic 1-min bars for two symbols (~7M bars) are written as CSV (UTC timestamps),
loaded with the real loader, then every action runs `--repeat` times through query_builder.run_step
(SQL build + execution + post-processing), reporting p50/p95 in ms. A raw scan of the 1-min table
is timed as the baseline the rollups avoid.

    python benchmarks/query.py [--engines duckdb,postgres] [--years 10] [--repeat 30]
"""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agent.market.demo import write_synthetic_csv  # noqa: E402
from agent.market.ingest import load_file  # noqa: E402
from query_builder import run_step  # noqa: E402
from query_builder.models import EventCondition, PeriodRange, Step, StepParams  # noqa: E402

WORK = ROOT / "benchmarks" / ".work"
SYMBOLS = ("BENCH_A", "BENCH_B")
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
RAW_SCAN = {"duckdb": "SELECT count(*), max(high), min(low) FROM ohlcv_1min WHERE symbol = $s",
            "postgres": "SELECT count(*), max(high), min(low) FROM ohlcv_1min WHERE symbol = %(s)s"}


def make_csvs(start: date, end: date) -> list[Path]:
    WORK.mkdir(parents=True, exist_ok=True)
    paths = []
    for sym in SYMBOLS:
        path = WORK / f"{sym}_{start}_{end}.csv"
        if not path.exists():
            t = time.perf_counter()
            n = write_synthetic_csv(path, sym, start, end, local_time=False)
            print(f"generated {path.name}: {n:,} bars in {time.perf_counter() - t:.1f} s", file=sys.stderr)
        paths.append(path)
    return paths


def open_engine(engine: str, tmp: Path):
    if engine == "duckdb":
        from agent.market.duckdb_store import DuckDBStore

        return DuckDBStore(tmp / "bench.duckdb"), None
    import psycopg
    from psycopg import sql

    from agent.market.postgres_store import PostgresStore

    name = f"askbar_bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return PostgresStore(PG_ADMIN.rsplit("/", 1)[0] + "/" + name), name


def drop_pg(name: str | None) -> None:
    if not name:
        return
    import psycopg
    from psycopg import sql

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def steps(start: date, end: date) -> dict[str, list[Step]]:
    a = SYMBOLS[0]
    mid = date(end.year - 1, 3, 1)
    month = StepParams(symbol=a, start_date=mid, end_date=date(mid.year, 3, 31))
    ten = StepParams(symbol=a, start_date=start, end_date=end)
    cond = EventCondition(metric="daily_pct_change", op="gt", threshold=1.5)
    year = StepParams(symbol=a, start_date=date(end.year, 1, 1), end_date=end)
    return {
        "one-month stats": [Step(action="get_period_stats", params=month)],
        "10-year daily stats": [Step(action="get_period_stats", params=ten.model_copy(update={"granularity": "daily"}))],
        "10-year stats (weekly bars)": [Step(action="get_period_stats", params=ten)],
        "find_events + get_periods_after, 10 y": [
            Step(action="find_events", params=ten.model_copy(update={"condition": cond})),
            Step(action="get_periods_after", params=ten.model_copy(update={"condition": cond, "horizon_days": 5}))],
        "top 5 moves, 10 y": [Step(action="find_events", params=ten.model_copy(update={"condition": cond, "top_n": 5}))],
        "price extremes, 1 y": [Step(action="get_price_extremes", params=year)],
        "intraday 1 day (1-min)": [Step(action="get_intraday_data", params=StepParams(symbol=a, start_date=mid, end_date=mid))],
        "volume profile, 1 month": [Step(action="get_volume_profile", params=month)],
        "compare 2 years": [Step(action="compare_periods", params=StepParams(symbol=a, periods=[
            PeriodRange(start_date=date(end.year - 1, 1, 1), end_date=date(end.year - 1, 12, 31), label="y1"),
            PeriodRange(start_date=date(end.year, 1, 1), end_date=end, label="y2")]))],
        "gaps, 10 y": [Step(action="aggregate_patterns", params=ten.model_copy(update={"pattern": "gaps"}))],
        "hourly profile, 1 y": [Step(action="aggregate_patterns", params=year.model_copy(update={"pattern": "hourly_profile"}))],
        "RSI(14), 10 y": [Step(action="get_indicator", params=ten.model_copy(update={"indicator": "rsi", "window": 14}))],
    }


def timed(fn, repeat: int) -> dict[str, float]:
    fn()  # warm-up (plans, caches)
    xs = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        xs.append((time.perf_counter() - t) * 1000)
    xs.sort()
    return {"p50_ms": round(statistics.median(xs), 2), "p95_ms": round(xs[max(0, int(len(xs) * 0.95) - 1)], 2)}


def peak_rss_of_load(csv: Path, engine: str) -> float:
    """Peak RSS (MB) of a separate process that loads one CSV into a fresh store."""
    code = ("import resource,sys,tempfile;from pathlib import Path;"
            "from agent.market.duckdb_store import DuckDBStore;from agent.market.ingest import load_file;"
            "s=DuckDBStore(Path(tempfile.mkdtemp())/'m.duckdb');load_file(s,sys.argv[1],'PEAK');"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss/1024)")
    out = subprocess.run([sys.executable, "-c", code, str(csv)], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    return round(float(out.stdout.strip().splitlines()[-1]), 1)


def bench_engine(engine: str, csvs: list[Path], start: date, end: date, repeat: int) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="askbar-bench-"))
    store, pg_name = open_engine(engine, tmp)
    try:
        ingest = []
        for path, sym in zip(csvs, SYMBOLS):
            t = time.perf_counter()
            rep = load_file(store, path, sym)
            secs = time.perf_counter() - t
            ingest.append({"symbol": sym, "bars": rep.rows, "seconds": round(secs, 2),
                           "bars_per_s": round(rep.rows / secs)})
        total = sum(i["bars"] for i in ingest)
        secs = sum(i["seconds"] for i in ingest)
        out = {"engine": engine, "bars": total, "ingest_bars_per_s": round(total / secs), "ingest": ingest,
               "queries": {}}
        raw = RAW_SCAN[engine]
        out["queries"]["raw 1-min scan, 10 y (baseline)"] = timed(lambda: store.query(raw, {"s": SYMBOLS[0]}), 5)
        for name, plan in steps(start, end).items():
            out["queries"][name] = timed(lambda: [run_step(store, s, i) for i, s in enumerate(plan)], repeat)
            print(f"{engine:8s} {name:40s} {out['queries'][name]}", file=sys.stderr)
        return out
    finally:
        store.close()
        drop_pg(pg_name)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--engines", default="duckdb,postgres")
    ap.add_argument("--years", type=int, default=10)
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results_query.json"))
    args = ap.parse_args()
    end = date(2023, 12, 31)
    start = date(end.year - args.years + 1, 1, 1)
    csvs = make_csvs(start, end)
    report = {"machine": {"python": platform.python_version(), "cpu": platform.processor() or platform.machine(),
                          "cores": __import__("os").cpu_count()},
              "csv_mb": [round(p.stat().st_size / 1e6, 1) for p in csvs],
              "peak_rss_mb_loading_largest_csv": peak_rss_of_load(max(csvs, key=lambda p: p.stat().st_size), "duckdb"),
              "engines": [bench_engine(e, csvs, start, end, args.repeat) for e in args.engines.split(",")]}
    Path(args.out).write_text(json.dumps(report, indent=2))
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
