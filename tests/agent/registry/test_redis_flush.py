"""Redis loses its data under load (a restart without persistence, a failover, a flush): the workers
used to fail every loop with `NOGROUP No such key 'tool_execution:<tenant>'`, process nothing for
any tenant while they lived, and report nothing. Now they create the groups again, publish what the
database says is still queued, and every task finishes once. A PRIVATE redis-server is flushed; the
shared one never is."""
from __future__ import annotations

import logging
import threading
import time
import uuid

from agent.registry.envelope import TenantToolConfig
from tests.agent.registry.conftest import tenant_user
from tests.agent.registry.test_worker import SCHEMA
from tests.server.private_redis import PrivateRedis

TASKS = 240


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append(record.getMessage())


def _deployment(tmp_path, stub, database_url, redis_url):
    from agent.registry.service import Registry
    from agent.settings import Settings
    from agent.storage.appdb import AppDB

    settings = Settings(home=tmp_path, redis_url=redis_url, database_url=database_url,
                        registry_allowed_hosts=f"127.0.0.1:{stub.port}",
                        registry_namespace=uuid.uuid4().hex, registry_visibility_timeout_s=1.0)
    db = AppDB(settings)
    return Registry.open(settings, db=db), db


def _finished(reg, ids: list[str]) -> dict[str, str]:
    rows = reg.db.execute("SELECT task_id, status FROM registry_tasks WHERE kind = %s", ("execute",))
    return {r["task_id"]: r["status"] for r in rows if r["task_id"] in set(ids)}


def test_workers_recover_when_redis_loses_its_streams(tmp_path, stub, pg_database_factory):
    from agent.registry.worker import start_workers

    rd = PrivateRedis()
    reg, db = _deployment(tmp_path, stub, pg_database_factory(), rd.url)
    lines = Lines()
    logging.getLogger("askbar.registry").addHandler(lines)
    stop = threading.Event()
    threads = start_workers(reg, 2, stop)
    try:
        users = [tenant_user(), tenant_user()]
        for u in users:
            tool = TenantToolConfig(id="calc", name="Calc", schema=SCHEMA, endpoint=f"{stub.base}/slow")
            task = reg.wait(reg.enqueue_registration(u, tool, None).task_id, 30)
            assert task is not None and task["status"] == "completed", task
        ids = [reg.enqueue_execution(users[i % 2], "calc", {"a": i, "sleep": 0.02}).task_id
               for i in range(TASKS)]
        while sum(s == "completed" for s in _finished(reg, ids).values()) < 20:
            time.sleep(0.01)
        import redis

        redis.Redis.from_url(rd.url).flushall()      # streams, groups, pending entries: gone
        flushed_at = time.monotonic()
        ids += [reg.enqueue_execution(users[i % 2], "calc", {"a": i}).task_id
                for i in range(TASKS, TASKS + 20)]   # queued after the flush, too
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            status = _finished(reg, ids)
            if all(s in ("completed", "failed") for s in status.values()):
                break
            time.sleep(0.2)
        status = _finished(reg, ids)
        left = [t for t, s in status.items() if s not in ("completed", "failed")]
        assert not left, f"{len(left)} of {len(ids)} tasks never finished after the flush"
        assert all(s == "completed" for s in status.values()), status
        # each task's external call ran once (the stub counts Idempotency-Keys)
        assert all(stub.keys[t] == 1 for t in ids), {t: stub.keys[t] for t in ids if stub.keys[t] != 1}
        failures = [m for m in lines.seen if "loop failed" in m]
        assert len(failures) <= 2, f"{len(failures)} loop failures after the flush: a busy error loop"
        took = time.monotonic() - flushed_at
        consumers = reg.queue.consumers()            # both workers report again, and ok
        assert len(consumers) == 2 and all(c["ok"] for c in consumers.values()), (consumers, took)
    finally:
        stop.set()
        for t in threads:
            t.join(10)
        logging.getLogger("askbar.registry").removeHandler(lines)
        reg.close()
        db.close()
        rd.stop()
