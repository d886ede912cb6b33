"""Postgres work per question in production: statements, connections and transactions.

    python benchmarks/pg_roundtrips.py [--reps 5] [--redis redis://127.0.0.1:6379/0]

A private PostgreSQL (benchmarks/private_pg.py) logs every statement (log_statement=all,
log_connections=on, the backend pid on each line). NQ 1-min and SPX daily from ../shared/data are
loaded, `askbar serve` runs on it (offline provider, Postgres for market data, checkpoints, traces
and users; Redis run buffers when --redis is given), and each question is asked over HTTP after
three warm-up rounds. Between two questions the script waits until the log is quiet, so the
count includes what a question writes after `done` (turn state, traces). Per question class
(median over the reps): statements, backends that ran them (connections used), connections
opened, explicit transactions (BEGIN) and the kinds of statements.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from private_pg import private_postgres  # noqa: E402
from serve import DATA, ROOT, chat, start_server  # noqa: E402
from serve_targets import free_port  # noqa: E402

sys.path.insert(0, str(ROOT))
QUESTIONS = {
    "month": "NQ stats for November 2023",
    "ten_years": "SPX statistics from 2010 to 2019",
    "events": "After SPX rose more than 2% in a day from 2010 to 2019, what happened over the next 5 trading days?",
}
LINE = re.compile(r"^\S+ \S+ \S+ \[(\d+)\] \d+ LOG:  (statement|execute [^:]*): (.*)$")


def load(url: str) -> None:
    from agent.market.ingest import load_file
    from agent.market.postgres_store import PostgresStore

    store = PostgresStore(url)
    try:
        load_file(store, DATA / "nq_1min_firstrate/NQ_1min_sample.csv", "NQ")
        load_file(store, DATA / "sp500_daily/chainins_GSPC.csv", "SPX")
    finally:
        store.close()


def kind(sql: str) -> str:
    words = sql.strip().split()
    head = " ".join(words[:3]).upper()
    for key in ("SET_CONFIG('STATEMENT_TIMEOUT'", "SET LOCAL", "BEGIN", "COMMIT", "ROLLBACK"):
        if key in head.replace(" ", "") or head.startswith(key):
            return key.lower()
    m = re.search(r"\b(INSERT INTO|UPDATE|DELETE FROM|FROM)\s+(\w+)", sql, re.I)
    verb = words[0].upper() if words else "?"
    return f"{verb} {m.group(2)}" if m else verb


PREFIX = re.compile(r"^\d{4}-\d\d-\d\d \d")


def statements_of(text: str) -> list[tuple[str, str]]:
    """(backend pid, statement text) per logged statement; a statement's later lines are joined."""
    out: list[tuple[str, str]] = []
    current: list | None = None
    for line in text.splitlines():
        if PREFIX.match(line):
            m = LINE.match(line)
            current = [m.group(1), m.group(3)] if m else None
            if current:
                out.append(current)  # type: ignore[arg-type]
        elif current is not None:
            current[1] += " " + line.strip()
    return [(pid, " ".join(sql.split())) for pid, sql in out]


def parse(text: str) -> dict:
    pids, kinds, lines = set(), Counter(), []
    found = statements_of(text)
    for pid, sql in found:
        pids.add(pid)
        kinds[kind(sql)] += 1
        lines.append(f"[{pid}] {sql[:160]}")
    return {"lines": lines, "statements": len(found), "backends": len(pids),
            "connections_opened": text.count("connection authorized"), "begin": kinds["begin"],
            "kinds": dict(kinds.most_common())}


async def quiet(pg, offset: int, settle_s: float = 0.4) -> str:
    """The log since `offset`, once nothing was added to it for `settle_s`."""
    size, still = pg.log_size(), time.perf_counter()
    while time.perf_counter() - still < settle_s:
        await asyncio.sleep(0.05)
        if pg.log_size() != size:
            size, still = pg.log_size(), time.perf_counter()
    return pg.log_since(offset)


async def measure(pg, url: str, reps: int) -> dict:
    per: dict[str, list[dict]] = {k: [] for k in QUESTIONS}
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        for _ in range(3):
            for q in QUESTIONS.values():
                await chat(client, q)
        await quiet(pg, pg.log_size(), 1.0)
        for _ in range(reps):
            for name, q in QUESTIONS.items():
                start = pg.log_size()
                r = await chat(client, q)
                if r["status"] != "answered":
                    raise SystemExit(f"{name}: {r['status']} {r['error']}")
                per[name].append(parse(await quiet(pg, start)))
    out = {}
    for name, runs in per.items():
        out[name] = {k: statistics.median(r[k] for r in runs)
                     for k in ("statements", "backends", "connections_opened", "begin")}
        out[name]["kinds_of_one"] = runs[-1]["kinds"]
        out[name]["statements_of_one"] = runs[-1]["lines"]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--redis", default=None, help="Redis URL for run buffers (production)")
    ap.add_argument("--dump", action="store_true", help="print one question's statements per class")
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="askbar-rt-"))
    os.environ["ASKBAR_RATE_LIMIT"] = "100000/minute"
    proc = None
    try:
        with private_postgres(log_statements=True) as pg:
            load(pg.url)
            port = free_port()
            proc = start_server(home, port, args.redis, pg.url)
            report = asyncio.run(measure(pg, f"http://127.0.0.1:{port}", args.reps))
            proc.terminate()
            proc.wait(30)
            proc = None
    finally:
        if proc:
            proc.kill()
        shutil.rmtree(home, ignore_errors=True)
    if args.dump:
        print(json.dumps(report, indent=1))
    for name, r in report.items():
        print(f"{name}: {r['statements']:g} statements on {r['backends']:g} connections "
              f"({r['connections_opened']:g} opened), {r['begin']:g} explicit transactions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
