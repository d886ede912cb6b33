"""Benchmark (issue 15): what putting the user's memory into the Gemini prompts adds to a question.

`agent.memory.hooks.with_memory` as the LLM nodes call it: the first node of a request builds the
sections (context + compression + sections), the others reuse them; a provider that does not
read memory (offline) costs a getattr. Embedded memory (SQLite store, in-process short-term), a
thread of `--turns` answered turns, a fresh request id per question.

    python benchmarks/memory_prompt.py [--questions 300] [--turns 20]
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

from agent.deps import Deps
from agent.identity.models import User
from agent.llm.base import ProviderContext
from agent.memory.hooks import with_memory
from agent.services import Services
from agent.settings import Settings

USER = User(user_id=f"bench-{uuid.uuid4().hex[:6]}", tenant_id="bench", name="bench", plan="pro")
INTENT = {"type": "data", "symbol": "NQ", "symbols": ["NQ"], "period": {"label": "2023-11"}}


class ReadsMemory:
    reads_memory = True


def timed(n: int, deps: Deps, nodes: int) -> list[float]:
    out, ctx = [], ProviderContext()
    for _ in range(n):
        state = {"request_id": uuid.uuid4().hex, "session_id": "bench", "intent": INTENT}
        started = time.perf_counter()
        for _ in range(nodes):              # understander, planner, analyst
            with_memory(ctx, state, deps)
        out.append((time.perf_counter() - started) * 1000)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--questions", type=int, default=300)
    ap.add_argument("--turns", type=int, default=20)
    args = ap.parse_args()
    settings = Settings(home=Path(tempfile.mkdtemp()), now=date(2023, 12, 15),
                        memory_key_prefix=f"bench-{uuid.uuid4().hex[:6]}:")
    services = Services(settings)       # one world: the benchmark's deps read the memory it fills
    mem = services.memory
    mem.ltm.set_preferences(USER, {"usual_symbol": "NQ"})
    for i in range(args.turns):
        mem.learn_turn(USER, "bench", f"I usually trade NQ swing, stats for November 2023 ({i})",
                       "NQ closed higher in November 2023. " * 5, INTENT, [])
    for label, provider in (("gemini (reads memory)", ReadsMemory()), ("offline", object())):
        deps = Deps(settings=settings, store=None, provider=provider, user=USER, services=services)
        timed(20, deps, 3)                  # warm-up: calendars, store connection
        ms = sorted(timed(args.questions, deps, 3))
        print(f"{label}: p50 {statistics.median(ms):.2f} ms, p95 {ms[int(len(ms) * 0.95)]:.2f} ms "
              f"per question (3 LLM nodes)")
    mem.forget(USER)
    services.close()


if __name__ == "__main__":
    main()
