"""Bursts of concurrent chats on two production servers (Postgres + Redis), with and without a
coverage refresh in the middle of the burst.

    python benchmarks/serve_burst.py [--chats 100] [--rounds 3] [--refresh-s 1] [--big]

The four shared data sets are loaded into a fresh Postgres database (dropped afterwards), two
`askbar serve` processes run on it with Redis run buffers and the offline provider, and each
round sends `--chats` chats at once, alternating between the two servers (the questions of
benchmarks/serve.py: months, ten years, events, a concept). Per round: a quiet burst, then a
burst during which another process loads a file (a new symbol), so that both servers' periodic
checks (every --refresh-s) see the coverage version move and read the coverage again, mid-burst.
Reported per kind of burst: time to the first event and to `done` (p50, p99), errors, and how
long the load took. The coverage reads themselves are counted from the servers' logs.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve import DATA, QUESTIONS, ROOT, SETS, chat, pct, start_server  # noqa: E402
from serve_targets import create_database, drop_database, free_port  # noqa: E402

sys.path.insert(0, str(ROOT))


def load_sets(url: str, big: bool) -> None:
    from agent.market.ingest import load_file
    from agent.market.postgres_store import PostgresStore

    store = PostgresStore(url)
    try:
        for rel, symbol in SETS:
            load_file(store, DATA / rel, symbol)
        if big:   # 5,258,880 more 1-min bars: what made the old coverage count slow (issue 31)
            from serve_targets import synthetic_csv

            load_file(store, synthetic_csv(10, "24h"), "BENCH_A", session="24h", tz="UTC")
    finally:
        store.close()


def load_in_background(url: str, symbol: str, out: dict) -> threading.Thread:
    """Another process's load (its own store and connections), timed."""
    def work() -> None:
        from agent.market.ingest import load_file
        from agent.market.postgres_store import PostgresStore

        store = PostgresStore(url, max_size=2)
        try:
            t0 = time.perf_counter()
            load_file(store, DATA / "btc_perp_1min/btc-perp-20211231-20220201_1m.csv", symbol)
            out["load_s"] = round(time.perf_counter() - t0, 2)
        finally:
            store.close()
    thread = threading.Thread(target=work)
    thread.start()
    return thread


async def burst(urls: list[str], n: int) -> dict:
    limits = httpx.Limits(max_connections=n * 2, max_keepalive_connections=n * 2)
    questions = [q for qs in QUESTIONS.values() for q in qs]
    clients = [httpx.AsyncClient(base_url=u, timeout=120, limits=limits) for u in urls]
    try:
        t0 = time.perf_counter()
        results = await asyncio.gather(*(chat(clients[i % len(clients)], questions[i % len(questions)])
                                         for i in range(n)))
        wall = time.perf_counter() - t0
    finally:
        for c in clients:
            await c.aclose()
    firsts = [r["first"] * 1000 for r in results if r["first"] is not None]
    dones = [r["done"] * 1000 for r in results if r["done"] is not None]
    errors = [r for r in results if r["error"] or r["status"] in (None, "error")]
    return {"wall_s": round(wall, 2), "first_p50": pct(firsts, 50), "first_p99": pct(firsts, 99),
            "done_p50": pct(dones, 50), "done_p99": pct(dones, 99), "errors": len(errors),
            "error_samples": [e["error"] or e["status"] for e in errors[:3]]}


def summarize(runs: list[dict]) -> dict:
    keys = ("first_p50", "first_p99", "done_p50", "done_p99")
    out = {k: round(sorted(r[k] for r in runs)[len(runs) // 2], 1) for k in keys}
    out["worst_done_p99"] = round(max(r["done_p99"] for r in runs), 1)
    out["errors"] = sum(r["errors"] for r in runs)
    out["load_avg"] = [round(r["load_avg"], 1) for r in runs]
    out["samples"] = [s for r in runs for s in r["error_samples"]][:3]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chats", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--refresh-s", type=float, default=1.0, help="the servers' coverage check interval")
    ap.add_argument("--pg-admin", default=os.environ.get("ASKBAR_TEST_PG_ADMIN_URL",
                                                         "postgresql://postgres@127.0.0.1:5432/postgres"))
    ap.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    ap.add_argument("--big", action="store_true", help="also 10 years of 1-min bars (BENCH_A, 5.26M)")
    args = ap.parse_args()
    os.environ["ASKBAR_RATE_LIMIT"] = "100000/minute"
    os.environ["ASKBAR_MAX_QUEUED_RUNS"] = str(args.chats)     # a burst is queued, not refused
    os.environ["ASKBAR_MAX_USER_RUNS"] = str(args.chats)
    os.environ["ASKBAR_COVERAGE_REFRESH_S"] = str(args.refresh_s)
    homes = [Path(tempfile.mkdtemp(prefix="askbar-burst-")) for _ in range(2)]
    url = create_database(args.pg_admin)
    procs = []
    quiet, during, loads = [], [], []
    try:
        load_sets(url, args.big)
        ports = [free_port() for _ in homes]
        for home, port in zip(homes, ports):
            procs.append(start_server(home, port, args.redis, url))
        urls = [f"http://127.0.0.1:{p}" for p in ports]
        asyncio.run(burst(urls, 10))   # warm up: imports, pools, caches
        for i in range(args.rounds):
            quiet.append({**asyncio.run(burst(urls, args.chats)), "load_avg": os.getloadavg()[0]})
            out: dict = {}
            loader = load_in_background(url, f"BTCX{i}", out)
            during.append({**asyncio.run(burst(urls, args.chats)), "load_avg": os.getloadavg()[0]})
            loader.join()
            loads.append(out.get("load_s"))
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(30)
        drop_database(args.pg_admin, url)
    reads = []
    for home in homes:
        log = (home / "server.log").read_text(errors="replace")
        reads.append(log.count("coverage refresh failed"))
        shutil.rmtree(home, ignore_errors=True)
    report = {"chats": args.chats, "rounds": args.rounds, "refresh_s": args.refresh_s,
              "quiet": summarize(quiet), "with_load_and_refresh": summarize(during),
              "background_load_s": loads, "refresh_failures": reads, "cpus": os.cpu_count()}
    print(json.dumps(report, indent=1))
    for name in ("quiet", "with_load_and_refresh"):
        s = report[name]
        print(f"{name}: first event p50 {s['first_p50']} / p99 {s['first_p99']} ms; done p50 {s['done_p50']} / "
              f"p99 {s['done_p99']} ms (worst round {s['worst_done_p99']}); errors {s['errors']}; "
              f"load average {s['load_avg']}")
    return 1 if report["quiet"]["errors"] or report["with_load_and_refresh"]["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
