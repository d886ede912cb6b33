"""GET /api/notifications: the caller's fills and fired alerts as Server-Sent Events.

Each event is `notification` with the database id as its SSE id, so a client that reconnects with
`Last-Event-ID` (or ?last_event_id=) gets exactly what it missed, then the stream follows. New rows
are noticed at once through the user's Redis stream when ASKBAR_REDIS_URL is set (XREAD BLOCK as
a wake-up), else (and while Redis is down) by reading the database every `notifications_poll_s`. `?follow=0` answers what is
stored after the id and closes. The user comes from the token (current_user), never the request.

The response is the run streams' sse-starlette layer (agent/server/sse.py): keep-alive pings on
its own timer, a send timeout that drops a client that stopped reading, and shutdown drain: when
the server stops, what is stored is forwarded, then a `reconnect` event (no id) names the last id
sent, so the client resumes exactly there. Notifications the caller dismissed in the UI
(POST /api/notifications/{id}/dismiss, agent/server/dismissed.py) are left out.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

import anyio
from starlette.requests import Request
from starlette.routing import Route

from agent.identity.models import User
from agent.live import bell
from agent.market.tx import read
from agent.server.caller import current_user
from agent.server.dismissed import dismissed_ids
from agent.server.http import sse_frame
from agent.server.sse import DRAIN_MARGIN_S, RunEventStream, last_event_id, sse_stream
from agent.storage.redis_client import async_redis_client
from agent.trading import notify
from agent.trading.texts import notification_texts

log = logging.getLogger("askbar.server")
BATCH = 200
REDIS_RECHECK_S = 5.0
RECONNECT_MESSAGE = "the server is shutting down; reconnect with Last-Event-ID to continue"


class _Waker:
    """Blocks until the user's Redis stream grows (or `timeout_s`); a no-op sleep without Redis."""

    def __init__(self, redis_url: str | None, user: User, poll_s: float = 1.0):
        self.poll_s = poll_s
        self.key = notify.stream_key(user.tenant_id, user.user_id)
        # Any: redis-py's types say bytes | str even with decode_responses=True
        self.client: Any
        self.client, self.last = None, "$"
        self.down = False               # Redis failed: poll the database until it answers again
        self.user, self.seen = user, 0
        if redis_url:

            # a read that blocks on purpose needs a socket timeout longer than its block: redis-py's
            # default (5 s) equals REDIS_RECHECK_S, and the XREAD timed out under load
            self.client = async_redis_client(redis_url, socket_timeout=REDIS_RECHECK_S + 10)

    async def start(self) -> None:
        if self.client is None:
            return
        try:                            # from the newest entry now: nothing between read and block
            newest = await self.client.xrevrange(self.key, count=1)
            self.last = newest[0][0] if newest else "0-0"
            self.down = False
        except Exception as exc:  # noqa: BLE001 - Redis down: the database is read on a timer
            self._lost(exc)

    async def wait(self, timeout_s: float, shutdown: anyio.Event) -> None:
        """Until new entries, `timeout_s`, or the server starts shutting down (at once)."""
        async with anyio.create_task_group() as tg:
            async def on_shutdown() -> None:
                await shutdown.wait()
                tg.cancel_scope.cancel()
            tg.start_soon(on_shutdown)
            await self._wait(timeout_s)
            tg.cancel_scope.cancel()

    def mark(self) -> None:
        """Before each read: rings of this process's bell after it wake the next wait at once."""
        self.seen = bell.rung(self.user.tenant_id, self.user.user_id)

    async def _wait(self, timeout_s: float) -> None:
        if self.client is None:      # live bars ingested in this process ring it (agent/live/bell.py)
            await bell.wait(self.user.tenant_id, self.user.user_id, self.seen, timeout_s)
            return
        if self.down:                   # the stream goes on from the database; Redis tried again
            await bell.wait(self.user.tenant_id, self.user.user_id, self.seen, min(timeout_s, self.poll_s))
            await self.start()
            return
        try:
            got = await self.client.xread({self.key: self.last}, block=int(timeout_s * 1000), count=100)
        except Exception as exc:  # noqa: BLE001 - an SSE already started: never raise out of it
            # a Redis read that fails (down, or a timeout under load) must not end the stream: the
            # database is the record, read on this process's bell or the poll until Redis answers
            self._lost(exc)
            return
        for _key, entries in got or []:
            if entries:
                self.last = entries[-1][0]

    def _lost(self, exc: BaseException) -> None:
        if not self.down:
            log.warning("notifications: Redis unavailable (%s); reading the database every %g s",
                        type(exc).__name__, self.poll_s)
        self.down = True

    async def close(self) -> None:
        if self.client is not None:
            try:
                await self.client.aclose()
            except Exception:  # noqa: BLE001 - closing a client of a Redis that is down
                pass


def _event(n: notify.Notification, tz: str | None = None) -> dict[str, Any]:
    """The stored notification, plus `texts`: its sentence in each language with the bar's time
    in the user's time zone (the UI shows the one of its language)."""
    return {"id": n.id, "kind": n.kind, "ref_id": n.ref_id, "symbol": n.symbol,
            "bar_ts": n.bar_ts.isoformat(), **n.payload,
            "texts": notification_texts(n.kind, n.payload, n.bar_ts, tz)}


async def _frames(store: Any, user: User, after: int, follow: bool, redis_url: str | None,
                  poll_s: float, shutdown: anyio.Event,
                  dismissed: Callable[[], set[int]] = set) -> AsyncIterator[bytes]:
    waker = _Waker(redis_url if follow else None, user, poll_s)
    try:
        await waker.start()
        yield b"retry: 1000\n\n"
        while True:
            waker.mark()
            rows = await asyncio.to_thread(notify.since, read(store), user.tenant_id, user.user_id,
                                           after, BATCH)
            skip = await asyncio.to_thread(dismissed) if rows else set()
            for n in rows:
                after = n.id
                if n.id not in skip:      # dismissed in the UI (agent/server/dismissed.py)
                    yield sse_frame(n.id, "notification", _event(n, user.timezone))
            if len(rows) == BATCH:
                continue
            if not follow:
                return
            if shutdown.is_set():     # drained: everything stored was just read and sent
                yield sse_frame(None, "reconnect", {"reason": "server_shutdown", "last_event_id": after,
                                                    "message": RECONNECT_MESSAGE})
                return
            # with Redis a publish wakes us at once; the timeout re-reads the database anyway, so a
            # notification whose XADD was lost (a loader killed after commit) is late, never missed
            await waker.wait(poll_s if waker.client is None else REDIS_RECHECK_S, shutdown)
    finally:
        await waker.close()


async def notifications(request: Request) -> RunEventStream:
    user = current_user(request)
    runtime = request.app.state.runtime
    settings = runtime.settings
    follow = request.query_params.get("follow", "1") not in ("0", "false", "no")
    shutdown = anyio.Event()
    frames = _frames(runtime.deps.store, user, last_event_id(request), follow, settings.redis_url,
                     float(getattr(settings, "notifications_poll_s", 1.0)), shutdown,
                     lambda: dismissed_ids(runtime, user))
    # nothing to finish (unlike a run): the farewell goes out as soon as the stored rows are read
    return sse_stream(runtime, frames, shutdown, DRAIN_MARGIN_S)


routes = [Route("/api/notifications", notifications, methods=["GET"])]
