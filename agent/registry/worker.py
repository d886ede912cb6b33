"""`askbar registry worker`: consumes the seed's queues with a consumer group.

Each poll: claim messages idle longer than the visibility timeout (their worker died), read new ones,
run them highest priority first (priority is honoured within each batch of `registry_batch`
messages: a priority-9 task waits behind at most one batch of lower ones), acknowledge. A task runs
only after its row is claimed in the database (idempotency by task id); retryable failures are retried
with exponential backoff, then the message goes to `{stream}:dead_letter` and the task fails.
"""
from __future__ import annotations

import json
import logging
import os
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, Literal

from agent.identity.models import User
from agent.registry import events
from agent.registry.envelope import (
    Envelope,
    ToolDiscoveryPayload,
    ToolErrorDetail,
    ToolErrorPayload,
    ToolExecutionPayload,
    ToolRegistrationPayload,
    ToolResultPayload,
    response_for,
)
from agent.registry.errors import FROM_EXECUTOR, RegistryError
from agent.registry.external import call_tool, connection_test
from agent.registry.queues import Delivery, dead_letter, stream_name
from agent.registry.service import Registry
from agent.registry.tenant_tools import public, validate_params

log = logging.getLogger("askbar.registry")
QUEUES = ("tool_execution", "tool_registration", "tool_discovery")


class Worker:
    def __init__(self, reg: Registry, name: str | None = None, block_ms: int = 200):
        self.reg = reg
        self.name = name or f"{os.uname().nodename}-{os.getpid()}-{uuid.uuid4().hex[:6]}"
        self.block_ms = block_ms
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="tool")
        self._last_sweep = 0.0
        self._last_claim = 0.0

    # ---- loop ------------------------------------------------------------------------------------
    def run(self, stop: threading.Event) -> None:
        log.info("registry worker %s started", self.name)
        while not stop.is_set():
            try:
                self.poll_once()
            except Exception:  # noqa: BLE001 - keep serving; Redis may come back
                log.exception("registry worker poll failed")
                stop.wait(1.0)
        self._pool.shutdown(wait=False, cancel_futures=True)

    def poll_once(self) -> int:
        streams = [s for q in QUEUES for s in self.reg.queue.streams(q)]
        batch = self.reg.settings.registry_batch
        idle_ms = int(self.reg.settings.registry_visibility_timeout_s * 1000)
        got: list[Delivery] = []
        now = time.monotonic()
        if now - self._last_claim >= self.reg.settings.registry_visibility_timeout_s / 2:
            # Idle entries can only appear after a visibility timeout: checking twice per timeout
            # is enough and saves one XAUTOCLAIM per stream on every poll.
            self._last_claim = now
            for s in streams:
                got += self.reg.queue.claim_idle(self.name, s, idle_ms, batch)
        got += self.reg.queue.read(self.name, streams, batch, 0 if got else self.block_ms)
        got.sort(key=lambda d: -d.envelope.priority)   # stable: FIFO within a priority
        for d in got:
            self.handle(d)
        self._sweep()
        return len(got)

    def handle(self, d: Delivery) -> None:
        env = d.envelope
        try:
            if d.stream.startswith("tool_execution:"):
                self._execute(d)
            elif d.stream.startswith("tool_registration:"):
                self._register(env)
            elif d.stream.startswith("tool_discovery:"):
                self._discover(env)
        finally:
            self.reg.queue.ack(d.stream, d.message_id)

    # ---- one task --------------------------------------------------------------------------------
    def _claim(self, env: Envelope) -> tuple[dict[str, Any], User] | None:
        s = self.reg.settings
        per_try = (env.metadata.timeout_ms or 30000) / 1000 + min(30.0, s.registry_backoff_s * 2 ** s.registry_max_attempts)
        lease = s.registry_visibility_timeout_s + per_try * s.registry_max_attempts
        task = self.reg.tasks.claim(env.task_id, self.name, lease)
        if task is None:
            return None   # finished, or running on a live worker: a duplicate never runs twice
        if task["tenant_id"] != env.tenant_id:   # a message may never act for another tenant
            log.warning("registry: message %s names a task of another tenant; dropped",
                        env.message_id)
            self.reg.tasks.finish(env.task_id, self.name, "failed", error=RegistryError(
                "TOOL_PERMISSION_DENIED", "tenant mismatch", retryable=False).detail())
            return None
        return task, User.model_validate(task["user_json"])

    def _execute(self, d: Delivery) -> None:
        env = d.envelope
        claimed = self._claim(env)
        if claimed is None:
            return
        task, user = claimed
        payload = ToolExecutionPayload.model_validate(env.payload)
        self.reg.bus.publish(env.tenant_id, events.progress(
            env.tenant_id, env.task_id, env.correlation_id, payload.tool_id, 25,
            "tool execution started"))
        t0 = time.perf_counter()
        result, error, attempts = self._run_with_retries(env, user, payload)
        ms = (time.perf_counter() - t0) * 1000
        assert self.reg.metrics is not None           # Registry.__post_init__ always sets it
        self.reg.metrics.finished(payload.tool_id, ms, error.code if error else None)
        if error is not None and error.retryable:   # retries exhausted: keep the message
            self.reg.queue.publish(dead_letter(d.stream), env, register=False)
        self._finish(env, payload.tool_id, result, error, ms, attempts)

    def _run_with_retries(self, env: Envelope, user: User, payload: ToolExecutionPayload):
        s = self.reg.settings
        attempt = 0
        while True:
            attempt += 1
            try:
                return self._run(env, user, payload), None, attempt
            except RegistryError as exc:
                if not exc.retryable or attempt >= s.registry_max_attempts:
                    return None, exc, attempt
                pause = max(s.registry_backoff_s * 2 ** (attempt - 1), exc.retry_after or 0)
                time.sleep(min(pause, 30.0))

    def _run(self, env: Envelope, user: User, payload: ToolExecutionPayload) -> Any:
        row = self.reg.tools.get(user.tenant_id, payload.tool_id)
        if row is not None:
            if row["status"] != "active":
                raise RegistryError("TOOL_NOT_FOUND", f"tool {payload.tool_id!r} is {row['status']}",
                                    retryable=False)
            validate_params(json.loads(row["schema_json"]), payload.parameters)
            return call_tool(row["endpoint"], payload.parameters, timeout_ms=row["timeout_ms"],
                             auth_header=row["auth_header"], secret=self.reg.tools.secret(row),
                             task_id=env.task_id, allowed=self.reg.allowed)
        return self._run_builtin(env, user, payload)

    def _run_builtin(self, env: Envelope, user: User, payload: ToolExecutionPayload) -> Any:
        timeout_s = (env.metadata.timeout_ms or 30000) / 1000
        fut = self._pool.submit(self.reg.builtin.execute, user, payload.tool_id, payload.parameters)
        try:
            out = fut.result(timeout=timeout_s)
        except FutureTimeout as exc:
            raise RegistryError("TOOL_EXECUTION_TIMEOUT", f"no result within {timeout_s:g} s",
                                retryable=False) from exc
        if out.get("success"):
            return out.get("data")
        err = out.get("error") or {}
        code = FROM_EXECUTOR.get(err.get("code", ""), "TOOL_EXTERNAL_ERROR")
        raise RegistryError(code, err.get("message", ""), retryable=code == "TOOL_RATE_LIMITED",
                            retry_after=err.get("retry_after"))

    def _finish(self, env: Envelope, tool_id: str, result: Any, error: RegistryError | None,
                ms: float, attempts: int) -> None:
        if error is None:
            won = self.reg.tasks.finish(env.task_id, self.name, "completed", result=result,
                                        execution_time_ms=ms)
        else:
            detail = error.detail()
            detail["details"]["attempts"] = attempts
            won = self.reg.tasks.finish(env.task_id, self.name, "failed", error=detail,
                                        execution_time_ms=ms)
        if won is not None:   # only the worker that recorded the outcome delivers it
            self.deliver(env.task_id, won)

    # ---- delivery (once) -------------------------------------------------------------------------
    def deliver(self, task_id: str, task: dict[str, Any] | None = None) -> None:
        task = task or self.reg.tasks.get(task_id)
        if task is None or task["delivered"]:
            return
        req = Envelope.model_validate(task["request"])
        ms = task["execution_time_ms"] or 0.0
        out: ToolResultPayload | ToolErrorPayload
        if task["status"] == "completed":
            out = ToolResultPayload(tool_id=task["tool_id"], execution_id=task_id,
                                    result=task["result"])
            ev = events.completed(req.tenant_id, task_id, req.correlation_id, task["tool_id"],
                                  task["result"], ms)
        else:
            out = ToolErrorPayload(tool_id=task["tool_id"], execution_id=task_id,
                                   error=ToolErrorDetail.model_validate(task["error"]))
            ev = events.failed(req.tenant_id, task_id, req.correlation_id, task["tool_id"],
                               task["error"])
        status: Literal["completed", "failed"] = "completed" if task["status"] == "completed" else "failed"
        first = self.reg.queue.publish_once(stream_name("orchestrator_callbacks", req.tenant_id),
                                            response_for(req, status, out, ms), key=task_id)
        if first:
            self.reg.bus.publish(req.tenant_id, ev)
        self.reg.tasks.mark_delivered(task_id)

    def _sweep(self) -> None:
        """Deliver outcomes whose worker died between recording and publishing them."""
        now = time.monotonic()
        if now - self._last_sweep < 5:
            return
        self._last_sweep = now
        for task_id in self.reg.tasks.undelivered(older_than_s=10):
            self.deliver(task_id)
        for task in self.reg.tasks.stale_running(self.reg.settings.registry_visibility_timeout_s):
            # Its message was acknowledged by a worker that lost the claim race, then the claim
            # holder died: put the request back; the claim in the database keeps it to one run.
            req = Envelope.model_validate(task["request"])
            queue = {"execute": "tool_execution", "register": "tool_registration",
                     "discover": "tool_discovery"}[task["kind"]]
            self.reg.queue.publish(stream_name(queue, req.tenant_id), req)

    # ---- registration and discovery --------------------------------------------------------------
    def _register(self, env: Envelope) -> None:
        claimed = self._claim(env)
        if claimed is None:
            return
        _, user = claimed
        tool = ToolRegistrationPayload.model_validate(env.payload).tool
        t0 = time.perf_counter()
        row = self.reg.tools.get(user.tenant_id, tool.id)
        try:
            if row is None:
                raise RegistryError("TOOL_NOT_FOUND", f"tool {tool.id!r} vanished before its test")
            self.reg.bus.publish(env.tenant_id, events.progress(
                env.tenant_id, env.task_id, env.correlation_id, tool.id, 50, "connection test"))
            connection_test(tool.endpoint, timeout_ms=tool.timeout_ms,
                            auth_header=row["auth_header"], secret=self.reg.tools.secret(row),
                            allowed=self.reg.allowed)
        except RegistryError as exc:
            self.reg.tools.set_status(user.tenant_id, tool.id, "failed", exc.message)
            self._finish(env, tool.id, None, exc, (time.perf_counter() - t0) * 1000, 1)
            return
        self.reg.tools.set_status(user.tenant_id, tool.id, "active")
        row = self.reg.tools.get(user.tenant_id, tool.id)
        assert row is not None                        # the row set_status just updated
        result = public(row)
        self._finish(env, tool.id, result, None, (time.perf_counter() - t0) * 1000, 1)

    def _discover(self, env: Envelope) -> None:
        claimed = self._claim(env)
        if claimed is None:
            return
        _, user = claimed
        p = ToolDiscoveryPayload.model_validate(env.payload)
        found = self.reg.list_tools(user, query=p.query, categories=p.categories or None)[:p.limit]
        if not p.include_schemas:
            found = [{k: v for k, v in t.items() if k != "parameters_schema"} for t in found]
        self._finish(env, "*", {"tools": found}, None, 0.0, 1)


def start_workers(reg: Registry, n: int, stop: threading.Event) -> list[threading.Thread]:
    """In-process workers (embedded default): the same Worker code as `askbar registry worker`."""
    threads = []
    for i in range(n):
        w = Worker(reg, name=f"inproc-{os.getpid()}-{i}")
        t = threading.Thread(target=w.run, args=(stop,), name=f"registry-worker-{i}", daemon=True)
        t.start()
        threads.append(t)
    return threads
