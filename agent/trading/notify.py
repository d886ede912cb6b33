"""The user's notifications: fills and fired alerts.

The database row (written in the same transaction as the fill or the alert) is the record and its
id is the SSE event id, so `Last-Event-ID` replay works on both engines. With ASKBAR_REDIS_URL set,
each committed notification is also XADDed to the user's Redis stream
`askbar:notifications:{tenant}:{user}` (MAXLEN ~1000): other services consume it with consumer
groups and `GET /api/notifications` blocks on it to wake up at once instead of polling.
"""
from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from agent.storage.redis_client import redis_client
from agent.trading import sql as Q
from agent.trading.models import Notification, NotificationKind

STREAM_MAXLEN = 1000
WAKE_MAXLEN = 100


def stream_key(tenant_id: str, user_id: str, prefix: str = "askbar") -> str:
    return f"{prefix}:notifications:{tenant_id}:{user_id}"


def add_many(tx, notes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Insert notifications (tenant_id, user_id, kind, ref_id, symbol, bar_ts, payload) inside the
    caller's transaction, in list order; returns them with their ids, for publishing."""
    if not notes:
        return []
    rows = [{**n, "payload": json.dumps(n["payload"], default=str)} for n in notes]
    ids = {(r["kind"], r["ref_id"]): int(r["id"])
           for r in tx.values(Q.INSERT_NOTIFICATIONS, Q.NOTIFICATION_COLS, rows)}
    return [{**n, "id": ids[(n["kind"], n["ref_id"])]} for n in notes]


def add(tx, owner: dict[str, str], kind: NotificationKind, ref_id: str, symbol: str,
        bar_ts: datetime, payload: dict[str, Any]) -> dict[str, Any]:
    """Insert one notification (inside the caller's transaction); returns it for publishing."""
    return add_many(tx, [{"tenant_id": owner["tenant_id"], "user_id": owner["user_id"],
                          "kind": kind, "ref_id": ref_id, "symbol": symbol, "bar_ts": bar_ts,
                          "payload": payload}])[0]


def lock(tx) -> None:
    tx.lock(Q.NOTIFICATION_LOCK)


def since(reader, tenant_id: str, user_id: str, after: int = 0, limit: int = 200) -> list[Notification]:
    rows = reader.rows(Q.USER_NOTIFICATIONS, {"tenant_id": tenant_id, "user_id": user_id,
                                              "after": int(after), "limit": int(limit)})
    return [Notification(**{**r, "id": int(r["id"]), "payload": json.loads(r["payload"])})
            for r in rows]


def all_since(reader, after: int, limit: int = 500) -> list[tuple[str, str, Notification]]:
    """Every user's notifications after id `after`, in id order: (tenant_id, user_id, notification).
    Ids commit in order (writers hold the notification lock until COMMIT), so a reader that
    remembers the last id it saw misses none."""
    rows = reader.rows(Q.NOTIFICATIONS_AFTER, {"after": int(after), "limit": int(limit)})
    return [(r["tenant_id"], r["user_id"],
             Notification(**{k: v for k, v in r.items() if k not in ("tenant_id", "user_id")}
                          | {"id": int(r["id"]), "payload": json.loads(r["payload"])})) for r in rows]


def newest_id(reader) -> int:
    row = reader.one(Q.NEWEST_NOTIFICATION)
    return int(row["id"]) if row and row["id"] is not None else 0


def wake_key(prefix: str = "askbar") -> str:
    """One stream per deployment that grows with every publish: the servers' notification readers
    block on it (one XREAD each) instead of on every user's stream."""
    return f"{prefix}:notifications:wake"


def publish(redis_url: str | None, notifications: list[dict[str, Any]], prefix: str = "askbar") -> int:
    """XADD committed notifications to their users' streams; returns how many were sent.
    Best effort by design: the database row is the record, a missed XADD only delays a tail."""
    if not redis_url or not notifications:
        return 0

    client = redis_client(redis_url, decode=False)
    try:
        pipe = client.pipeline(transaction=False)
        for n in notifications:
            fields: dict[Any, Any] = {
                "id": n["id"], "kind": n["kind"], "ref_id": n["ref_id"], "symbol": n["symbol"],
                "bar_ts": str(n["bar_ts"]), "payload": json.dumps(n["payload"], default=str)}
            pipe.xadd(stream_key(n["tenant_id"], n["user_id"], prefix), fields,
                      maxlen=STREAM_MAXLEN, approximate=True)
        pipe.xadd(wake_key(prefix), {"last": max(int(n["id"]) for n in notifications)},
                  maxlen=WAKE_MAXLEN, approximate=True)
        pipe.execute()
        return len(notifications)
    finally:
        client.close()
