"""A compatible subset of the LangGraph Server API, enough for `langgraph_sdk.get_client(url=...)`:
/info, /assistants (search, get, graph), /threads (create, get, search), /threads/{id}/runs/stream
(input {"question": ...} or command {"resume": ...}; stream modes values, updates, custom,
messages-tuple, tasks, debug), joining a run's stream, /threads/{id}/state, /threads/{id}/history.

Runs use the same background machinery as /api/chat (they outlive the connection; the response
carries a Location the SDK reconnects to with Last-Event-ID).
"""
from __future__ import annotations

import asyncio
from datetime import datetime, timezone
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from agent.server.buffer import is_stale
from agent.server.caller import current_user
from agent.server.chat_api import admit
from agent.server.http import HTTPError, JSONResponse, date_field, read_json, thread_field
from agent.server.lg_events import interrupt_json, normalize_modes, state_json
from agent.server.lg_params import history_params, search_params, thread_metadata
from agent.server.owners import owned_run, owned_thread
from agent.server.recording import jsonable
from agent.server.runs import NotWaiting, RunConflict
from agent.server.sse import last_event_id, run_stream

ASSISTANT_ID = "askbar"
_EPOCH = "2024-01-01T00:00:00+00:00"


def _rt(request: Request):
    return request.app.state.runtime


def assistant() -> dict[str, Any]:
    return {"assistant_id": ASSISTANT_ID, "graph_id": ASSISTANT_ID, "name": ASSISTANT_ID,
            "description": "AskBar: questions about market data, every number verified",
            "config": {}, "context": {}, "metadata": {"created_by": "system"}, "version": 1,
            "created_at": _EPOCH, "updated_at": _EPOCH}


def _check_assistant(value: Any) -> None:
    if value not in (None, ASSISTANT_ID):
        raise HTTPError(404, "unknown_assistant", f"assistant {value!r} not found; the only one is '{ASSISTANT_ID}'")


def checkpoint_json(config: dict | None) -> dict[str, Any] | None:
    if not config:
        return None
    c = config.get("configurable") or {}
    return {"thread_id": c.get("thread_id"), "checkpoint_ns": c.get("checkpoint_ns", ""),
            "checkpoint_id": c.get("checkpoint_id")}


def state_of(snapshot) -> dict[str, Any]:
    """A StateSnapshot as the API's ThreadState."""
    tasks = [{"id": t.id, "name": t.name, "error": str(t.error) if t.error else None,
              "interrupts": [interrupt_json(i) for i in t.interrupts], "checkpoint": None,
              "state": None, "result": jsonable(getattr(t, "result", None))} for t in snapshot.tasks]
    return {"values": state_json(snapshot.values or {}), "next": list(snapshot.next),
            "checkpoint": checkpoint_json(snapshot.config), "metadata": jsonable(snapshot.metadata or {}),
            "created_at": snapshot.created_at, "parent_checkpoint": checkpoint_json(snapshot.parent_config),
            "tasks": tasks, "interrupts": [interrupt_json(i) for i in snapshot.interrupts]}


async def thread_json(rt, thread_id: str, row: dict | None = None, snapshot=None) -> dict[str, Any]:
    snapshot = snapshot or await rt.graph.aget_state(rt.config(thread_id))
    row = row or await asyncio.to_thread(rt.traces.thread, thread_id) or {}
    active = await rt.buffer.active_run(thread_id)
    meta = await rt.buffer.meta(active) if active else None
    busy = bool(meta and meta.get("status") == "running" and not is_stale(meta, rt.buffer.stale_s))
    interrupts: dict[str, list] = {}
    for t in snapshot.tasks:
        if t.interrupts:
            interrupts[t.id] = [interrupt_json(i) for i in t.interrupts]
    status = "busy" if busy else "interrupted" if interrupts else "idle"
    now = datetime.now(timezone.utc).isoformat()
    return {"thread_id": thread_id, "created_at": row.get("created_at") or now,
            "updated_at": snapshot.created_at or row.get("updated_at") or now,
            "metadata": row.get("metadata") or {}, "status": status,
            "values": state_json(snapshot.values) if snapshot.values else None, "interrupts": interrupts}


async def _body(request: Request, required: bool = False) -> dict[str, Any]:
    rt = _rt(request)
    return await read_json(request, rt.server.max_body_bytes, required=required,
                           max_depth=rt.server.max_json_depth)


async def info(request: Request) -> Response:
    return JSONResponse({"version": "askbar-0.1", "flags": {"assistants": True, "crons": False,
                                                             "langsmith": False}})


async def assistants_search(request: Request) -> Response:
    data = await _body(request)
    graph_id = data.get("graph_id")
    _, offset = search_params(data)[2:]
    found = [assistant()] if graph_id in (None, ASSISTANT_ID) and offset == 0 else []
    return JSONResponse(found)


async def assistant_get(request: Request) -> Response:
    _check_assistant(request.path_params["assistant_id"])
    return JSONResponse(assistant())


async def assistant_graph(request: Request) -> Response:
    _check_assistant(request.path_params["assistant_id"])
    return JSONResponse(_rt(request).graph.get_graph().to_json())


async def threads_create(request: Request) -> Response:
    rt, user = _rt(request), current_user(request)
    data = await _body(request)
    import uuid

    thread_id = thread_field(data.get("thread_id")) or str(uuid.uuid4())
    metadata = thread_metadata(data.get("metadata"))
    if_exists = data.get("if_exists", "raise")
    if if_exists not in ("raise", "do_nothing"):
        raise HTTPError(422, "bad_if_exists", "'if_exists' must be 'raise' or 'do_nothing'")
    existing = await asyncio.to_thread(rt.traces.thread, thread_id)
    if existing is None and (await rt.graph.aget_state(rt.config(thread_id))).values:
        existing = {"thread_id": thread_id}   # a CLI thread: exists, the local user's
    if existing:
        await owned_thread(rt, user, thread_id)  # another user's id: 404, never "exists"
        if if_exists == "raise":
            raise HTTPError(409, "thread_exists", f"thread {thread_id} already exists")
    row = await asyncio.to_thread(rt.traces.upsert_thread, thread_id, metadata, user.tenant_id, user.user_id)
    if row is None:
        raise HTTPError(404, "unknown_thread", f"thread {thread_id} not found")
    return JSONResponse(await thread_json(rt, thread_id, row))


async def thread_get(request: Request) -> Response:
    rt = _rt(request)
    thread_id = request.path_params["thread_id"]
    row, snapshot = await owned_thread(rt, current_user(request), thread_id)
    return JSONResponse(await thread_json(rt, thread_id, row, snapshot))


async def threads_search(request: Request) -> Response:
    """The caller's threads only, filtered and paged in SQL; state is read for the page alone."""
    rt, user = _rt(request), current_user(request)
    metadata, status, limit, offset = search_params(await _body(request))
    try:
        rows = await asyncio.to_thread(rt.traces.search_threads, user.tenant_id, user.user_id,
                                       metadata, status, limit, offset)
    except ValueError as exc:
        raise HTTPError(400, "bad_metadata", str(exc)) from None
    return JSONResponse([await thread_json(rt, row["thread_id"], row) for row in rows])


async def _run_spec(rt, thread_id: str, data: dict[str, Any], user):
    command, payload = data.get("command"), data.get("input")
    if command:
        if not isinstance(command, dict) or "resume" not in command or set(command) - {"resume"}:
            raise HTTPError(400, "unsupported_command", "only command {'resume': ...} is supported")
        check_resume_value(command["resume"], rt.server.max_plan_steps)
        try:
            return await rt.runs.resume_spec(thread_id, command["resume"], protocol="langgraph", user=user)
        except NotWaiting as exc:
            raise HTTPError(409, "not_waiting", str(exc)) from None
    if not isinstance(payload, dict) or not isinstance(payload.get("question"), str) or not payload["question"].strip():
        raise HTTPError(422, "missing_question", "input must be an object with a non-empty 'question'")
    question = payload["question"].strip()
    if len(question) > rt.server.max_question_chars:
        raise HTTPError(400, "question_too_long", f"'question' has {len(question)} characters; "
                        f"at most {rt.server.max_question_chars}")
    return await rt.runs.ask_spec(question, thread_id, date_field(payload.get("now")), protocol="langgraph",
                                  user=user)


def check_resume_value(value: Any, max_steps: int) -> None:
    """A resume value is the user's answer: text, or an (edited) plan within the plan size cap."""
    if isinstance(value, dict):
        plan = value["plan"] if isinstance(value.get("plan"), dict) else value
        steps = plan.get("steps")
        if isinstance(steps, list) and len(steps) > max_steps:
            raise HTTPError(400, "plan_too_large", f"the plan has {len(steps)} steps; at most {max_steps}")


async def runs_stream(request: Request) -> Response:
    rt, user = _rt(request), current_user(request)
    thread_id = request.path_params["thread_id"]
    data = await _body(request, required=True)
    _check_assistant(data.get("assistant_id"))
    thread_field(thread_id)
    if data.get("if_not_exists") not in (None, "create", "reject"):
        raise HTTPError(422, "bad_if_not_exists", "'if_not_exists' must be 'create' or 'reject'")
    row, _ = await owned_thread(rt, user, thread_id, must_exist=data.get("if_not_exists") != "create")
    try:
        modes = normalize_modes(data.get("stream_mode"))
    except (ValueError, TypeError) as exc:
        raise HTTPError(422, "bad_stream_mode", str(exc)) from None
    await admit(request)
    if row is None:
        await asyncio.to_thread(rt.traces.upsert_thread, thread_id, {}, user.tenant_id, user.user_id)
    spec = await _run_spec(rt, thread_id, data, user)
    spec.stream_modes = modes
    try:
        meta = await rt.runs.start(spec)
    except RunConflict as exc:
        raise HTTPError(409, "thread_busy", str(exc), run_id=exc.run_id) from None
    loc = f"/threads/{thread_id}/runs/{meta['run_id']}/stream"
    headers = {"Location": loc, "Content-Location": loc, "X-Request-Id": meta["request_id"]}
    return run_stream(rt, meta["run_id"], 0, headers=headers, forward=lambda e: e != "end")


async def _run_meta(request: Request) -> dict[str, Any]:
    return await owned_run(_rt(request), current_user(request), request.path_params["run_id"],
                           request.path_params["thread_id"])


async def run_join(request: Request) -> Response:
    meta = await _run_meta(request)
    return run_stream(_rt(request), meta["run_id"], last_event_id(request), forward=lambda e: e != "end")


async def run_get(request: Request) -> Response:
    meta = await _run_meta(request)
    created = datetime.fromtimestamp(float(meta.get("created_at") or 0), timezone.utc).isoformat()
    status = {"running": "running", "lost": "error"}.get(meta.get("status") or "", meta.get("status"))
    if status == "running" and is_stale(meta, _rt(request).buffer.stale_s):
        status = "error"
    return JSONResponse({"run_id": meta["run_id"], "thread_id": meta["thread_id"], "assistant_id": ASSISTANT_ID,
                         "status": status, "created_at": created, "updated_at": created,
                         "metadata": {"request_id": meta.get("request_id")}, "multitask_strategy": "reject"})


async def thread_state(request: Request) -> Response:
    rt = _rt(request)
    thread_id = request.path_params["thread_id"]
    await owned_thread(rt, current_user(request), thread_id)
    config = rt.config(thread_id)
    if cid := request.path_params.get("checkpoint_id"):
        config["configurable"]["checkpoint_id"] = cid
    return JSONResponse(state_of(await rt.graph.aget_state(config)))


async def thread_history(request: Request) -> Response:
    rt = _rt(request)
    thread_id = request.path_params["thread_id"]
    await owned_thread(rt, current_user(request), thread_id)
    data = await _body(request) if request.method == "POST" else dict(request.query_params)
    limit, before = history_params(data)
    before_cfg = {"configurable": {"thread_id": thread_id, **before}} if before else None
    states = []
    async for snap in rt.graph.aget_state_history(rt.config(thread_id), limit=limit, before=before_cfg):
        states.append(state_of(snap))
    return JSONResponse(states)


routes = [
    Route("/info", info, methods=["GET"]),
    Route("/ok", lambda r: JSONResponse({"ok": True}), methods=["GET"]),
    Route("/assistants/search", assistants_search, methods=["POST"]),
    Route("/assistants/{assistant_id}", assistant_get, methods=["GET"]),
    Route("/assistants/{assistant_id}/graph", assistant_graph, methods=["GET"]),
    Route("/threads", threads_create, methods=["POST"]),
    Route("/threads/search", threads_search, methods=["POST"]),
    Route("/threads/{thread_id}", thread_get, methods=["GET"]),
    Route("/threads/{thread_id}/runs/stream", runs_stream, methods=["POST"]),
    Route("/threads/{thread_id}/runs/{run_id}/stream", run_join, methods=["GET"]),
    Route("/threads/{thread_id}/runs/{run_id}", run_get, methods=["GET"]),
    Route("/threads/{thread_id}/state", thread_state, methods=["GET"]),
    Route("/threads/{thread_id}/state/{checkpoint_id}", thread_state, methods=["GET"]),
    Route("/threads/{thread_id}/history", thread_history, methods=["GET", "POST"]),
]
