"""The LangGraph Server API's crons as the official SDKs call them (agent/schedules/):

    client.crons.create(assistant_id, schedule=..., input=...)        POST /runs/crons
    client.crons.create_for_thread(thread_id, assistant_id, ...)      POST /threads/{thread_id}/runs/crons
    client.crons.search(...) / count(...)                             POST /runs/crons/search, /count
    GET /runs/crons/{cron_id}, client.crons.delete(cron_id)           DELETE /runs/crons/{cron_id}

Every cron is its creator's (the token's tenant and user; another user's id is a 404) and runs as
that user with the creating token's scopes and the user's plan at run time. `timezone` defaults to
the user's time zone; `webhook` must be a host in ASKBAR_WEBHOOK_ALLOWED_HOSTS; at most
max_schedules_per_user each (429). Accepted and ignored as for runs: config, context,
interrupt_before/after, stream_*, durability, checkpoint_during. `update` (PATCH) is left out.
"""
from __future__ import annotations

import asyncio
from datetime import datetime, timezone
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from agent.server.caller import current_user
from agent.server.http import HTTPError, JSONResponse, thread_field
from agent.server.lg_body import ASSISTANT_ID, question_of
from agent.server.lg_params import _int
from agent.server.lg_threads import body_of, rt_of
from agent.server.owners import owned_thread

CREATE_KEYS = {"assistant_id", "schedule", "input", "metadata", "config", "context", "checkpoint_during",
               "interrupt_before", "interrupt_after", "webhook", "on_run_completed", "multitask_strategy",
               "end_time", "enabled", "timezone", "stream_mode", "stream_subgraphs", "stream_resumable",
               "durability"}
SEARCH_KEYS = {"assistant_id", "thread_id", "enabled", "metadata", "limit", "offset", "sort_by", "sort_order",
               "select"}
CRON_FIELDS = ("cron_id", "assistant_id", "thread_id", "on_run_completed", "end_time", "schedule", "timezone",
               "created_at", "updated_at", "payload", "user_id", "next_run_date", "metadata", "enabled")


def schedules_of(rt: Any) -> Any:
    from agent.schedules.store import ScheduleStore
    from agent.server.dismissed import appdb_of

    return ScheduleStore(appdb_of(rt))


def cron_json(row: dict[str, Any]) -> dict[str, Any]:
    """A schedule as the API's Cron."""
    return {"cron_id": row["schedule_id"], "assistant_id": ASSISTANT_ID, "thread_id": row["thread_id"],
            "on_run_completed": row["on_run_completed"], "end_time": row["end_time"], "schedule": row["cron"],
            "timezone": row["timezone"], "created_at": row["created_at"], "updated_at": row["updated_at"],
            "payload": row["payload"], "user_id": row["user_id"],
            "next_run_date": row["next_run_at"] if row["enabled"] else None, "metadata": row["metadata"],
            "enabled": row["enabled"]}


def _unknown(data: dict[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        raise HTTPError(422, "unknown_field", f"unknown field(s): {', '.join(extra)[:200]}")


def _end_time(value: Any) -> datetime | None:
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        raise HTTPError(422, "bad_end_time", "'end_time' must be an ISO date-time") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def parse_create(rt: Any, data: dict[str, Any], user_tz: str) -> dict[str, Any]:
    """The schedule's fields from a cron body (422 naming what is wrong)."""
    from agent.schedules.cron import CronError, check_schedule, check_timezone
    from agent.schedules.webhook import WebhookRefused, check_webhook

    _unknown(data, CREATE_KEYS)
    if data.get("assistant_id") != ASSISTANT_ID:
        raise HTTPError(404, "unknown_assistant", f"assistant {str(data.get('assistant_id'))[:64]!r} not found; "
                        f"the only one is '{ASSISTANT_ID}'")
    if not isinstance(data.get("input"), dict):
        raise HTTPError(422, "missing_input", "'input' is required: {\"question\": \"...\"} or the chat form")
    question, _ = question_of(data["input"], rt.server.max_question_chars)
    if data.get("on_run_completed") not in (None, "delete", "keep"):
        raise HTTPError(422, "bad_on_run_completed", "'on_run_completed' must be 'delete' or 'keep'")
    for key in ("metadata",):
        if data.get(key) is not None and not isinstance(data[key], dict):
            raise HTTPError(422, f"bad_{key}", f"'{key}' must be an object")
    if data.get("enabled") is not None and not isinstance(data["enabled"], bool):
        raise HTTPError(422, "bad_enabled", "'enabled' must be true or false")
    try:
        fields = {"question": question, "cron": check_schedule(data.get("schedule")),
                  "tz": check_timezone(data.get("timezone") or user_tz)}
        if data.get("webhook") is not None:
            fields["webhook"] = check_webhook(data["webhook"], rt.settings.webhook_allowed_hosts)
    except (CronError, WebhookRefused) as exc:
        raise HTTPError(422, "bad_cron", str(exc)) from None
    return {**fields, "payload": data, "metadata": data.get("metadata") or {},
            "enabled": data.get("enabled", True), "end_time": _end_time(data.get("end_time"))}


async def _create(request: Request, thread_id: str | None) -> Response:
    from agent.schedules.store import TooManySchedules

    rt, user = rt_of(request), current_user(request)
    data = await body_of(request, required=True)
    fields = parse_create(rt, data, user.timezone)
    if thread_id is not None:
        thread_field(thread_id)
        await owned_thread(rt, user, thread_id)
    on_done = None if thread_id else (data.get("on_run_completed") or "delete")
    limit = rt.settings.max_schedules_per_user
    try:
        row = await asyncio.to_thread(schedules_of(rt).create, user, thread_id=thread_id,
                                      on_run_completed=on_done, limit=limit, **fields)
    except TooManySchedules as exc:
        raise HTTPError(429, "too_many_schedules", str(exc), limit=exc.limit) from None
    return JSONResponse(cron_json(row))


async def create(request: Request) -> Response:
    return await _create(request, None)


async def create_for_thread(request: Request) -> Response:
    return await _create(request, request.path_params["thread_id"])


def _select(rows: list[dict[str, Any]], select: Any) -> list[dict[str, Any]]:
    if not select:
        return rows
    if not isinstance(select, list) or any(f not in CRON_FIELDS for f in select):
        raise HTTPError(422, "bad_select", f"'select' must list fields of: {', '.join(CRON_FIELDS)}")
    return [{k: r[k] for k in select} for r in rows]


async def _matching(request: Request) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    rt, user = rt_of(request), current_user(request)
    data = await body_of(request)
    _unknown(data, SEARCH_KEYS)
    if data.get("assistant_id") not in (None, ASSISTANT_ID):
        return [], data
    metadata = data.get("metadata") or {}
    if not isinstance(metadata, dict):
        raise HTTPError(422, "bad_metadata", "'metadata' must be an object")
    enabled = data.get("enabled")
    if enabled is not None and not isinstance(enabled, bool):
        raise HTTPError(422, "bad_enabled", "'enabled' must be true or false")
    desc = data.get("sort_order", "desc") != "asc"
    rows = await asyncio.to_thread(schedules_of(rt).search, user, thread_field(data.get("thread_id")), enabled,
                                   100_000, 0, str(data.get("sort_by") or "created_at"), desc)
    rows = [r for r in rows if all(r["metadata"].get(k) == v for k, v in metadata.items())]
    return [cron_json(r) for r in rows], data


async def search(request: Request) -> Response:
    crons, data = await _matching(request)
    limit, offset = _int(data, "limit", 10, 1, 1000), _int(data, "offset", 0, 0, 100_000)
    page = crons[offset:offset + limit]
    return JSONResponse(_select(page, data.get("select")), headers={"X-Pagination-Total": str(len(crons))})


async def count(request: Request) -> Response:
    crons, _ = await _matching(request)
    return JSONResponse(len(crons))


async def get(request: Request) -> Response:
    rt, user = rt_of(request), current_user(request)
    cron_id = request.path_params["cron_id"]
    row = await asyncio.to_thread(schedules_of(rt).get, user, cron_id)
    if row is None:
        raise HTTPError(404, "unknown_cron", f"cron {cron_id[:64]} not found")
    return JSONResponse(cron_json(row))


async def delete(request: Request) -> Response:
    rt, user = rt_of(request), current_user(request)
    cron_id = request.path_params["cron_id"]
    if not await asyncio.to_thread(schedules_of(rt).delete, user, cron_id):
        raise HTTPError(404, "unknown_cron", f"cron {cron_id[:64]} not found")
    return Response(status_code=204)


routes = [
    Route("/runs/crons", create, methods=["POST"]),
    Route("/runs/crons/search", search, methods=["POST"]),
    Route("/runs/crons/count", count, methods=["POST"]),
    Route("/runs/crons/{cron_id}", get, methods=["GET"]),
    Route("/runs/crons/{cron_id}", delete, methods=["DELETE"]),
    Route("/threads/{thread_id}/runs/crons", create_for_thread, methods=["POST"]),
]
