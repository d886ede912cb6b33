"""Exports (DESIGN.md "Exports and schedules"):

- GET /api/requests/{request_id}/export?format=csv|xlsx|ipynb: an answered request of the caller
  as a file (agent/exports/); another user's request, in the same tenant too, is a 404.
- POST /api/plans/run {"steps": [...]}: a plan's steps run by the query builder as the caller,
  each step's rows back (what the notebook export calls to recompute its numbers). The steps are
  validated like a plan the planner made (at most max_plan_steps); each call counts against the
  caller's rate like a chat.
"""
from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from agent.server.caller import current_user
from agent.server.http import THREAD_ID, HTTPError, JSONResponse, read_json
from agent.server.owners import owns


def _rt(request: Request) -> Any:
    return request.app.state.runtime


def export_file(rt: Any, record: dict[str, Any], fmt: str, url: str) -> bytes:
    """The export of a request the caller owns (in a worker thread: it runs the plan again)."""
    from agent.exports import render, request
    from agent.server.charts import chart_payload

    data = request.build(rt.traces, rt.deps.store, record, chart_payload)
    return render.render(data, render.check_format(fmt), url)


async def export(request: Request) -> Response:
    from agent.exports.render import FORMATS, MEDIA, file_name
    from agent.exports.request import NotExportable

    rt, user = _rt(request), current_user(request)
    request_id = request.path_params["request_id"]
    fmt = request.query_params.get("format", "csv")
    if fmt not in FORMATS:
        raise HTTPError(400, "bad_format", f"format {fmt[:20]!r} is not one of {', '.join(FORMATS)}")
    record = await asyncio.to_thread(rt.traces.get, request_id) if THREAD_ID.match(request_id) else None
    if record is None or not owns(user, record):
        raise HTTPError(404, "unknown_request", f"no request {request_id[:128]} of yours")
    try:
        body = await asyncio.to_thread(export_file, rt, record, fmt, str(request.base_url).rstrip("/"))
    except NotExportable as exc:
        raise HTTPError(409, "not_exportable", str(exc)) from None
    name = file_name(request_id, fmt)  # type: ignore[arg-type]
    return Response(body, media_type=MEDIA[fmt], headers={"Content-Disposition": f'attachment; filename="{name}"'})


def _plan(data: dict[str, Any], max_steps: int) -> dict[str, Any]:
    from pydantic import ValidationError

    from agent.state import Plan

    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise HTTPError(400, "missing_steps", "'steps' is required: a non-empty list of plan steps")
    if len(steps) > max_steps:
        raise HTTPError(400, "plan_too_large", f"the plan has {len(steps)} steps; at most {max_steps}")
    try:
        return Plan.model_validate({"steps": steps}).model_dump(mode="json")
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise HTTPError(422, "bad_plan", f"steps.{where}: {first.get('msg')}") from None


MAX_ROWS = 1_000_000   # rows of one plan run's answer (about 100 MB of JSON)


def _run_plan(rt: Any, plan: dict[str, Any]) -> list[dict[str, Any]]:
    from agent.exports.request import rerun

    out, steps = [], rerun(rt.deps.store, plan)
    total = sum(len(s.rows) for s in steps)
    if total > MAX_ROWS:
        raise HTTPError(413, "too_many_rows", f"the plan's steps return {total:,} rows; at most {MAX_ROWS:,}: "
                        "ask for a shorter period or a larger bar size")
    for s in steps:
        res = s.result or {}
        out.append({"step": s.index, "action": s.action, "symbol": s.symbol, "granularity": s.granularity,
                    "sql": res.get("sql"), "params": res.get("params"), "rows": s.rows, "error": s.error})
    return out


async def run_plan(request: Request) -> Response:
    rt, user = _rt(request), current_user(request)
    data = await read_json(request, rt.server.max_body_bytes, max_depth=rt.server.max_json_depth)
    plan = _plan(data, rt.server.max_plan_steps)
    await rt.limiter.check_rate(user)
    return JSONResponse({"results": await asyncio.to_thread(_run_plan, rt, plan)})


routes = [
    Route("/api/requests/{request_id}/export", export, methods=["GET"]),
    Route("/api/plans/run", run_plan, methods=["POST"]),
]
