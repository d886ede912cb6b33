"""multitask_strategy "enqueue" (LangGraph Server API): a run asked while its thread has a running
run waits, as a `pending` run in the buffer (readable, joinable and cancellable from any server),
and starts when the thread is free. Its graph input is built when it starts, from the thread as
the earlier run left it (a question's chat history, or the interrupt a resume answers).

The waiter polls the thread's active run: runs last seconds, a poll is two buffer reads, and a
poll needs no signal between processes (the running run may be on another server).
"""
from __future__ import annotations

import asyncio
import dataclasses
import time
from typing import Any, Awaitable, Callable

from agent.server.buffer import is_stale
from agent.server.http import HTTPError
from agent.server.run_spec import RunConflict, RunSpec
from agent.server.runs import HEARTBEAT_S

POLL_S = 0.1


async def enqueue(rt: Any, spec: RunSpec, build: Callable[[], Awaitable[RunSpec]]) -> dict[str, Any]:
    """Registers `spec`'s run as pending and starts waiting for its thread; its metadata."""
    meta = {**spec.meta(), "status": "pending"}
    await rt.buffer.create(spec.run_id, meta)
    task = asyncio.create_task(_wait_then_start(rt, spec, build), name=f"queued-{spec.run_id}")
    rt.runs.queued[spec.run_id] = (spec.thread_id, task)
    task.add_done_callback(lambda _t: rt.runs.queued.pop(spec.run_id, None))
    return meta


async def _thread_busy(rt: Any, thread_id: str, run_id: str) -> bool:
    other = await rt.buffer.active_run(thread_id)
    if not other or other == run_id:
        return False
    meta = await rt.buffer.meta(other) or {}
    return meta.get("status") == "running" and not is_stale(meta, rt.buffer.stale_s)


async def _end(rt: Any, spec: RunSpec, status: str, code: str, message: str) -> None:
    await rt.buffer.finish_run(spec.run_id, spec.thread_id, [("error", {
        "code": code, "error": code, "message": message, "run_id": spec.run_id, "thread_id": spec.thread_id})],
        status=status, finished_at=time.time())


async def _wait_then_start(rt: Any, first: RunSpec, build: Callable[[], Awaitable[RunSpec]]) -> None:
    run_id, beat = first.run_id, time.monotonic()
    try:
        while True:
            if time.monotonic() - beat >= HEARTBEAT_S:   # alive for readers; a cancel from elsewhere
                beat = time.monotonic()
                await rt.buffer.update_meta(run_id, heartbeat=time.time())
                if (await rt.buffer.meta(run_id) or {}).get("cancel_requested"):
                    rt.runs.cancelled.add(run_id)
                    raise asyncio.CancelledError()
            if await _thread_busy(rt, first.thread_id, run_id):
                await asyncio.sleep(POLL_S)
                continue
            try:
                spec = dataclasses.replace(await build(), run_id=run_id)
            except HTTPError as exc:   # e.g. a resume whose interrupt the earlier run answered
                await _end(rt, first, "error", exc.code, exc.message)
                return
            try:
                await rt.runs.start(spec)
                return
            except RunConflict:          # another queued run took the thread first: wait again
                continue
    except asyncio.CancelledError:
        await _end(rt, first, "interrupted", "cancelled", "cancelled: the queued run was cancelled before it started")
        if run_id not in rt.runs.cancelled:
            raise
    finally:
        rt.runs.cancelled.discard(run_id)
