"""A scheduled run's answer to its owner: a `schedule` notification (the market store's
user_notifications row, its id the SSE event id of GET /api/notifications, and the Redis stream when
ASKBAR_REDIS_URL is set), as fills and fired alerts are delivered."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

CLAIM_KEYS = ("type", "value", "symbol", "date", "period")


def answer_payload(schedule: dict[str, Any], result: dict[str, Any] | None, request_id: str | None,
                   thread_id: str | None, error: str | None = None) -> dict[str, Any]:
    result = result or {}
    return {"schedule_id": schedule["schedule_id"], "question": schedule["question"],
            "cron": schedule["cron"], "timezone": schedule["timezone"],
            "status": "error" if error else result.get("status") or "error",
            "response": result.get("response") or error or "",
            "claims": [{k: c.get(k) for k in CLAIM_KEYS} for c in result.get("claims") or []],
            "request_id": request_id, "thread_id": thread_id}


def notify_owner(store: Any, redis_url: str | None, schedule: dict[str, Any], payload: dict[str, Any]) -> dict:
    """The notification, committed and published; returns it (with its id)."""
    from agent.market.tx import transaction
    from agent.trading import notify

    symbol = next((c["symbol"] for c in payload["claims"] if c.get("symbol")), "") or ""
    owner = {"tenant_id": schedule["tenant_id"], "user_id": schedule["user_id"]}
    at = datetime.now(timezone.utc).replace(tzinfo=None)     # the column is naive UTC, as bar times
    with transaction(store) as tx:
        notify.lock(tx)
        note = notify.add(tx, owner, "schedule", schedule["schedule_id"], symbol, at, payload)
    notify.publish(redis_url, [note])
    return note
