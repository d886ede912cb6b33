"""Benchmark (issue 13): the tool executor's own overhead per call, in process and with Redis.

Overhead = `ToolExecutor.execute` around a handler that does nothing (a registered no-op tool):
plan check, rate limit (limits moving window), pydantic validation, execution-log insert (app DB,
SQLite), and for a cacheable tool the data-version query + cache read/write. Backends: in-process
(memory limiter + dict cache) and Redis (ASKBAR_TEST_REDIS_URL, default redis://127.0.0.1:6379/0,
keys under a unique prefix). Also a real `get_price` (NQ, DuckDB) uncached and cached.

    python benchmarks/tools.py [--calls 2000]
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
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pydantic import BaseModel

from agent.storage.appdb import AppDB
from agent.identity.models import User
from agent.market.duckdb_store import DuckDBStore
from agent.market.ingest import load_file
from agent.settings import Settings
from agent.tools.cache import data_version
from agent.tools.executor import ToolExecutor
from agent.tools.registry import discover
from agent.tools.spec import RateLimit, ToolSpec

DATA = ROOT.parent / "shared" / "data"
REDIS = os.environ.get("ASKBAR_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
USER = User(user_id="bench", tenant_id="bench", name="bench", plan="premium")
BIG = RateLimit(per_minute=10**9)   # one window, like most catalogue tools


class P(BaseModel):
    symbol: str = "NQ"
    n: int = 1


def _noop(ctx, p):
    return {"ok": True}


NOOP = ToolSpec(id="bench.noop", name="bench_noop", description="no-op", category="calculate",
                params=P, handler=_noop, rate_limit=BIG)
NOOP_CACHED = ToolSpec(id="bench.noop_cached", name="bench_noop_cached", description="no-op",
                       category="market", params=P, handler=_noop, rate_limit=BIG, cache_ttl_s=600)


def timed(fn, calls: int) -> dict[str, float]:
    for _ in range(20):
        fn()
    samples = []
    for _ in range(calls):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    samples.sort()
    return {"p50_ms": round(statistics.median(samples), 4),
            "p95_ms": round(samples[int(len(samples) * 0.95) - 1], 4), "calls": calls}


def run_backend(backend: str, store, work: Path, calls: int) -> dict[str, dict]:
    results: dict[str, dict] = {}
    reg = discover()
    reg.register(NOOP)
    reg.register(NOOP_CACHED)
    reg.register(replace(reg.get("get_price"), id="bench.get_price", name="bench_get_price",
                         rate_limit=BIG))
    settings = Settings(home=work)
    appdb = AppDB(path=work / f"app_{backend}.sqlite")
    url = REDIS if backend == "redis" else ""
    ex = ToolExecutor(settings, store, appdb, registry=reg, prefix=f"bench-{uuid.uuid4().hex[:8]}",
                      redis_url=url)
    nolog = ToolExecutor(settings, store, appdb, registry=reg, log_calls=False,
                         prefix=f"bench-{uuid.uuid4().hex[:8]}", redis_url=url)
    results[f"{backend}: no-op tool, full pipeline (log included)"] = timed(
        lambda: ex.execute("bench_noop", {"symbol": "NQ"}, USER), calls)
    results[f"{backend}: no-op tool, without the execution log"] = timed(
        lambda: nolog.execute("bench_noop", {"symbol": "NQ"}, USER), calls)
    results[f"{backend}: cacheable no-op, cache hit (version query + read)"] = timed(
        lambda: ex.execute("bench_noop_cached", {"symbol": "NQ"}, USER), calls)
    results[f"{backend}: get_price NQ, cache hit"] = timed(
        lambda: ex.execute("bench_get_price", {"symbol": "NQ"}, USER), calls)
    results[f"{backend}: data version (instruments + fundamentals)"] = timed(
        lambda: data_version(store, appdb), calls)
    spec = reg.get("get_price")
    results[f"{backend}: get_price NQ, handler direct (no executor)"] = timed(
        lambda: spec.handler(ex._context(USER, {}), spec.params(symbol="NQ")), max(200, calls // 10))
    ex.flush_log()
    appdb.close()
    return results


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=2000)
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="askbar-bench-tools-"))
    store = DuckDBStore(work / "market.duckdb")
    load_file(store, DATA / "nq_1min_firstrate/NQ_1min_sample.csv", "NQ")
    results: dict[str, dict] = {}
    for backend in ("memory", "redis"):
        results.update(run_backend(backend, store, work, args.calls))
    store.close()
    print(json.dumps(results, indent=1))
    (ROOT / "benchmarks" / "results_tools.json").write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
