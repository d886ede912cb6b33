"""Per-run event buffers: what a run emitted, readable from any point and tailable while it runs.

A run's background task appends events (ids 1, 2, 3, ... per run); SSE endpoints read what came
after the client's Last-Event-ID and then wait for more until a terminal event (`done`, `error`,
`end`) has been read. The in-process buffer serves one server process; RedisBuffer
(agent/server/redis_buffer.py) shares runs between processes. Both expire finished runs after a TTL.
"""
from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Protocol

TERMINAL = frozenset({"done", "error", "end"})
DEFAULT_TTL_S = 3600
STALE_AFTER_S = 30.0  # a running run whose writer stopped beating this long ago is lost


@dataclass
class Event:
    id: int
    event: str
    data: Any

    @property
    def terminal(self) -> bool:
        return self.event in TERMINAL


class EventBuffer(Protocol):
    stale_s: float
    shared: bool     # runs are visible to other server processes (Redis): cancels are polled

    async def warm(self, n: int = 32) -> None:
        """Opens connections ahead of a burst (nothing to open in process)."""

    async def start_run(self, thread_id: str, run_id: str, meta: dict[str, Any], event: str,
                        data: Any) -> str | None:
        """claim_thread + create + the first event; the live run holding the thread, if any."""

    async def reader_meta(self, run_id: str) -> dict[str, Any] | None:
        """The metadata an SSE reader acts on (status, heartbeat)."""

    async def create(self, run_id: str, meta: dict[str, Any]) -> None: ...

    async def append(self, run_id: str, event: str, data: Any) -> int: ...

    async def append_many(self, run_id: str, events: list[tuple[str, Any]]) -> None: ...

    async def meta(self, run_id: str) -> dict[str, Any] | None: ...

    async def update_meta(self, run_id: str, **fields: Any) -> None: ...

    async def read(self, run_id: str, after: int = 0, wait_s: float = 0.0) -> list[Event]:
        """Events with id > after; waits up to wait_s for the first one when there is none."""

    async def claim_thread(self, thread_id: str, run_id: str) -> str | None:
        """Marks run_id as the thread's active run; returns the other active run's id if any."""

    async def release_thread(self, thread_id: str, run_id: str) -> None: ...

    async def finish_run(self, run_id: str, thread_id: str, events: list[tuple[str, Any]],
                         **fields: Any) -> None:
        """The run's last events, meta fields and the thread's release, seen together by readers."""

    async def active_run(self, thread_id: str) -> str | None: ...

    async def close(self) -> None: ...


def parse_last_event_id(value: str | None) -> int:
    """The numeric part of a Last-Event-ID header (0 when absent or unreadable)."""
    if not value:
        return 0
    head = value.strip().split("-", 1)[0]
    return int(head) if head.isascii() and head.isdigit() and len(head) < 19 else 0


def is_stale(meta: dict[str, Any] | None, stale_s: float) -> bool:
    """A run marked running (or queued) whose writer has not beaten for stale_s (its server died)."""
    return bool(meta and meta.get("status") in ("running", "pending")
                and time.time() - float(meta.get("heartbeat") or 0) > stale_s)


async def last_run_cut_off(buffer: EventBuffer, thread_id: str) -> bool:
    """The thread's last run died with its server (marked lost, or running with a stale
    heartbeat). The graph checkpoints only when a run stops, so a killed run leaves no checkpoint
    behind: the run's metadata is what tells."""
    run_id = await buffer.active_run(thread_id)
    meta = await buffer.meta(run_id) if run_id else None
    return bool(meta and (meta.get("status") == "lost" or is_stale(meta, buffer.stale_s)))


async def tail(buffer: EventBuffer, run_id: str, after: int = 0, poll_s: float = 5.0
               ) -> AsyncIterator[Event | None]:
    """Events after `after` until a terminal one; yields None on each idle poll (for pings).

    A run whose writer died (server killed) never writes a terminal event: when its heartbeat
    is older than the buffer's stale_s, an `error` event is appended so every reader stops alike.
    """
    async for batch in tail_batches(buffer, run_id, after, poll_s):
        if batch is None:
            yield None
            continue
        for ev in batch:
            yield ev


async def tail_batches(buffer: EventBuffer, run_id: str, after: int = 0, poll_s: float = 5.0
                       ) -> AsyncIterator[list[Event] | None]:
    """tail(), as the lists of events each read returned (up to and including a terminal one), so
    an SSE stream can write them in one send (agent/server/sse.py)."""
    last = after
    # the status a reader acts on: for a run of this process the local mirror's (HybridBuffer),
    # no Redis round trip per idle read while the run works next to it on the same loop
    reader_meta = buffer.reader_meta
    while True:
        events = await buffer.read(run_id, last)
        if not events:
            meta = await reader_meta(run_id) or {}
            if meta.get("status") not in (None, "running", "pending"):
                # finished: its last events were written before (or with) the status, maybe
                # after the read above; none now means the reader has everything
                events = await buffer.read(run_id, last)
                if not events:
                    return
        if not events:
            if is_stale(meta, buffer.stale_s):
                await buffer.update_meta(run_id, status="lost")
                await buffer.append(run_id, "error", {"run_id": run_id, "code": "run_lost",
                                                      "message": "the server running this request stopped before "
                                                                 "it finished; ask the question again on this thread"})
                continue
            events = await buffer.read(run_id, last, wait_s=poll_s)
        if not events:
            yield None
            continue
        end = next((i + 1 for i, ev in enumerate(events) if ev.terminal), len(events))
        last = events[end - 1].id
        yield events[:end]
        if end < len(events) or events[end - 1].terminal:
            return


@dataclass
class _Run:
    meta: dict[str, Any]
    events: list[Event] = field(default_factory=list)
    cond: asyncio.Condition = field(default_factory=asyncio.Condition)
    expires: float = 0.0


class MemoryBuffer:
    """In-process buffer (the embedded default); finished runs expire ttl_s after their last event."""

    shared = False

    def __init__(self, ttl_s: float = DEFAULT_TTL_S, stale_s: float = STALE_AFTER_S):
        self.ttl_s, self.stale_s = ttl_s, stale_s
        self._runs: dict[str, _Run] = {}
        self._threads: dict[str, str] = {}
        self._swept = 0.0

    def _expire(self) -> None:
        # At most once a second: a sweep walks every run kept (an hour's worth by default), and
        # ran on every new run (~2 % of a question's time in a benchmark's long-lived server).
        now = time.time()
        if now - self._swept < 1.0:
            return
        self._swept = now
        for run_id in [k for k, r in self._runs.items() if r.expires and r.expires < now]:
            del self._runs[run_id]

    async def create(self, run_id: str, meta: dict[str, Any]) -> None:
        self._expire()
        run = self._runs.get(run_id)
        if run is not None:   # a queued run starting: its readers keep waiting on the same run
            run.meta.update(meta, heartbeat=time.time())
            run.expires = time.time() + self.ttl_s
            return
        self._runs[run_id] = _Run(meta={**meta, "heartbeat": time.time()},
                                  expires=time.time() + self.ttl_s)

    async def warm(self, n: int = 32) -> None:
        return None

    async def start_run(self, thread_id: str, run_id: str, meta: dict[str, Any], event: str,
                        data: Any) -> str | None:
        other = await self.claim_thread(thread_id, run_id)
        if not other:
            await self.create(run_id, meta)
            await self.append(run_id, event, data)
        return other

    async def reader_meta(self, run_id: str) -> dict[str, Any] | None:
        return await self.meta(run_id)

    async def append(self, run_id: str, event: str, data: Any) -> int:
        run = self._runs[run_id]
        async with run.cond:
            ev = Event(id=len(run.events) + 1, event=event, data=data)
            run.events.append(ev)
            run.expires = time.time() + self.ttl_s
            run.cond.notify_all()
        return ev.id

    async def append_many(self, run_id: str, events: list[tuple[str, Any]]) -> None:
        for event, data in events:
            await self.append(run_id, event, data)

    async def finish_run(self, run_id: str, thread_id: str, events: list[tuple[str, Any]],
                         **fields: Any) -> None:
        """The last events, the final meta and the thread's release, with no await that yields
        between them: a reader woken by `done` finds the run finished."""
        run = self._runs.get(run_id)
        if run is not None:
            for event, data in events:
                run.events.append(Event(id=len(run.events) + 1, event=event, data=data))
            run.expires = time.time() + self.ttl_s
            run.meta.update(fields)
        await self.release_thread(thread_id, run_id)
        if run is not None:
            async with run.cond:
                run.cond.notify_all()

    async def meta(self, run_id: str) -> dict[str, Any] | None:
        run = self._runs.get(run_id)
        return dict(run.meta) if run else None

    async def update_meta(self, run_id: str, **fields: Any) -> None:
        run = self._runs.get(run_id)
        if run:
            run.meta.update(fields)

    async def read(self, run_id: str, after: int = 0, wait_s: float = 0.0) -> list[Event]:
        run = self._runs.get(run_id)
        if run is None:
            return []
        if len(run.events) <= after and wait_s > 0:
            async with run.cond:
                try:
                    await asyncio.wait_for(run.cond.wait_for(lambda: len(run.events) > after), wait_s)
                except asyncio.TimeoutError:
                    pass
        return run.events[after:]

    async def claim_thread(self, thread_id: str, run_id: str) -> str | None:
        other = self._threads.get(thread_id)
        if other and other != run_id:
            meta = await self.meta(other) or {}
            if meta.get("status") == "running" and not is_stale(meta, self.stale_s):
                return other
        self._threads[thread_id] = run_id
        return None

    async def release_thread(self, thread_id: str, run_id: str) -> None:
        if self._threads.get(thread_id) == run_id:
            del self._threads[thread_id]

    async def active_run(self, thread_id: str) -> str | None:
        return self._threads.get(thread_id)

    async def close(self) -> None:
        self._runs.clear()
