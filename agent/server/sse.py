"""SSE responses that tail a run's buffer: replay after Last-Event-ID, then follow.

Built on sse-starlette's EventSourceResponse, which adds what a long-lived stream needs:
- keep-alive pings (`: ping` comments every ASKBAR_PING_S on its own timer, so a proxy never sees
  an idle connection whatever the buffer does);
- a send timeout (ASKBAR_SSE_SEND_TIMEOUT_S): a client that stops reading is dropped instead of
  holding the stream (and its buffer reads) forever;
- shutdown drain: when the server is asked to stop (SIGTERM/Ctrl-C under uvicorn), open streams go
  on forwarding the run for ASKBAR_SSE_DRAIN_S (most runs finish: the client gets `done`), then send
  a `reconnect` event and close cleanly instead of being cut. `reconnect` has no id, so the client's
  Last-Event-ID still names the last real event and a reconnect (to another server sharing Redis)
  resumes exactly there.

The response only reads; when the client goes away the generator is cancelled and the run
(a separate task) goes on writing to the buffer. `sse_stream` is the same response for other
streams (the notifications stream, agent/server/notifications_api.py).
"""
from __future__ import annotations

import logging
import re
import time
from typing import Any, AsyncIterator, Callable

import anyio
from sse_starlette.sse import EventSourceResponse, SendTimeoutError, ServerSentEvent
from starlette.requests import Request
from starlette.types import Receive, Scope, Send

from agent.server.buffer import parse_last_event_id, tail_batches
from agent.server.http import HTTPError, sse_frame

log = logging.getLogger("askbar.server")

SSE_HEADERS = {"Cache-Control": "no-cache, no-store", "X-Accel-Buffering": "no", "Connection": "keep-alive"}
# How often an idle stream looks at its buffer (run lost? server shutting down?). Pings do not
# depend on it: EventSourceResponse sends them on its own timer.
IDLE_POLL_S = 1.0
RECONNECT_MESSAGE = "the server is shutting down; reconnect with Last-Event-ID to continue this run"
# The library's hard cut comes this long after our own drain deadline: the farewell is sent first.
DRAIN_MARGIN_S = 2.0


_EVENT_ID = re.compile(r"^[0-9]{1,18}(-[0-9]{1,18})?$")


def last_event_id(request: Request) -> int:
    value = request.headers.get("last-event-id") or request.query_params.get("last_event_id")
    # An id that is not one this server sent is a 400 (it was read as 0, replaying
    # the whole stream); the ids sent are numbers, optionally with a '-N' suffix.
    if value and not _EVENT_ID.match(value.strip()):
        raise HTTPError(400, "bad_last_event_id", "Last-Event-ID must be an event id this server "
                        "sent, such as '12' (digits, at most 18)")
    return parse_last_event_id(value)


def _ping() -> ServerSentEvent:
    return ServerSentEvent(comment="ping", sep="\n")


async def _frames(runtime: Any, run_id: str, after: int, forward: Callable[[str], bool],
                  shutdown: anyio.Event, drain_s: float) -> AsyncIterator[bytes]:
    head = b"retry: 1000\n\n"   # goes out with the first events (one send fewer per stream)
    last, drain_until = after, None
    # The events one buffer read returned go out in one send: one socket write (and one send
    # timeout scope, middleware pass) instead of one per event. A month question's stream was
    # ~20 sends, 8 of them the text_delta chunks and `done` written together after the run.
    async for batch in tail_batches(runtime.buffer, run_id, after, poll_s=IDLE_POLL_S):
        if batch:
            last = batch[-1].id
            frames = b"".join(sse_frame(ev.id, ev.event, ev.data) for ev in batch if forward(ev.event))
            if frames:
                yield head + frames
                head = b""
        elif head:                   # nothing yet (a reconnect to a quiet run): say it now
            yield head
            head = b""
        if shutdown.is_set():
            drain_until = drain_until or time.monotonic() + drain_s
            if time.monotonic() >= drain_until:
                yield head + sse_frame(None, "reconnect", {"run_id": run_id, "reason": "server_shutdown",
                                                    "last_event_id": last, "message": RECONNECT_MESSAGE})
                return
    if head:                         # the run had ended before this reader came: no events, the retry line
        yield head


class RunEventStream(EventSourceResponse):
    """EventSourceResponse whose send timeout ends the stream quietly (a log line and a metric)
    instead of an unhandled-exception traceback: a slow client is not a server error."""

    def __init__(self, *args: Any, on_timeout: Callable[[], None] | None = None, **kw: Any):
        super().__init__(*args, **kw)
        self._on_timeout = on_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        except SendTimeoutError:
            log.warning("SSE client stopped reading: stream closed", extra={"path": scope.get("path")})
            if self._on_timeout:
                self._on_timeout()


def _count_timeout(runtime: Any) -> Callable[[], None]:
    def bump() -> None:
        metrics = getattr(runtime, "metrics", None)
        if metrics is not None:
            metrics.errors.labels("sse_send_timeout").inc()
    return bump


def _knob(server: Any, name: str) -> Any:
    """A ServerSettings value (its default for a runtime without one, as in focused tests)."""
    from agent.server.runtime import ServerSettings

    return getattr(server, name, ServerSettings.model_fields[name].default)


def sse_stream(runtime: Any, content: AsyncIterator[bytes], shutdown: anyio.Event, grace_s: float,
               headers: dict[str, str] | None = None, status_code: int = 200) -> RunEventStream:
    """The SSE response every stream uses: pings, send timeout, `shutdown` set when the server
    stops, the generator cancelled `grace_s` later (it should have said `reconnect` by then)."""
    srv = getattr(runtime, "server", None)
    return RunEventStream(content, status_code=status_code, headers={**SSE_HEADERS, **(headers or {})},
                          sep="\n", ping=_knob(srv, "ping_s"), ping_message_factory=_ping,
                          send_timeout=_knob(srv, "sse_send_timeout_s"), shutdown_event=shutdown,
                          shutdown_grace_period=grace_s, on_timeout=_count_timeout(runtime))


def run_stream(runtime: Any, run_id: str, after: int = 0, headers: dict[str, str] | None = None,
               forward: Callable[[str], bool] = lambda _e: True, status_code: int = 200) -> RunEventStream:
    drain_s = _knob(runtime.server, "sse_drain_s")
    shutdown = anyio.Event()
    return sse_stream(runtime, _frames(runtime, run_id, after, forward, shutdown, drain_s), shutdown,
                      drain_s + DRAIN_MARGIN_S, headers=headers, status_code=status_code)
