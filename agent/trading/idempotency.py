"""A confirmed order or alert is stored at most once per idempotency key (migration 004).

The graph checkpoints only when a run stops: a process that dies after a confirmed action was
stored but before the run ended leaves the thread waiting at the same confirmation, and a second
"yes" runs the same action again. The key is that action's id (agent/trading/confirmation.py),
passed by code through ToolExecutor.execute(idempotency_key=...) into ToolContext.extra, never from
the tool's parameters; it is stored with the row (`client_key`, unique per tenant and user). A
repeat finds the row the first run stored and answers from it (`already_done`), with the same
order, fill and alert figures, and nothing is written or notified again.
"""
from __future__ import annotations

from typing import Any, Literal

from agent.identity.models import User
from agent.tools.spec import IDEMPOTENCY_KEY, ToolContext
from agent.trading import sql as Q
from agent.trading.models import Alert, Order
from agent.trading.multipliers import multiplier

ALREADY = "already_done"     # result flag: the key was used before; this call changed nothing


def key_of(ctx: ToolContext) -> str | None:
    key = ctx.extra.get(IDEMPOTENCY_KEY)
    return key if isinstance(key, str) and key else None


def _owner(user: User) -> dict[str, str]:
    return {"tenant_id": user.tenant_id, "user_id": user.user_id}


def keyed_id(tx, user: User, kind: Literal["order", "alert"], key: str | None) -> str | None:
    """The id of this user's order / alert stored with `key`, or None (no key, or not used)."""
    if not key:
        return None
    sql, column = (Q.KEYED_ORDER, "order_id") if kind == "order" else (Q.KEYED_ALERT, "alert_id")
    row = tx.one(sql, {**_owner(user), "client_key": key})
    return str(row[column]) if row else None


def order_replay(tx, user: User, order_id: str) -> dict[str, Any]:
    """place_order's result for an order already placed with the key, read from the records: the
    order as it is now and, for a market order, the fill it got when placed."""
    order = Order(**tx.one(Q.USER_ORDER, {**_owner(user), "order_id": order_id}))
    result: dict[str, Any] = {"order": order.model_dump(mode="json"),
                              "as_of": order.placed_bar_ts.isoformat(),
                              "multiplier": multiplier(tx, order.symbol), ALREADY: True}
    fills = tx.rows(Q.ORDER_FILLS, {**_owner(user), "order_id": order_id})
    if order.order_type == "market" and fills:
        f = fills[0]
        result["multiplier"] = float(f["multiplier"])
        result["fill"] = {"price": f["price"], "bar_ts": f["bar_ts"].isoformat(),
                          "quantity": f["quantity"]}
    return result


def alert_record(tx, user: User, alert_id: str) -> Alert:
    """The alert a key created, whatever its status now (active, fired or deleted since)."""
    return Alert(**tx.one(Q.USER_ALERT_ANY, {**_owner(user), "alert_id": alert_id}))


def already_closed(tx, user: User, kind: Literal["order", "alert"], ref_id: str) -> dict[str, Any] | None:
    """A confirmed cancellation / deletion repeated after its first run: the order already
    cancelled or the alert already deleted, as the handler's result (else None: act as usual).
    These only change an existing row, guarded by its status, so they need no stored key."""
    if kind == "order":
        row = tx.one(Q.USER_ORDER, {**_owner(user), "order_id": ref_id})
        if row and row["status"] == "cancelled":
            return {"order": Order(**row).model_dump(mode="json"), "cancelled": True, ALREADY: True}
        return None
    row = tx.one(Q.USER_ALERT_ANY, {**_owner(user), "alert_id": ref_id})
    if row and row["status"] == "deleted":
        return {"alert": Alert(**row).model_dump(mode="json"), "deleted": True, ALREADY: True}
    return None
