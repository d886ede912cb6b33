"""Server benchmark on loopback with the offline provider: N concurrent chats over real HTTP/SSE.

    python benchmarks/serve.py                      # temp home with the shared data, 50 chats
    python benchmarks/serve.py --chats 50 --redis redis://127.0.0.1:6379/0
    python benchmarks/serve.py --url http://127.0.0.1:8000   # an already running server

Prints: p50/p99 time to first event and to `done` for the concurrent burst, errors, lost events
(gaps or duplicates in event ids, or a replay via GET /api/runs/{id}/stream that differs), and the
sequential (one client, warm) end-to-end latency per question kind.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
SETS = [("nq_1min_firstrate/NQ_1min_sample.csv", "NQ"), ("spy_1min_2024/SPY_1min.csv", "SPY"),
        ("btc_perp_1min/btc-perp-20211231-20220201_1m.csv", "BTCUSD"), ("sp500_daily/chainins_GSPC.csv", "SPX")]
QUESTIONS = {
    "one_month": ["NQ stats for November 2023", "Статистика SPY за март 2024",
                  "Estadísticas de BTCUSD en enero de 2022"],
    "ten_years": ["SPX statistics from 2000 to 2010"],
    "events": ["How many days did SPY rise more than 1% in 2024?"],
    "concept": ["What is RSI?"],
}


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


async def chat(client: httpx.AsyncClient, question: str) -> dict:
    t0 = time.perf_counter()
    out = {"question": question, "first": None, "done": None, "events": [], "status": None, "error": None}
    try:
        async with client.stream("POST", "/api/chat", json={"question": question}) as r:
            if r.status_code != 200:
                out["error"] = f"HTTP {r.status_code}"
                return out
            ev: dict = {}
            async for line in r.aiter_lines():
                if line.startswith(("id:", "event:", "data:")):
                    field, _, value = line.partition(":")
                    ev[field] = value.strip()
                    if out["first"] is None:
                        out["first"] = time.perf_counter() - t0
                elif line == "" and "event" in ev:
                    out["events"].append((int(ev["id"]), ev["event"]))
                    if ev["event"] in ("done", "error"):
                        out["done"] = time.perf_counter() - t0
                        data = json.loads(ev["data"])
                        out["status"] = data.get("status") if ev["event"] == "done" else None
                        out["request_id"] = data.get("request_id")
                        out["error"] = None if ev["event"] == "done" else data.get("message")
                        out["run_id"] = out.get("run_id") or r.headers.get("x-run-id")
                    ev = {}
    except Exception as exc:  # noqa: BLE001 - a benchmark counts failures
        out["error"] = f"{type(exc).__name__}: {exc}"
    return out


async def lost_events(client: httpx.AsyncClient, res: dict) -> int:
    ids = [i for i, _ in res["events"]]
    lost = len(ids) - len(set(ids)) + (max(ids) - len(set(ids)) if ids else 0)
    if res.get("run_id"):
        replay = []
        async with client.stream("GET", f"/api/runs/{res['run_id']}/stream") as r:
            async for line in r.aiter_lines():
                if line.startswith("id:"):
                    replay.append(int(line[3:]))
        lost += 0 if replay == ids else 1
    return lost


async def burst(url: str, n: int) -> dict:
    limits = httpx.Limits(max_connections=n * 2, max_keepalive_connections=n * 2)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        questions = [q for qs in QUESTIONS.values() for q in qs]
        t0 = time.perf_counter()
        results = await asyncio.gather(*(chat(client, questions[i % len(questions)]) for i in range(n)))
        wall = time.perf_counter() - t0
        lost = sum([await lost_events(client, r) for r in results])
    firsts = [r["first"] * 1000 for r in results if r["first"] is not None]
    dones = [r["done"] * 1000 for r in results if r["done"] is not None]
    errors = [r for r in results if r["error"] or r["status"] in (None, "error")]
    return {"chats": n, "wall_s": round(wall, 2), "first_event_ms_p50": round(pct(firsts, 50), 1),
            "first_event_ms_p99": round(pct(firsts, 99), 1), "done_ms_p50": round(pct(dones, 50), 1),
            "done_ms_p99": round(pct(dones, 99), 1), "errors": len(errors), "lost_events": lost,
            "error_samples": [e["error"] for e in errors[:3]]}


async def sequential(url: str, reps: int) -> dict:
    out = {}
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        for kind, qs in QUESTIONS.items():
            times = []
            for i in range(reps):
                r = await chat(client, qs[i % len(qs)])
                if r["done"] is not None and not r["error"]:
                    times.append(r["done"] * 1000)
            out[kind] = {"p50_ms": round(pct(times, 50), 1), "p99_ms": round(pct(times, 99), 1), "n": len(times)}
    return out


def prepare_home(home: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from agent.market.duckdb_store import DuckDBStore
    from agent.market.ingest import load_file

    store = DuckDBStore(home / "market.duckdb")
    try:
        for rel, symbol in SETS:
            load_file(store, DATA / rel, symbol)
    finally:
        store.close()


def start_server(home: Path, port: int, redis_url: str | None, database_url: str | None = None,
                 log_name: str = "server.log") -> subprocess.Popen:
    """`askbar serve` on `home`: embedded (DuckDB + SQLite) unless `database_url` (production:
    Postgres for market data, checkpoints and traces; Redis buffers with `redis_url`)."""
    env = {**os.environ, "ASKBAR_HOME": str(home), "ASKBAR_LLM": "offline"}
    env.pop("ASKBAR_DATABASE_URL", None)
    env.pop("ASKBAR_REDIS_URL", None)
    if database_url:
        env["ASKBAR_DATABASE_URL"] = database_url
    if redis_url:
        env["ASKBAR_REDIS_URL"] = redis_url
    proc = subprocess.Popen([sys.executable, "-m", "agent.cli.serve", "serve", "--port", str(port)], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=open(home / log_name, "wb"))
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not start: see " + str(home / log_name))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chats", type=int, default=50)
    ap.add_argument("--reps", type=int, default=20, help="sequential requests per question kind")
    ap.add_argument("--url", help="benchmark a running server instead of starting one")
    ap.add_argument("--redis", help="run the server with Redis run buffers (ASKBAR_REDIS_URL)")
    ap.add_argument("--port", type=int, default=8765)
    args = ap.parse_args()
    proc, home = None, None
    url = args.url
    if not url:
        home = Path(tempfile.mkdtemp(prefix="askbar-bench-"))
        t0 = time.perf_counter()
        prepare_home(home)
        print(f"loaded the shared data in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
        proc = start_server(home, args.port, args.redis)
        url = f"http://127.0.0.1:{args.port}"
    try:
        asyncio.run(burst(url, 5))  # warm up (imports, caches, connections)
        report = {"buffer": "redis" if args.redis else "memory",
                  "sequential": asyncio.run(sequential(url, args.reps)),
                  "concurrent": asyncio.run(burst(url, args.chats))}
    finally:
        if proc:
            proc.terminate()
            proc.wait(30)
        if home:
            shutil.rmtree(home, ignore_errors=True)
    print(json.dumps(report, indent=2, ensure_ascii=False))
    c = report["concurrent"]
    print(f"\n{c['chats']} concurrent chats ({report['buffer']} buffers): first event p50 {c['first_event_ms_p50']} ms, "
          f"p99 {c['first_event_ms_p99']} ms; done p50 {c['done_ms_p50']} ms, p99 {c['done_ms_p99']} ms; "
          f"errors {c['errors']}, lost events {c['lost_events']}")
    for kind, s in report["sequential"].items():
        print(f"sequential {kind}: p50 {s['p50_ms']} ms, p99 {s['p99_ms']} ms (n={s['n']})")
    return 1 if c["errors"] or c["lost_events"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
