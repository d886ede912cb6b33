"""Benchmark (issue 3): question -> validated answer, in process, warm, offline provider.

Real data: the four shared sets loaded as NQ, SPY, BTCUSD, SPX into a fresh DuckDB; every public
evaluation question (history turns and resumes included) is asked `--repeat` times; p50/p95 per
question kind and overall. Synthetic: 10 years of 1-min bars (benchmarks/.work, made by query.py)
loaded as BENCH_A; stats questions over one month / one year / ten years. Cold start: wall time of
`askbar ask --json` as a fresh process (hyperfine-style median of --cold runs).

    python benchmarks/ask.py [--repeat 5] [--cold 5] [--synthetic]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402

from agent.deps import build_deps  # noqa: E402
from agent.cli.evaluation import load_cases, run_case  # noqa: E402
from agent.market.duckdb_store import DuckDBStore  # noqa: E402
from agent.market.ingest import load_file  # noqa: E402
from agent.service import Session  # noqa: E402
from agent.settings import Settings  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
EVAL = ROOT.parent / "shared" / "eval" / "public.jsonl"
SETS = [("nq_1min_firstrate/NQ_1min_sample.csv", "NQ"), ("spy_1min_2024/SPY_1min.csv", "SPY"),
        ("btc_perp_1min/btc-perp-20211231-20220201_1m.csv", "BTCUSD"), ("sp500_daily/chainins_GSPC.csv", "SPX")]


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, max(0, int(round(q * len(xs))) - 1))], 2)


def real_data(home: Path, repeat: int) -> dict:
    store = DuckDBStore(home / "market.duckdb")
    for rel, sym in SETS:
        load_file(store, DATA / rel, sym)
    session = Session(build_deps(Settings(home=home), store=store), InMemorySaver())
    cases = load_cases(EVAL)
    run_case(session, cases[0])  # warm-up
    times, passed = [], 0
    for _ in range(repeat):
        for case in cases:
            t = time.perf_counter()
            passed += run_case(session, case).passed
            times.append((time.perf_counter() - t) * 1000)
    store.close()  # DuckDB allows one process per file: the cold-start runs open it next
    return {"questions": len(cases), "runs": len(times), "pass_rate": round(100 * passed / len(times), 1),
            "p50_ms": pct(times, 0.5), "p95_ms": pct(times, 0.95)}


def synthetic(home: Path, repeat: int) -> dict:
    csv = sorted((ROOT / "benchmarks" / ".work").glob("BENCH_A_*.csv"))
    if not csv:
        return {"skipped": "run benchmarks/query.py first to generate the synthetic CSV"}
    store = DuckDBStore(home / "synthetic.duckdb")
    load_file(store, csv[-1], "BENCH_A")
    session = Session(build_deps(Settings(home=home), store=store), InMemorySaver())
    questions = {"one month": "BENCH_A stats for March 2022", "one year": "BENCH_A statistics for 2021",
                 "ten years": "BENCH_A stats from 2014-01-01 to 2023-12-31",
                 "events 10 y": "After BENCH_A rose more than 2% in a day since 2014, what happened over the next 5 trading days?"}
    out = {}
    for name, q in questions.items():
        session.ask(q)
        xs = []
        for _ in range(repeat * 4):
            t = time.perf_counter()
            r = session.ask(q)
            xs.append((time.perf_counter() - t) * 1000)
        out[name] = {"status": r.status, "p50_ms": pct(xs, 0.5), "p95_ms": pct(xs, 0.95)}
    store.close()
    return out


def cold_start(home: Path, runs: int) -> dict:
    env = {**os.environ, "ASKBAR_HOME": str(home), "ASKBAR_LLM": "offline"}
    xs = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(["askbar", "ask", "--json", "NQ stats for November 2023"], env=env, check=True,
                       capture_output=True)
        xs.append(time.perf_counter() - t)
    return {"runs": runs, "median_s": round(statistics.median(xs), 2), "max_s": round(max(xs), 2)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--cold", type=int, default=5)
    ap.add_argument("--synthetic", action="store_true")
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="askbar-ask-bench-"))
    report = {"real_data": real_data(home, args.repeat)}
    if args.synthetic:
        report["synthetic_10y"] = synthetic(home, args.repeat)
    report["cold_start"] = cold_start(home, args.cold)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
