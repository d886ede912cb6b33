"""Registry tasks in the application database: the single source of truth for a task's status.

Idempotency: a worker runs a task only after winning `CLAIM_TASK` (queued, or running with an expired
lease), so a duplicate message of a task that is running or finished never runs the tool again; only
the worker that wins `FINISH_TASK` publishes the result, so results are delivered once (a crash
between finishing and publishing is repaired by `undelivered()`).
"""
from __future__ import annotations

import json
import time
from datetime import datetime, timezone
from typing import Any, Literal

from agent.identity.models import User
from agent.storage.appdb import AppDB

TaskStatus = Literal["queued", "running", "completed", "failed"]
TaskKind = Literal["execute", "register", "discover"]

INSERT_TASK = """
INSERT INTO registry_tasks (task_id, tenant_id, user_id, user_json, tool_id, kind, status, priority,
                            request, created_at, updated_at)
VALUES (%s, %s, %s, %s, %s, %s, 'queued', %s, %s, %s, %s)
"""
CLAIM_TASK = """
UPDATE registry_tasks SET status = 'running', worker = %s, lease_until = %s,
       attempts = attempts + 1, updated_at = %s
WHERE task_id = %s AND (status = 'queued' OR (status = 'running' AND lease_until < %s))
RETURNING task_id, tenant_id, attempts, user_json
"""
FINISH_TASK = """
UPDATE registry_tasks SET status = %s, result = %s, error = %s, execution_time_ms = %s,
       lease_until = NULL, updated_at = %s
WHERE task_id = %s AND status = 'running' AND worker = %s
RETURNING task_id, tenant_id, tool_id, kind, status, request, result, error, delivered,
          execution_time_ms
"""
MARK_DELIVERED = "UPDATE registry_tasks SET delivered = 1, updated_at = %s WHERE task_id = %s"
SELECT_TASK = """
SELECT task_id, tenant_id, user_id, user_json, tool_id, kind, status, priority, attempts, request,
       result, error, delivered, execution_time_ms, created_at, updated_at
FROM registry_tasks WHERE task_id = %s
"""
SELECT_UNDELIVERED = """
SELECT task_id FROM registry_tasks
WHERE delivered = 0 AND status IN ('completed', 'failed') AND updated_at < %s
ORDER BY updated_at LIMIT 100
"""
SELECT_STALE_RUNNING = """
SELECT task_id, kind, request FROM registry_tasks
WHERE status = 'running' AND lease_until < %s ORDER BY updated_at LIMIT 100
"""
SELECT_QUEUED = """
SELECT task_id, kind, request FROM registry_tasks WHERE status = 'queued' ORDER BY created_at
"""
RECORD_CALLBACK = """
UPDATE registry_tasks SET status = %s, result = %s, error = %s, execution_time_ms = %s,
       delivered = 1, lease_until = NULL, updated_at = %s
WHERE task_id = %s AND status NOT IN ('completed', 'failed')
RETURNING task_id
"""
COUNT_BY_STATUS = "SELECT status, COUNT(*) AS n FROM registry_tasks GROUP BY status"


def _iso(ts: float | None = None) -> str:
    return datetime.fromtimestamp(ts or time.time(), timezone.utc).isoformat()


def _load(row: dict[str, Any] | None) -> dict[str, Any] | None:
    if row is None:
        return None
    out = dict(row)
    for k in ("request", "result", "error", "user_json"):
        if isinstance(out.get(k), str):
            out[k] = json.loads(out[k])
    out["delivered"] = bool(out.get("delivered"))
    return out


class TaskStore:
    def __init__(self, db: AppDB):
        self.db = db

    def create(self, task_id: str, user: User, tool_id: str, kind: TaskKind, priority: int,
               request: dict[str, Any]) -> None:
        now = _iso()
        self.db.execute(INSERT_TASK, (task_id, user.tenant_id, user.user_id, user.model_dump_json(),
                                      tool_id, kind, priority, json.dumps(request), now, now))

    def claim(self, task_id: str, worker: str, lease_s: float) -> dict[str, Any] | None:
        """The claimed task (tenant_id, attempts, user_json) when this worker may run it now;
        None when it must not (finished, running on a live worker, or unknown)."""
        now = time.time()
        return _load(self.db.one(CLAIM_TASK, (worker, now + lease_s, _iso(now), task_id, now)))

    def finish(self, task_id: str, worker: str, status: TaskStatus, result: Any = None,
               error: dict | None = None,
               execution_time_ms: float | None = None) -> dict[str, Any] | None:
        """The finished task when this worker recorded the outcome; None when another did."""
        return _load(self.db.one(FINISH_TASK, (status, None if result is None else json.dumps(result),
                                               None if error is None else json.dumps(error),
                                               execution_time_ms, _iso(), task_id, worker)))

    def mark_delivered(self, task_id: str) -> None:
        self.db.execute(MARK_DELIVERED, (_iso(), task_id))

    def get(self, task_id: str) -> dict[str, Any] | None:
        return _load(self.db.one(SELECT_TASK, (task_id,)))

    def get_for(self, task_id: str, tenant_id: str) -> dict[str, Any] | None:
        """The task if it belongs to this tenant; None otherwise (the API answers 404 for both)."""
        task = self.get(task_id)
        return task if task and task["tenant_id"] == tenant_id else None

    def get_owned(self, task_id: str, user: User) -> dict[str, Any] | None:
        """The task if it is this user's (inside a tenant too); None otherwise."""
        task = self.get(task_id)
        ok = task and task["tenant_id"] == user.tenant_id and task["user_id"] == user.user_id
        return task if ok else None

    def undelivered(self, older_than_s: float) -> list[str]:
        return [r["task_id"] for r in self.db.execute(SELECT_UNDELIVERED,
                                                      (_iso(time.time() - older_than_s),))]

    def stale_running(self, grace_s: float) -> list[dict[str, Any]]:
        """Running tasks whose lease expired more than `grace_s` ago (their worker died)."""
        return [t for r in self.db.execute(SELECT_STALE_RUNNING, (time.time() - grace_s,))
                if (t := _load(r)) is not None]

    def queued(self) -> list[dict[str, Any]]:
        """Every task waiting for a worker (re-published when Redis lost its streams)."""
        return [t for r in self.db.execute(SELECT_QUEUED) if (t := _load(r)) is not None]

    def record_callback(self, task_id: str, env: Any) -> bool:
        """Record an outcome posted by an external registry; False when one was already recorded."""
        payload = env.payload or {}
        ok = env.status == "completed"
        row = self.db.one(RECORD_CALLBACK, (
            "completed" if ok else "failed",
            json.dumps(payload.get("result")) if ok else None,
            None if ok else json.dumps(payload.get("error")),
            env.metadata.execution_time_ms, _iso(), task_id))
        return row is not None

    def counts(self) -> dict[str, int]:
        return {r["status"]: int(r["n"]) for r in self.db.execute(COUNT_BY_STATUS)}
