"""A worker that dies holding tasks: another takes them over, and /metrics counts them
(`tool_registry_redelivered_tasks_total`), since their external call may already have run once (the
probe saw 24 of 200 called twice, with the same Idempotency-Key)."""
from __future__ import annotations

import threading
import uuid

from prometheus_client import CollectorRegistry, generate_latest

from agent.registry.queues import stream_name
from agent.registry.stats import registry_collector
from tests.agent.registry.conftest import tenant_user
from tests.agent.registry.test_timeout_is_the_tools import TenMsTools


def test_tasks_taken_over_from_a_dead_worker_are_counted(tmp_path):
    from agent.registry.service import Registry
    from agent.registry.task_batch import TaskBatch
    from agent.registry.worker import start_workers
    from agent.settings import Settings
    from agent.storage.appdb import AppDB

    settings = Settings(home=tmp_path, redis_url=None, registry_visibility_timeout_s=0.5,
                        registry_namespace=uuid.uuid4().hex)
    db = AppDB(settings)
    reg = Registry.open(settings, builtin=TenMsTools(), db=db)
    user, other = tenant_user(), tenant_user()
    ids = [reg.enqueue_execution(user, "ping", {"n": i}).task_id for i in range(3)]
    fine = reg.enqueue_execution(other, "ping", {"n": 9}).task_id
    # a worker reads and claims the first tenant's three tasks, then dies without a trace
    got = reg.queue.read("dead-worker", [stream_name("tool_execution", user.tenant_id)], 16, 0)
    assert len(got) == 3
    assert set(TaskBatch(db).claim(ids, "dead-worker", 0.4)) == set(ids)
    stop = threading.Event()
    threads = start_workers(reg, 1, stop)
    try:
        tasks = [reg.wait(t, 30) for t in [*ids, fine]]
    finally:
        stop.set()
        for t in threads:
            t.join(10)
    assert all(t is not None and t["status"] == "completed" for t in tasks), tasks
    own = CollectorRegistry()
    own.register(registry_collector(settings, lambda: reg))
    text = generate_latest(own).decode()
    line = f'tool_registry_redelivered_tasks_total{{tenant_id="{user.tenant_id}"}} 3.0'
    assert line in text, text
    assert f'tool_registry_redelivered_tasks_total{{tenant_id="{other.tenant_id}"}}' not in text
    reg.close()
    db.close()
