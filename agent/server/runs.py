"""Runs that outlive connections: each request starts the graph in a background task that writes
its events to the run's buffer; SSE endpoints only read the buffer, so a client that goes away
never cancels a run, and a reconnect with Last-Event-ID gets exactly what it missed.

Two protocols share the machinery: AskBar's (agent/server/events.py) and the LangGraph Server
API's (agent/server/lg_events.py). Traces are saved before the final event is written, so a client
that got `done` can fetch GET /api/traces/{request_id} at once.
"""
from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import threading
import time
import uuid
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from langgraph.types import Command

from agent.deps import RunOptions, run_options
from agent.identity.models import LOCAL_USER, User
from agent.memory.service import AFTER_DONE
from agent.server.graph_thread import GraphThread, RunState
from agent.server.human_interrupt import resume_value
from agent.server.recording import RecordingProvider, TraceRecorder, jsonable
from agent.server.run_spec import (
    INTERRUPT_STATUSES,
    AskbarEmitter,
    NotWaiting,
    RunConflict,
    RunSpec,
    checkpoint_id_of,
    pick_suggestion,
    stream_config,
)
from agent.server.turns import save_turn_details
from agent.service import result_from_snapshot, turn_input

log = logging.getLogger("askbar.server")
HEARTBEAT_S = 2.0
CANCEL_POLL_S = 0.5   # how soon a run sees a cancel asked on another server (one Redis read each)



@dataclasses.dataclass
class _Run:
    """One run's outcome as its steps fill it in (graph, cancel, close)."""
    spec: RunSpec
    recorder: TraceRecorder
    t0: float
    status: str = "error"
    result: dict[str, Any] | None = None
    error: str | None = None
    snapshot: Any = None
    rows_saved: bool = False
    duration: float = 0.0
    final: list[Any] = dataclasses.field(default_factory=list)
    started: Future[Any] | None = None   # the start rows, when they are written beside the graph
    after_done: threading.Event = dataclasses.field(default_factory=threading.Event)

class RunManager:
    def __init__(self, runtime: Any):
        self.rt = runtime
        self.tasks: dict[str, asyncio.Task] = {}
        self.owners: dict[str, str] = {}   # run_id -> user_id, for the per-user cap
        self.admitting: dict[str, int] = {}  # user_id -> requests admitted, not yet started
        self.cancelled: set[str] = set()   # runs a client cancelled (not a shutdown)
        # queued runs (multitask_strategy "enqueue", agent/server/run_queue.py): run_id -> (thread, waiter)
        self.queued: dict[str, tuple[str, asyncio.Task]] = {}
        # CPU-bound runs share the GIL: interleaving 50 of them finishes all late; a bounded number
        # at a time finishes the early ones early (the queue is FIFO; run_start is already sent).
        self.slots = asyncio.Semaphore(max(1, runtime.server.max_concurrent_runs))
        # The graph runs' own threads (GraphThread), one per slot: a run holds its thread for its
        # whole duration, so sharing the loop's default executor (6 threads on 2 cores) would make
        # every asyncio.to_thread wait behind long runs.
        self.pool = ThreadPoolExecutor(max_workers=max(1, runtime.server.max_concurrent_runs),
                                       thread_name_prefix="askbar-run")
        # thread rows at a run's start, beside its graph (Postgres traces: as many as the trace
        # store's pool has connections)
        self.rows = ThreadPoolExecutor(max_workers=4, thread_name_prefix="askbar-rows")

    # -- building runs -----------------------------------------------------------------------
    def in_flight(self, user_id: str | None = None) -> int:
        """Runs of this user (of everyone: None) running, waiting for a slot or being admitted."""
        if user_id is None:
            return len(self.tasks) + sum(self.admitting.values())
        return sum(1 for uid in self.owners.values() if uid == user_id) + self.admitting.get(user_id, 0)

    def reserve(self, user_id: str) -> None:
        self.admitting[user_id] = self.admitting.get(user_id, 0) + 1

    def release(self, user_id: str) -> None:
        left = self.admitting.get(user_id, 0) - 1
        if left > 0:
            self.admitting[user_id] = left
        else:
            self.admitting.pop(user_id, None)

    async def check_thread_cap(self, user: User) -> None:
        """A new thread for `user`: refused (CapReached, 429) at `max_threads_per_user`."""
        from agent.settings import check_user_cap

        if self.rt.server.max_threads_per_user:
            n = await asyncio.to_thread(self.rt.traces.thread_count, user.tenant_id, user.user_id)
            check_user_cap(self.rt.server, "threads", n)

    async def ask_spec(self, question: str, thread_id: str | None = None, now: str | None = None,
                       protocol: str = "askbar", user: User = LOCAL_USER, message: Any = None) -> RunSpec:
        new = thread_id is None
        if new:
            await self.check_thread_cap(user)
        thread_id = thread_id or uuid.uuid4().hex
        snapshot = None if new else await self.rt.graph.aget_state(self.rt.config(thread_id))
        prev = (snapshot.values if snapshot else None) or {}
        spec = RunSpec(kind="ask", thread_id=thread_id, graph_input=None, protocol=protocol,
                       question=question, new_thread=new, user=user, head=checkpoint_id_of(snapshot))
        spec.graph_input = turn_input(prev, question, thread_id, spec.request_id, now, user.user_id, message)
        spec.log_input = {"question": question, "chat_history": spec.graph_input["chat_history"],
                          "now": now}
        return spec

    async def resume_spec(self, thread_id: str, answer: Any, protocol: str = "askbar",
                          user: User = LOCAL_USER) -> RunSpec:
        snapshot = await self.rt.graph.aget_state(self.rt.config(thread_id))
        if not snapshot.interrupts:
            from agent.server.buffer import last_run_cut_off

            if snapshot.next or await last_run_cut_off(self.rt.buffer, thread_id):
                raise NotWaiting(f"thread {thread_id} is not waiting for an answer: its last request was "
                                 "cut off (the server stopped while answering); ask the question again "
                                 "on this thread")
            raise NotWaiting(f"thread {thread_id} is not waiting for an answer; ask a new question instead")
        # a HumanResponse (Agent Chat UI's buttons) becomes the answer the node reads
        answer = resume_value(snapshot.interrupts[0].value, answer)
        if isinstance(answer, str):
            answer = pick_suggestion(snapshot.interrupts[0].value, answer)
        spec = RunSpec(kind="resume", thread_id=thread_id, graph_input=None, protocol=protocol,
                       answer=answer if isinstance(answer, str) else jsonable(answer),
                       parent_request_id=(snapshot.values or {}).get("request_id"), user=user,
                       head=checkpoint_id_of(snapshot))
        # The user's thinking time is not the request's: the budget restarts on resume.
        spec.graph_input = Command(resume=answer, update={"request_id": spec.request_id,
                                                          "started_at": time.time()})
        spec.log_input = {"answer": spec.answer}
        return spec

    # -- running -------------------------------------------------------------------------------
    async def start(self, spec: RunSpec) -> dict[str, Any]:
        buffer, meta = self.rt.buffer, spec.meta()
        first: tuple[str, dict[str, Any]]
        if spec.protocol == "askbar":
            first = ("run_start", {"run_id": spec.run_id, "thread_id": spec.thread_id,
                                   "request_id": spec.request_id})
        else:
            first = ("metadata", {"run_id": spec.run_id, "attempt": 1})
        other = await buffer.start_run(spec.thread_id, spec.run_id, meta, *first)  # Redis: one round trip
        if other:
            raise RunConflict(spec.thread_id, other)
        if not spec.new_thread:
            from agent.server.recovery import discard_dead_writes

            await discard_dead_writes(self.rt.graph.checkpointer, spec.thread_id)
        task = asyncio.create_task(self._execute(spec), name=f"run-{spec.run_id}")
        self.tasks[spec.run_id] = task
        self.owners[spec.run_id] = spec.user.user_id
        task.add_done_callback(lambda _t: (self.tasks.pop(spec.run_id, None),
                                           self.owners.pop(spec.run_id, None)))
        return meta

    def _emitter(self, spec: RunSpec):
        if spec.protocol == "langgraph":
            from agent.server.lg_events import LangGraphEmitter

            return LangGraphEmitter(spec.stream_modes)
        return AskbarEmitter()

    async def _execute(self, spec: RunSpec) -> None:
        rt, t0 = self.rt, time.perf_counter()
        provider = RecordingProvider(rt.deps.provider)
        run = _Run(spec, TraceRecorder(provider, user_response=spec.answer if spec.kind == "resume" else None), t0)
        # the run's context: the recording provider and the user from the token (never from the body)
        options = run_options(dataclasses.replace(rt.deps, provider=provider, user=spec.user))
        beat = asyncio.create_task(self._heartbeat(spec.run_id))
        rt.metrics.active_runs.inc()
        try:
            await self._run_graph(run, options)
        except asyncio.CancelledError as exc:
            await self._cancelled(run, exc)
        except Exception as exc:
            log.exception("run failed", extra={"request_id": spec.request_id, "run_id": spec.run_id})
            run.error = f"{type(exc).__name__}: {exc}"
        finally:
            beat.cancel()
            rt.metrics.active_runs.dec()
            await self._close(run)

    async def _run_graph(self, run: _Run, options: RunOptions) -> None:
        rt, spec = self.rt, run.spec
        config = rt.config(spec.thread_id)
        emitter = self._emitter(spec)
        start: Any = functools.partial(self._start_rows, spec)

        def end_in_thread(state: RunState | None) -> tuple[Any, dict[str, Any], float]:
            """After the graph, in its worker thread: the state (as the stream left it; read back
            from the checkpoint when the stream gave none), the result object, the trace and
            thread rows (before `done`, so a client that got it can fetch the trace)."""
            if run.started is not None:
                run.started.result()
            snap = state or rt.graph.get_state(config)
            res = result_from_snapshot(snap, spec.thread_id, spec.request_id).model_dump(mode="json")
            took = round((time.perf_counter() - run.t0) * 1000, 2)
            self._end_rows(spec, run.recorder, res, res["status"], None, took,
                           "interrupted" if res["status"] in INTERRUPT_STATUSES else "idle")
            return snap, res, took

        if self.slots.locked():   # it waits for a slot: its thread shows `busy` meanwhile
            await asyncio.to_thread(start)
            start = None
        elif rt.traces.engine == "postgres":
            # A round trip (~0.9 ms before the graph): beside the graph instead, joined before
            # the end rows so `busy` never lands after the run's end status. SQLite's write
            # (~0.1 ms) stays in the graph thread: a hop costs more.
            run.started, start = self.rows.submit(start), None
        async with self.slots:
            AFTER_DONE.set(run.after_done)   # copied into the graph's thread with the context
            leftover, (run.snapshot, run.result, run.duration) = await self._stream(
                spec, stream_config(config, spec.new_thread), options, emitter, run.recorder, start,
                end_in_thread)
        run.rows_saved = True
        run.status = run.result["status"]
        run.final = leftover + emitter.on_end(run.result, run.snapshot)

    async def _cancelled(self, run: _Run, exc: asyncio.CancelledError) -> None:
        """A client's cancel ends this run (not the task's caller); a shutdown's cancel goes on up."""
        spec = run.spec
        if spec.run_id not in self.cancelled:
            run.error = "cancelled: the server is shutting down"
            raise exc
        task = asyncio.current_task()
        if task is not None:
            task.uncancel()
        run.status, run.error = "cancelled", "cancelled: the run was cancelled by its client"
        from agent.server.retention import delete_checkpoints_after

        await delete_checkpoints_after(self.rt.graph.checkpointer, spec.thread_id, spec.head)

    async def _close(self, run: _Run) -> None:
        """The run's end rows (when the graph did not write them), its final event, and after it
        the turn's memory writes and details."""
        rt, spec = self.rt, run.spec
        if not run.rows_saved:
            if run.started is not None:
                await asyncio.wrap_future(run.started)
            run.duration = round((time.perf_counter() - run.t0) * 1000, 2)
            await asyncio.to_thread(self._end_rows, spec, run.recorder, run.result, run.status, run.error,
                                    run.duration, "error" if run.error and run.status != "cancelled" else "idle")
        if run.error:
            code = "cancelled" if run.status == "cancelled" else "internal_error"
            run.final = [("error", {"code": code, "error": code, "message": run.error, "run_id": spec.run_id,
                                    "thread_id": spec.thread_id, "request_id": spec.request_id})]
            rt.metrics.errors.labels(code).inc()
        if spec.on_completion == "delete":
            await self._delete_stateless_thread(spec)
        try:
            await self._finish(spec, run.final, run.status, run.duration)
        finally:
            run.after_done.set()    # the turn's memory writes go now (agent/memory/service.py)
        if not run.error and spec.on_completion != "delete":  # after `done`: details for reloads
            await save_turn_details(rt, spec.thread_id, spec.request_id, run.result, run.snapshot)

    async def _delete_stateless_thread(self, spec: RunSpec) -> None:
        """A stateless run's (LangGraph API) thread goes before the final event: a client that
        joined the run and then asks for the thread must find it gone (after `done` it was a race
        the SDK test lost in CI)."""
        from agent.server.retention import delete_thread_checkpoints

        await delete_thread_checkpoints(self.rt.graph.checkpointer, spec.thread_id)
        await asyncio.to_thread(self.rt.traces.delete_user_thread, spec.thread_id,
                                spec.user.tenant_id, spec.user.user_id)

    def _thread_status(self, thread_id: str, status: str) -> None:
        try:  # the stored status lets /threads/search filter in SQL; never fail a run over it
            self.rt.traces.set_thread_status(thread_id, status)
        except Exception:  # noqa: BLE001
            log.exception("thread status update failed", extra={"thread_id": thread_id})

    def _start_rows(self, spec: RunSpec) -> None:
        """In a worker thread: the thread row (new threads: known to /threads/search and thread
        lookups from now on) and its `busy` status, in one transaction."""
        try:  # the rows serve /threads/search and lookups; never fail a run over them
            self.rt.traces.start_run(spec.thread_id, spec.new_thread, spec.user.tenant_id, spec.user.user_id)
        except Exception:  # noqa: BLE001
            log.exception("thread rows at run start failed", extra={"thread_id": spec.thread_id})

    def _end_rows(self, spec: RunSpec, recorder: TraceRecorder, result: dict | None, status: str,
                  error: str | None, duration_ms: float, thread_status: str) -> None:
        """In the run's graph thread (an answered run) or one worker thread (a failed one): the trace
        (before `done`, so a client that got it can fetch it) and the thread's status. A hop to a
        worker and back waits for the scheduler under load (2 cores, load average 6-12: 0.5-3 ms
        each, more than these SQLite writes), so the rows take no hop of their own."""
        if not self._save_trace(spec, recorder, result, status, error, duration_ms, thread_status):
            self._thread_status(spec.thread_id, thread_status)   # the status on its own, then

    async def _stream(self, spec: RunSpec, config: dict, options: RunOptions, emitter: Any,
                      recorder: TraceRecorder, before: Any, after: Any) -> tuple[list, Any]:
        """The graph runs in one worker thread (GraphThread), with `before` and `after` there too;
        its events go to the run's buffer. Returns the events of its last batch (they go out with
        `done`) and what `after` returned."""
        buffer = self.rt.buffer

        async def sink(events: list) -> None:
            await buffer.append_many(spec.run_id, events)

        return await GraphThread(self.rt.graph, spec.graph_input, config, options, emitter, recorder,
                                 self.rt.metrics, before, after).run(sink, self.pool)

    async def _prune(self, spec: RunSpec) -> None:
        from agent.server.retention import prune_checkpoints

        thread_id = spec.thread_id
        if spec.new_thread and self.rt.server.checkpoint_keep >= 1:
            # A new thread's one run writes one checkpoint (durability "exit"): nothing to prune,
            # and the SELECT would cost a hop to the saver's thread before `done`.
            return
        try:  # retention must never fail a run
            await prune_checkpoints(self.rt.graph.checkpointer, thread_id, self.rt.server.checkpoint_keep)
        except Exception:  # noqa: BLE001
            log.exception("checkpoint retention failed", extra={"thread_id": thread_id})

    async def _finish(self, spec: RunSpec, final: list, status: str, duration_ms: float) -> None:
        rt = self.rt
        await self._prune(spec)
        # a cancelled run is "interrupted" too, as the LangGraph Server API reports it
        run_status = {"error": "error", "answered": "success"}.get(status, "interrupted")
        # one step: a client that got `done` finds the run finished and the thread free on any
        # process (three awaits let a fast client see "busy" from another server)
        await rt.buffer.finish_run(spec.run_id, spec.thread_id, final, status=run_status,
                                   finished_at=time.time())
        rt.metrics.runs.labels(spec.kind, status).inc()
        rt.metrics.run_seconds.labels(spec.kind).observe(duration_ms / 1000)
        log.info("run finished", extra={"request_id": spec.request_id, "run_id": spec.run_id,
                                        "thread_id": spec.thread_id, "status": status,
                                        "duration_ms": duration_ms})

    def _save_trace(self, spec: RunSpec, recorder: TraceRecorder, result: dict | None,
                    status: str, error: str | None, duration_ms: float, thread_status: str) -> bool:
        """The trace and the thread's status in one transaction; False when it failed."""
        log_row = {"request_id": spec.request_id, "thread_id": spec.thread_id, "run_id": spec.run_id,
                   "kind": spec.kind, "question": spec.question, "user_response": spec.answer,
                   "parent_request_id": spec.parent_request_id, "input": spec.log_input,
                   "status": "error" if error else status, "response": (result or {}).get("response"),
                   "result": result, "provider": getattr(self.rt.deps.provider, "name", None),
                   "duration_ms": duration_ms, "error": error,
                   "tenant_id": spec.user.tenant_id, "user_id": spec.user.user_id}
        steps = [{**s, "request_id": spec.request_id, "thread_id": spec.thread_id} for s in recorder.steps]
        try:
            self.rt.traces.save(log_row, steps, thread_status)
            return True
        except Exception:  # traces must never break an answer
            log.exception("saving traces failed", extra={"request_id": spec.request_id})
            self.rt.metrics.errors.labels("trace_write").inc()
            return False

    async def _heartbeat(self, run_id: str) -> None:
        """Beats for readers on every process; with a shared buffer, also looks for a cancel asked
        on another process (POST .../cancel there sets `cancel_requested` in the run's metadata)
        every CANCEL_POLL_S. In process, a cancel stops the task directly."""
        shared = self.rt.buffer.shared
        step = CANCEL_POLL_S if shared else HEARTBEAT_S
        beat = time.monotonic()
        while True:
            await asyncio.sleep(step)
            if time.monotonic() - beat >= HEARTBEAT_S - step / 2:
                beat = time.monotonic()
                await self.rt.buffer.update_meta(run_id, heartbeat=time.time())
            if shared and (await self.rt.buffer.meta(run_id) or {}).get("cancel_requested"):
                self.cancel_local(run_id)

    def queued_on(self, thread_id: str) -> list[str]:
        return [run_id for run_id, (tid, _t) in self.queued.items() if tid == thread_id]

    def cancel_local(self, run_id: str) -> bool:
        """Cancels a run executing (or queued) in this process; False when it is not here."""
        task = self.tasks.get(run_id) or (self.queued.get(run_id) or (None, None))[1]
        if task is None or task.done():
            return False
        self.cancelled.add(run_id)
        task.add_done_callback(lambda _t: self.cancelled.discard(run_id))
        task.cancel()
        return True

    async def cancel(self, run_id: str) -> None:
        """A client's cancel: here at once, on another process at its next heartbeat."""
        if not self.cancel_local(run_id):
            await self.rt.buffer.update_meta(run_id, cancel_requested=True)

    async def shutdown(self, grace_s: float) -> None:
        for _tid, waiter in list(self.queued.values()):   # queued runs end (as cancelled) first
            waiter.cancel()
        pending = [t for t in self.tasks.values() if not t.done()]
        if not pending:
            return
        done, still = await asyncio.wait(pending, timeout=grace_s)
        for t in still:
            t.cancel()
        if still:
            await asyncio.gather(*still, return_exceptions=True)
        self.pool.shutdown(wait=False)
        self.rows.shutdown(wait=False)
