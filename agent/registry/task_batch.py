"""Registry task bookkeeping for a batch of tasks in one statement each (the worker's hot path).

A worker claims, finishes, re-queues and marks delivered many tasks at once: one Postgres round trip
per step and batch instead of four per task (measured 8.6 tasks/s with per-task
statements). The semantics are TaskStore's (agent/registry/tasks.py): a task runs only on the
worker that won its claim, and only the worker that recorded the outcome delivers it. The id list
travels as ONE bound JSON parameter (`json_each` / `json_array_elements_text`), so the SQL is a
constant per engine whatever the batch size.
"""
from __future__ import annotations

import json
import time
from typing import Any

from agent.registry.tasks import _iso, _load
from agent.storage.appdb import AppDB

_IDS = {"postgres": "(SELECT json_array_elements_text(%s::json))",
        "sqlite": "(SELECT value FROM json_each(%s))"}

CLAIM_MANY = {e: """
UPDATE registry_tasks SET status = 'running', worker = %s, lease_until = %s,
       attempts = attempts + 1, updated_at = %s
WHERE task_id IN """ + ids + """ AND (status = 'queued' OR (status = 'running' AND lease_until < %s))
RETURNING task_id, tenant_id, attempts, user_json
""" for e, ids in _IDS.items()}
STATUS_MANY = {e: "SELECT task_id, status, lease_until FROM registry_tasks WHERE task_id IN " + ids
               for e, ids in _IDS.items()}
RENEW_MANY = {e: """
UPDATE registry_tasks SET lease_until = %s
WHERE worker = %s AND status = 'running' AND task_id IN """ + ids for e, ids in _IDS.items()}
DELIVERED_MANY = {e: "UPDATE registry_tasks SET delivered = 1, updated_at = %s WHERE task_id IN " + ids
                  for e, ids in _IDS.items()}
REQUEUE_MANY = {e: """
UPDATE registry_tasks SET status = 'queued', lease_until = NULL, updated_at = %s
WHERE worker = %s AND status = 'running' AND task_id IN """ + ids for e, ids in _IDS.items()}
RETOOL = "UPDATE registry_tasks SET tool_id = %s, request = %s WHERE task_id = %s"
_RETURNING = ("RETURNING registry_tasks.task_id, registry_tasks.tenant_id, registry_tasks.tool_id, "
              "registry_tasks.kind, registry_tasks.status, registry_tasks.request, "
              "registry_tasks.result, registry_tasks.error, registry_tasks.delivered, "
              "registry_tasks.execution_time_ms")
FINISH_MANY = {
    "postgres": """
UPDATE registry_tasks SET status = x.status, result = x.result, error = x.error,
       execution_time_ms = x.ms, lease_until = NULL, updated_at = %s
FROM json_to_recordset(%s::json) AS x(task_id text, status text, result text, error text,
                                      ms double precision)
WHERE registry_tasks.task_id = x.task_id AND registry_tasks.status = 'running'
  AND registry_tasks.worker = %s
""" + _RETURNING,
    "sqlite": """
UPDATE registry_tasks SET status = x.status, result = x.result, error = x.error,
       execution_time_ms = x.ms, lease_until = NULL, updated_at = %s
FROM (SELECT json_extract(value, '$.task_id') AS task_id, json_extract(value, '$.status') AS status,
             json_extract(value, '$.result') AS result, json_extract(value, '$.error') AS error,
             json_extract(value, '$.ms') AS ms FROM json_each(%s)) AS x
WHERE registry_tasks.task_id = x.task_id AND registry_tasks.status = 'running'
  AND registry_tasks.worker = %s
""" + _RETURNING,
}


class TaskBatch:
    def __init__(self, db: AppDB):
        self.db = db
        self.e = db.engine

    def claim(self, task_ids: list[str], worker: str, lease_s: float) -> dict[str, dict[str, Any]]:
        """task_id -> claimed task (tenant_id, attempts, user_json) for the tasks this worker won."""
        if not task_ids:
            return {}
        now = time.time()
        rows = self.db.execute(CLAIM_MANY[self.e], (worker, now + lease_s, _iso(now),
                                                     json.dumps(task_ids), now))
        return {r["task_id"]: t for r in rows if (t := _load(r)) is not None}

    def status(self, task_ids: list[str]) -> dict[str, dict[str, Any]]:
        if not task_ids:
            return {}
        return {r["task_id"]: r for r in self.db.execute(STATUS_MANY[self.e], (json.dumps(task_ids),))}

    def renew(self, task_ids: list[str], worker: str, lease_s: float) -> None:
        if task_ids:
            self.db.execute(RENEW_MANY[self.e], (time.time() + lease_s, worker, json.dumps(task_ids)))

    def requeue(self, task_ids: list[str], worker: str) -> None:
        """Back to 'queued' (a retry waits for its not-before time off the worker)."""
        if task_ids:
            self.db.execute(REQUEUE_MANY[self.e], (_iso(), worker, json.dumps(task_ids)))

    def retool(self, task_id: str, tool_id: str, request: dict[str, Any]) -> None:
        """The task now runs an alternative tool (seed 7.1 fallback)."""
        self.db.execute(RETOOL, (tool_id, json.dumps(request), task_id))

    def finish(self, outcomes: list[dict[str, Any]], worker: str) -> list[dict[str, Any]]:
        """Record outcomes ({task_id, status, result, error, ms}); the tasks this worker recorded."""
        if not outcomes:
            return []
        rows = [{"task_id": o["task_id"], "status": o["status"],
                 "result": None if o.get("result") is None else json.dumps(o["result"]),
                 "error": None if o.get("error") is None else json.dumps(o["error"]),
                 "ms": o.get("ms")} for o in outcomes]
        found = self.db.execute(FINISH_MANY[self.e], (_iso(), json.dumps(rows), worker))
        return [t for r in found if (t := _load(r)) is not None]

    def delivered(self, task_ids: list[str]) -> None:
        if task_ids:
            self.db.execute(DELIVERED_MANY[self.e], (_iso(), json.dumps(task_ids)))
