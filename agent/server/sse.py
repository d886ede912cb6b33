"""SSE responses that tail a run's buffer: replay after Last-Event-ID, then follow, with pings.

The response only reads; when the client goes away Starlette cancels this generator and the run
(a separate task) goes on writing to the buffer.
"""
from __future__ import annotations

from typing import Any, AsyncIterator, Callable

from starlette.requests import Request
from starlette.responses import StreamingResponse

from agent.server.buffer import parse_last_event_id, tail
from agent.server.http import HTTPError, sse_frame

SSE_HEADERS = {"Cache-Control": "no-cache, no-store", "X-Accel-Buffering": "no", "Connection": "keep-alive"}


def last_event_id(request: Request) -> int:
    value = request.headers.get("last-event-id") or request.query_params.get("last_event_id")
    if value and not value.isascii():
        raise HTTPError(400, "bad_last_event_id", "Last-Event-ID must be an ASCII event id such as '12'")
    return parse_last_event_id(value)


async def _frames(runtime: Any, run_id: str, after: int,
                  forward: Callable[[str], bool]) -> AsyncIterator[bytes]:
    yield b"retry: 1000\n\n"
    async for ev in tail(runtime.buffer, run_id, after, poll_s=runtime.server.ping_s):
        if ev is None:
            yield b": ping\n\n"
            continue
        if forward(ev.event):
            yield sse_frame(ev.id, ev.event, ev.data)


def run_stream(runtime: Any, run_id: str, after: int = 0, headers: dict[str, str] | None = None,
               forward: Callable[[str], bool] = lambda _e: True, status_code: int = 200) -> StreamingResponse:
    return StreamingResponse(_frames(runtime, run_id, after, forward), status_code=status_code,
                             media_type="text/event-stream", headers={**SSE_HEADERS, **(headers or {})})
