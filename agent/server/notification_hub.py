"""One reader of new notifications per server process, for every open GET /api/notifications stream.

Each stream used to read the store for itself whenever it woke: with 100 streams and many alerts
firing on one bar, 100 reads queued on the executor (DuckDB 10-20 ms each) and the last stream got
its alert seconds after the bar. Here one loop reads every user's new rows once per wake (one
query, after the last id it saw) and hands each row to the open streams of its user, in id order.

Wake-ups: a bar ingested in this process rings agent/live/bell.py; with Redis, one XREAD blocks on
the deployment's wake stream (notify.wake_key: every publish, from any process, adds to it); and a
timer reads anyway (`poll_s` without Redis or while it is down, `recheck_s` with it), so a row whose
publish was lost (a process killed between COMMIT and XADD) is late, never missed.

A stream subscribes before it reads its own backlog (the Last-Event-ID replay), and by then the
hub's position is fixed: a row is in that backlog read or handed over later (or both), and the
stream drops ids it already sent, so each notification reaches each stream once.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from agent.live import bell
from agent.market.tx import read
from agent.storage.redis_client import async_redis_client
from agent.trading import notify
from agent.trading.models import Notification

log = logging.getLogger("askbar.server")
BATCH = 500
REDIS_RECHECK_S = 5.0
Key = tuple[str, str]


class Subscription:
    """One open stream's inbox: the hub appends its user's new notifications and sets `event`."""

    def __init__(self, tenant_id: str, user_id: str):
        self.key: Key = (tenant_id, user_id)
        self.pending: list[Notification] = []
        self.event = asyncio.Event()

    def take(self) -> list[Notification]:
        self.event.clear()
        out, self.pending = self.pending, []
        return out


class NotificationHub:
    """Reads `store` for every subscribed stream of this process (module docstring).
    `dismissed(lo, hi)`: the ids between lo and hi that their users dismissed (left out)."""

    def __init__(self, store: Any, redis_url: str | None = None, poll_s: float = 1.0,
                 recheck_s: float | None = None,
                 dismissed: Callable[[int, int], set[int]] | None = None):
        self.store, self.redis_url, self.poll_s = store, redis_url, poll_s
        self.recheck_s = recheck_s if recheck_s is not None else REDIS_RECHECK_S
        self.dismissed = dismissed
        self.cursor = 0                 # the last id read
        self.reads = 0                  # store reads so far (operators and tests)
        self.down = False               # Redis failed: the timer reads until it answers again
        self._subs: dict[Key, set[Subscription]] = {}
        self._task: asyncio.Task[None] | None = None
        self._ready: asyncio.Future[None] | None = None
        self._wake: asyncio.Event | None = None

    @property
    def streams(self) -> int:
        return sum(len(s) for s in self._subs.values())

    async def subscribe(self, tenant_id: str, user_id: str) -> Subscription:
        """Register a stream; returns once the hub's position is fixed (read the backlog after)."""
        sub = Subscription(tenant_id, user_id)
        self._subs.setdefault(sub.key, set()).add(sub)
        if self._task is None:
            self._ready = asyncio.get_running_loop().create_future()
            self._wake = asyncio.Event()
            self._task = asyncio.create_task(self._run(self._ready, self._wake))
        try:
            await asyncio.shield(self._ready)  # type: ignore[arg-type]
        except BaseException:
            self.unsubscribe(sub)
            raise
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        subs = self._subs.get(sub.key)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self._subs[sub.key]
        if not self._subs and self._wake is not None:
            self._wake.set()            # the loop ends now rather than at its next timer

    async def _run(self, ready: asyncio.Future[None], wake: asyncio.Event) -> None:
        bell.listen(wake)
        redis_task = None
        try:
            self.cursor = await self._position()
            ready.set_result(None)
            if self.redis_url:
                redis_task = asyncio.create_task(self._redis_wakes(wake))
            while self._subs:
                wake.clear()
                await self._read_and_hand_out()
                if not self._subs:
                    break
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(wake.wait(), self._timeout(redis_task))
            # no stream left: a later subscribe starts a fresh loop (no await between the check
            # and this line, so no stream can join a loop that is ending)
            self._task = None
        finally:
            if self._task is asyncio.current_task():
                self._task = None
            if not ready.done():
                ready.cancel()
            bell.unlisten(wake)
            if redis_task is not None:
                redis_task.cancel()
                with contextlib.suppress(BaseException):
                    await redis_task

    def _timeout(self, redis_task: asyncio.Task[None] | None) -> float:
        return self.recheck_s if redis_task is not None and not self.down else min(self.poll_s, self.recheck_s)

    async def _position(self) -> int:
        """The newest id now (retried while the store does not answer)."""
        while self._subs:
            try:
                return await asyncio.to_thread(notify.newest_id, read(self.store))
            except Exception as exc:  # noqa: BLE001 - a store restarting: its streams wait, then go on
                log.warning("notifications: cannot read the store (%s); retrying", type(exc).__name__)
                await asyncio.sleep(min(self.poll_s, self.recheck_s))
        return 0                        # every stream left while the store was away: the loop ends

    async def _read_and_hand_out(self) -> None:
        while True:
            try:
                rows = await asyncio.to_thread(notify.all_since, read(self.store), self.cursor, BATCH)
            except Exception as exc:  # noqa: BLE001 - the position stays: the next wake reads again
                log.warning("notifications: reading new rows failed (%s)", type(exc).__name__)
                return
            self.reads += 1
            if not rows:
                return
            mine = [(t, u, n) for t, u, n in rows if (t, u) in self._subs]
            skip = await self._dismissed(mine[0][2].id, mine[-1][2].id) if mine else set()
            self.cursor = rows[-1][2].id
            for t, u, n in mine:
                if n.id in skip:
                    continue
                for sub in self._subs.get((t, u), ()):
                    sub.pending.append(n)
                    sub.event.set()
            if len(rows) < BATCH:
                return

    async def _dismissed(self, lo: int, hi: int) -> set[int]:
        if self.dismissed is None:
            return set()
        try:
            return await asyncio.to_thread(self.dismissed, lo, hi)
        except Exception as exc:  # noqa: BLE001 - a card shown again beats a notification lost
            log.warning("notifications: reading dismissed ids failed (%s)", type(exc).__name__)
            return set()

    async def _redis_wakes(self, wake: asyncio.Event) -> None:
        """Sets `wake` whenever any process publishes notifications (one blocking XREAD)."""
        # a read that blocks on purpose needs a socket timeout longer than its block: redis-py's
        # default (5 s) equals the block, and the XREAD timed out under load
        client: Any = async_redis_client(self.redis_url or "", socket_timeout=self.recheck_s + 10)
        key, last = notify.wake_key(), None
        try:
            while True:
                try:
                    if last is None:
                        newest = await client.xrevrange(key, count=1)
                        last = newest[0][0] if newest else "0-0"
                        if self.down:       # back: read what came while it was away
                            self.down = False
                            wake.set()
                    got = await client.xread({key: last}, block=int(self.recheck_s * 1000), count=100)
                    for _key, entries in got or []:
                        if entries:
                            last = entries[-1][0]
                            wake.set()
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # noqa: BLE001 - never ends the streams: the timer reads
                    self._lost(exc)
                    last = None
                    await asyncio.sleep(min(self.poll_s, self.recheck_s))
        finally:
            with contextlib.suppress(Exception):
                await client.aclose()

    def _lost(self, exc: BaseException) -> None:
        if not self.down:
            log.warning("notifications: Redis unavailable (%s); reading the database every %g s",
                        type(exc).__name__, min(self.poll_s, self.recheck_s))
        self.down = True
