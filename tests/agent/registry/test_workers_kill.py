"""kill -9 of an `askbar registry worker` with tasks in its hands (real Redis, Postgres, HTTP tool):
another worker takes them over within 15 s (XAUTOCLAIM after the default 5 s idle time; leases are
renewed by a heartbeat, not sized for three retries), every task completes, the external API
executes each task once (the Idempotency-Key is the task id) and each result is delivered once."""
from __future__ import annotations

import signal
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from agent.registry.envelope import TenantToolConfig
from agent.registry.queues import stream_name
from tests.agent.registry.conftest import tenant_user
from tests.agent.registry.procs import deployment, start_worker, stop_workers, ts
from tests.agent.registry.test_worker import SCHEMA

N_TASKS = 400


def test_killed_workers_tasks_reclaimed_within_15_s_and_run_once(tmp_path, stub, pg_database_factory):
    reg, db, env = deployment(tmp_path, stub, pg_database_factory(), registry_concurrency=16)
    assert reg.settings.registry_visibility_timeout_s == 5.0        # the default, not shortened
    user = tenant_user()
    logs = [open(tmp_path / f"worker{i}.log", "wb") for i in range(3)]
    procs = [start_worker(env, log) for log in logs]
    try:
        tool = TenantToolConfig(id="calc", name="Calc", schema=SCHEMA, endpoint=f"{stub.base}/ok",
                                timeout_ms=3000)
        assert reg.wait(reg.enqueue_registration(user, tool, "s3cret").task_id, 60)["status"] == "completed"
        stub.delay_s = 0.05                 # each worker holds up to 16 calls in flight
        with ThreadPoolExecutor(4) as pool:
            tasks = list(pool.map(lambda i: reg.enqueue_execution(
                user, "calc", {"a": i}, priority=i % 10).task_id, range(N_TASKS)))
        while len(stub.executed) < N_TASKS // 4:
            time.sleep(0.01)
        victim = procs[0]
        victim.send_signal(signal.SIGKILL)
        killed_at = time.time()
        victim.wait(10)
        held = [r["task_id"] for r in db.execute(
            "SELECT task_id FROM registry_tasks WHERE status = %s AND kind = %s AND worker LIKE %s",
            ("running", "execute", f"%-{victim.pid}-%"))]
        assert held, "the killed worker held no task: the test proves nothing"
        deadline = time.time() + 60
        # wait for these executions themselves: a count over every task row (the registration and
        # whatever else completed) once ended the wait while a held task's lease still ran
        while time.time() < deadline and db.execute(
                "SELECT count(*) AS n FROM registry_tasks WHERE kind = %s AND status = %s",
                ("execute", "completed"))[0]["n"] < N_TASKS:
            time.sleep(0.2)
        statuses = Counter(reg.tasks.get(t)["status"] for t in tasks)
        assert statuses == {"completed": N_TASKS}, _stuck(db, reg, user, procs, tmp_path, statuses)
        taken_over = max(ts(reg.tasks.get(t)["updated_at"]) for t in held) - killed_at
        print(f"killed worker held {len(held)} tasks; all done {taken_over:.1f} s after the kill")
        assert taken_over < 15, f"the killed worker's tasks finished {taken_over:.1f} s after the kill"
        # One execution per task at the external API. A request is repeated only by a task's
        # second run (a takeover of the killed worker's task, or a retry after a transient
        # error), never more often than the task was claimed, and the key made it a no-op.
        assert set(stub.executed) == set(tasks) and len(stub.order) == N_TASKS
        rows = {t: reg.tasks.get(t) for t in tasks}
        assert all(stub.keys[t] <= rows[t]["attempts"] for t in tasks)
        assert all(stub.keys[t] == 1 for t in tasks if rows[t]["attempts"] == 1)
        assert all(rows[t]["attempts"] >= 2 for t in held)
        for i, t in enumerate(tasks):
            assert reg.tasks.get(t)["result"] == {"echo": {"a": i}, "sum": i}
        deadline = time.time() + 30
        while time.time() < deadline and not all(reg.tasks.get(t)["delivered"] for t in tasks):
            time.sleep(0.5)
        delivered = Counter(e.task_id for e in reg.queue.entries(
            stream_name("orchestrator_callbacks", user.tenant_id)))
        assert all(delivered[t] == 1 for t in tasks), [t for t in tasks if delivered[t] != 1][:5]
        assert reg.queue.depth(stream_name("tool_execution", user.tenant_id)) == 0
    finally:
        stop_workers(procs)
        for log in logs:
            log.close()
        reg.close()
        db.close()


def _stuck(db, reg, user, procs, tmp_path, statuses) -> str:
    """What a failure needs to be diagnosed: the unfinished tasks' rows (which worker holds them,
    its lease, attempts), the queue's pending messages, which workers live, their logs' ends."""
    rows = db.execute("SELECT task_id, status, worker, lease_until, attempts, updated_at FROM registry_tasks "
                      "WHERE status <> %s AND kind = %s", ("completed", "execute"))
    stream = stream_name("tool_execution", user.tenant_id)
    pending = reg.queue.r.xpending(stream, "tool-registry")
    alive = {p.pid: p.poll() is None for p in procs}
    tails = {f.name: f.read_text(errors="replace").splitlines()[-15:] for f in sorted(tmp_path.glob("worker*.log"))}
    return (f"{statuses}; now {time.time():.1f}; unfinished rows {rows}; pending {pending}; "
            f"workers alive {alive}; worker logs {tails}")
