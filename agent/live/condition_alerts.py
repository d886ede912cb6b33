"""Statistics alerts of a user: create (idempotent per confirmed action), list, delete, as price
alerts are (agent/trading/service.py). Rows live in the market store (condition_alerts), beside
the bars they are evaluated against (agent/live/conditions.py), in the same transactions.
A new alert's watermark is the symbol's last stored bar (a daily-only symbol's: its last daily bar):
only bars after it can fire it."""
from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel

from agent.identity.models import User
from agent.live import condition_sql as Q
from agent.market.tx import read, transaction
from agent.nlu.alert_conditions import AlertCondition, describe
from agent.tools.spec import ToolError


class ConditionAlert(BaseModel):
    alert_id: str
    symbol: str
    kind: str
    condition: dict[str, Any]
    text: str
    status: Literal["active", "fired", "deleted"]
    placed_bar_ts: datetime
    evaluated_through: datetime
    fired_bar_ts: datetime | None = None
    fired_value: float | None = None
    created_at: datetime | None = None
    closed_at: datetime | None = None


def _owner(user: User) -> dict[str, str]:
    return {"tenant_id": user.tenant_id, "user_id": user.user_id}


def _model(row: dict[str, Any]) -> ConditionAlert:
    import json

    return ConditionAlert(**{k: v for k, v in row.items() if k not in ("tenant_id", "user_id")}
                          | {"condition": json.loads(row["condition"])})


def create(store, user: User, cond: AlertCondition, key: str | None = None) -> tuple[ConditionAlert, bool]:
    """(the alert, False); with a `key` this user already used, (the alert it made, True)."""
    with transaction(store) as tx:
        tx.lock("askbar.ingest." + cond.symbol)
        if key:
            row = tx.one(Q.BY_KEY, {**_owner(user), "client_key": key})
            if row:
                return _model(tx.one(Q.USER_ALERT, {**_owner(user), "alert_id": row["alert_id"]}) or {}), True
        bar = tx.one(_last_bar_sql(tx, cond), {"symbol": cond.symbol})
        if bar is None or bar["ts"] is None:
            raise ToolError("VALIDATION_ERROR", f"no bars for {cond.symbol}: a statistics alert needs the "
                                                "symbol's bars (askbar load, askbar feed)")
        tz = (tx.one(Q.TIMEZONE, {"symbol": cond.symbol}) or {}).get("timezone", "UTC")
        alert_id = "cnd_" + uuid.uuid4().hex[:16]
        tx.rows(Q.INSERT, {**_owner(user), "alert_id": alert_id, "symbol": cond.symbol, "kind": cond.kind,
                           "condition": cond.model_dump_json(), "text": describe(cond, user.language or "en", tz),
                           "bar_ts": bar["ts"], "client_key": key})
        return _model(tx.one(Q.USER_ALERT, {**_owner(user), "alert_id": alert_id}) or {}), False


def _last_bar_sql(tx, cond: AlertCondition) -> str:
    """Where a new alert's watermark comes from: the last 1-minute bar, or for a daily-only symbol
    (SPX) its last daily bar, which can decide only the kinds over daily closes."""
    from agent.live.conditions import DAILY_KINDS

    inst = tx.one(Q.BAR_SECONDS, {"symbol": cond.symbol})
    if inst is None or inst["bar_seconds"]:
        return Q.LAST_BAR
    if cond.kind not in DAILY_KINDS:
        raise ToolError("VALIDATION_ERROR", f"{cond.symbol} has daily bars only: a {cond.kind} alert needs "
                                            "1-minute bars (closes in a row and indicator crosses work on daily closes)")
    return Q.LAST_DAY


def list_for(store, user: User) -> list[ConditionAlert]:
    return [_model(r) for r in read(store).rows(Q.USER_ALERTS, _owner(user))]


def get(store, user: User, alert_id: str) -> ConditionAlert:
    row = read(store).one(Q.USER_ALERT, {**_owner(user), "alert_id": alert_id})
    if row is None:
        raise ToolError("VALIDATION_ERROR", f"alert {alert_id} not found")
    return _model(row)


def delete(store, user: User, alert_id: str) -> ConditionAlert:
    """Deletes an active alert of this user (another user's id: not found); a repeat changes nothing."""
    get(store, user, alert_id)
    with transaction(store) as tx:
        tx.execute(Q.DELETE, {**_owner(user), "alert_id": alert_id})
    return get(store, user, alert_id)
