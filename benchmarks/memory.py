"""Benchmark (issue 15): what memory adds to a question.

1. Graph hooks per question, as the graph runs them: the understander's memory history (summary +
   window), the usual-symbol default (on the half of the questions that lack a symbol) and the
   remember node queueing the turn's learning; questions arrive THINK_S apart. The queued work
   itself (thread record, long-term lessons, short-term activity) is timed separately.
2. The full context for a Gemini prompt: build (concurrent parts + market status) + compression +
   system prompt, on the same thread.
3. End to end: the offline graph over real data (NQ, SPY) with memory, and with the memory hooks
   replaced by no-ops; p50 per question of both.
Backends: embedded (SQLite store, in-process STM) and production (Postgres store, Redis) with
--production.

    python benchmarks/memory.py [--questions 200] [--production]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import uuid
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agent.deps import build_deps
from agent.identity.models import User
from agent.memory import hooks
from agent.memory.service import Memory
from agent.memory.system_prompt import build_system_prompt
from agent.settings import Settings
from agent.state import Intent

DATA = ROOT.parent / "shared" / "data"
USER = User(user_id=f"bench-{uuid.uuid4().hex[:6]}", tenant_id="bench", name="bench", plan="pro")
THINK_S = 0.05   # questions arrive at least 50 ms apart (a user reads and types for seconds)
CLAIMS = [{"type": "high", "value": 16208.5, "date": "2023-11-29", "symbol": "NQ", "period": "2023-11"},
          {"type": "low", "value": 15837.25, "date": "2023-11-20", "symbol": "NQ", "period": "2023-11"}]


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def fmt(name: str, ms: list[float]) -> str:
    return f"| {name} | {statistics.median(ms):.2f} | {pct(ms, 0.95):.2f} |"


def bench_hooks(settings: Settings, store, n: int) -> tuple[list[float], list[float]]:
    deps = build_deps(settings, store=store)
    deps.user = USER
    mem = deps.services.memory        # the world's memory, the one the hooks read
    mem.ltm.set_preferences(USER, {"usual_symbol": "NQ"})
    hook_ms, ctx_ms = [], []
    history: list[dict] = []
    for i in range(n + 5):
        state = {"session_id": "bench-thread", "question": f"q{i}", "disclaimers": []}
        intent = Intent(type="data", lang="en", needs_clarification=i % 2 == 0,
                        missing=["symbol"] if i % 2 == 0 else [], symbol=None if i % 2 == 0 else "SPY")
        t0 = time.perf_counter()
        h = hooks.memory_history(state, None, deps, history[-10:])
        filled, _ = hooks.memory_defaults(state, deps, intent)
        mem.learn_turn_later(USER, "bench-thread", f"I usually trade NQ: stats for month {i % 12}",
                       "NQ answer " * 30, {"type": "data", "symbol": filled.symbol, "symbols": [filled.symbol],
                                           "analysis": "stats", "period": {"label": "2023-11"}}, CLAIMS)
        t1 = time.perf_counter()
        ctx = mem.context(USER, "bench-thread", symbols=[filled.symbol or "NQ", "SPY", "BTCUSD"])
        packed = mem.compressed(ctx, deps.provider)
        build_system_prompt(packed.context)
        t2 = time.perf_counter()
        history += [{"role": "user", "content": f"q{i}"}, {"role": "assistant", "content": "a" * 200}]
        assert h is not None
        if i >= 5:   # warm-up: calendars, store connections, tiktoken
            hook_ms.append((t1 - t0) * 1000)
            ctx_ms.append((t2 - t1) * 1000)
        time.sleep(THINK_S)
    mem.forget(USER)
    deps.services.close()
    return hook_ms, ctx_ms


def bench_writer(settings: Settings, n: int) -> list[float]:
    """The queued work itself (on the writer thread): one learned turn."""
    mem, out = Memory(settings), []
    for i in range(n + 5):
        t0 = time.perf_counter()
        mem.learn_turn(USER, "bench-writer", f"I usually trade NQ: stats for month {i % 12}", "a" * 300,
                       {"type": "data", "symbol": "NQ", "symbols": ["NQ"], "analysis": "stats",
                        "period": {"label": "2023-11"}}, CLAIMS)
        if i >= 5:
            out.append((time.perf_counter() - t0) * 1000)
    mem.forget(USER)
    mem.close()
    return out


def bench_end_to_end(settings: Settings, store, n: int) -> tuple[list[float], list[float]]:
    from langgraph.checkpoint.memory import InMemorySaver

    from agent.service import Session

    questions = ["NQ stats for November 2023", "SPY high in March 2024", "NQ low in November 2023",
                 "SPY stats for April 2024"]

    def run(label: str) -> list[float]:
        deps = build_deps(settings, store=store)
        deps.user = USER
        s = Session(deps, InMemorySaver())
        out = []
        for i in range(n + 3):
            t0 = time.perf_counter()
            r = s.ask(questions[i % len(questions)], thread_id=f"{label}-{i // 10}")
            assert r.status == "answered", r.response
            if i >= 3:
                out.append((time.perf_counter() - t0) * 1000)
            time.sleep(THINK_S)
        deps.services.memory.forget(USER)
        deps.services.close()
        return out

    with_memory = run("with")
    # Memory off: the understander's hooks (imported at call time) and the remember node's work.
    saved = (hooks.memory_history, hooks.memory_defaults, Memory.learn_turn)
    hooks.memory_history = lambda state, config, deps, history: history
    hooks.memory_defaults = lambda state, deps, intent: (intent, {})
    Memory.learn_turn = lambda self, *a, **k: None
    try:
        without = run("without")
    finally:
        hooks.memory_history, hooks.memory_defaults, Memory.learn_turn = saved
    return with_memory, without


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--questions", type=int, default=200)
    ap.add_argument("--e2e", type=int, default=40)
    ap.add_argument("--production", action="store_true", help="also Postgres store + Redis")
    args = ap.parse_args()
    from agent.market.duckdb_store import DuckDBStore
    from agent.market.ingest import load_file

    tmp = Path(tempfile.mkdtemp(prefix="askbar-bench-mem-"))
    store = DuckDBStore(tmp / "market.duckdb")
    for rel, sym in [("nq_1min_firstrate/NQ_1min_sample.csv", "NQ"), ("spy_1min_2024/SPY_1min.csv", "SPY")]:
        load_file(store, DATA / rel, sym)
    backends = {"embedded": Settings(home=tmp, now=date(2023, 12, 15),
                                     memory_key_prefix=f"bench-{uuid.uuid4().hex[:6]}:")}
    if args.production:
        import psycopg
        from psycopg import sql

        name = f"askbar_bench_{uuid.uuid4().hex[:8]}"
        with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as c:
            c.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        backends["production"] = Settings(home=tmp, now=date(2023, 12, 15),
                                          database_url=f"postgresql://postgres@127.0.0.1:5432/{name}",
                                          redis_url="redis://127.0.0.1:6379/0",
                                          memory_key_prefix=f"bench-{uuid.uuid4().hex[:6]}:")
    print("| measurement (ms per question) | p50 | p95 |\n|---|---|---|")
    for name, settings in backends.items():
        Memory(settings)  # create tables once
        hook_ms, ctx_ms = bench_hooks(settings, store, args.questions)
        print(fmt(f"{name}: graph hooks (history + default + learn)", hook_ms))
        print(fmt(f"{name}: full context + compression + system prompt", ctx_ms))
        print(fmt(f"{name}: queued learning of one turn (writer thread, off the answer path)",
                  bench_writer(settings, args.questions // 2)))
        with_m, without = bench_end_to_end(settings, store, args.e2e)
        print(fmt(f"{name}: end to end, with memory", with_m))
        print(fmt(f"{name}: end to end, memory hooks off", without))
        print(f"| {name}: end-to-end difference of p50s | "
              f"{statistics.median(with_m) - statistics.median(without):.2f} | |")
    store.close()


if __name__ == "__main__":
    main()
