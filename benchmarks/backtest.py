"""Backtests: time per question through the graph (offline provider: route, understander, planner,
executor, analyst, validator), and the backtest step alone (query_builder.run_step: SQL, fetch,
engine), on both engines.

    python benchmarks/backtest.py [--repeat 7] [--engines duckdb,postgres]

Data: the real SPX daily file (1928-2020) for the 20-year daily rules; one year (2023) of the
demo's synthetic SPY-like 1-minute bars (DEMO_SPY, regular hours, ~97k bars; no real intraday file
holds a year) for the intraday rule. DuckDB in a temporary file, Postgres on a private server
(benchmarks/private_pg.py), never the shared one. The runs of every case are interleaved so load
changes hit them alike. Prints one JSON line per case: p50 / p95 wall ms of the question and of
its step alone, the trades, and the load average.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from contextlib import ExitStack
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

DATA = ROOT.parent / "shared" / "data"
NOW = "2025-06-02"
QUESTIONS = {
    "daily 20y, fall 3% hold 5 (en)": "backtest: buy SPX at the close when it falls 3%, sell 5 sessions later, "
                                      "from 2000 to 2019",
    "daily 20y, SMA 50 cross (es)": "compro SPX cuando cruza arriba de su SMA 50 y vendo cuando cruza abajo, "
                                    "de 2000 a 2019",
    "daily 20y, Monday to Friday (ru)": "покупать SPX в понедельник на открытии и продавать в пятницу, 2000-2019",
    "intraday 1y, 10:00 to 15:30 stop (en)": "what if I bought DEMO_SPY at 10:00 every day and sold at 15:30 "
                                             "in 2023, stop 0.5%",
}


def _store(engine: str, stack: ExitStack):
    if engine == "duckdb":
        from agent.market.duckdb_store import DuckDBStore
        return DuckDBStore(Path(tempfile.mkdtemp()) / "bench.duckdb")
    from agent.market.postgres_store import PostgresStore
    from private_pg import private_postgres
    pg = stack.enter_context(private_postgres())
    return PostgresStore(pg.url)


def _load(store) -> None:
    from agent.market.demo import demo_instrument, synthetic_bars
    from agent.market.ingest import load_file
    from agent.market.sessions import assign_sessions

    load_file(store, DATA / "sp500_daily" / "chainins_GSPC.csv", "SPX")
    bars = synthetic_bars("DEMO_SPY", date(2023, 1, 1), date(2023, 12, 31))
    td, mask = assign_sessions(bars["ts"], "America/New_York", "rth")
    inst = demo_instrument("DEMO_SPY").model_copy(update={"bar_seconds": 60})
    store.ingest(inst, bars.assign(trading_date=td, in_session=mask), "intraday")


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def run(engine: str, repeat: int) -> list[dict]:
    from agent.deps import build_deps
    from agent.service import Session
    from agent.settings import Settings
    from langgraph.checkpoint.memory import InMemorySaver
    from query_builder import run_step
    from query_builder.models import Step

    with ExitStack() as stack:
        store = _store(engine, stack)
        _load(store)
        session = Session(build_deps(Settings(home=Path(tempfile.mkdtemp())), store=store), InMemorySaver())
        times: dict[str, list[float]] = {k: [] for k in QUESTIONS}
        steps: dict[str, list[float]] = {k: [] for k in QUESTIONS}
        info: dict[str, dict] = {}
        for i in range(repeat + 1):                  # the first round warms up and is not counted
            for name, q in QUESTIONS.items():
                t0 = time.perf_counter()
                out = session.ask(q, thread_id=f"b-{uuid.uuid4().hex[:8]}", now=NOW)
                dt = (time.perf_counter() - t0) * 1000
                step = Step.model_validate(out.plan["steps"][0])
                t1 = time.perf_counter()
                res = run_step(store, step)
                ds = (time.perf_counter() - t1) * 1000
                if i:
                    times[name].append(dt)
                    steps[name].append(ds)
                info[name] = {"status": out.status, "validation": out.validation.get("status"),
                              "trades": (res.summary or {}).get("backtest_trades"),
                              "sessions": (res.summary or {}).get("sessions_tested")}
        store.close()
    return [{"engine": engine, "case": k, "question_p50_ms": round(statistics.median(times[k]), 1),
             "question_p95_ms": round(_pct(times[k], 0.95), 1), "step_p50_ms": round(statistics.median(steps[k]), 1),
             "step_p95_ms": round(_pct(steps[k], 0.95), 1), **info[k]} for k in QUESTIONS]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--engines", default="duckdb,postgres")
    args = ap.parse_args()
    os.environ.setdefault("ASKBAR_LLM", "offline")
    for engine in args.engines.split(","):
        for row in run(engine, args.repeat):
            print(json.dumps(row, ensure_ascii=False))
    print(json.dumps({"loadavg": os.getloadavg(), "cpus": os.cpu_count()}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
