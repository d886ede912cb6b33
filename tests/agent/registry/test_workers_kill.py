"""500 async tasks over 3 `askbar registry worker` processes, one killed with SIGKILL mid-way: every
task completes, the tool executes once per task, each result is delivered once (real Redis and
Postgres, a real HTTP tool)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from agent.storage.appdb import AppDB
from agent.registry.queues import stream_name
from agent.registry.service import Registry
from agent.settings import Settings
from tests.agent.registry.conftest import tenant_user
from tests.agent.registry.test_worker import register
from tests.server.conftest import REDIS_URL, require_redis

N_TASKS = 500


def _worker(env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", "import sys; from agent.cli.main import main; "
                             "sys.exit(main())", "registry", "worker"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def test_500_tasks_three_workers_one_killed(tmp_path, stub, pg_database_factory):
    from cryptography.fernet import Fernet

    redis_url = require_redis(REDIS_URL)
    settings = Settings(home=tmp_path, redis_url=redis_url, database_url=pg_database_factory(),
                        registry_allowed_hosts=f"127.0.0.1:{stub.port}",
                        registry_namespace=uuid.uuid4().hex, registry_visibility_timeout_s=2.0,
                        registry_key=Fernet.generate_key().decode(), registry_backoff_s=0.05)
    db = AppDB(settings)
    reg = Registry.open(settings, db=db)
    user = tenant_user()
    env = {**os.environ, "ASKBAR_HOME": str(tmp_path), "ASKBAR_REDIS_URL": redis_url,
           "ASKBAR_DATABASE_URL": settings.database_url,
           "ASKBAR_REGISTRY_ALLOWED_HOSTS": settings.registry_allowed_hosts,
           "ASKBAR_REGISTRY_NAMESPACE": settings.registry_namespace,
           "ASKBAR_REGISTRY_VISIBILITY_TIMEOUT_S": "2", "ASKBAR_REGISTRY_KEY": settings.registry_key,
           "ASKBAR_REGISTRY_BATCH": "4"}
    procs = [_worker(env) for _ in range(3)]
    try:
        # Registration runs on the workers too (the connection test), then 500 executions.
        from agent.registry.envelope import TenantToolConfig
        from tests.agent.registry.test_worker import SCHEMA

        # A 3 s tool timeout (the stub answers in 10 ms): the killed worker's claims are leased for
        # visibility + 3 attempts x (timeout + backoff), about 12 s instead of 48 s with the 15 s
        # default, so the survivors re-run its tasks that much sooner; the recovery path is the same.
        tool = TenantToolConfig(id="calc", name="Calc", schema=SCHEMA, endpoint=f"{stub.base}/ok",
                                timeout_ms=3000)
        assert reg.wait(reg.enqueue_registration(user, tool, "s3cret").task_id, 60)["status"] == "completed"
        stub.delay_s = 0.01
        # Enqueued from 4 threads (each enqueue is a few Postgres and Redis round trips): the
        # workers get the 500 tasks sooner, so the kill below still finds most of them pending.
        with ThreadPoolExecutor(4) as pool:
            tasks = list(pool.map(lambda i: reg.enqueue_execution(
                user, "calc", {"a": i}, priority=i % 10).task_id, range(N_TASKS)))
        while len(stub.executed) < N_TASKS // 4:
            time.sleep(0.02)
        procs[0].send_signal(signal.SIGKILL)          # kill -9 with work in its hands
        procs[0].wait(10)
        deadline = time.time() + 120
        while time.time() < deadline:
            counts = reg.tasks.counts()
            if counts.get("completed", 0) >= N_TASKS + 1:
                break
            time.sleep(0.2)
        statuses = Counter(reg.tasks.get(t)["status"] for t in tasks)
        assert statuses == {"completed": N_TASKS}, statuses
        # The tool executed once per task (one execution per Idempotency-Key = task id) ...
        assert set(stub.executed) == set(tasks) and len(stub.order) == N_TASKS
        # ... and a repeated request happened only for tasks the killed worker held.
        repeats = sum(1 for t in tasks if stub.keys[t] > 1)
        assert repeats <= 4 * 4, repeats              # at most its batch (4) per loop thread
        for t in tasks:
            assert reg.tasks.get(t)["result"] == {"echo": {"a": tasks.index(t)}, "sum": tasks.index(t)}
        # Each result delivered once on orchestrator_callbacks:{tenant}. A task the killed worker
        # finished but had not published yet is delivered by a survivor's sweep (undelivered()
        # after 10 s, swept every 5 s): wait for the sweep before counting.
        deadline = time.time() + 60
        while time.time() < deadline and not all(reg.tasks.get(t)["delivered"] for t in tasks):
            time.sleep(0.5)
        delivered = Counter(e.task_id for e in reg.queue.entries(
            stream_name("orchestrator_callbacks", user.tenant_id)))
        assert all(delivered[t] == 1 for t in tasks), [t for t in tasks if delivered[t] != 1][:5]
        assert reg.queue.depth(stream_name("tool_execution", user.tenant_id)) == 0
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
        for p in procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        reg.close()
        db.close()
