"""Tool Registry Service throughput: tasks/s through Redis Streams with N worker processes.

    python benchmarks/registry.py [--tasks 2000] [--delay-ms 10] [--workers 1,2]

Needs PostgreSQL and Redis on 127.0.0.1 (as every machine here). Each run: a fresh database, a
fresh namespace, a real HTTP tool (the test stub) taking --delay-ms per call; N async tasks are
enqueued, then the workers start. Two clocks: "run" from the first task leaving `queued` to the
last one finished (the workers' throughput), and "with start-up" from starting the processes
(interpreter and imports included, what an operator scaling out pays).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402
from cryptography.fernet import Fernet  # noqa: E402

from agent.storage.appdb import AppDB  # noqa: E402
from agent.registry.envelope import TenantToolConfig  # noqa: E402
from agent.registry.service import Registry  # noqa: E402
from agent.registry.worker import Worker  # noqa: E402
from agent.settings import Settings  # noqa: E402
from tests.agent.registry.conftest import tenant_user  # noqa: E402
from tests.agent.registry.external_stub import Stub  # noqa: E402

ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
SCHEMA = {"type": "object", "properties": {"a": {"type": "number"}}, "required": ["a"]}


def run(n_workers: int, n_tasks: int, delay_ms: float, home: Path,
        keep_alive: bool = True) -> tuple[float, float]:
    name = "askbar_bench_" + uuid.uuid4().hex[:8]
    with psycopg.connect(ADMIN, autocommit=True) as c:
        c.execute(psycopg.sql.SQL("CREATE DATABASE {}").format(psycopg.sql.Identifier(name)))
    stub = Stub(keep_alive=keep_alive)
    stub.delay_s = delay_ms / 1000
    s = Settings(home=home, redis_url="redis://127.0.0.1:6379/0",
                 database_url=ADMIN.rsplit("/", 1)[0] + "/" + name,
                 registry_allowed_hosts=f"127.0.0.1:{stub.port}",
                 registry_namespace=uuid.uuid4().hex, registry_key=Fernet.generate_key().decode())
    db = AppDB(s)
    reg = Registry.open(s, db=db)
    env = {**os.environ, "ASKBAR_HOME": str(home), "ASKBAR_REDIS_URL": s.redis_url,
           "ASKBAR_DATABASE_URL": s.database_url,
           "ASKBAR_REGISTRY_ALLOWED_HOSTS": s.registry_allowed_hosts,
           "ASKBAR_REGISTRY_NAMESPACE": s.registry_namespace, "ASKBAR_REGISTRY_KEY": s.registry_key}
    user = tenant_user()
    tool = TenantToolConfig(id="calc", name="Calc", schema=SCHEMA, endpoint=f"{stub.base}/ok")
    reg_task = reg.enqueue_registration(user, tool, "k").task_id
    Worker(reg, block_ms=10).poll_once()        # the connection test, before any execution
    assert reg.tasks.get(reg_task)["status"] == "completed"
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda i: reg.enqueue_execution(user, "calc", {"a": i}), range(n_tasks)))
    queued = reg.tasks.counts().get("queued", 0)     # executions (+ a discovery task, if any)
    cmd = [sys.executable, "-c", "import sys; from agent.cli.main import main; sys.exit(main())",
           "registry", "worker"]
    t0 = time.perf_counter()
    procs = [subprocess.Popen(cmd, env=env, cwd=ROOT, stderr=subprocess.DEVNULL)
             for _ in range(n_workers)]
    first = None
    try:
        while True:
            counts = reg.tasks.counts()
            if first is None and counts.get("queued", 0) < queued:
                first = time.perf_counter()
            if counts.get("completed", 0) + counts.get("failed", 0) >= queued + 1:
                break
            time.sleep(0.02)
        done = time.perf_counter()
        assert reg.tasks.counts().get("failed", 0) == 0, reg.tasks.counts()
    finally:
        for p in procs:
            p.terminate()
            p.wait(10)
        reg.close()
        db.close()
        stub.close()
        with psycopg.connect(ADMIN, autocommit=True) as c:
            c.execute(psycopg.sql.SQL("DROP DATABASE {} WITH (FORCE)").format(
                psycopg.sql.Identifier(name)))
    return n_tasks / (done - (first or t0)), n_tasks / (done - t0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tasks", type=int, default=2000)
    ap.add_argument("--delay-ms", type=float, default=10.0)
    ap.add_argument("--workers", default="1,2", help="worker counts to run, e.g. 1,2,3")
    ap.add_argument("--no-keep-alive", action="store_true",
                    help="the tool answers HTTP/1.0 (a new connection per call)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    home = ROOT / "benchmarks" / ".work" / "registry"
    home.mkdir(parents=True, exist_ok=True)
    out = {}
    for n in (int(x) for x in a.workers.split(",")):
        tps, with_start = run(n, a.tasks, a.delay_ms, home, keep_alive=not a.no_keep_alive)
        out[n] = {"tasks_per_s": round(tps, 1), "with_startup": round(with_start, 1)}
    if a.json:
        print(json.dumps({"tasks": a.tasks, "delay_ms": a.delay_ms, "workers": out}))
    else:
        for n, r in out.items():
            print(f"{n} worker(s): {r['tasks_per_s']} tasks/s ({r['with_startup']} with start-up; "
                  f"{a.tasks} tasks, tool {a.delay_ms:g} ms)")


if __name__ == "__main__":
    main()
