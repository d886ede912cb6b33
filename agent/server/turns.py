"""Every turn's details after a reload, not only the last one's.

The checkpointed state holds only the current turn (earlier ones are text in chat_history, and
retention drops old checkpoints), so each answered request's details (plan, SQL, steps,
disclaimers, claims, chart: what GET /api/threads/{id}/details gives for the current turn) are kept
beside its trace (table turn_details, deleted with the thread) once the run has finished. They are
written after `done` was sent, so the client's answer never waits for them.

`GET /api/threads/{thread_id}/turns`: the thread's turns in order, one per question (a resumed
clarification or plan confirmation folds into the question it answered): question, final status and
details (null when the turn was not answered or its details were not kept); and `requests`, every
request as the chat showed it (what was sent, the answer or the card that came back), which the UI
redraws after a reload.

What is written after `done` is the turn's state (TURN_KEYS of the checkpointed values, already
compact), not the details: building them (the chart re-reads daily bars for an events answer, a
ten-year query) right after an answer ran beside the next question and made it wait for the GIL
(a month question asked after an events question: ~10 ms more, benchmarks/RESULTS.md). The first
GET /turns builds the details from that state and stores them in its place.
"""
from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from agent.server.caller import current_user
from agent.server.http import HTTPError, thread_field

log = logging.getLogger("askbar.server")


# What details_of reads of a turn's state (agent/server/web.py, agent/server/chart.py).
TURN_KEYS = ("status", "plan", "data", "agents_used", "disclaimers", "claims", "intent")
STATE_KEY = "turn_state"     # a stored row whose details are not built yet


async def save_turn_details(rt: Any, thread_id: str, request_id: str, result: dict[str, Any] | None,
                            snapshot: Any) -> None:
    """After an answered run: its row keeps the turn's state, the details are built when read."""
    if not result or result.get("status") != "answered" or snapshot is None or not snapshot.values:
        return
    state = {k: snapshot.values[k] for k in TURN_KEYS if k in snapshot.values}
    try:  # details are a convenience for reloads: never fail (or slow) the answer over them
        await asyncio.to_thread(rt.traces.save_details, request_id, thread_id, {STATE_KEY: state})
    except Exception:  # noqa: BLE001
        log.exception("saving turn details failed", extra={"request_id": request_id})


def built_details(rt: Any, thread_id: str, details: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The thread's stored rows as details: those still holding a turn's state are built (and
    stored built, so the next reload reads them as they are)."""

    out = {}
    for request_id, row in details.items():
        if isinstance(row, dict) and STATE_KEY in row:
            row = details_of(row[STATE_KEY], rt.deps.store)
            try:
                rt.traces.save_details(request_id, thread_id, row)
            except Exception:  # noqa: BLE001 - built again on the next read
                log.exception("storing built turn details failed", extra={"request_id": request_id})
        out[request_id] = row
    return out


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


def _result(row: dict[str, Any]) -> dict[str, Any]:
    raw = row.get("result")
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError:
            raw = None
    return raw if isinstance(raw, dict) else {}


def requests_of(logs: list[dict[str, Any]], details: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Every request of the thread as the chat showed it: what the user sent (a question, or the
    answer to a clarification / no-data card) and what came back (an answer with its details, or
    the card's message). A reload draws one question and one answer per request, so no-data and
    clarification turns come back too."""
    out = []
    for row in logs:
        rid, result = str(row.get("request_id")), _result(row)
        interrupt = result.get("interrupt") if isinstance(result.get("interrupt"), dict) else None
        resume = row.get("kind") == "resume"
        out.append({"request_id": rid, "kind": row.get("kind"), "status": row.get("status"),
                    "text": (row.get("user_response") if resume else row.get("question")) or "",
                    "response": row.get("response") or result.get("response") or "",
                    "interrupt": {k: interrupt.get(k) for k in INTERRUPT_KEYS if k in interrupt}
                    if interrupt else None,
                    "details": details.get(rid) if row.get("status") == "answered" else None})
    return out


INTERRUPT_KEYS = ("type", "message", "questions", "suggestions", "plan_summary")


async def thread_turns(request: Request) -> Response:

    thread_id = thread_field(request.path_params["thread_id"]) or ""
    await _snapshot(request, thread_id)             # the caller's thread, else 404
    rt = request.app.state.runtime
    logs = await asyncio.to_thread(rt.traces.thread_logs, thread_id)
    details = await asyncio.to_thread(lambda: built_details(rt, thread_id, rt.traces.thread_details(thread_id)))
    return JSONResponse({"thread_id": thread_id, "turns": turns_of(logs, details),
                         "requests": requests_of(logs, details)})


async def _snapshot(request: Request, thread_id: str) -> Any:
    """The caller's thread state; another user's thread or an unknown one is a 404."""
    rt = request.app.state.runtime
    from agent.server.owners import owned_thread

    _, snapshot = await owned_thread(rt, current_user(request), thread_id)
    if not snapshot.values:
        raise HTTPError(404, "unknown_thread", f"thread {thread_id} has no state")
    return snapshot


def details_of(values: dict[str, Any], store: Any) -> dict[str, Any]:
    from agent.server.chart import chart_payload
    from agent.server.events import INTERNAL_NODES, _plan_created, _sql_events

    plan = values.get("plan") or {}
    return {"status": values.get("status"),
            "plan": _plan_created(plan) if plan.get("steps") else None,
            "sql": [data for _, data in _sql_events(values.get("data") or {})],
            "steps": [a for a in values.get("agents_used") or [] if a not in INTERNAL_NODES],
            "disclaimers": [d for d in values.get("disclaimers") or [] if d],
            "claims": values.get("claims") or [],
            "intent": values.get("intent") or {},
            "chart": chart_payload(values, store)}
