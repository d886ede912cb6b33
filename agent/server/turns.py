"""Every turn's details after a reload (issue 18 point 1), not only the last one's.

The checkpointed state holds only the current turn (earlier ones are text in chat_history, and
retention drops old checkpoints), so each answered request's details (plan, SQL, steps,
disclaimers, claims, chart: what GET /api/threads/{id}/details gives for the current turn) are kept
beside its trace (table turn_details, deleted with the thread) once the run has finished. They are
written after `done` was sent, so the client's answer never waits for them.

`GET /api/threads/{thread_id}/turns`: the thread's turns in order, one per question (a resumed
clarification or plan confirmation folds into the question it answered): question, final status and
details (null when the turn was not answered or its details were not kept).
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from agent.server.http import thread_field

log = logging.getLogger("askbar.server")


async def save_turn_details(rt: Any, thread_id: str, request_id: str, result: dict[str, Any] | None,
                            snapshot: Any) -> None:
    """After an answered run: its result row gets the details the UI rebuilds the turn from."""
    if not result or result.get("status") != "answered" or snapshot is None or not snapshot.values:
        return
    from agent.server.web import details_of

    try:  # details are a convenience for reloads: never fail (or slow) the answer over them
        details = await asyncio.to_thread(details_of, snapshot.values, rt.deps.store)
        await asyncio.to_thread(rt.traces.save_details, request_id, thread_id, details)
    except Exception:  # noqa: BLE001
        log.exception("saving turn details failed", extra={"request_id": request_id})


def turns_of(logs: list[dict[str, Any]], details: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """chat_logs rows (oldest first) as turns: an `ask` starts one, its resumes end it."""
    turns: list[dict[str, Any]] = []
    for row in logs:
        rid = row.get("request_id")
        if row.get("kind") == "ask" or not turns:
            turns.append({"request_id": rid, "question": row.get("question") or ""})
        turns[-1].update(last_request_id=rid, status=row.get("status"),
                         details=details.get(str(rid)) if row.get("status") == "answered" else None)
    return turns


async def thread_turns(request: Request) -> Response:
    from agent.server.web import _snapshot

    thread_id = thread_field(request.path_params["thread_id"]) or ""
    await _snapshot(request, thread_id)             # the caller's thread, else 404
    rt = request.app.state.runtime
    logs = await asyncio.to_thread(rt.traces.thread_logs, thread_id)
    details = await asyncio.to_thread(rt.traces.thread_details, thread_id)
    return JSONResponse({"thread_id": thread_id, "turns": turns_of(logs, details)})
