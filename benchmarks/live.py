"""Benchmark (live market data): the live ingest path and alert latency.

1. Ingest rate, both engines: a store holding the first half of the real SPY 1-min file (24,860
   bars) takes the next bars through agent/live/append.py one bar per call (what a feed does on a
   quiet symbol), and in batches of 100 (a busy feed, a replay, a gap fill). Bars/s, ms per call,
   and CPU per 1,000 bars: this process (client) and, on Postgres, the backend serving it (read
   from /proc of the backend's pid: same machine).
2. Alert latency: a real `askbar serve` (a subprocess; DuckDB, or Postgres + Redis), 100 users with
   10 price alerts each (1,000 alerts at levels the next bars cross), one SSE stream
   (GET /api/notifications) per user; the bars are POSTed to /api/bars one a request, paced;
   latency = a notification's arrival on its user's stream - the start of the POST of the bar
   that fired it. p50/p95/p99 over every fired alert.

    python benchmarks/live.py [--engines duckdb,postgres] [--bars 500] [--latency-engines duckdb] [--users 100]
    (BENCH_LIVE_REDIS=0: Postgres without Redis; BENCH_LIVE_DRAIN_S: how long to wait for the last
    notifications; BENCH_LIVE_LOG=FILE: keep the server's log)
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
import psycopg
from psycopg import sql

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agent.live.append import append_bars  # noqa: E402
from agent.live.bars import LiveBar, to_ndjson  # noqa: E402
from agent.market.ingest import load_file  # noqa: E402

SPY = ROOT.parent / "shared" / "data" / "spy_1min_2024" / "SPY_1min.csv"
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
REDIS = "redis://127.0.0.1:6379/0"


def spy_bars():
    import pandas as pd

    raw = pd.read_csv(SPY)
    ts = pd.to_datetime(raw["datetime"], utc=True).dt.tz_convert(None)
    return [LiveBar(symbol="SPY", ts=t.to_pydatetime(), open=o, high=h, low=lo, close=c, volume=v)
            for t, o, h, lo, c, v in zip(ts, raw["open"], raw["high"], raw["low"], raw["close"], raw["volume"])]


def new_pg() -> str:
    name = "bench_live_" + uuid.uuid4().hex[:8]
    with psycopg.connect(PG_ADMIN, autocommit=True) as c:
        c.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return f"postgresql://postgres@127.0.0.1:5432/{name}"


def drop_pg(url: str) -> None:
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(PG_ADMIN, autocommit=True) as c:
        c.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def backend_cpu(store) -> float:
    """CPU seconds of the pool's one backend (Postgres on this machine)."""
    pid = store.query("SELECT pg_backend_pid() AS p")[0]["p"]
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def ingest(engine: str, bars: list[LiveBar], n: int, tmp: Path) -> dict:
    half = len(bars) // 2
    csv = tmp / "first.csv"
    with open(csv, "w") as f:
        f.write("timestamp,open,high,low,close,volume\n")
        for b in bars[:half]:
            f.write(f"{b.ts.isoformat()}+00:00,{b.open},{b.high},{b.low},{b.close},{b.volume}\n")
    out = {"engine": engine}
    for mode, size in (("one bar a call", 1), ("batches of 100", 100)):
        url = None
        if engine == "duckdb":
            from agent.market.duckdb_store import DuckDBStore
            store = DuckDBStore(tmp / f"{uuid.uuid4().hex[:6]}.duckdb")
        else:
            from agent.market.postgres_store import PostgresStore
            url = new_pg()
            store = PostgresStore(url, max_size=1)
        try:
            load_file(store, csv, "SPY", tz="UTC")
            live = bars[half:half + n]
            b0 = backend_cpu(store) if engine == "postgres" else 0.0
            c0, t0 = time.process_time(), time.perf_counter()
            for i in range(0, len(live), size):
                append_bars(store, live[i:i + size])
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            server = backend_cpu(store) - b0 if engine == "postgres" else None
            out[mode] = {"bars": len(live), "bars_per_s": round(len(live) / wall, 1),
                         "ms_per_call": round(wall / (len(live) / size) * 1000, 2),
                         "client_cpu_s_per_1000": round(cpu / len(live) * 1000, 3),
                         "server_cpu_s_per_1000": round(server / len(live) * 1000, 3) if server is not None else None}
        finally:
            store.close()
            if url:
                drop_pg(url)
    return out


# ---- alert latency --------------------------------------------------------------------------------
_SERVE = "import sys; from agent.cli.main import main; sys.exit(main(['serve', '--port', sys.argv[1]]))"


def _port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def latency(engine: str, bars: list[LiveBar], tmp: Path, users_n: int = 100, per_user: int = 10,
            pace_s: float = 0.05) -> dict:
    from agent.identity.users import UserStore
    from agent.settings import Settings
    from agent.storage.appdb import AppDB
    from agent.trading import service
    from agent.trading.params import CreateAlert

    home = tmp / f"home_{engine}"
    home.mkdir()
    secret = "bench-secret-" + "x" * 40
    env = {**os.environ, "ASKBAR_HOME": str(home), "PYTHONPATH": str(ROOT), "ASKBAR_JWT_SECRET": secret,
           "ASKBAR_RATE_LIMIT": "100000/minute"}
    env.pop("ASKBAR_DATABASE_URL", None)
    env.pop("ASKBAR_REDIS_URL", None)
    url = None
    if engine == "postgres":
        url = new_pg()
        env.update(ASKBAR_DATABASE_URL=url)
        if os.environ.get("BENCH_LIVE_REDIS", "1") == "1":
            env["ASKBAR_REDIS_URL"] = REDIS
    settings = Settings(home=home, database_url=url, redis_url=env.get("ASKBAR_REDIS_URL"))
    users = UserStore(AppDB(settings))
    made = [users.add(f"u{i:03d}", tenant="bench", plan="pro") for i in range(users_n)]
    from agent.market.duckdb_store import DuckDBStore
    from agent.market.postgres_store import PostgresStore
    store = DuckDBStore(home / "market.duckdb") if engine == "duckdb" else PostgresStore(url, max_size=2)
    history, live = bars[:3000], bars[3000:3300]
    append_bars(store, history)
    # 1,000 levels the next bars cross, each first crossed by a known bar: above the running high
    # since the last stored close (>=), or below the running low (<=)
    rng, spans = random.Random(7), []
    top = bottom = history[-1].close
    for b in live:
        if b.high > top:
            spans.append((">=", top, b.high))
            top = b.high
        if b.low < bottom:
            spans.append(("<=", b.low, bottom))
            bottom = b.low
    for k, (user, _token) in enumerate(made):
        for j in range(per_user):
            cond, lo, hi = rng.choice(spans)
            service.create_alert(store, user, CreateAlert(symbol="SPY", condition=cond,
                                                          price=round(rng.uniform(lo, hi), 4)))
    store.close()
    from agent.identity.service_tokens import issue
    admin = issue(secret, made[0][0].user_id, "bench", ["admin", "read"])
    port = _port()
    log = open(tmp / f"serve_{engine}.log", "wb")
    proc = subprocess.Popen([sys.executable, "-c", _SERVE, str(port)], cwd=ROOT, env=env, stdout=log,
                            stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 90
        while True:
            try:
                if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.time() > deadline or proc.poll() is not None:
                raise RuntimeError((tmp / f"serve_{engine}.log").read_text()[-2000:])
            time.sleep(0.2)
        out = asyncio.run(_measure(base, admin, made, live, users_n * per_user, pace_s))
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
    if os.environ.get("BENCH_LIVE_LOG"):
        import shutil
        shutil.copy(tmp / f"serve_{engine}.log", os.environ["BENCH_LIVE_LOG"])
    try:   # what the store says fired (the server is stopped: DuckDB's file is free)
        store = DuckDBStore(home / "market.duckdb") if engine == "duckdb" else PostgresStore(url, max_size=1)
        out["fired_in_store"] = store.query("SELECT count(*) AS n FROM user_notifications")[0]["n"]

        store.close()
    finally:
        if url:
            drop_pg(url)
    return out


async def _measure(base: str, admin: str, made, live: list[LiveBar], expected: int, pace_s: float) -> dict:
    arrivals: list[tuple[float, str]] = []     # (monotonic time, bar_ts)
    per_user: dict[str, int] = {}
    statuses: list[int] = []
    ready = 0

    async def listen(token: str) -> None:
        nonlocal ready
        async with httpx.AsyncClient(timeout=None) as c:
            async with c.stream("GET", base + "/api/notifications", headers={"Authorization": f"Bearer {token}"}) as r:
                ready += 1
                statuses.append(r.status_code)
                data = None
                async for line in r.aiter_lines():
                    if line.startswith("data:"):
                        data = json.loads(line[5:])
                    elif line == "" and data is not None:
                        if "bar_ts" in data:
                            arrivals.append((time.monotonic(), str(data["bar_ts"])[:16].replace("T", " ")))
                            per_user[token] = per_user.get(token, 0) + 1
                        data = None

    tasks = [asyncio.create_task(listen(tok)) for _, tok in made]
    while ready < len(made):
        await asyncio.sleep(0.05)
    await asyncio.sleep(1.0)
    sent: dict[str, float] = {}
    answered: dict[str, float] = {}            # when the POST of that bar returned (ingest done)
    async with httpx.AsyncClient(timeout=60) as c:
        for b in live:
            key = f"{b.ts:%Y-%m-%d %H:%M}"
            sent[key] = time.monotonic()
            r = await c.post(base + "/api/bars", content=to_ndjson([b]),
                             headers={"Content-Type": "application/x-ndjson", "Authorization": f"Bearer {admin}"})
            r.raise_for_status()
            answered[key] = time.monotonic()
            await asyncio.sleep(pace_s)
            if len(arrivals) >= expected:
                break
        deadline = time.monotonic() + float(os.environ.get("BENCH_LIVE_DRAIN_S", 10))
        while len(arrivals) < expected and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
    for t in tasks:
        t.cancel()
    lat = sorted((t - sent[k]) * 1000 for t, k in arrivals if k in sent)
    q = statistics.quantiles(lat, n=100) if len(lat) > 1 else [float("nan")] * 99
    # the two parts of each alert's latency: the POST (ingest, evaluation, commit) of its bar, and
    # from the POST's answer to the stream (the notification reader and the SSE fan-out)
    post = sorted((answered[k] - sent[k]) * 1000 for _, k in arrivals if k in answered)
    after = sorted((t - answered[k]) * 1000 for t, k in arrivals if k in answered)
    qp = statistics.quantiles(post, n=100) if len(post) > 1 else [float("nan")] * 99
    qa = statistics.quantiles(after, n=100) if len(after) > 1 else [float("nan")] * 99
    return {"alerts": expected, "fired_seen": len(lat), "users": len(made), "bars_posted": len(sent),
            "p50_ms": round(q[49], 1), "p95_ms": round(q[94], 1), "p99_ms": round(q[98], 1),
            "max_ms": round(lat[-1], 1) if lat else None,
            "post_p50_p99_ms": [round(qp[49], 1), round(qp[98], 1)],
            "after_post_p50_p99_ms": [round(qa[49], 1), round(qa[98], 1)],
            "statuses": sorted(set(statuses)),
            "seen_per_user_min_max": [min(per_user.get(t, 0) for _, t in made), max(per_user.get(t, 0) for _, t in made)]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--engines", default="duckdb,postgres")
    ap.add_argument("--latency-engines", default="duckdb,postgres")
    ap.add_argument("--bars", type=int, default=500)
    ap.add_argument("--users", type=int, default=100)
    args = ap.parse_args()
    bars = spy_bars()
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for engine in filter(None, args.engines.split(",")):
            print(json.dumps({"ingest": ingest(engine, bars, args.bars, tmp)}), flush=True)
        for engine in filter(None, args.latency_engines.split(",")):
            print(json.dumps({"latency": {"engine": engine, **latency(engine, bars, tmp, users_n=args.users)}}), flush=True)


if __name__ == "__main__":
    main()
