"""A worker's bookkeeping in batches: outcomes, retries, results, events, metrics and acks.

Every 20 ms (and at the end of `poll_once`) the finished tasks are recorded in one statement, their
results published on `orchestrator_callbacks:{tenant}` once each (one pipeline), their events sent
(one pipeline), marked delivered (one statement) and their messages acknowledged (one XACK per
stream). A message is acknowledged only after its outcome is recorded: a worker killed before
that leaves it pending, and another worker claims it after the idle time.
"""
from __future__ import annotations

import asyncio
import threading
from typing import Any, Literal

from agent.registry import events
from agent.registry.envelope import (
    Envelope,
    ToolErrorDetail,
    ToolErrorPayload,
    ToolResultPayload,
    response_for,
)
from agent.registry.errors import RegistryError
from agent.registry.queues import Delivery, stream_name
from agent.registry.stats import StatsBuffer
from agent.registry.task_batch import TaskBatch
from agent.registry.worker_exec import Outcome

FLUSH_S = 0.02
_QUEUE_OF = {"execute": "tool_execution", "register": "tool_registration",
             "discover": "tool_discovery"}


class Books:
    def __init__(self, reg: Any, batch: TaskBatch, worker: str):
        self.reg, self.batch, self.worker = reg, batch, worker
        self.stats = StatsBuffer(reg.stats)
        self._lock = threading.Lock()
        self._outcomes: list[tuple[Delivery, Outcome]] = []
        self._acks: list[Delivery] = []
        self._events: list[tuple[str, dict[str, Any]]] = []
        self._dead: list[tuple[str, Envelope]] = []

    # ---- called on the worker's loop -------------------------------------------------------------
    def add(self, d: Delivery, out: Outcome) -> None:
        with self._lock:
            self._outcomes.append((d, out))

    def ack(self, d: Delivery) -> None:
        with self._lock:
            self._acks.append(d)

    def event(self, tenant_id: str, ev: dict[str, Any]) -> None:
        with self._lock:
            self._events.append((tenant_id, ev))

    def dead(self, stream: str, env: Envelope) -> None:
        with self._lock:
            self._dead.append((stream, env))

    def refuse_foreign(self, d: Delivery) -> None:
        err = RegistryError("TOOL_PERMISSION_DENIED", "tenant mismatch", retryable=False).detail()
        self.add(d, Outcome(d.envelope.task_id, "*", status="failed", error=err, metric=False))

    async def run(self, stop: threading.Event) -> None:
        while True:
            await asyncio.sleep(FLUSH_S)
            try:
                await self.flush()
            except Exception:  # noqa: BLE001 - kept for the next flush; the loop must go on
                import logging

                logging.getLogger("askbar.registry").exception("registry books flush failed")
            if stop.is_set() and not self._pending():
                return

    def _pending(self) -> bool:
        with self._lock:
            return bool(self._outcomes or self._acks or self._events or self._dead)

    async def flush(self) -> None:
        if self._pending():
            await asyncio.to_thread(self._flush)
        else:
            await asyncio.to_thread(self.stats.flush)

    # ---- the batch -------------------------------------------------------------------------------
    def _flush(self) -> None:
        with self._lock:
            outcomes, acks, evs, dead = self._outcomes, self._acks, self._events, self._dead
            self._outcomes, self._acks, self._events, self._dead = [], [], [], []
        if evs:
            self.reg.bus.publish_many(evs)              # progress first: before any completion
        retries = [(d, o) for d, o in outcomes if o.kind == "retry"]
        done = [(d, o) for d, o in outcomes if o.kind == "done"]
        self._retry(retries)
        for stream, env in dead:
            self.reg.queue.publish(stream, env, register=False)
        try:
            won = self.batch.finish([o.row() for _, o in done], self.worker)
        except Exception:
            # kept for the next flush: a lost outcome left its task to run again at lease expiry,
            # and a lost ack left its message to be delivered again
            with self._lock:
                self._outcomes = [*done, *self._outcomes]
                self._acks = [*acks, *(d for d, _ in retries), *self._acks]
            raise
        for d, o in done:
            if o.metric:
                self.stats.finished(d.envelope.tenant_id, o.tool_id, o.ms,
                                    o.error["code"] if o.error else None)
        self.deliver(won)
        by_stream: dict[str, list[str]] = {}
        for d in [*acks, *(d for d, _ in outcomes)]:
            by_stream.setdefault(d.stream, []).append(d.message_id)
        for stream, ids in by_stream.items():
            self.reg.queue.ack_many(stream, ids)
        self.stats.flush()

    def _retry(self, retries: list[tuple[Delivery, Outcome]]) -> None:
        if not retries:
            return
        self.batch.requeue([o.task_id for _, o in retries], self.worker)
        for d, o in retries:
            assert o.retry is not None
            if "retool" in o.extra:
                self.batch.retool(o.task_id, o.extra["retool"], o.retry.model_dump(mode="json"))
            if o.not_before:
                self.reg.queue.delay(d.stream, o.retry, o.not_before)
            else:
                self.reg.queue.publish(d.stream, o.retry)

    def deliver(self, tasks: list[dict[str, Any]]) -> None:
        """Publish each recorded outcome once, then its event, then mark the tasks delivered."""
        items, evs = [], []
        for task in tasks:
            if task["delivered"]:
                continue
            env, ev = _result_message(task)
            items.append((stream_name("orchestrator_callbacks", env.tenant_id), env, task["task_id"]))
            evs.append((env.tenant_id, ev))
        firsts = self.reg.queue.publish_once_many(items)
        self.reg.bus.publish_many([ev for ev, first in zip(evs, firsts) if first])
        self.batch.delivered([key for _, _, key in items])

    def sweep(self) -> None:
        """Deliver outcomes whose worker died between recording and publishing them, and put back
        requests whose message was acknowledged but whose claim holder died."""
        undelivered = [t for tid in self.reg.tasks.undelivered(older_than_s=10)
                       if (t := self.reg.tasks.get(tid)) is not None]
        self.deliver(undelivered)
        for task in self.reg.tasks.stale_running(self.reg.settings.registry_visibility_timeout_s):
            req = Envelope.model_validate(task["request"])
            self.reg.queue.publish(stream_name(_QUEUE_OF[task["kind"]], req.tenant_id), req)
            self.stats.redelivered(req.tenant_id)

    def requeue_unfinished(self) -> int:
        """Redis lost its data (streams, groups, delayed retries): publish every task the
        database says is still queued again. A copy of a task that runs or ran meanwhile is
        acknowledged without running (the database claim), so a duplicate costs nothing."""
        n = 0
        for task in self.reg.tasks.queued():
            req = Envelope.model_validate(task["request"])
            self.reg.queue.publish(stream_name(_QUEUE_OF[task["kind"]], req.tenant_id), req)
            n += 1
        return n


def _result_message(task: dict[str, Any]) -> tuple[Envelope, dict[str, Any]]:
    req = Envelope.model_validate(task["request"])
    ms = task["execution_time_ms"] or 0.0
    task_id = task["task_id"]
    out: ToolResultPayload | ToolErrorPayload
    if task["status"] == "completed":
        out = ToolResultPayload(tool_id=task["tool_id"], execution_id=task_id, result=task["result"])
        ev = events.completed(req.tenant_id, task_id, req.correlation_id, task["tool_id"],
                              task["result"], ms)
    else:
        out = ToolErrorPayload(tool_id=task["tool_id"], execution_id=task_id,
                               error=ToolErrorDetail.model_validate(task["error"]))
        ev = events.failed(req.tenant_id, task_id, req.correlation_id, task["tool_id"], task["error"])
    status: Literal["completed", "failed"] = "completed" if task["status"] == "completed" else "failed"
    return response_for(req, status, out, ms), ev
