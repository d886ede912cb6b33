"""Load with faults (issue 25): `askbar serve` on its OWN Postgres and Redis (private instances on
other ports, started and stopped here; the shared ones are never touched), offline provider.

    python benchmarks/faults.py [--streams 400] [--redis-outage-s 30]

Phases, each N concurrent chats over real HTTP/SSE:
  1. plain load: every stream must end with `done` (or a told error event / HTTP 4xx-503 for a
     refused one); a stream with no final event is "lost";
  2. the private Redis is stopped for --redis-outage-s seconds, 2 s into the load: every answered
     run must also be in the database (GET /api/threads/{id} has the same response);
  3. the private Postgres is restarted 2 s into the load; then, once it accepts connections, 60
     sequential requests (chat, thread, data, registry list): each must succeed;
  4. Redis loses its data (FLUSHALL, as a restart without persistence) 2 s into the load, while
     registry tasks (two in-server workers), paper orders and alerts are submitted, each with its
     own Idempotency-Key and retried once on a failure: after recovery every task finished once,
     and each key holds exactly one order / alert (none lost, none duplicated).
Prints one JSON object with the counts and timings.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DATA = ROOT.parent / "shared" / "data"
QUESTIONS = ["NQ stats for November 2023", "Статистика NQ за ноябрь 2023",
             "Estadísticas de NQ en noviembre de 2023", "What is RSI?"]


async def chat(client: httpx.AsyncClient, question: str) -> dict:
    out: dict = {"final": None, "status": None, "http": None, "thread_id": None, "response": None,
                 "run_id": None, "events": []}
    try:
        async with client.stream("POST", "/api/chat", json={"question": question}) as r:
            out["http"], out["run_id"] = r.status_code, r.headers.get("x-run-id")
            if r.status_code != 200:
                await r.aread()
                out["final"] = "refused"
                return out
            ev: dict = {}
            async for line in r.aiter_lines():
                if line.startswith(("event:", "data:")):
                    field, _, value = line.partition(":")
                    ev[field] = value.strip()
                elif line == "" and "event" in ev:
                    out["events"].append(ev["event"])
                    if ev["event"] in ("done", "error"):
                        data = json.loads(ev["data"])
                        out.update(final=ev["event"], status=data.get("status"),
                                   thread_id=data.get("thread_id"), response=data.get("response"))
                    ev = {}
    except Exception as exc:  # noqa: BLE001 - a benchmark counts failures
        out["final"] = out["final"] or f"exception {type(exc).__name__}: {exc}"[:200]
    return out


async def burst(url: str, n: int, during=None) -> tuple[list[dict], float]:
    limits = httpx.Limits(max_connections=n + 10, max_keepalive_connections=n + 10)
    async with httpx.AsyncClient(base_url=url, timeout=300, limits=limits) as client:
        t0 = time.perf_counter()
        tasks = [asyncio.create_task(chat(client, QUESTIONS[i % len(QUESTIONS)])) for i in range(n)]
        if during is not None:
            await during()
        results = await asyncio.gather(*tasks)
        return results, time.perf_counter() - t0


def summary(results: list[dict]) -> dict:
    finals: dict[str, int] = {}
    for r in results:
        key = r["final"] if r["final"] != "refused" else f"refused HTTP {r['http']}"
        finals[str(key)] = finals.get(str(key), 0) + 1
    return {"streams": len(results), "finals": finals,
            "answered": sum(r["status"] == "answered" for r in results),
            "lost (no final event)": sum(_lost(r) for r in results),
            # what a lost stream saw, to find its run in the server's log
            "lost streams": [{k: r[k] for k in ("run_id", "http", "final", "events")}
                             for r in results if _lost(r)][:5]}


def _lost(r: dict) -> bool:
    return r["final"] is None or str(r["final"]).startswith("exception")


def kept_in_db(url: str, results: list[dict]) -> dict:
    answered = [r for r in results if r["final"] == "done" and r["status"] == "answered"]
    missing = 0
    with httpx.Client(base_url=url, timeout=60) as c:
        for r in answered:
            view = c.get(f"/api/threads/{r['thread_id']}")
            if view.status_code != 200 or (view.json().get("result") or {}).get("response") != r["response"]:
                missing += 1
    return {"answered": len(answered), "answers missing from the database": missing}


def sequential_after_restart(url: str, n: int = 60) -> dict:
    failed, kinds = [], ["chat", "thread", "data", "registry"]
    thread = None
    with httpx.Client(base_url=url, timeout=120) as c:
        for i in range(n):
            kind = kinds[i % len(kinds)]
            try:
                if kind == "chat":
                    r = c.post("/api/chat", json={"question": QUESTIONS[0]})
                    ok = r.status_code == 200 and "event: done" in r.text and '"answered"' in r.text
                    for line in r.text.splitlines():
                        if line.startswith("data:") and '"thread_id"' in line:
                            thread = json.loads(line[5:]).get("thread_id") or thread
                elif kind == "thread":
                    r = c.get(f"/api/threads/{thread}") if thread else c.get("/api/data")
                    ok = r.status_code == 200
                elif kind == "data":
                    r = c.get("/api/data")
                    ok = r.status_code == 200
                else:
                    r = c.get("/api/v1/tools", headers={"X-Tenant-ID": "local"})
                    ok = r.status_code == 200
            except httpx.HTTPError as exc:
                ok, r = False, exc
            if not ok:
                failed.append((i, kind, getattr(r, "status_code", str(r))))
    return {"requests after Postgres is back": n, "failed": len(failed), "first failures": failed[:5]}


async def keyed_work(url: str, n: int) -> dict:
    """n registry tasks, n/4 orders and n/4 alerts, each with its own key (retried once)."""
    import uuid

    async def post(c: httpx.AsyncClient, path: str, body: dict, key: str) -> httpx.Response | None:
        for _ in range(2):
            try:
                r = await c.post(path, json=body, headers={"Idempotency-Key": key, "X-Tenant-ID": "local"})
                if r.status_code < 500:
                    return r
            except httpx.HTTPError:
                pass
            await asyncio.sleep(1.0)
        return None

    keys = {"task": [uuid.uuid4().hex for _ in range(n)], "order": [uuid.uuid4().hex for _ in range(n // 4)],
            "alert": [uuid.uuid4().hex for _ in range(n // 4)]}
    jobs = [("task", "/api/v1/tools/async-execute",
             {"tool_id": "market.get_price", "parameters": {"symbol": "NQ"}}, k) for k in keys["task"]]
    jobs += [("order", "/api/tools/create_paper_order",     # buy, sell, ...: within the margin
              {"symbol": "NQ", "side": ("buy", "sell")[i % 2], "quantity": 1, "order_type": "market"}, k)
             for i, k in enumerate(keys["order"])]
    jobs += [("alert", "/api/tools/create_alert",
              {"symbol": "NQ", "condition": ">=", "price": 1e6, "message": k}, k) for k in keys["alert"]]
    limits = httpx.Limits(max_connections=64)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as c:
        sem = asyncio.Semaphore(32)

        async def one(job):
            async with sem:
                return job, await post(c, job[1], job[2], job[3])
        done = await asyncio.gather(*(one(j) for j in jobs))
        codes: dict[str, int] = {}
        for _, r in done:
            key = "no answer" if r is None else str(r.status_code)
            codes[key] = codes.get(key, 0) + 1

        def accepted(r) -> bool:
            if r is None or r.status_code >= 300:
                return False
            body = r.json()
            return bool(body.get("task_id")) if "task_id" in body else bool(body.get("success"))
        took = {kind: [job[3] for job, r in done if job[0] == kind and accepted(r)]
                for kind in ("task", "order", "alert")}
        task_ids = [r.json()["task_id"] for (kind, *_), r in done if kind == "task" and accepted(r)]
        deadline, left = time.monotonic() + 120, list(dict.fromkeys(task_ids))
        while left and time.monotonic() < deadline:
            still = []
            for t in left:
                r = await c.get(f"/api/v1/tasks/{t}", headers={"X-Tenant-ID": "local"})
                if r.status_code != 200 or r.json().get("status") not in ("completed", "failed"):
                    still.append(t)
            left = still
            if left:
                await asyncio.sleep(1.0)
        orders = (await c.get("/api/orders")).json()
        alerts = (await c.get("/api/alerts")).json()
    order_rows = orders.get("orders", []) if isinstance(orders, dict) else orders
    alert_rows = alerts.get("alerts", []) if isinstance(alerts, dict) else alerts
    notes = [a.get("message") for a in alert_rows]
    return {"requests": len(jobs), "HTTP status of each (after one retry on 5xx)": codes,
            "5xx or no answer after a retry": codes.get("no answer", 0) + sum(
                v for k, v in codes.items() if k.isdigit() and int(k) >= 500),
            "tasks accepted": len(task_ids), "tasks unfinished after 120 s": len(left),
            "orders accepted": len(took["order"]), "orders stored": len(order_rows),
            "alerts accepted": len(took["alert"]),
            "alerts lost": sum(k not in notes for k in took["alert"]),
            "alerts duplicated": sum(notes.count(k) > 1 for k in took["alert"])}


def _warnings(log: Path) -> dict[str, int]:
    """Warning and error lines of the server's log, counted by message."""
    counts: dict[str, int] = {}
    if log.exists():
        for line in log.read_text(errors="replace").splitlines():
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if rec.get("level") in ("warning", "error"):
                key = f"{rec['level']}: {rec.get('msg')}"
                counts[key] = counts.get(key, 0) + 1
    return counts


def main() -> None:
    from tests.server.private_pg import PrivatePostgres
    from tests.server.private_redis import PrivateRedis
    from tests.server.procs import ServeProcess

    ap = argparse.ArgumentParser()
    ap.add_argument("--streams", type=int, default=400)
    ap.add_argument("--redis-outage-s", type=float, default=30.0)
    ap.add_argument("--keep-log", help="copy the server's log here before the home is deleted")
    ap.add_argument("--phases", default="123", help="which phases to run, e.g. 3 (Postgres restart only)")
    args = ap.parse_args()
    pg, rd = PrivatePostgres(), PrivateRedis()
    home = Path(tempfile.mkdtemp(prefix="askbar-faults-"))
    env = {"ASKBAR_DATABASE_URL": pg.url, "ASKBAR_REDIS_URL": rd.url, "ASKBAR_HOME": str(home),
           "ASKBAR_LLM": "offline", "ASKBAR_MAX_USER_RUNS": str(args.streams + 10),
           "ASKBAR_MAX_QUEUED_RUNS": str(args.streams + 10), "ASKBAR_RATE_LIMIT": "100000/minute",
           "ASKBAR_REGISTRY_WORKERS": "2", "ASKBAR_MAX_ALERTS_PER_USER": "0",
           "ASKBAR_MAX_THREADS_PER_USER": "0"}
    out: dict = {"streams": args.streams, "cpus": os.cpu_count()}
    server = None
    try:
        subprocess.run([str(Path(sys.executable).parent / "askbar"), "load",
                        str(DATA / "nq_1min_firstrate/NQ_1min_sample.csv"), "--symbol", "NQ"],
                       cwd=ROOT, env={**os.environ, **env}, check=True, capture_output=True)
        server = ServeProcess(env, home / "serve.log").wait_ready(120)
        url = server.url
        if "1" in args.phases:
            results, secs = asyncio.run(burst(url, args.streams))
            out["1 plain load"] = {**summary(results), "seconds": round(secs, 1)}

        async def redis_outage():
            await asyncio.sleep(2)
            rd.stop()
            await asyncio.sleep(args.redis_outage_s)
            await asyncio.to_thread(rd.start)

        if "2" in args.phases:
            results, secs = asyncio.run(burst(url, args.streams, redis_outage))
            out["2 redis stopped mid-load"] = {**summary(results), "seconds": round(secs, 1),
                                               "outage_s": args.redis_outage_s,
                                               **kept_in_db(url, results)}

        async def pg_restart():
            await asyncio.sleep(2)
            await asyncio.to_thread(pg.stop)
            await asyncio.to_thread(pg.start)

        if "3" in args.phases:
            results, secs = asyncio.run(burst(url, args.streams, pg_restart))
            out["3 postgres restarted mid-load"] = {**summary(results), "seconds": round(secs, 1)}
            out["3 after the restart"] = sequential_after_restart(url)

        if "4" in args.phases:
            async def flush_under_load():
                import redis

                async def flush():
                    await asyncio.sleep(2)
                    await asyncio.to_thread(lambda: redis.Redis.from_url(rd.url).flushall())
                results, work = await asyncio.gather(burst(url, args.streams, flush),
                                                     keyed_work(url, args.streams))
                return results, work
            (results, secs), work = asyncio.run(flush_under_load())
            out["4 redis flushed mid-load"] = {**summary(results), "seconds": round(secs, 1),
                                               "keyed work": work}
    finally:
        if server is not None:
            server.stop()
        rd.stop()
        pg.close()
        out["serve log warnings"] = _warnings(home / "serve.log")
        if args.keep_log:
            shutil.copy(home / "serve.log", args.keep_log)
        shutil.rmtree(home, ignore_errors=True)
    print(json.dumps(out, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
