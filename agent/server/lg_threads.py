"""LangGraph Server API threads: create, get, update (metadata), search (metadata, status), delete,
state (at a checkpoint too), history. Every thread is its owner's (the token's user); another
user's id is a 404, exactly as if it did not exist.
"""
from __future__ import annotations

import asyncio
import uuid
from datetime import datetime, timezone
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from agent.server.buffer import is_stale
from agent.server.caller import current_user
from agent.server.http import HTTPError, JSONResponse, read_json, thread_field
from agent.server.lg_events import interrupt_json, state_json
from agent.server.lg_params import history_params, search_params, thread_metadata
from agent.server.owners import owned_thread
from agent.server.recording import jsonable

# Chat clients list a graph's threads by this metadata (Agent Chat UI searches graph_id or
# assistant_id); a run sets it on its thread as the LangGraph Server does.
GRAPH_METADATA = {"graph_id": "askbar", "assistant_id": "askbar"}


def rt_of(request: Request):
    return request.app.state.runtime


async def body_of(request: Request, required: bool = False) -> dict[str, Any]:
    rt = rt_of(request)
    return await read_json(request, rt.server.max_body_bytes, required=required,
                           max_depth=rt.server.max_json_depth)


def checkpoint_json(config: dict | None) -> dict[str, Any] | None:
    c = (config or {}).get("configurable") or {}
    if not c.get("checkpoint_id"):      # a thread without a checkpoint yet (chat clients test for null)
        return None
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


async def threads_create(request: Request) -> Response:
    rt, user = rt_of(request), current_user(request)
    data = await body_of(request)
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
    else:
        await rt.runs.check_thread_cap(user)
    row = await asyncio.to_thread(rt.traces.upsert_thread, thread_id, metadata, user.tenant_id, user.user_id)
    if row is None:
        raise HTTPError(404, "unknown_thread", f"thread {thread_id} not found")
    return JSONResponse(await thread_json(rt, thread_id, row))


async def thread_get(request: Request) -> Response:
    rt = rt_of(request)
    thread_id = request.path_params["thread_id"]
    row, snapshot = await owned_thread(rt, current_user(request), thread_id)
    return JSONResponse(await thread_json(rt, thread_id, row, snapshot))


async def thread_update(request: Request) -> Response:
    """PATCH: merges the body's metadata into the thread's (the LangGraph Server's semantics)."""
    rt, user = rt_of(request), current_user(request)
    thread_id = request.path_params["thread_id"]
    data = await body_of(request, required=True)
    metadata = thread_metadata(data.get("metadata"))
    _, snapshot = await owned_thread(rt, user, thread_id)
    row = await asyncio.to_thread(rt.traces.upsert_thread, thread_id, metadata, user.tenant_id, user.user_id)
    if row is None:
        raise HTTPError(404, "unknown_thread", f"thread {thread_id} not found")
    if request.headers.get("prefer") == "return=minimal":
        return Response(status_code=204)
    return JSONResponse(await thread_json(rt, thread_id, row, snapshot))


async def thread_delete(request: Request) -> Response:
    """The thread's checkpoints, and the owner's requests, steps and turn details on it; a thread
    with a running request is a 409 (cancel it first)."""
    from agent.server.retention import delete_thread_checkpoints

    rt, user = rt_of(request), current_user(request)
    thread_id = request.path_params["thread_id"]
    await owned_thread(rt, user, thread_id)
    active = await rt.buffer.active_run(thread_id)
    meta = await rt.buffer.meta(active) if active else None
    if meta and meta.get("status") == "running" and not is_stale(meta, rt.buffer.stale_s):
        raise HTTPError(409, "thread_busy", f"thread {thread_id} has a running request (run {active}); "
                        "cancel it or wait for it, then delete the thread", run_id=active)
    for queued in rt.runs.queued_on(thread_id):   # a queued run would start on a deleted thread
        rt.runs.cancel_local(queued)
    await delete_thread_checkpoints(rt.graph.checkpointer, thread_id)
    await asyncio.to_thread(rt.traces.delete_user_thread, thread_id, user.tenant_id, user.user_id)
    return Response(status_code=204)


async def threads_search(request: Request) -> Response:
    """The caller's threads only, filtered and paged in SQL; state is read for the page alone."""
    rt, user = rt_of(request), current_user(request)
    data = await body_of(request)
    if data.get("values"):
        raise HTTPError(422, "unsupported_filter", "threads are searched by 'metadata' and 'status'; "
                        "'values' filters are not supported")
    metadata, status, limit, offset = search_params(data)
    try:
        rows = await asyncio.to_thread(rt.traces.search_threads, user.tenant_id, user.user_id,
                                       metadata, status, limit, offset)
    except ValueError as exc:
        raise HTTPError(400, "bad_metadata", str(exc)) from None
    return JSONResponse([await thread_json(rt, row["thread_id"], row) for row in rows])


async def thread_state(request: Request) -> Response:
    rt = rt_of(request)
    thread_id = request.path_params["thread_id"]
    await owned_thread(rt, current_user(request), thread_id)
    config = rt.config(thread_id)
    if cid := request.path_params.get("checkpoint_id"):
        config["configurable"]["checkpoint_id"] = cid
    return JSONResponse(state_of(await rt.graph.aget_state(config)))


async def thread_state_at(request: Request) -> Response:
    """POST /threads/{id}/state/checkpoint {checkpoint: {checkpoint_id}}: the state there."""
    rt = rt_of(request)
    thread_id = request.path_params["thread_id"]
    await owned_thread(rt, current_user(request), thread_id)
    checkpoint = (await body_of(request, required=True)).get("checkpoint")
    cid = checkpoint.get("checkpoint_id") if isinstance(checkpoint, dict) else None
    if not isinstance(cid, str) or not cid:
        raise HTTPError(422, "bad_checkpoint", "'checkpoint' must be an object with a 'checkpoint_id'")
    config = rt.config(thread_id)
    config["configurable"]["checkpoint_id"] = cid
    return JSONResponse(state_of(await rt.graph.aget_state(config)))


async def thread_history(request: Request) -> Response:
    rt = rt_of(request)
    thread_id = request.path_params["thread_id"]
    await owned_thread(rt, current_user(request), thread_id)
    data = await body_of(request) if request.method == "POST" else dict(request.query_params)
    limit, before = history_params(data)
    before_cfg = {"configurable": {"thread_id": thread_id, **before}} if before else None
    states = []
    async for snap in rt.graph.aget_state_history(rt.config(thread_id), limit=limit, before=before_cfg):
        states.append(state_of(snap))
    return JSONResponse(states)


routes = [
    Route("/threads", threads_create, methods=["POST"]),
    Route("/threads/search", threads_search, methods=["POST"]),
    Route("/threads/{thread_id}", thread_get, methods=["GET"]),
    Route("/threads/{thread_id}", thread_update, methods=["PATCH"]),
    Route("/threads/{thread_id}", thread_delete, methods=["DELETE"]),
    Route("/threads/{thread_id}/state", thread_state, methods=["GET"]),
    Route("/threads/{thread_id}/state/checkpoint", thread_state_at, methods=["POST"]),
    Route("/threads/{thread_id}/state/{checkpoint_id}", thread_state, methods=["GET"]),
    Route("/threads/{thread_id}/history", thread_history, methods=["GET", "POST"]),
]
