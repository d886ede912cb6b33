"""Export times per format (issue 43), in process on the real data: build (the trace's plan run
again on the store, the chart) and render, p50 / max over --repeat runs after a warm-up.

    python benchmarks/exports.py [--repeat 5] [--home DIR]

A fresh ASKBAR_HOME gets NQ (1-min sample) and SPX (daily, 1927-) loaded; the requests are asked
in process with the offline provider, as `askbar ask` does.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DATA = ROOT.parent / "shared" / "data"
QUESTIONS = ["NQ stats for November 2023", "SPX stats from 2000 to 2019",
             "how many days did SPX fall more than 3% from 2000 to 2019"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--home")
    args = ap.parse_args()
    home = Path(args.home or tempfile.mkdtemp(prefix="askbar-bench-exports-"))
    os.environ["ASKBAR_HOME"] = str(home)
    from agent.cli.main import main as cli

    if not (home / "market.duckdb").exists():
        cli(["load", str(DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv"), "--symbol", "NQ"])
        cli(["load", str(DATA / "sp500_daily" / "chainins_GSPC.csv"), "--symbol", "SPX"])
    from agent.cli import traced
    from agent.deps import build_deps
    from agent.exports import render, request
    from agent.server.charts import chart_payload
    from agent.service import open_session
    from agent.storage.traces import TraceStore

    deps = build_deps()
    with open_session(deps) as session:
        ids = [traced.ask(session, q).request_id for q in QUESTIONS]
    traces = TraceStore(deps.settings)
    print(f"| question | rows | {' | '.join(f'{f} p50 / max ms' for f in render.FORMATS)} | bytes (csv, xlsx, ipynb) |")
    print("|---|---|---|---|---|---|")
    for q, rid in zip(QUESTIONS, ids):
        record = traces.get(rid)
        cells, sizes, rows = [], [], 0
        for fmt in render.FORMATS:
            times = []
            for i in range(args.repeat + 1):
                t0 = time.perf_counter()
                data = request.build(traces, deps.store, record, chart_payload)
                body = render.render(data, fmt, "http://127.0.0.1:8000")
                if i:
                    times.append((time.perf_counter() - t0) * 1000)
            rows = sum(len(s.rows) for s in data.steps)
            cells.append(f"{statistics.median(times):.0f} / {max(times):.0f}")
            sizes.append(f"{len(body):,}")
        print(f"| {q} | {rows:,} | {' | '.join(cells)} | {', '.join(sizes)} |")


if __name__ == "__main__":
    main()
