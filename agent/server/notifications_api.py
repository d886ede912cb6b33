"""GET /api/notifications: the caller's fills and fired alerts as Server-Sent Events.

Each event is `notification` with the database id as its SSE id, so a client that reconnects with
`Last-Event-ID` (or ?last_event_id=) gets exactly what it missed (read by the stream itself), then
the stream follows: new rows come from the server's one notification reader
(agent/server/notification_hub.py), which reads the store once per wake for every open stream and
hands each its user's rows; it wakes on this process's ingest, on Redis (ASKBAR_REDIS_URL) when
another process publishes, and on a timer. `?follow=0` answers what is stored after the id and
closes. The user comes from the token (current_user), never the request.

The response is the run streams' sse-starlette layer (agent/server/sse.py): keep-alive pings on
its own timer, a send timeout that drops a client that stopped reading, and shutdown drain: when
the server stops, what is stored is forwarded, then a `reconnect` event (no id) names the last id
sent, so the client resumes exactly there. Notifications the caller dismissed in the UI
(POST /api/notifications/{id}/dismiss, agent/server/dismissed.py) are left out.
"""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import anyio
from starlette.requests import Request
from starlette.routing import Route

from agent.identity.models import User
from agent.market.tx import read
from agent.server.caller import current_user
from agent.server.dismissed import dismissed_between, dismissed_ids
from agent.server.http import sse_frame
from agent.server.notification_hub import NotificationHub
from agent.server.sse import DRAIN_MARGIN_S, RunEventStream, last_event_id, sse_stream
from agent.trading import notify
from agent.trading.texts import notification_texts

BATCH = 200
RECONNECT_MESSAGE = "the server is shutting down; reconnect with Last-Event-ID to continue"


def _event(n: notify.Notification, tz: str | None = None) -> dict[str, Any]:
    """The stored notification, plus `texts`: its sentence in each language with the bar's time
    in the user's time zone (the UI shows the one of its language)."""
    return {"id": n.id, "kind": n.kind, "ref_id": n.ref_id, "symbol": n.symbol,
            "bar_ts": n.bar_ts.isoformat(), **n.payload,
            "texts": notification_texts(n.kind, n.payload, n.bar_ts, tz)}


def _frame_batch(rows: list[notify.Notification], after: int, skip: set[int], tz: str | None) -> tuple[bytes, int]:
    """The SSE frames of `rows` past `after` (one send for them all) and the new last id."""
    out = []
    for n in rows:
        if n.id <= after:
            continue                  # sent already (from the backlog read or the hub)
        after = n.id
        if n.id not in skip:          # dismissed in the UI (agent/server/dismissed.py)
            out.append(sse_frame(n.id, "notification", _event(n, tz)))
    return b"".join(out), after


async def _stored(store: Any, user: User, after: int,
                  dismissed: Callable[[], set[int]]) -> AsyncIterator[tuple[bytes, int]]:
    """This user's stored rows after `after`, read by this stream (the replay, the drain)."""
    while True:
        rows = await asyncio.to_thread(notify.since, read(store), user.tenant_id, user.user_id, after, BATCH)
        skip = await asyncio.to_thread(dismissed) if rows else set()
        frames, after = _frame_batch(rows, after, skip, user.timezone)
        yield frames, after
        if len(rows) < BATCH:
            return


async def _frames(store: Any, user: User, after: int, follow: bool, hub: NotificationHub | None,
                  shutdown: anyio.Event, dismissed: Callable[[], set[int]] = set) -> AsyncIterator[bytes]:
    # subscribed before the backlog read: a row is in that read or handed over later (hub docstring)
    sub = await hub.subscribe(user.tenant_id, user.user_id) if follow and hub is not None else None
    watch = asyncio.create_task(_ring_on(shutdown, sub.event)) if sub is not None else None
    try:
        head = b"retry: 1000\n\n"
        async for frames, after in _stored(store, user, after, dismissed):
            if frames or head:
                yield head + frames
                head = b""
        if sub is None:
            return
        while True:
            await sub.event.wait()
            if shutdown.is_set():     # drained: what is stored is read and sent, then the farewell
                async for frames, after in _stored(store, user, after, dismissed):
                    if frames:
                        yield frames
                yield sse_frame(None, "reconnect", {"reason": "server_shutdown", "last_event_id": after,
                                                    "message": RECONNECT_MESSAGE})
                return
            frames, after = _frame_batch(sub.take(), after, set(), user.timezone)
            if frames:
                yield frames
    finally:
        if watch is not None:
            watch.cancel()
        if sub is not None and hub is not None:
            hub.unsubscribe(sub)


async def _ring_on(shutdown: anyio.Event, event: asyncio.Event) -> None:
    await shutdown.wait()
    event.set()


def hub_of(runtime: Any) -> NotificationHub:
    """The server's one notification reader (made with the first stream)."""
    hub = getattr(runtime, "notification_hub", None)
    if hub is None:
        settings = runtime.settings
        hub = runtime.notification_hub = NotificationHub(
            runtime.deps.store, settings.redis_url, float(getattr(settings, "notifications_poll_s", 1.0)),
            dismissed=lambda lo, hi: dismissed_between(runtime, lo, hi))
    return hub


async def notifications(request: Request) -> RunEventStream:
    user = current_user(request)
    runtime = request.app.state.runtime
    follow = request.query_params.get("follow", "1") not in ("0", "false", "no")
    shutdown = anyio.Event()
    frames = _frames(runtime.deps.store, user, last_event_id(request), follow, hub_of(runtime) if follow else None,
                     shutdown, lambda: dismissed_ids(runtime, user))
    # nothing to finish (unlike a run): the farewell goes out as soon as the stored rows are read
    return sse_stream(runtime, frames, shutdown, DRAIN_MARGIN_S)


routes = [Route("/api/notifications", notifications, methods=["GET"])]
