"""Fair per tenant (issue 29): with two `askbar registry worker` processes on Redis + Postgres, one
tenant's flood of queued tasks does not stand in front of another tenant's task: that task is done
within a second of being queued, while most of the flood is still waiting."""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

from agent.registry.envelope import TenantToolConfig
from tests.agent.registry.conftest import tenant_user
from tests.agent.registry.procs import deployment, start_worker, stop_workers, ts
from tests.agent.registry.test_worker import SCHEMA

FLOOD = 1500


def _registered(reg, user, stub, tool_id, path):
    tool = TenantToolConfig(id=tool_id, name=tool_id, schema=SCHEMA, endpoint=f"{stub.base}{path}")
    task = reg.wait(reg.enqueue_registration(user, tool, None).task_id, 60)
    assert task is not None and task["status"] == "completed", task


def _done(reg, tenant_id) -> int:
    return reg.db.one("SELECT count(*) AS n FROM registry_tasks WHERE tenant_id = %s AND kind = %s "
                      "AND status = %s", (tenant_id, "execute", "completed"))["n"]


def test_a_flooding_tenant_does_not_delay_another(tmp_path, stub, pg_database_factory):
    reg, db, env = deployment(tmp_path, stub, pg_database_factory())
    acme, globex = tenant_user(), tenant_user()
    procs = [start_worker(env) for _ in range(2)]
    try:
        _registered(reg, acme, stub, "flood", "/slow")    # acme's API answers in 1 s
        _registered(reg, globex, stub, "quote", "/ok")
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(lambda i: reg.enqueue_execution(acme, "flood", {"a": i, "sleep": 1.0}),
                          range(FLOOD)))
        while _done(reg, acme.tenant_id) < 50:      # the workers are busy with acme's backlog
            time.sleep(0.01)
        queued_at = time.time()
        task_id = reg.enqueue_execution(globex, "quote", {"a": 7}).task_id
        task = reg.wait(task_id, 30)
        assert task is not None and task["status"] == "completed" and task["result"]["sum"] == 7
        took = ts(task["updated_at"]) - queued_at
        left = FLOOD - _done(reg, acme.tenant_id)
        assert left > FLOOD // 3, f"acme's backlog was nearly done ({left} left): nothing was shown"
        assert took < 1.0, f"globex waited {took:.2f} s behind acme's {left} queued tasks"
    finally:
        stop_workers(procs)
        reg.close()
        db.close()
