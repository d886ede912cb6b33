"""GraphThread: one run of the graph in one worker thread, its events batched back to the loop.

Used by agent/server/runs.py (RunManager._stream); measurements in benchmarks/RESULTS.md.
"""
from __future__ import annotations

import asyncio
import contextvars
import logging
import threading
from dataclasses import dataclass
from typing import Any

from agent.deps import RunOptions
from agent.server.recording import TraceRecorder

log = logging.getLogger("askbar.server")

# Progress events of a run go to its buffer (and SSE readers) in batches: what the graph emits
# within this long after a batch's first event joins it. Each batch is one buffer append and one
# SSE send through the middleware stack (~0.4 ms of the loop's time each); a month question's
# steps came ~2 ms apart, one send per step. 20 ms is below what a reader can see (a progress
# line), and the last batch goes at once when the graph stops.
COALESCE_S = 0.02
STOP_WAIT_S = 2.0   # a cancelled run waits this long for its graph to stop at a step boundary


@dataclass(frozen=True)
class RunState:
    """What a run leaves, as its stream told it: the state's values and the interrupts it asks
    (the StateSnapshot fields the result object and the emitters read)."""
    values: dict[str, Any]
    interrupts: tuple[Any, ...] = ()


class GraphThread:
    """One run of the graph, synchronously (`graph.stream`), in one worker thread.

    `graph.astream` runs every sync node and every conditional edge through `run_in_executor`: a
    month question made 12 hops to a worker thread and back, plus asyncio tasks per step. In one
    thread, LangGraph runs a step's single task inline (its fast path), so a run is one hop in;
    its events come back with one `call_soon_threadsafe` per step, and the async checkpointer's
    sync methods run their coroutines on the server's loop. Measured over HTTP, two servers
    answering alternately on 2 cores (benchmarks/RESULTS.md): month 23.4 -> 20.4 ms p50, ten
    years 32.5 -> 29.0 ms. Trace rows and events are made in the thread; the loop appends them to
    the run's buffer. `stop()` (the run's task cancelled: server shutdown) ends the graph at its
    next step: the generator is closed there, as a cancelled astream would stop at an await."""

    _END = "__end__"

    def __init__(self, graph: Any, graph_input: Any, config: dict, options: RunOptions, emitter: Any,
                 recorder: TraceRecorder, metrics: Any, before: Any = None, after: Any = None):
        self.graph, self.input, self.config, self.options = graph, graph_input, config, options
        self.emitter, self.recorder, self.metrics = emitter, recorder, metrics
        # before/after the graph, in its thread: no hop of their own (each to_thread is a switch to
        # a worker and back; under load the scheduler makes each wait, see RunManager._end_rows)
        self.before, self.after = before, after
        self._stop = threading.Event()

    def stop(self) -> None:
        self._stop.set()

    def _run(self, post: Any) -> None:
        try:
            if self.before is not None:
                self.before()
            # "values" and "updates" give the state the run leaves and its interrupts, so the
            # result needs no read of the checkpoint back (get_state: a hop to the saver and a
            # deserialisation, ~0.8 ms of a ten-year question); emitters ignore modes not theirs
            modes = list(dict.fromkeys([*self.emitter.modes, "values", "updates"]))
            chunks = self.graph.stream(self.input, self.config, stream_mode=modes, **self.options)
            values, interrupts = None, []
            try:
                for mode, chunk in chunks:
                    if mode == "values":
                        values = chunk
                    elif mode == "updates" and "__interrupt__" in chunk:
                        interrupts.extend(chunk["__interrupt__"])
                    row = self.recorder.feed(mode, chunk)
                    if row:
                        self.metrics.step(row)
                    events = self.emitter.on_chunk(mode, chunk)
                    if events:
                        post(events)
                    if self._stop.is_set():
                        break
            finally:
                chunks.close()
            if self._stop.is_set():
                post(asyncio.CancelledError("the run was stopped"))
                return
            state = None if values is None else RunState(values, tuple(interrupts))
            post((self._END, self.after(state) if self.after is not None else None))
        except BaseException as exc:  # noqa: BLE001 - raised again in the run's task (run())
            post(exc)

    async def run(self, sink: Any, pool: Any = None) -> tuple[list, Any]:
        """Runs the graph; its events go to `await sink(events)` in order, in batches: what arrives
        within COALESCE_S of a batch's first event goes with it (see COALESCE_S). One timer per
        batch, no task per event (asyncio.wait_for per event was ~4 % of a question's CPU).
        Returns the last batch, not sent (it goes out with the run's final events: one send and
        one buffer append fewer), and what `after` returned."""
        loop = asyncio.get_running_loop()
        pending: list = []
        ready = asyncio.Event()
        ended: list = []          # (_END, after's value) or the graph's exception

        def receive(item: Any) -> None:   # on the loop, in the order the graph posted
            if isinstance(item, BaseException) or (isinstance(item, tuple) and item and item[0] == self._END):
                ended.append(item)
                ready.set()
            elif not pending:
                loop.call_later(COALESCE_S, ready.set)
                pending.extend(item)
            else:
                pending.extend(item)

        def post(item: Any) -> None:
            try:
                loop.call_soon_threadsafe(receive, item)
            except RuntimeError:   # the loop is closed (the process is exiting): nobody listens
                self._stop.set()

        done = loop.run_in_executor(pool, contextvars.copy_context().run, self._run, post)
        try:
            while True:
                await ready.wait()
                ready.clear()
                if pending and not (ended and not isinstance(ended[0], BaseException)):
                    # a timer of an earlier batch may end this one early: harmless
                    batch = pending[:]
                    pending.clear()
                    await sink(batch)
                # The run may have ended before or during that send (an end that
                # came during `await sink` was raised as a tuple): its end is either the graph's
                # exception or (_END, after's value), never anything else.
                if ended:
                    if isinstance(ended[0], BaseException):
                        raise ended[0]
                    return pending, ended[0][1]
        finally:
            self.stop()
            if not done.done():   # cancelled: the graph stops at its next step; a step that
                try:              # waits on a model is not waited for past STOP_WAIT_S
                    await asyncio.wait_for(asyncio.shield(done), STOP_WAIT_S)
                except (asyncio.TimeoutError, asyncio.CancelledError):
                    log.warning("a stopped run's graph is still in a step; not waiting for it")
