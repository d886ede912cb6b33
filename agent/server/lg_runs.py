"""LangGraph Server API runs, on a thread and stateless, as the official SDKs call them: create
(background), stream, wait, join (and join the stream), list, get, cancel.

Every run is a RunManager run (agent/server/runs.py): it outlives its connection, its events sit in
the run's buffer (Redis with ASKBAR_REDIS_URL, so a run started on one server is joined, streamed,
read and cancelled from another). Multitask strategies: `reject` (default: 409 while the thread has
a running run) and `enqueue` (agent/server/run_queue.py). A stateless run gets a thread of its own,
deleted when it ends unless `on_completion` is "keep".
"""
from __future__ import annotations

import asyncio
import uuid
from datetime import datetime, timezone
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from agent.server.buffer import is_stale, tail
from agent.server.caller import current_user
from agent.server.chat_api import admit
from agent.server.http import HTTPError, JSONResponse, date_field, thread_field
from agent.server.human_interrupt import BadResponse
from agent.server.lg_body import ASSISTANT_ID, RunBody, check_resume_value, modes_of, parse_run, question_of
from agent.server.lg_events import state_json
from agent.server.lg_params import _int
from agent.server.lg_threads import GRAPH_METADATA, body_of, rt_of
from agent.server.owners import owned_thread, owns
from agent.server.run_queue import enqueue
from agent.server.run_spec import NotWaiting, RunConflict
from agent.server.sse import last_event_id, run_stream

RUN_STATUSES = ("pending", "running", "error", "success", "timeout", "interrupted")
# chat_logs status (a finished request's outcome) -> the API's run status
_LOGGED = {"answered": "success", "error": "error"}
POLL_S = 1.0


def _iso(ts: Any) -> str:
    if isinstance(ts, str):
        return ts
    return datetime.fromtimestamp(float(ts or 0), timezone.utc).isoformat()


def run_json(meta: dict[str, Any], stale_s: float) -> dict[str, Any]:
    """A run's buffered metadata (or its chat_logs row) as the API's Run."""
    status = meta.get("status") or "error"
    if status in ("running", "pending") and is_stale(meta, stale_s):
        status = "error"
    elif "kind" in meta and "protocol" not in meta:          # a chat_logs row
        cancelled = str(meta.get("error") or "").startswith("cancelled")
        status = "interrupted" if cancelled else _LOGGED.get(status, "interrupted")
    status = {"lost": "error"}.get(status, status)
    created = _iso(meta.get("created_at"))
    return {"run_id": meta["run_id"], "thread_id": meta["thread_id"], "assistant_id": ASSISTANT_ID,
            "status": status, "created_at": created, "updated_at": _iso(meta.get("finished_at") or created),
            "metadata": {**(meta.get("run_metadata") or {}), "request_id": meta.get("request_id")},
            "multitask_strategy": meta.get("multitask_strategy") or "reject", "kwargs": {}}


async def find_run(rt, user, run_id: str, thread_id: str) -> dict[str, Any]:
    """The caller's run on this thread: its buffered metadata, or its trace row once that expired."""
    meta = await rt.buffer.meta(run_id)
    if meta is None:
        meta = await asyncio.to_thread(rt.traces.run, run_id)
    if meta is None or meta.get("thread_id") != thread_id or not owns(user, meta):
        raise HTTPError(404, "unknown_run", f"run {run_id} not found on thread {thread_id}")
    return meta


async def _spec(rt, user, thread_id: str, body: RunBody, modes: list[str], stateless: bool):
    """The run to start (built again when a queued run starts: the thread moved on meanwhile)."""
    if body.command is not None:
        check_resume_value(body.command["resume"], rt.server.max_plan_steps)
        try:
            spec = await rt.runs.resume_spec(thread_id, body.command["resume"], protocol="langgraph", user=user)
        except NotWaiting as exc:
            raise HTTPError(409, "not_waiting", str(exc)) from None
        except BadResponse as exc:
            raise HTTPError(422, "bad_human_response", str(exc)) from None
    else:
        payload = body.input or {}
        question, message = question_of(payload, rt.server.max_question_chars)
        spec = await rt.runs.ask_spec(question, thread_id, date_field(payload.get("now")), protocol="langgraph",
                                      user=user, message=message)
    spec.stream_modes = modes
    spec.on_completion = "delete" if stateless and body.on_completion != "keep" else "keep"
    spec.extra_meta = {"assistant_id": ASSISTANT_ID, "run_metadata": body.metadata or {},
                       "multitask_strategy": body.multitask_strategy or "reject"}
    return spec


async def launch(request: Request, default_modes: list[str], need_values: bool = False) -> dict[str, Any]:
    """Validates the body, checks the thread, starts (or queues) the run; its metadata."""
    rt, user = rt_of(request), current_user(request)
    body = parse_run(await body_of(request, required=True))
    modes = modes_of(body, default_modes)
    if need_values and "values" not in modes:
        modes = [*modes, "values"]
    path_thread: str | None = request.path_params.get("thread_id")
    stateless = path_thread is None
    if path_thread is None:
        if body.command is not None:
            raise HTTPError(422, "no_thread", "a stateless run has no interrupt to resume: resume on its thread")
        thread_id, row = str(uuid.uuid4()), None
    else:
        thread_id = path_thread
        thread_field(thread_id)
        row, _ = await owned_thread(rt, user, thread_id, must_exist=body.if_not_exists != "create")
    if body.input is not None and body.command is None:
        question_of(body.input, rt.server.max_question_chars)   # a bad input is a 422 before any work
    async with admit(request):
        if row is None or any((row.get("metadata") or {}).get(k) != v for k, v in GRAPH_METADATA.items()):
            await asyncio.to_thread(rt.traces.upsert_thread, thread_id, GRAPH_METADATA, user.tenant_id, user.user_id)

        async def build():
            return await _spec(rt, user, thread_id, body, modes, stateless)

        spec = await build()
        try:
            meta = await rt.runs.start(spec)
        except RunConflict as exc:
            if body.multitask_strategy != "enqueue":
                raise HTTPError(409, "thread_busy", str(exc), run_id=exc.run_id) from None
            meta = await enqueue(rt, spec, build)
    return {**meta, "heartbeat": meta["created_at"]}   # as the buffer holds it: just started


def _where(meta: dict[str, Any], tail_path: str = "") -> dict[str, str]:
    loc = f"/threads/{meta['thread_id']}/runs/{meta['run_id']}{tail_path}"
    return {"Location": loc, "Content-Location": f"/threads/{meta['thread_id']}/runs/{meta['run_id']}",
            "X-Request-Id": meta.get("request_id") or ""}


async def runs_stream(request: Request) -> Response:
    meta = await launch(request, ["values"])
    headers = {**_where(meta, "/stream"), "Content-Location": f"/threads/{meta['thread_id']}/runs/{meta['run_id']}"}
    return run_stream(rt_of(request), meta["run_id"], 0, headers=headers, forward=lambda e: e != "end")


async def runs_create(request: Request) -> Response:
    rt = rt_of(request)
    meta = await launch(request, ["values"])
    return JSONResponse(run_json(meta, rt.buffer.stale_s), headers=_where(meta))


async def _outcome(rt, meta: dict[str, Any]) -> Any:
    """After the run: the thread's values (the last `values` event when the run streamed them, so a
    stateless run whose thread is gone answers too), or {"__error__": ...} for a failed run."""
    last_values, error = None, None
    if meta.get("status") in ("running", "pending") or await rt.buffer.meta(meta["run_id"]) is not None:
        async for ev in tail(rt.buffer, meta["run_id"], 0, poll_s=POLL_S):
            if ev is None:
                continue
            if ev.event == "values":
                last_values = ev.data
            elif ev.event == "error":
                error = ev.data
    if error:
        return {"__error__": {"error": error.get("code") or "error", "message": error.get("message")}}
    if last_values is not None:
        return last_values
    snapshot = await rt.graph.aget_state(rt.config(meta["thread_id"]))
    return state_json(snapshot.values or {})


async def runs_wait(request: Request) -> Response:
    rt = rt_of(request)
    meta = await launch(request, ["values"], need_values=True)
    return JSONResponse(await _outcome(rt, meta), headers=_where(meta, "/join"))


async def run_join(request: Request) -> Response:
    rt = rt_of(request)
    meta = await find_run(rt, current_user(request), request.path_params["run_id"], request.path_params["thread_id"])
    return JSONResponse(await _outcome(rt, meta))


async def run_join_stream(request: Request) -> Response:
    rt = rt_of(request)
    meta = await find_run(rt, current_user(request), request.path_params["run_id"], request.path_params["thread_id"])
    if await rt.buffer.meta(meta["run_id"]) is None:
        raise HTTPError(404, "run_events_expired", f"run {meta['run_id']} finished and its events expired; "
                        "read the thread's state instead")
    return run_stream(rt, meta["run_id"], last_event_id(request), forward=lambda e: e != "end")


async def run_get(request: Request) -> Response:
    rt = rt_of(request)
    meta = await find_run(rt, current_user(request), request.path_params["run_id"], request.path_params["thread_id"])
    return JSONResponse(run_json(meta, rt.buffer.stale_s))


async def runs_list(request: Request) -> Response:
    """The thread's runs, newest first: running or queued ones (buffer), then finished ones (traces)."""
    rt, user = rt_of(request), current_user(request)
    thread_id = request.path_params["thread_id"]
    await owned_thread(rt, user, thread_id)
    q = dict(request.query_params)
    limit, offset = _int(q, "limit", 10, 1, 100), _int(q, "offset", 0, 0, 100_000)
    status = q.get("status")
    if status is not None and status not in RUN_STATUSES:
        raise HTTPError(400, "bad_status", f"'status' must be one of {', '.join(RUN_STATUSES)}")
    live: list[dict[str, Any]] = []
    for run_id in dict.fromkeys([await rt.buffer.active_run(thread_id), *rt.runs.queued_on(thread_id)]):
        meta = await rt.buffer.meta(run_id) if run_id else None
        if meta and meta.get("status") in ("running", "pending"):
            live.append(run_json(meta, rt.buffer.stale_s))
    rows = await asyncio.to_thread(rt.traces.thread_runs, thread_id, offset + limit + len(live), 0)
    seen = {r["run_id"] for r in live}
    runs = live + [run_json(r, rt.buffer.stale_s) for r in rows if r["run_id"] not in seen]
    if status:
        runs = [r for r in runs if r["status"] == status]
    return JSONResponse(runs[offset:offset + limit])


async def run_cancel(request: Request) -> Response:
    """Cancels a running or queued run (here at once, on another server at its next heartbeat):
    202, or 404 when it already finished (as LangGraph's server); `wait=1` answers when it has stopped. Only action=interrupt: AskBar checkpoints a run when it
    stops, so a cancelled run leaves the thread as it was and there is nothing to roll back."""
    rt = rt_of(request)
    meta = await find_run(rt, current_user(request), request.path_params["run_id"], request.path_params["thread_id"])
    action = request.query_params.get("action", "interrupt")
    if action not in ("interrupt", "rollback"):
        raise HTTPError(422, "bad_action", "'action' must be 'interrupt' or 'rollback'")
    if meta.get("status") not in ("running", "pending") or is_stale(meta, rt.buffer.stale_s):
        # as LangGraph's own server (langgraph-api's Runs.cancel): a run that already finished is
        # not a cancelable match, 404 (a Stop pressed just after the end is told, not a conflict)
        raise HTTPError(404, "no_matching_runs", "No matching runs to cancel: run "
                        f"{meta['run_id']} already finished (status {run_json(meta, rt.buffer.stale_s)['status']})")
    await rt.runs.cancel(meta["run_id"])
    if request.query_params.get("wait") in ("1", "true", "True"):
        async for _ev in tail(rt.buffer, meta["run_id"], 0, poll_s=POLL_S):
            pass
    return Response(status_code=202)     # LangGraph's server answers 202 Accepted


routes = [
    Route("/threads/{thread_id}/runs/stream", runs_stream, methods=["POST"]),
    Route("/threads/{thread_id}/runs/wait", runs_wait, methods=["POST"]),
    Route("/threads/{thread_id}/runs", runs_create, methods=["POST"]),
    Route("/threads/{thread_id}/runs", runs_list, methods=["GET"]),
    Route("/threads/{thread_id}/runs/{run_id}", run_get, methods=["GET"]),
    Route("/threads/{thread_id}/runs/{run_id}/cancel", run_cancel, methods=["POST"]),
    Route("/threads/{thread_id}/runs/{run_id}/join", run_join, methods=["GET"]),
    Route("/threads/{thread_id}/runs/{run_id}/stream", run_join_stream, methods=["GET"]),
    Route("/runs/stream", runs_stream, methods=["POST"]),
    Route("/runs/wait", runs_wait, methods=["POST"]),
    Route("/runs", runs_create, methods=["POST"]),
]
