"""A task's timeout is the tool's, not the queue's (the probe: 10 of 400 tasks of a 10 ms tool ended
TOOL_EXECUTION_TIMEOUT because they waited behind the queue): the clock starts when the handler
starts. A 10 ms built-in tool with a 150 ms timeout, 400 tasks at once on workers whose slots
outnumber the handler threads: every task completes."""
from __future__ import annotations

import threading
import time
import uuid
from typing import Any

from agent.identity.models import User
from tests.agent.registry.conftest import tenant_user

TASKS = 400


class TenMsTools:
    """A built-in tool that takes 10 ms (the probe's keep-alive tool)."""

    def list(self, user: User) -> list[dict[str, Any]]:
        return [{"tool_id": "ping", "tool_name": "ping", "description": "10 ms"}]

    def find(self, tool_id: str) -> dict[str, Any] | None:
        return self.list(None)[0] if tool_id == "ping" else None   # type: ignore[arg-type]

    def admit(self, user: User, tool_id: str, params: dict[str, Any]) -> dict[str, Any]:
        return {"success": True, "data": None, "metadata": {}, "error": None}

    def execute(self, user: User, tool_id: str, params: dict[str, Any], *,
                admitted: bool = False) -> dict[str, Any]:
        time.sleep(0.01)
        return {"success": True, "data": {"pong": params.get("n")}, "metadata": {}, "error": None}

    def close(self) -> None:
        return None


def test_a_short_tool_never_times_out_because_the_queue_is_long(tmp_path):
    from agent.registry.service import Registry
    from agent.registry.worker import start_workers
    from agent.settings import Settings
    from agent.storage.appdb import AppDB

    settings = Settings(home=tmp_path, redis_url=None, registry_concurrency=256, registry_batch=256,
                        registry_namespace=uuid.uuid4().hex)
    db = AppDB(settings)
    reg = Registry.open(settings, builtin=TenMsTools(), db=db)
    reg.timeout_ms = lambda user, tool_id: 150         # the tool's own timeout: 15x its run time
    users = [tenant_user(), tenant_user()]
    ids = [reg.enqueue_execution(users[i % 2], "ping", {"n": i}).task_id for i in range(TASKS)]
    stop = threading.Event()
    threads = start_workers(reg, 2, stop)
    try:
        tasks = [reg.wait(t, 120) for t in ids]
    finally:
        stop.set()
        for t in threads:
            t.join(10)
        reg.close()
        db.close()
    assert all(t is not None for t in tasks), "tasks left unfinished"
    failed = [t["error"]["code"] for t in tasks if t["status"] != "completed"]
    assert failed == [], f"{len(failed)} of {TASKS} failed: {sorted(set(failed))}"
    assert [t["result"]["pong"] for t in tasks] == list(range(TASKS))
