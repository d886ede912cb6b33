"""Runs due schedules (agent/schedules/): every `schedule_tick_s` each server reads the due ones and
claims each with a compare-and-set on its next run time (agent/schedules/store.py), so with several
replicas on one database a schedule runs once per tick. A claimed schedule runs as its owner (the
user's plan now, the creating token's scopes, the chat rate limit and run caps), on "today" in the
schedule's time zone, through the RunManager like any chat; its answer goes to the owner's
notification stream and, when given, the webhook."""
from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timezone
from typing import Any
from zoneinfo import ZoneInfo

from agent.identity.models import LOCAL_USER, User

log = logging.getLogger("askbar.schedules")


def owner_of(rt: Any, row: dict[str, Any]) -> User | None:
    """The schedule's user as it is now (a revoked user's schedules run no more)."""
    user: User | None = LOCAL_USER
    if (row["tenant_id"], row["user_id"]) != (LOCAL_USER.tenant_id, LOCAL_USER.user_id):
        from agent.identity.users import UserStore
        from agent.server.dismissed import appdb_of

        user = UserStore(appdb_of(rt)).get(row["user_id"])
    if user is None or user.tenant_id != row["tenant_id"]:
        return None
    return user.model_copy(update={"scopes": row.get("scopes")})


def today_in(rt: Any, tz: str) -> str:
    if rt.settings.now:                        # a fixed "today" (tests, ASKBAR_NOW) wins
        return rt.settings.now.isoformat()
    return datetime.now(ZoneInfo(tz)).date().isoformat()


async def _run(rt: Any, row: dict[str, Any], user: User) -> tuple[dict | None, str | None, str | None, str | None]:
    """(result, request id, thread id, error) of the schedule's question asked as `user`."""
    from agent.server.buffer import tail
    from agent.server.http import HTTPError
    from agent.server.run_spec import RunConflict

    if user.scopes is not None and "read" not in user.scopes:
        return None, None, None, "the schedule's token has no read scope: nothing was asked"
    try:
        async with rt.limiter.admit(rt.runs, user):
            spec = await rt.runs.ask_spec(row["question"], row["thread_id"], today_in(rt, row["timezone"]), user=user)
            if row["thread_id"] is None:
                spec.on_completion = row.get("on_run_completed") or "keep"
            spec.extra_meta = {"schedule_id": row["schedule_id"]}
            await rt.runs.start(spec)
    except HTTPError as exc:
        return None, None, None, f"not run this time: {exc.message}"
    except RunConflict as exc:
        return None, None, row["thread_id"], f"not run this time: {exc}"
    result, error = None, None
    async for ev in tail(rt.buffer, spec.run_id, 0, poll_s=1.0):
        if ev is not None and ev.event == "done":
            result = ev.data
        elif ev is not None and ev.event == "error":
            error = str(ev.data.get("message") or "the run failed")
    kept = spec.thread_id if spec.on_completion != "delete" else None
    return result, spec.request_id, kept, error


async def run_schedule(rt: Any, row: dict[str, Any]) -> dict[str, Any] | None:
    """One claimed schedule: asked, then delivered. Returns the notification (None: no owner)."""
    from agent.schedules.deliver import answer_payload, notify_owner
    from agent.schedules.webhook import send
    from agent.server.crons_api import schedules_of

    user = await asyncio.to_thread(owner_of, rt, row)
    if user is None:
        log.warning("schedule's owner is gone; not run", extra={"status": row["schedule_id"]})
        return None
    result, request_id, thread_id, error = await _run(rt, row, user)
    payload = answer_payload(row, result, request_id, thread_id, error)
    note = await asyncio.to_thread(notify_owner, rt.deps.store, rt.settings.redis_url, row, payload)
    if request_id:
        await asyncio.to_thread(schedules_of(rt).ran, row["schedule_id"], request_id)
    if row.get("webhook"):
        await asyncio.to_thread(send, row["webhook"], {**payload, "notification_id": note["id"]},
                                rt.settings.webhook_allowed_hosts)
    return note


async def tick(rt: Any, now: datetime | None = None) -> list[asyncio.Task]:
    """Claims every due schedule and starts its run; the tasks of the ones this server claimed."""
    from agent.server.crons_api import schedules_of

    store, now = schedules_of(rt), now or datetime.now(timezone.utc)
    tasks = []
    for row in await asyncio.to_thread(store.due, now):
        if await asyncio.to_thread(store.claim, row, now):
            task = asyncio.create_task(run_schedule(rt, row), name=f"schedule-{row['schedule_id']}")
            rt.scheduled.add(task)
            task.add_done_callback(rt.scheduled.discard)
            tasks.append(task)
    return tasks


async def schedule_ticks(rt: Any) -> None:
    """The server's loop (agent/server/runtime.py): a tick every schedule_tick_s."""
    while rt.server.schedule_tick_s > 0:
        await asyncio.sleep(rt.server.schedule_tick_s)
        try:
            await tick(rt)
        except Exception:  # noqa: BLE001 - the next tick tries again
            log.exception("schedule tick failed")
