"""The SSE layer (agent/server/sse.py on sse-starlette): keep-alive pings on idle streams over real
HTTP, shutdown drain (forward until the run ends or the drain time is up, then `reconnect`), and
a client that stops reading is dropped after the send timeout without an error."""
from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace

import anyio
import httpx

from agent.server.buffer import MemoryBuffer
from agent.server.runtime import ServerSettings
from agent.server.sse import _frames, run_stream
from tests.server.conftest import DUCKDB_ONLY, live_server, parse_sse, slow_offline


@DUCKDB_ONLY
def test_idle_streams_get_ping_comments_over_real_http(make_app, duck_store):
    app, _ = make_app(duck_store, provider=slow_offline(1.2), server=ServerSettings(ping_s=0.2))
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as c:
        with c.stream("POST", "/api/chat", json={"question": "NQ stats for November 2023"}) as r:
            chat = list(r.iter_lines())
        thread = c.post("/threads", json={}).json()["thread_id"]
        with c.stream("POST", f"/threads/{thread}/runs/stream",
                      json={"input": {"question": "NQ stats for November 2023"}, "stream_mode": ["values"]}) as r:
            lg = list(r.iter_lines())
    for lines in (chat, lg):
        pings = [i for i, line in enumerate(lines) if line.startswith(": ping")]
        # the analyst is silent for 1.2 s: several pings arrive between two events
        assert len(pings) >= 3, lines
        assert lines[pings[0] + 1] == "" and not lines[-1].startswith(":")
    events = list(parse_sse(chat))
    assert events[-1]["event"] == "done" and events[-1]["data"]["status"] == "answered"
    assert [e["id"] for e in events] == list(range(1, len(events) + 1))
    assert any(line.startswith("event: values") for line in lg)


def _runtime(buffer: MemoryBuffer, **server) -> SimpleNamespace:
    return SimpleNamespace(buffer=buffer, server=ServerSettings(**server), metrics=None)


async def _collect(gen, out: list[bytes]) -> None:
    async for chunk in gen:
        out.append(chunk)


def test_shutdown_drain_forwards_a_run_that_ends_in_time():
    async def go() -> list[bytes]:
        buf = MemoryBuffer()
        await buf.create("r1", {"status": "running", "heartbeat": time.time()})
        await buf.append("r1", "run_start", {"run_id": "r1"})
        shutdown, out = anyio.Event(), []
        task = asyncio.create_task(_collect(_frames(_runtime(buf), "r1", 0, lambda _e: True, shutdown, 5.0), out))
        await asyncio.sleep(0.2)
        shutdown.set()                      # the server is stopping; the run goes on for a moment
        await asyncio.sleep(0.5)
        await buf.append("r1", "text_delta", {"content": "late but in time"})
        await buf.update_meta("r1", status="answered")
        await buf.append("r1", "done", {"status": "answered"})
        await asyncio.wait_for(task, 5)
        return out

    text = b"".join(asyncio.run(go())).decode()
    assert "event: done" in text and "late but in time" in text and "reconnect" not in text


def test_shutdown_drain_then_reconnect_names_the_last_event():
    async def go() -> tuple[list[bytes], float]:
        buf = MemoryBuffer()
        await buf.create("r2", {"status": "running", "heartbeat": time.time()})
        await buf.append("r2", "run_start", {"run_id": "r2"})
        await buf.append("r2", "step_start", {"agent": "planner"})
        shutdown, out = anyio.Event(), []
        shutdown.set()
        t0 = time.monotonic()
        await asyncio.wait_for(_collect(_frames(_runtime(buf), "r2", 1, lambda _e: True, shutdown, 0.5), out), 5)
        return out, time.monotonic() - t0

    out, took = asyncio.run(go())
    events = list(parse_sse(b"".join(out).decode().splitlines()))
    assert [e["event"] for e in events] == ["step_start", "reconnect"]
    assert "id" not in events[-1]  # the client's Last-Event-ID stays on the last real event
    assert events[-1]["data"]["last_event_id"] == 2 and events[-1]["data"]["reason"] == "server_shutdown"
    assert 0.5 <= took < 3


def test_a_client_that_stops_reading_is_dropped_after_the_send_timeout():
    async def go() -> float:
        buf = MemoryBuffer()
        await buf.create("r3", {"status": "running", "heartbeat": time.time()})
        await buf.append("r3", "run_start", {"run_id": "r3"})
        rt = _runtime(buf, sse_send_timeout_s=0.3, ping_s=0.05)
        response = run_stream(rt, "r3")
        sent: list[dict] = []

        async def send(message):
            sent.append(message)
            if len(sent) > 2:             # headers and the first chunk go out, then the client stalls
                await asyncio.sleep(3600)

        async def receive():
            await asyncio.sleep(3600)
            return {"type": "http.disconnect"}

        t0 = time.monotonic()
        scope = {"type": "http", "method": "GET", "path": "/api/runs/r3/stream"}
        await asyncio.wait_for(response(scope, receive, send), 5)  # returns, raises nothing
        return time.monotonic() - t0

    assert asyncio.run(go()) < 3
