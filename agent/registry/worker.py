"""`askbar registry worker`: consumes the seed's queues with a consumer group, many tasks at once.

One asyncio loop per worker:
- a reader takes messages from the tenants' streams whose local buffer has room (a tenant that
  floods fills only its own buffer), claims them in the database in one statement, and buffers
  them per stream (highest priority first within a stream);
- a dispatcher starts buffered tasks round robin across streams, up to `registry_concurrency` at
  once and at most three quarters of them for one stream, so one tenant's backlog never stands in
  front of another tenant's task;
- tasks run on the loop (external HTTP tools on one async client) or in a small pool (built-in
  tools); a retry waits in Redis until its not-before time (`queue.delay`), never in a worker;
- the books flusher records outcomes, publishes results and events, marks them delivered and
  acknowledges messages in batches (one statement / pipeline per step, not per task);
- a heartbeat renews the leases of held tasks and resets their messages' idle time, so XAUTOCLAIM
  with a short idle time (`registry_visibility_timeout_s`, default 5 s) takes over only the tasks
  of a dead worker; the database claim keeps each task to one run and the Idempotency-Key (the
  task id) keeps the external call to one execution.
"""
from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import os
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from agent.identity.models import User
from agent.registry import events
from agent.registry.envelope import Envelope, ToolExecutionPayload
from agent.registry.queues import Delivery, dead_letter
from agent.registry.service import Registry
from agent.registry.task_batch import TaskBatch
from agent.registry.worker_books import Books
from agent.registry.worker_exec import Executor, Outcome, discover, register

log = logging.getLogger("askbar.registry")
QUEUES = ("tool_execution", "tool_registration", "tool_discovery")
STREAMS_REFRESH_S = 0.5


@dataclass
class Held:
    delivery: Delivery
    user: User

    @property
    def task_id(self) -> str:
        return self.delivery.envelope.task_id


class Worker:
    def __init__(self, reg: Registry, name: str | None = None, block_ms: int = 200,
                 concurrency: int | None = None):
        self.reg = reg
        self.name = name or f"{os.uname().nodename}-{os.getpid()}-{uuid.uuid4().hex[:6]}"
        self.block_ms = block_ms
        s = reg.settings
        self.concurrency = max(1, concurrency or s.registry_concurrency)
        self.per_stream = max(1, self.concurrency * 3 // 4)
        self.idle_s = s.registry_visibility_timeout_s
        self.lease_s = self.idle_s * 0.8          # renewed every idle/4: always ahead of the claim
        self.batch = TaskBatch(reg.db)
        self.books = Books(reg, self.batch, self.name)
        self._buf: dict[str, list[tuple[int, int, Held]]] = {}
        self._running: dict[str, int] = {}
        self._held: dict[str, Held] = {}           # claimed by this worker: buffered or running
        self._seq = itertools.count()
        self._rr: list[str] = []
        self._streams: list[str] = []
        self._streams_at = self._last_claim = self._last_beat = self._last_sweep = 0.0
        self._reported = self._logged = 0.0
        self._wake: asyncio.Event | None = None

    # ---- entry points ----------------------------------------------------------------------------
    def run(self, stop: threading.Event) -> None:
        log.info("registry worker %s started (%d at once)", self.name, self.concurrency)
        asyncio.run(self._serve(stop))

    def poll_once(self) -> int:
        """Read what is there (or wait block_ms), run it all, book it (tests, benchmarks)."""
        return asyncio.run(self._once())

    async def _once(self) -> int:
        async with self._session() as ex:
            await self._maintain(force=True)
            n = await self._read(self.block_ms)
            tasks: set[asyncio.Task] = set()
            while self._buffered() or tasks:
                tasks |= self._dispatch(ex)
                if tasks:
                    done, tasks = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            await self.books.flush()
            return n

    async def _serve(self, stop: threading.Event) -> None:
        async with self._session() as ex:
            tasks: set[asyncio.Task] = set()
            flusher = asyncio.create_task(self.books.run(stop))
            while not stop.is_set():
                try:
                    await self._maintain()
                    busy = bool(tasks) or self._buffered() > 0
                    n = 0
                    if self._buffered() < self.concurrency:   # enough buffered to fill the slots
                        n = await self._read(0 if busy else self.block_ms)
                    tasks |= self._dispatch(ex)
                    tasks = {t for t in tasks if not t.done()}
                    if busy and n == 0:
                        await self._sleep(0.02)               # woken at once by a finishing task
                    await self._report(True)
                except Exception as exc:  # noqa: BLE001 - keep serving; Redis or the database may come back
                    self._failed(exc)
                    await self._report(False, f"{type(exc).__name__}: {str(exc)[:200]}")
                    await asyncio.sleep(1.0)
            if tasks:
                await asyncio.wait(tasks, timeout=5)
            await self._release_buffered()
            await flusher
            await asyncio.to_thread(self._forget)

    def _failed(self, exc: Exception) -> None:
        """Logged with its traceback once, then a line every 30 s while it lasts (an outage of
        minutes must not write thousands of tracebacks)."""
        now = time.monotonic()
        if now - self._logged >= 30:
            self._logged = now
            log.exception("registry worker loop failed (repeats are logged every 30 s)")

    async def _report(self, ok: bool, error: str | None = None) -> None:
        """This worker's state for /healthz, at most once a second (and at once on a change)."""
        now = time.monotonic()
        if ok and now - self._reported < 1.0:
            return
        self._reported = now if ok else 0.0
        try:
            await asyncio.to_thread(self.reg.queue.report, self.name, ok, error)
        except Exception:  # noqa: BLE001 - Redis down: /healthz sees the stale report's age
            pass

    def _forget(self) -> None:
        try:
            self.reg.queue.forget_consumer(self.name)
        except Exception:  # noqa: BLE001 - stopping anyway; the report ages out
            pass

    def _session(self):
        import contextlib

        import aiohttp

        worker = self

        @contextlib.asynccontextmanager
        async def session():
            worker._wake = asyncio.Event()
            pool = ThreadPoolExecutor(max_workers=8, thread_name_prefix="tool")
            connector = aiohttp.TCPConnector(limit=worker.concurrency * 2)
            async with aiohttp.ClientSession(connector=connector) as client:
                try:
                    yield Executor(worker.reg, client, pool)
                finally:
                    pool.shutdown(wait=False, cancel_futures=True)
        return session()

    async def _sleep(self, s: float) -> None:
        assert self._wake is not None
        try:
            await asyncio.wait_for(self._wake.wait(), s)
        except asyncio.TimeoutError:
            pass
        self._wake.clear()

    # ---- reading and claiming --------------------------------------------------------------------
    def _buffered(self) -> int:
        return sum(len(b) for b in self._buf.values())

    async def _read(self, block_ms: int) -> int:
        now = time.monotonic()
        if now - self._streams_at >= STREAMS_REFRESH_S:
            self._streams_at = now
            self._streams = await asyncio.to_thread(
                lambda: [s for q in QUEUES for s in self.reg.queue.streams(q)])
        room = [s for s in self._streams if len(self._buf.get(s, ())) < self.per_stream]
        if not room:
            return 0
        got = await asyncio.to_thread(self.reg.queue.read, self.name, room,
                                      self.reg.settings.registry_batch, block_ms)
        await self._claim(got)
        return len(got)

    async def _claim(self, got: list[Delivery], taken_over: bool = False) -> None:
        """`taken_over`: messages claimed from a dead worker; those whose task this worker wins
        are counted as redelivered (their external call may have started already)."""
        if not got:
            return
        ids = list(dict.fromkeys(d.envelope.task_id for d in got))
        won = await asyncio.to_thread(self.batch.claim, ids, self.name, self.lease_s)
        lost = [d for d in got if d.envelope.task_id not in won]
        if taken_over:
            for row in won.values():
                self.books.stats.redelivered(row["tenant_id"])
        for d in got:
            task = won.get(d.envelope.task_id)
            if task is None:
                continue
            if d.envelope.task_id in self._held:   # a second copy of a task this worker holds
                self.books.ack(d)
                continue
            if task["tenant_id"] != d.envelope.tenant_id:   # never act for another tenant
                log.warning("registry: message %s names another tenant's task", d.message_id)
                self.books.refuse_foreign(d)
                continue
            held = Held(d, User.model_validate(task["user_json"]))
            self._held[held.task_id] = held
            heapq.heappush(self._buf.setdefault(d.stream, []),
                           (-d.envelope.priority, next(self._seq), held))
        if lost:
            await self._settle_lost(lost)

    async def _settle_lost(self, lost: list[Delivery]) -> None:
        """A message whose task is finished or unknown is acknowledged; one whose task still runs
        on a live worker stays pending (claimed again after the idle time if that worker dies)."""
        rows = await asyncio.to_thread(self.batch.status, [d.envelope.task_id for d in lost])
        for d in lost:
            row = rows.get(d.envelope.task_id)
            if row is None or row["status"] in ("completed", "failed"):
                self.books.ack(d)
            elif row["status"] == "queued":    # requeued meanwhile: its own message runs it
                self.books.ack(d)

    # ---- dispatch --------------------------------------------------------------------------------
    def _dispatch(self, ex: Executor) -> set[asyncio.Task]:
        started: set[asyncio.Task] = set()
        while sum(self._running.values()) < self.concurrency:
            stream = self._next_stream()
            if stream is None:
                break
            _, _, held = heapq.heappop(self._buf[stream])
            self._running[stream] = self._running.get(stream, 0) + 1
            started.add(asyncio.create_task(self._run(ex, held)))
        return started

    def _next_stream(self) -> str | None:
        ready = [s for s, b in self._buf.items() if b and self._running.get(s, 0) < self.per_stream]
        if not ready:
            return None
        for s in ready:                     # round robin: streams served longest ago first
            if s not in self._rr:
                self._rr.append(s)
        pick = next(s for s in self._rr if s in ready)
        self._rr.remove(pick)
        self._rr.append(pick)
        return pick

    async def _run(self, ex: Executor, held: Held) -> None:
        d, env = held.delivery, held.delivery.envelope
        try:
            if d.stream.startswith("tool_execution:"):
                tool_id = ToolExecutionPayload.model_validate(env.payload).tool_id
                self.books.event(env.tenant_id, events.progress(
                    env.tenant_id, env.task_id, env.correlation_id, tool_id, 25,
                    "tool execution started"))
                out = await ex.execute(env, held.user)
            elif d.stream.startswith("tool_registration:"):
                out = await asyncio.to_thread(register, self.reg, env, held.user)
            else:
                out = await asyncio.to_thread(discover, self.reg, env, held.user)
        except Exception as exc:  # noqa: BLE001 - a bug in one task must not stop the worker
            log.exception("registry task %s failed", env.task_id)
            out = Outcome(env.task_id, "*", status="failed", error={
                "code": "TOOL_EXTERNAL_ERROR", "message": f"internal error: {type(exc).__name__}",
                "type": "ToolError", "details": {"retryable": False}})
        finally:
            self._running[d.stream] -= 1
            self._held.pop(held.task_id, None)
            if self._wake is not None:
                self._wake.set()
        if out.dead_letter:
            self.books.dead(dead_letter(d.stream), env)
        self.books.add(d, out)

    # ---- upkeep ----------------------------------------------------------------------------------
    async def _maintain(self, force: bool = False) -> None:
        now = time.monotonic()
        if force or now - self._last_beat >= self.idle_s / 4:
            self._last_beat = now
            await asyncio.to_thread(self._beat)
        if force or now - self._last_claim >= min(1.0, self.idle_s / 4):
            self._last_claim = now
            if await asyncio.to_thread(self.reg.queue.lost_state):
                n = await asyncio.to_thread(self.books.requeue_unfinished)
                self._streams_at = 0.0                    # read the re-created stream set now
                log.warning("registry: no queue state in Redis (a new Redis, or it lost its data); "
                            "%d queued tasks published again", n)
            await asyncio.to_thread(self.reg.queue.move_due)
            got: list[Delivery] = []
            for s in self._streams or [s for q in QUEUES for s in self.reg.queue.streams(q)]:
                if len(self._buf.get(s, ())) < self.per_stream:
                    got += await asyncio.to_thread(self.reg.queue.claim_idle, self.name, s,
                                                   int(self.idle_s * 1000), self.per_stream)
            await self._claim(got, taken_over=True)
        if now - self._last_sweep >= 5:
            self._last_sweep = now
            await asyncio.to_thread(self.books.sweep)

    def _beat(self) -> None:
        held = list(self._held.values())
        if not held:
            return
        self.batch.renew([h.task_id for h in held], self.name, self.lease_s)
        by_stream: dict[str, list[str]] = {}
        for h in held:
            by_stream.setdefault(h.delivery.stream, []).append(h.delivery.message_id)
        for stream, ids in by_stream.items():
            self.reg.queue.touch(self.name, stream, ids)

    async def _release_buffered(self) -> None:
        """On stop: claimed tasks that never started go back to the queue at once."""
        held = [h for b in self._buf.values() for _, _, h in b]
        self._buf.clear()
        for h in held:
            self.books.add(h.delivery, Outcome(h.task_id, "*", kind="retry",
                                               retry=_fresh(h.delivery.envelope), metric=False))
        await self.books.flush()


def _fresh(env: Envelope) -> Envelope:
    again = env.model_copy(deep=True)
    again.message_id = str(uuid.uuid4())
    return again


def start_workers(reg: Registry, n: int, stop: threading.Event) -> list[threading.Thread]:
    """In-process workers (embedded default): the same Worker code as `askbar registry worker`."""
    threads = []
    for i in range(n):
        w = Worker(reg, name=f"inproc-{os.getpid()}-{i}")
        t = threading.Thread(target=w.run, args=(stop,), name=f"registry-worker-{i}", daemon=True)
        t.start()
        threads.append(t)
    return threads
