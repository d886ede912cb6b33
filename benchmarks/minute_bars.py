"""N-minute bars and the volume ranking (issue 24): time per step through query_builder.run_step
(SQL build + execution + post-processing) on the shared data, 1-minute bars as the baseline, the
runs of every case interleaved so load changes hit them alike. DuckDB in a temporary file, Postgres
in a private server (benchmarks/private_pg.py), never the shared one.

    python benchmarks/minute_bars.py [--repeat 15] [--engines duckdb,postgres]

Prints p50 / p95 wall ms and the client CPU ms per run (process_time: for Postgres the server's
own CPU is not in it) as JSON lines, and the load average.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agent.market.ingest import load_file  # noqa: E402
from query_builder import run_step  # noqa: E402
from query_builder.models import Step  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
SETS = [("nq_1min_firstrate/NQ_1min_sample.csv", "NQ"), ("spy_1min_2024/SPY_1min.csv", "SPY")]
CASES = {
    "NQ 1 day, 1-min bars (baseline)": ("get_intraday_data", {"symbol": "NQ", "start_date": "2023-11-28",
                                                              "end_date": "2023-11-28", "granularity": "1min"}),
    "NQ 1 day, 5-min bars": ("get_intraday_data", {"symbol": "NQ", "start_date": "2023-11-28",
                                                   "end_date": "2023-11-28", "granularity": "5min"}),
    "SPY 1 month, 1-min bars (baseline)": ("get_intraday_data", {"symbol": "SPY", "start_date": "2024-03-01",
                                                                 "end_date": "2024-03-31", "granularity": "1min"}),
    "SPY 1 month, 5-min bars": ("get_intraday_data", {"symbol": "SPY", "start_date": "2024-03-01",
                                                      "end_date": "2024-03-31", "granularity": "5min"}),
    "SPY 1 month, 30-min bars": ("get_intraday_data", {"symbol": "SPY", "start_date": "2024-03-01",
                                                       "end_date": "2024-03-31", "granularity": "30min"}),
    "SPY March 2024, highest volume day": ("rank_volume_days", {"symbol": "SPY", "start_date": "2024-03-01",
                                                                "end_date": "2024-03-31"}),
    "SPY all data, top 5 volume days": ("rank_volume_days", {"symbol": "SPY", "top_n": 5}),
}


def _store(engine: str, stack):
    if engine == "duckdb":
        from agent.market.duckdb_store import DuckDBStore
        return DuckDBStore(Path(tempfile.mkdtemp()) / "bench.duckdb")
    from agent.market.postgres_store import PostgresStore
    from benchmarks.private_pg import private_postgres
    pg = stack.enter_context(private_postgres())
    return PostgresStore(pg.url)


def run(engine: str, repeat: int) -> list[dict]:
    from contextlib import ExitStack
    with ExitStack() as stack:
        store = _store(engine, stack)
        for rel, sym in SETS:
            load_file(store, DATA / rel, sym)
        steps = {k: Step(action=a, params=p) for k, (a, p) in CASES.items()}
        for s in steps.values():
            run_step(store, s)                       # warm-up
        wall: dict[str, list[float]] = {k: [] for k in steps}
        cpu: dict[str, list[float]] = {k: [] for k in steps}
        rows: dict[str, int] = {}
        for _ in range(repeat):
            for k, s in steps.items():               # interleaved
                w0, c0 = time.perf_counter(), time.process_time()
                res = run_step(store, s)
                wall[k].append((time.perf_counter() - w0) * 1000)
                cpu[k].append((time.process_time() - c0) * 1000)
                rows[k] = res.row_count
        store.close()
    return [{"engine": engine, "case": k, "rows": rows[k],
             "wall_p50_ms": round(statistics.median(wall[k]), 2),
             "wall_p95_ms": round(sorted(wall[k])[max(0, int(len(wall[k]) * 0.95) - 1)], 2),
             "cpu_p50_ms": round(statistics.median(cpu[k]), 2)} for k in steps]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--engines", default="duckdb,postgres")
    args = ap.parse_args()
    print(json.dumps({"loadavg_start": os.getloadavg()}))
    for engine in args.engines.split(","):
        for line in run(engine, args.repeat):
            print(json.dumps(line, ensure_ascii=False))
    print(json.dumps({"loadavg_end": os.getloadavg()}))


if __name__ == "__main__":
    main()
