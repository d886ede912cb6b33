"""Offline parser speed (issue 24): time per question of understand() over the generated phrasings
(tests/agent/llm/phrasings.py), and how many phrasings the generator makes and how many read as
built, and the same for the two-part phrasings (tests/agent/llm/phrasings_parts.py) and the window,
candle and date-range phrasings (tests/agent/nlu/phrasings_windows.py). No database: the offline helpers' instruments and ranges.

    python benchmarks/parser.py [--limit N] [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agent.nlu.understand import understand  # noqa: E402
from tests.agent.llm.offline_helpers import make_ctx  # noqa: E402
from tests.agent.llm.phrasings import generate  # noqa: E402
from tests.agent.llm.phrasings_parts import generate as generate_parts  # noqa: E402
from tests.agent.llm.test_generated_parts import mismatch as parts_mismatch  # noqa: E402
from tests.agent.llm.test_generated_phrasings import mismatch  # noqa: E402
from tests.agent.nlu.phrasings_windows import generate as generate_windows  # noqa: E402
from tests.agent.nlu.phrasings_windows import mismatch as windows_mismatch  # noqa: E402


def _parts(ctx) -> dict:
    """The two-part phrasings (the token grammar's parts): how many, read as built, CPU per question."""
    cases = generate_parts()
    cpu = []
    for c in cases:
        c0 = time.process_time()
        understand(c.text, None, ctx)
        cpu.append((time.process_time() - c0) * 1000)
    cpu.sort()
    return {"parts_generated": len(cases), "parts_read_as_built": sum(1 for c in cases if not parts_mismatch(c)),
            "parts_cpu_p50_ms": round(statistics.median(cpu), 2),
            "parts_cpu_p95_ms": round(cpu[int(len(cpu) * 0.95) - 1], 2)}


def _windows() -> dict:
    """The window, candle and date-range phrasings: how many, read as built, CPU per question."""
    ctx = make_ctx("2024-06-01")
    cases = generate_windows()
    cpu, bad = [], 0
    for c in cases:
        c0 = time.process_time()
        it = understand(c.text, None, ctx)
        cpu.append((time.process_time() - c0) * 1000)
        bad += windows_mismatch(c, it) is not None
    cpu.sort()
    return {"windows_generated": len(cases), "windows_read_as_built": len(cases) - bad,
            "windows_cpu_p50_ms": round(statistics.median(cpu), 2),
            "windows_cpu_p95_ms": round(cpu[int(len(cpu) * 0.95) - 1], 2)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0, help="time only the first N phrasings (0 = all)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    cases = generate()
    timed = cases[:args.limit] if args.limit else cases
    ctx = make_ctx()
    understand(timed[0].text, None, ctx)                  # warm-up: compiled patterns, caches
    ms, cpu = [], []
    for c in timed:
        t0, c0 = time.perf_counter(), time.process_time()
        understand(c.text, None, ctx)
        cpu.append((time.process_time() - c0) * 1000)    # CPU time: less moved by the machine's load
        ms.append((time.perf_counter() - t0) * 1000)
    ms.sort()
    cpu.sort()
    misread = sum(1 for c in timed if mismatch(c))
    out = {"phrasings_generated": len(cases), "timed": len(timed), "read_as_built": len(timed) - misread,
           "p50_ms": round(statistics.median(ms), 2), "p95_ms": round(ms[int(len(ms) * 0.95) - 1], 2),
           "max_ms": round(ms[-1], 2), "mean_ms": round(statistics.fmean(ms), 2),
           "cpu_p50_ms": round(statistics.median(cpu), 2), "cpu_p95_ms": round(cpu[int(len(cpu) * 0.95) - 1], 2),
           "cpu_mean_ms": round(statistics.fmean(cpu), 2), **_parts(ctx), **_windows()}
    print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))


if __name__ == "__main__":
    main()
