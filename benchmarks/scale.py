"""Per-question SQL time as the store grows in symbols (each with years of 1-minute bars).

    python benchmarks/scale.py [--engine duckdb|postgres|both] [--symbols 20] [--years 10]
                               [--steps 1,5,10,20] [--reps 15] [--max-minutes 25]

Symbols SYM00, SYM01, ... each get `--years` of synthetic 1-minute bars on a 24/7 calendar (the
demo's DEMO_BTC profile, its own seed): 10 years are 5,258,880 bars a symbol, so 20 symbols are
105M bars. They are ingested with the store's own ingest (the CSV reader is not what grows), and
whenever the number of symbols stored reaches a step, the plan steps of five question types run
against the first symbol loaded (SYM00: its bars are the oldest in the table) and the last:
  month       one month's stats (daily rollup)
  ten_years   stats over `--years` (daily rollup)
  events      days up > 2 % over `--years` and what followed (daily rollup)
  one_day_1m  one day of 1-minute bars (ohlcv_1min)
  month_1h    one month of hourly bars (ohlcv_1h)
Each time is the median of --reps runs of query_builder's run_step (build, SQL, post-processing),
in process. Postgres runs on a private server (benchmarks/private_pg.py; the defaults of the
shared one) so 10+ GB never land on the server other sessions test against. When --max-minutes
have passed, no more symbols are loaded: the report says how far it got.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from private_pg import private_postgres  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def questions(symbol: str, years: int) -> dict[str, dict]:
    y0, y1 = 2024 - years, 2023
    return {
        "month": {"action": "get_period_stats", "params": {"symbol": symbol, "start_date": "2023-11-01",
                                                           "end_date": "2023-11-30"}},
        "ten_years": {"action": "get_period_stats", "params": {"symbol": symbol, "start_date": f"{y0}-01-01",
                                                               "end_date": f"{y1}-12-31"}},
        "events": {"action": "find_events", "params": {
            "symbol": symbol, "start_date": f"{y0}-01-01", "end_date": f"{y1}-12-31",
            "condition": {"metric": "daily_pct_change", "op": "gt", "threshold": 2.0}, "horizon_days": 5}},
        "one_day_1m": {"action": "get_period_stats", "params": {"symbol": symbol, "start_date": "2023-11-15",
                                                                "end_date": "2023-11-15", "granularity": "1min"}},
        "month_1h": {"action": "get_period_stats", "params": {"symbol": symbol, "start_date": "2023-11-01",
                                                              "end_date": "2023-11-30", "granularity": "hourly"}},
    }


def timed(store, step_json: dict, reps: int) -> float:
    from query_builder.models import Step
    from query_builder.runner import run_step

    step = Step.model_validate(step_json)
    run_step(store, step)   # warm: plans, caches, the instrument
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        run_step(store, step)
        times.append((time.perf_counter() - t0) * 1000)
    return round(statistics.median(times), 2)


def bars_of(i: int, years: int):
    from agent.market.demo import synthetic_bars
    from agent.market.sessions import assign_sessions

    bars = synthetic_bars("DEMO_BTC", date(2024 - years, 1, 1), date(2023, 12, 31), seed=1000 + i)
    td, mask = assign_sessions(bars["ts"], "UTC", "24h")
    return bars.assign(trading_date=td, in_session=mask)


def instrument(i: int):
    from agent.market.instruments import Instrument

    return Instrument(symbol=f"SYM{i:02d}", name=f"synthetic {i}", asset_class="crypto", timezone="UTC",
                      session="24h", synthetic=True, bar_seconds=60)


def measure(store, loads: list[dict], args) -> dict:
    n = len(loads)
    point = {"engine": store.engine, "symbols": n, "bars": sum(x["bars"] for x in loads),
             "load_avg": round(os.getloadavg()[0], 1)}
    for key, who in (("SYM00", "SYM00"), ("last", f"SYM{n - 1:02d}")):
        point[key] = {name: timed(store, q, args.reps) for name, q in questions(who, args.years).items()}
    print(json.dumps(point), file=sys.stderr)
    return point


def run_engine(engine: str, args, stack: ExitStack) -> dict:
    if engine == "postgres":
        from agent.market.postgres_store import PostgresStore

        pg = stack.enter_context(private_postgres(base=Path(args.workdir)))
        store = PostgresStore(pg.url)
    else:
        from agent.market.duckdb_store import DuckDBStore

        store = DuckDBStore(Path(tempfile.mkdtemp(prefix="askbar-scale-", dir=args.workdir)) / "m.duckdb")
    steps = sorted({int(s) for s in args.steps.split(",") if int(s) <= args.symbols})
    started, loads, points = time.perf_counter(), [], []
    try:
        for i in range(args.symbols):
            if (time.perf_counter() - started) / 60 > args.max_minutes:
                print(f"{engine}: stopped after {i} symbols ({args.max_minutes} min)", file=sys.stderr)
                break
            bars = bars_of(i, args.years)
            t0 = time.perf_counter()
            r = store.ingest(instrument(i), bars, "intraday")
            took = time.perf_counter() - t0
            loads.append({"symbol": r.symbol, "bars": r.rows, "s": round(took, 1),
                          "bars_per_s": round(r.rows / took), "load_avg": round(os.getloadavg()[0], 1)})
            print(f"{engine}: {r.symbol} {r.rows:,} bars in {took:.1f} s", file=sys.stderr)
            if len(loads) in steps or len(loads) == args.symbols:
                points.append(measure(store, loads, args))
        if loads and (not points or points[-1]["symbols"] != len(loads)):
            points.append(measure(store, loads, args))   # stopped early: the size reached
    finally:
        store.close()
    return {"loads": loads, "points": points}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", choices=("duckdb", "postgres", "both"), default="both")
    ap.add_argument("--symbols", type=int, default=20)
    ap.add_argument("--years", type=int, default=10)
    ap.add_argument("--steps", default="1,5,10,20")
    ap.add_argument("--reps", type=int, default=15)
    ap.add_argument("--max-minutes", type=float, default=25.0, help="per engine: stop loading after this")
    ap.add_argument("--workdir", default=tempfile.gettempdir())
    args = ap.parse_args()
    engines = ["duckdb", "postgres"] if args.engine == "both" else [args.engine]
    report = {"years": args.years, "cpus": os.cpu_count()}
    for engine in engines:
        with ExitStack() as stack:
            report[engine] = run_engine(engine, args, stack)
    print(json.dumps(report, indent=1))
    for engine in engines:
        for p in report[engine]["points"]:
            print(f"{engine} {p['symbols']} symbols, {p['bars']:,} bars (load avg {p['load_avg']}): "
                  + ", ".join(f"{k} {p['SYM00'][k]}/{p['last'][k]} ms" for k in p["SYM00"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
