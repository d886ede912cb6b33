"""What a registry worker does with one claimed message, as an `Outcome` the worker books in batches.

Execution never sleeps on a worker: a retryable failure (the external API's 429 or 5xx) becomes a
retry held in Redis until its not-before time; a timeout cancels the call and fails the task (seed
7.1); an unavailable tool falls back to the request's alternative tools (seed 7.1), in order.
"""
from __future__ import annotations

import asyncio
import json
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Literal

from agent.identity.models import User
from agent.registry import events
from agent.registry.envelope import (
    Envelope,
    ToolDiscoveryPayload,
    ToolExecutionPayload,
    ToolRegistrationPayload,
)
from agent.registry.errors import FROM_EXECUTOR, RegistryError
from agent.registry.external import acall_tool, connection_test
from agent.registry.tenant_tools import public, validate_params

_ROW_TTL_S = 2.0   # an active tool row (and its opened secret) is reused this long per worker


@dataclass
class Outcome:
    task_id: str
    tool_id: str
    kind: Literal["done", "retry"] = "done"
    status: Literal["completed", "failed"] = "completed"
    result: Any = None
    error: dict[str, Any] | None = None
    ms: float = 0.0
    retry: Envelope | None = None          # the message to re-queue (kind == "retry")
    not_before: float = 0.0
    dead_letter: bool = False
    metric: bool = True                    # counted in the seed's execution metrics
    extra: dict[str, Any] = field(default_factory=dict)

    def row(self) -> dict[str, Any]:
        return {"task_id": self.task_id, "status": self.status, "result": self.result,
                "error": self.error, "ms": self.ms}


class Executor:
    """Runs executions for one worker: external tools on its HTTP client, built-ins in its pool."""

    def __init__(self, reg: Any, client: Any, pool: Any):
        self.reg, self.client, self.pool = reg, client, pool
        self._rows: dict[tuple[str, str], tuple[float, dict[str, Any] | None, str | None]] = {}

    def _tool_row(self, tenant_id: str, tool_id: str) -> tuple[dict[str, Any] | None, str | None]:
        hit = self._rows.get((tenant_id, tool_id))
        if hit and hit[0] > time.monotonic():
            return hit[1], hit[2]
        row = self.reg.tools.get(tenant_id, tool_id)
        secret = self.reg.tools.secret(row) if row else None
        if row is None or row["status"] == "active":
            self._rows[(tenant_id, tool_id)] = (time.monotonic() + _ROW_TTL_S, row, secret)
        return row, secret

    async def execute(self, env: Envelope, user: User) -> Outcome:
        payload = ToolExecutionPayload.model_validate(env.payload)
        t0 = time.perf_counter()
        try:
            result = await self._run(env, user, payload)
            return Outcome(env.task_id, payload.tool_id, result=self._tagged(result, payload),
                           ms=(time.perf_counter() - t0) * 1000)
        except RegistryError as exc:
            return self._failure(env, payload, exc, (time.perf_counter() - t0) * 1000)

    @staticmethod
    def _tagged(result: Any, payload: ToolExecutionPayload) -> Any:
        if payload.fallback_from and isinstance(result, dict):
            return {**result, "_fallback_from": payload.fallback_from}
        return result

    async def _run(self, env: Envelope, user: User, payload: ToolExecutionPayload) -> Any:
        row, secret = await asyncio.to_thread(self._tool_row, user.tenant_id, payload.tool_id)
        timeout_s = (env.metadata.timeout_ms or 30000) / 1000
        if row is not None:
            if row["status"] != "active":
                raise RegistryError("TOOL_NOT_FOUND", f"tool {payload.tool_id!r} is {row['status']}",
                                    retryable=False)
            validate_params(json.loads(row["schema_json"]), payload.parameters)
            return await acall_tool(self.client, row["endpoint"], payload.parameters,
                                    timeout_ms=row["timeout_ms"], auth_header=row["auth_header"],
                                    secret=secret, task_id=env.task_id, allowed=self.reg.allowed)
        # The timeout is the tool's: it starts when a pool thread starts the handler, not while
        # the call waits for a free thread behind a long queue.
        loop = asyncio.get_running_loop()
        started = asyncio.Event()

        def handler() -> dict[str, Any]:
            loop.call_soon_threadsafe(started.set)
            return self.reg.builtin.execute(user, payload.tool_id, payload.parameters, admitted=True)
        fut = loop.run_in_executor(self.pool, handler)
        waiter: asyncio.Future[Any] = asyncio.ensure_future(started.wait())
        await asyncio.wait({fut, waiter}, return_when=asyncio.FIRST_COMPLETED)
        waiter.cancel()
        try:
            out = await asyncio.wait_for(fut, timeout_s)
        except asyncio.TimeoutError as exc:
            raise RegistryError("TOOL_EXECUTION_TIMEOUT", f"no result within {timeout_s:g} s; "
                                "cancelled", retryable=False) from exc
        if out.get("success"):
            return out.get("data")
        err = out.get("error") or {}
        code = FROM_EXECUTOR.get(err.get("code", ""), "TOOL_EXTERNAL_ERROR")
        raise RegistryError(code, err.get("message", ""), retryable=code == "TOOL_RATE_LIMITED",
                            retry_after=err.get("retry_after"))

    def _failure(self, env: Envelope, payload: ToolExecutionPayload, exc: RegistryError,
                 ms: float) -> Outcome:
        s = self.reg.settings
        attempt = env.metadata.attempt + 1
        if exc.retryable and attempt < s.registry_max_attempts:
            pause = max(s.registry_backoff_s * 2 ** (attempt - 1), exc.retry_after or 0)
            again = env.model_copy(deep=True)
            again.message_id = str(uuid.uuid4())
            again.metadata.attempt = attempt
            again.metadata.not_before = time.time() + pause
            return Outcome(env.task_id, payload.tool_id, kind="retry", retry=again,
                           not_before=again.metadata.not_before, metric=False)
        if payload.fallback_tool_ids and exc.code in ("TOOL_NOT_FOUND", "TOOL_EXTERNAL_ERROR"):
            return fallback(env, payload)
        detail = exc.detail()
        detail["details"]["attempts"] = attempt
        return Outcome(env.task_id, payload.tool_id, status="failed", error=detail, ms=ms,
                       dead_letter=exc.retryable)


def fallback(env: Envelope, payload: ToolExecutionPayload) -> Outcome:
    """The same task on the next alternative tool, queued at once (fresh attempts)."""
    nxt = payload.model_copy(update={"tool_id": payload.fallback_tool_ids[0],
                                     "fallback_tool_ids": payload.fallback_tool_ids[1:],
                                     "fallback_from": payload.fallback_from or payload.tool_id})
    again = env.model_copy(deep=True)
    again.message_id = str(uuid.uuid4())
    again.metadata.attempt = 0
    again.metadata.not_before = None
    again.payload = nxt.model_dump(mode="json")
    out = Outcome(env.task_id, payload.tool_id, kind="retry", retry=again, metric=False)
    out.extra["retool"] = nxt.tool_id
    return out


def register(reg: Any, env: Envelope, user: User) -> Outcome:
    """Seed 2.2: the connection test of a registered tool; its tenant's tool set changed after."""
    tool = ToolRegistrationPayload.model_validate(env.payload).tool
    t0 = time.perf_counter()
    row = reg.tools.get(user.tenant_id, tool.id)
    try:
        if row is None:
            raise RegistryError("TOOL_NOT_FOUND", f"tool {tool.id!r} vanished before its test")
        reg.bus.publish(env.tenant_id, events.progress(
            env.tenant_id, env.task_id, env.correlation_id, tool.id, 50, "connection test"))
        connection_test(reg.http, tool.endpoint, timeout_ms=tool.timeout_ms, auth_header=row["auth_header"],
                        secret=reg.tools.secret(row), allowed=reg.allowed)
    except RegistryError as exc:
        reg.tools.set_status(user.tenant_id, tool.id, "failed", exc.message)
        detail = exc.detail()
        detail["details"]["attempts"] = 1
        return Outcome(env.task_id, tool.id, status="failed", error=detail, metric=False,
                       ms=(time.perf_counter() - t0) * 1000)
    reg.tools.set_status(user.tenant_id, tool.id, "active")
    row = reg.tools.get(user.tenant_id, tool.id)
    assert row is not None                        # the row set_status just updated
    reg.enqueue_discovery(user, ToolDiscoveryPayload())   # the tenant's tool set changed
    return Outcome(env.task_id, tool.id, result=public(row), metric=False,
                   ms=(time.perf_counter() - t0) * 1000)


def discover(reg: Any, env: Envelope, user: User) -> Outcome:
    p = ToolDiscoveryPayload.model_validate(env.payload)
    found = reg.list_tools(user, query=p.query, categories=p.categories or None)[:p.limit]
    if not p.include_schemas:
        found = [{k: v for k, v in t.items() if k != "parameters_schema"} for t in found]
    return Outcome(env.task_id, "*", result={"tools": found}, metric=False)
