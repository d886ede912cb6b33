"""AskBar's own HTTP API (DESIGN.md "Stable interfaces"): chat, resume, run streams, threads,
data, traces, health."""
from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from agent.server.buffer import is_stale, last_run_cut_off
from agent.server.caller import current_user
from agent.server.http import HTTPError, JSONResponse, date_field, read_json, text_field, thread_field
from agent.server.owners import owned_run, owned_thread, owns
from agent.server.run_spec import NotWaiting, RunConflict
from agent.server.sse import last_event_id, run_stream
from agent.service import result_from_snapshot


def _rt(request: Request):
    return request.app.state.runtime


def admit(request: Request):
    """Bounded work: the caller's rate (chats + resumes per minute) and runs in flight; a context
    to hold until the run is started."""
    rt = _rt(request)
    return rt.limiter.admit(rt.runs, current_user(request))


async def _start(rt, spec) -> Response:
    try:
        meta = await rt.runs.start(spec)
    except RunConflict as exc:
        raise HTTPError(409, "thread_busy", str(exc), run_id=exc.run_id) from None
    headers = {"X-Run-Id": meta["run_id"], "X-Thread-Id": meta["thread_id"],
               "X-Request-Id": meta["request_id"], "Location": f"/api/runs/{meta['run_id']}/stream"}
    return run_stream(rt, meta["run_id"], 0, headers=headers)


async def chat(request: Request) -> Response:
    rt, user = _rt(request), current_user(request)
    data = await read_json(request, rt.server.max_body_bytes, max_depth=rt.server.max_json_depth)
    question = text_field(data, "question", rt.server.max_question_chars)
    thread_id = thread_field(data.get("thread_id"))
    now = date_field(data.get("now"))
    if thread_id:
        try:
            await owned_thread(rt, user, thread_id)
        except HTTPError:
            raise HTTPError(404, "unknown_thread", f"thread {thread_id} does not exist; "
                            "omit thread_id to start a new conversation") from None
    async with admit(request):
        return await _start(rt, await rt.runs.ask_spec(question, thread_id, now, user=user))


def _path_thread(request: Request) -> str:
    thread_id = thread_field(request.path_params["thread_id"])
    assert thread_id is not None                      # the route only matches a non-empty segment
    return thread_id


async def resume(request: Request) -> Response:
    rt, user = _rt(request), current_user(request)
    thread_id = _path_thread(request)
    data = await read_json(request, rt.server.max_body_bytes, max_depth=rt.server.max_json_depth)
    answer = text_field(data, "answer", rt.server.max_question_chars)
    await owned_thread(rt, user, thread_id)
    async with admit(request):
        try:
            spec = await rt.runs.resume_spec(thread_id, answer, user=user)
        except NotWaiting as exc:
            raise HTTPError(409, "not_waiting", str(exc)) from None
        return await _start(rt, spec)


async def run_events(request: Request) -> Response:
    rt = _rt(request)
    run_id = request.path_params["run_id"]
    meta = await owned_run(rt, current_user(request), run_id)
    return run_stream(rt, run_id, last_event_id(request),
                      headers={"X-Run-Id": run_id, "X-Thread-Id": str(meta.get("thread_id"))})


LOST_MESSAGE = ("this request was cut off: the server stopped while answering. "
                "Ask the question again on this thread.")


async def thread_view(rt, thread_id: str, user) -> dict[str, Any]:
    """A thread as the UI needs it: status, last result object, history, active run."""
    _, snapshot = await owned_thread(rt, user, thread_id)
    values = snapshot.values or {}
    active = await rt.buffer.active_run(thread_id)
    meta = await rt.buffer.meta(active) if active else None
    busy = bool(meta and meta.get("status") == "running" and not is_stale(meta, rt.buffer.stale_s))
    cut_off = not busy and not snapshot.interrupts and (
        bool(snapshot.next) or await last_run_cut_off(rt.buffer, thread_id))
    status = "busy" if busy else "interrupted" if snapshot.interrupts else "lost" if cut_off else "idle"
    result = (result_from_snapshot(snapshot, thread_id, values.get("request_id") or "").model_dump(mode="json")
              if values else None)
    if cut_off and result is not None:  # a server died mid-answer: never show it "answered", empty
        result.update(status="error", response=LOST_MESSAGE, claims=[])
    history = list(values.get("chat_history") or [])
    if values.get("question"):
        history += [{"role": "user", "content": values["question"]},
                    {"role": "assistant", "content": (result or {}).get("response") or ""}]
    return {"thread_id": thread_id, "status": status, "active_run_id": active if busy else None,
            "result": result, "history": history}


async def get_thread(request: Request) -> Response:
    rt = _rt(request)
    return JSONResponse(await thread_view(rt, _path_thread(request),
                                          current_user(request)))


async def thread_chart(request: Request) -> Response:
    from agent.server.chart import chart_payload

    rt = _rt(request)
    thread_id = _path_thread(request)
    _, snapshot = await owned_thread(rt, current_user(request), thread_id)
    if not snapshot.values:
        raise HTTPError(404, "unknown_thread", f"thread {thread_id} has no state")
    return JSONResponse(await asyncio.to_thread(chart_payload, snapshot.values, rt.deps.store))


async def data(request: Request) -> Response:
    rt = _rt(request)
    rows = await asyncio.to_thread(rt.deps.store.summary)
    keys = ("symbol", "first", "last", "bars_1min", "bars_1d", "timezone", "session", "synthetic")
    return JSONResponse({"symbols": [{k: getattr(r, k) for k in keys} for r in rows]})


async def trace(request: Request) -> Response:
    rt = _rt(request)
    request_id = request.path_params["request_id"]
    rec = await asyncio.to_thread(rt.traces.get, request_id)
    if rec is None or not owns(current_user(request), rec):
        raise HTTPError(404, "unknown_request", f"no trace for request {request_id}")
    return JSONResponse(rec)


async def healthz(request: Request) -> Response:
    """Each dependency and a readiness status (it said ok through a Redis outage).
    `ready` (HTTP 200) while the stores answers are kept in answer; Redis is not needed for that
    (limits, cache, memory and run buffers fall back in process), so Redis down is `degraded`,
    still ready; so are registry workers that cannot process (`registry`). Errors name the failure's type only: this route is public."""
    from agent.server.health import in_health_pool, registry_state

    rt = _rt(request)
    checks = {"checkpointer": await _check(rt.graph.checkpointer.aget_tuple(rt.config("healthz"))),
              "app_database": await _check(in_health_pool(_app_db_ping, rt)),
              "market_store": await _check(in_health_pool(rt.deps.store.instruments)),
              "buffer": await _check(rt.buffer.meta("healthz")),
              "redis": (await _check(in_health_pool(_redis_ping, rt.settings.redis_url))
                        if rt.settings.redis_url else "not configured")}
    # the registry's workers, as they report themselves (agent/server/health.py)
    try:
        checks["registry"] = await asyncio.wait_for(in_health_pool(registry_state, rt), HEALTH_TIMEOUT_S)
    except Exception as exc:  # noqa: BLE001 - Redis down: already said by `redis`
        checks["registry"] = f"error: {type(exc).__name__}"
    ready = all(checks[k] == "ok" for k in ("checkpointer", "app_database", "market_store"))
    ok = all(v in ("ok", "not configured") for v in checks.values())
    body = {"status": "ok" if ok else "degraded" if ready else "down", "ready": ready,
            "checks": checks, "active_runs": len(rt.runs.tasks), "engine": rt.settings.engine,
            "buffer": type(rt.buffer).__name__}
    return JSONResponse(body, status_code=200 if ready else 503)


async def _check(awaitable: Any) -> str:
    try:
        await asyncio.wait_for(awaitable, HEALTH_TIMEOUT_S)
        return "ok"
    except Exception as exc:  # noqa: BLE001 - report, never raise, from a health check
        return f"error: {type(exc).__name__}"


HEALTH_TIMEOUT_S = 3.0


def _app_db_ping(rt: Any) -> None:
    rt.deps.services.appdb.one("SELECT 1 AS ok")


def _redis_ping(url: str) -> None:
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=1.0, socket_timeout=1.0)
    try:
        client.ping()
    finally:
        client.close()


routes = [
    Route("/healthz", healthz, methods=["GET"]),
    Route("/api/chat", chat, methods=["POST"]),
    Route("/api/chat/{thread_id}/resume", resume, methods=["POST"]),
    Route("/api/runs/{run_id}/stream", run_events, methods=["GET"]),
    Route("/api/threads/{thread_id}", get_thread, methods=["GET"]),
    Route("/api/threads/{thread_id}/chart", thread_chart, methods=["GET"]),
    Route("/api/data", data, methods=["GET"]),
    Route("/api/traces/{request_id}", trace, methods=["GET"]),
]
