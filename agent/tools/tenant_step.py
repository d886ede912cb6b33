"""Tenant tools in the graph: listed for the run's tenant and run through the registry.

The graph plays the seed's Agent Orchestrator: a call of a tenant tool becomes a registry task of
the run's user (`Deps.user`: tenant and user from the token, never from the model) on the
tenant's `tool_execution:{tenant_id}` queue, run by a registry worker (in process for the embedded
default, `askbar registry worker` processes with Redis) with the worker's validation, retries,
idempotency and callback delivery.

Sync or async (seed: short tools answer in the request, long ones call back): a tool whose timeout
fits SYNC_MAX_MS is waited for up to its timeout; a longer one is waited for up to ASYNC_WAIT_S and,
when still running, the answer says so with the task id; its outcome is then delivered by the
worker once, on `orchestrator_callbacks:{tenant_id}` and as a `tool.completed` / `tool.failed`
WebSocket event, and `GET /api/v1/tasks/{task_id}` reads it.
"""
from __future__ import annotations

import logging
from typing import Any

from agent.identity.models import User

log = logging.getLogger("askbar.tools")

SYNC_MAX_MS = 10_000      # tools declared this fast are waited for within the executor's budget
ASYNC_WAIT_S = 3.0        # a long tool gets this long to finish before the answer says "running"


def registry_for_deps(deps, *, run: bool = False) -> Any:
    """The run's Registry: `deps.registry` when a test set one, the server's shared one
    (`deps.open_registry`: the API's, so its events reach the WebSocket), else the world's
    (agent/services.py), opened once; with `run`, its in-process workers are started the first
    time (as the server does: 2 without Redis, none with Redis where `askbar registry worker` runs)."""
    reg = getattr(deps, "registry", None)
    if reg is not None:
        return reg
    opener = getattr(deps, "open_registry", None)
    if opener is not None:
        return opener()
    return deps.services.registry(run=run)


def tenant_rows(deps) -> list[dict[str, Any]]:
    """The registered tools the run's user may use: its tenant's shared tools and its own (empty
    when the registry cannot be reached: the catalogue tools are still offered, the failure logged)."""
    try:
        reg = getattr(deps, "registry", None)
        if reg is not None:
            return reg.tools.list_visible(deps.user)
        # Listing reads the app database the registry uses: no Registry (queues, secret key
        # file) is opened for a run that calls no tenant tool.
        from agent.registry.tenant_tools import SELECT_VISIBLE_TOOLS

        return deps.services.appdb.execute(SELECT_VISIBLE_TOOLS, (deps.user.tenant_id, deps.user.user_id))
    except Exception as exc:  # noqa: BLE001 - tenant tools are an addition, never a reason to fail
        log.warning("tenant tools unavailable: %s", exc)
        return []


def run_tenant_tool(reg: Any, user: User, tool_id: str, params: dict[str, Any],
                    *, query: str | None = None) -> dict[str, Any]:
    """The executor's result shape for one tenant tool call run by the registry as `user`:
    {"success", "data", "error", "metadata": {"task_id", "mode", "tool_id", "pending"}}."""
    row = reg.tools.visible(user, tool_id)   # the tenant's shared tools and the user's own only
    if row is None or row["status"] != "active":
        return _result(None, "sync", tool_id, error=("TOOL_NOT_FOUND", f"no tool {tool_id!r}"))
    timeout_ms = int(row["timeout_ms"])
    mode = "sync" if timeout_ms <= SYNC_MAX_MS else "async"
    from agent.registry.errors import RegistryError

    try:   # refused before queueing (parameters): the model's call gets the reason at once
        env = reg.enqueue_execution(user, tool_id, params, agent_id="askbar-graph", user_query=query)
    except RegistryError as exc:
        return _result(None, mode, tool_id, error=(exc.code, exc.message))
    task = reg.wait(env.task_id, timeout_ms / 1000 + 1.0 if mode == "sync" else ASYNC_WAIT_S)
    if task is None:
        return {**_result(env.task_id, mode, tool_id), "success": False,
                "metadata": {"task_id": env.task_id, "mode": mode, "tool_id": tool_id,
                             "pending": True}}
    if task["status"] == "completed":
        return _result(env.task_id, mode, tool_id, data=task["result"])
    err = task.get("error") or {}
    return _result(env.task_id, mode, tool_id,
                   error=(str(err.get("code") or "EXECUTION_ERROR"),
                          str(err.get("message") or "the tool failed")))


def _result(task_id: str | None, mode: str, tool_id: str, *, data: Any = None,
            error: tuple[str, str] | None = None) -> dict[str, Any]:
    return {"success": error is None and data is not None, "data": data,
            "error": {"code": error[0], "message": error[1]} if error else None,
            "metadata": {"task_id": task_id, "mode": mode, "tool_id": tool_id, "pending": False}}
