"""The schedules table in the app database (sql/app/*/080_schedules.sql): a user's schedules, and
the due ones every server claims. SQL as constants with bound values (AppDB turns %s into ? on SQLite)."""
from __future__ import annotations

import json
import uuid
from datetime import datetime, timezone
from typing import Any

from agent.identity.models import User
from agent.schedules.cron import next_run, stamp

COLS = ("schedule_id", "tenant_id", "user_id", "question", "cron", "timezone", "thread_id",
        "on_run_completed", "webhook", "scopes", "payload", "metadata", "enabled", "end_time",
        "next_run_at", "last_run_at", "last_request_id", "created_at", "updated_at")
_SELECT = "SELECT " + ", ".join(COLS) + " FROM schedules"
INSERT = ("INSERT INTO schedules (" + ", ".join(COLS) + ") VALUES (" + ", ".join(["%s"] * len(COLS)) + ")")
COUNT_OWN = "SELECT COUNT(*) AS n FROM schedules WHERE tenant_id = %s AND user_id = %s"
OWNER_LOCK = "SELECT pg_advisory_xact_lock(hashtext(%s))"   # Postgres: one create per user at a time
GET_OWN = _SELECT + " WHERE schedule_id = %s AND tenant_id = %s AND user_id = %s"
DELETE_OWN = "DELETE FROM schedules WHERE schedule_id = %s AND tenant_id = %s AND user_id = %s"
DUE = _SELECT + " WHERE enabled = %s AND next_run_at <= %s ORDER BY next_run_at LIMIT %s"
# The claim: only the server whose UPDATE still sees the next run time it read moves it on; every
# other replica's UPDATE matches no row and runs nothing.
CLAIM = ("UPDATE schedules SET next_run_at = %s, last_run_at = %s, updated_at = %s "
         "WHERE schedule_id = %s AND next_run_at = %s RETURNING schedule_id")
DISABLE = "UPDATE schedules SET enabled = %s, updated_at = %s WHERE schedule_id = %s AND next_run_at = %s"
SET_LAST = "UPDATE schedules SET last_request_id = %s WHERE schedule_id = %s"
# search: the owner's schedules, filters as bound values (a NULL filter matches every row; the
# casts give Postgres the parameter's type when it is NULL)
SEARCH = (_SELECT + " WHERE tenant_id = %s AND user_id = %s AND (CAST(%s AS TEXT) IS NULL OR thread_id = %s)"
          " AND (CAST(%s AS BOOLEAN) IS NULL OR enabled = %s) ORDER BY {order} LIMIT %s OFFSET %s")
ORDERS = {"created_at": "created_at", "updated_at": "updated_at", "next_run_date": "next_run_at",
          "cron_id": "schedule_id", "thread_id": "thread_id", "end_time": "end_time",
          "assistant_id": "created_at"}


class TooManySchedules(Exception):
    def __init__(self, limit: int):
        super().__init__(f"you have {limit} schedules, the most a user may have; delete one first "
                         f"(limit: max_schedules_per_user = {limit})")
        self.limit = limit


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _row(r: dict[str, Any]) -> dict[str, Any]:
    out = dict(r)
    for key in ("payload", "metadata", "scopes"):
        if isinstance(out.get(key), str):
            out[key] = json.loads(out[key])
    out["enabled"] = bool(out["enabled"])
    return out


class ScheduleStore:
    def __init__(self, db: Any):
        self.db = db

    def create(self, user: User, *, question: str, cron: str, tz: str, payload: dict[str, Any],
               limit: int, thread_id: str | None = None, on_run_completed: str | None = None,
               webhook: str | None = None, metadata: dict[str, Any] | None = None, enabled: bool = True,
               end_time: datetime | None = None, now: datetime | None = None) -> dict[str, Any]:
        """A new schedule of `user`; TooManySchedules past `limit`."""
        now = now or _now()
        row = {"schedule_id": str(uuid.uuid4()), "tenant_id": user.tenant_id, "user_id": user.user_id,
               "question": question, "cron": cron, "timezone": tz, "thread_id": thread_id,
               "on_run_completed": on_run_completed, "webhook": webhook,
               "scopes": None if user.scopes is None else json.dumps(sorted(user.scopes)),
               "payload": json.dumps(payload, ensure_ascii=False, default=str),
               "metadata": json.dumps(metadata or {}, ensure_ascii=False, default=str), "enabled": enabled,
               "end_time": stamp(end_time) if end_time else None, "next_run_at": stamp(next_run(cron, tz, now)),
               "last_run_at": None, "last_request_id": None, "created_at": stamp(now), "updated_at": stamp(now)}
        with self.db.transaction() as tx:
            if self.db.engine == "postgres":
                tx.execute(OWNER_LOCK, (f"askbar.schedules.{user.tenant_id}/{user.user_id}",))
            have = int(tx.one(COUNT_OWN, (user.tenant_id, user.user_id))["n"])
            if have >= limit:
                raise TooManySchedules(limit)
            tx.execute(INSERT, [row[c] for c in COLS])
        return _row(row)

    def get(self, user: User, schedule_id: str) -> dict[str, Any] | None:
        r = self.db.one(GET_OWN, (schedule_id, user.tenant_id, user.user_id))
        return _row(r) if r else None

    def delete(self, user: User, schedule_id: str) -> bool:
        with self.db.transaction() as tx:
            found = tx.one(GET_OWN, (schedule_id, user.tenant_id, user.user_id))
            if found:
                tx.execute(DELETE_OWN, (schedule_id, user.tenant_id, user.user_id))
        return found is not None

    def search(self, user: User, thread_id: str | None = None, enabled: bool | None = None,
               limit: int = 10, offset: int = 0, sort_by: str = "created_at", desc: bool = True) -> list[dict]:
        order = ORDERS.get(sort_by, "created_at") + (" DESC" if desc else " ASC") + ", schedule_id"
        sql = SEARCH.format(order=order)   # the column from ORDERS, never from the request
        rows = self.db.execute(sql, (user.tenant_id, user.user_id, thread_id, thread_id, enabled, enabled,
                                     int(limit), int(offset)))
        return [_row(r) for r in rows]

    def due(self, now: datetime, limit: int = 50) -> list[dict[str, Any]]:
        return [_row(r) for r in self.db.execute(DUE, (True, stamp(now), int(limit)))]

    def claim(self, row: dict[str, Any], now: datetime) -> bool:
        """Moves a due schedule's next run on from `now`; True on the one server that did it. A
        schedule past its end time is disabled instead (and not run)."""
        nxt = next_run(row["cron"], row["timezone"], max(now, datetime.fromisoformat(row["next_run_at"])))
        if row.get("end_time") and row["end_time"] < row["next_run_at"]:
            self.db.execute(DISABLE, (False, stamp(now), row["schedule_id"], row["next_run_at"]))
            return False
        got = self.db.execute(CLAIM, (stamp(nxt), stamp(now), stamp(now), row["schedule_id"], row["next_run_at"]))
        return bool(got)

    def ran(self, schedule_id: str, request_id: str) -> None:
        self.db.execute(SET_LAST, (request_id, schedule_id))
