"""Market time: pending orders and active alerts of a symbol checked against its new bars.

Runs inside the write transaction that added the bars (`hook.after_ingest`). Each order and alert
keeps `evaluated_through`, the last bar it was checked against (at placement: the last stored bar),
so every bar after it is seen exactly once, in bar order, and a reload of the same file (no bar
after the watermark) fires nothing. The bars after the oldest watermark are read once as columns
(`bars.py`); a vectorised search per order/alert finds the first bar that can act (`low <= limit`
...); the price rules themselves are `rules.py`. With nothing pending the hook is two small queries
and numpy is not even imported (asking questions never pays for it).
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from agent.trading import notify, rules
from agent.trading import sql as Q
from agent.trading.multipliers import multiplier
from agent.trading.texts import alert_text, fill_text

if TYPE_CHECKING:
    from agent.trading.bars import Bars


@dataclass
class EvalReport:
    orders_filled: int = 0
    alerts_fired: int = 0
    notifications: list[dict[str, Any]] = field(default_factory=list)   # to publish after commit


def bar_source(tx, symbol: str) -> str:
    row = tx.one(Q.BAR_SECONDS, {"symbol": symbol})
    return "daily" if row is not None and row["bar_seconds"] is None else "intraday"


def last_bar(tx, symbol: str) -> rules.Bar | None:
    row = tx.one(Q.last_bar_sql(bar_source(tx, symbol)), {"symbol": symbol})
    return _bar(row) if row else None


def _bar(row: dict[str, Any]) -> rules.Bar:
    return rules.Bar(row["ts"], float(row["open"]), float(row["high"]), float(row["low"]),
                     float(row["close"]))


def order_outcome(bars: Bars, o: dict[str, Any]) -> tuple[rules.Bar | None, float | None, Any]:
    """(fill bar, fill price, stop-limit trigger ts) of a pending order over bars after its watermark."""
    side, after = o["side"], o["evaluated_through"]
    kind, trig = o["order_type"], o["triggered_bar_ts"]
    if kind == "limit":
        bar = bars.first(after, (rules.LIMIT_TOUCH[side],), o["limit_price"])
        return bar, bar and rules.limit_fill(side, bar, o["limit_price"]), None
    if kind == "stop" or (kind == "stop_limit" and trig is None):
        bar = bars.first(after, (rules.STOP_TOUCH[side],), o["stop_price"])
        if bar is None:
            return None, None, None
        t = rules.stop_trigger(side, bar, o["stop_price"])
        assert t is not None    # the search selected a bar that reaches the stop
        if kind == "stop" or rules.within_limit(side, t, o["limit_price"]):
            return bar, t, bar.ts if kind == "stop_limit" else None
        trig, after = bar.ts, bar.ts     # gapped past the limit: rests as a limit from the next bar
    bar = bars.first(after, (rules.LIMIT_TOUCH[side],), o["limit_price"])
    return bar, bar and rules.limit_fill(side, bar, o["limit_price"]), trig


def fill_and_note(o: dict[str, Any], bar_ts: datetime, price: float,
                  mult: float) -> tuple[dict[str, Any], dict[str, Any]]:
    """The fill row of order `o` (a row with tenant_id/user_id) and its notification."""
    fill = {"fill_id": "fil_" + uuid.uuid4().hex[:16], "order_id": o["order_id"],
            "tenant_id": o["tenant_id"], "user_id": o["user_id"], "symbol": o["symbol"],
            "side": o["side"], "quantity": float(o["quantity"]), "price": float(price),
            "multiplier": mult, "bar_ts": bar_ts}
    payload = {k: fill[k] for k in ("order_id", "fill_id", "symbol", "side", "quantity", "price",
                                    "multiplier", "bar_ts")}
    payload["order_type"] = o["order_type"]
    payload["text"] = fill_text(payload)
    return fill, {"tenant_id": o["tenant_id"], "user_id": o["user_id"], "kind": "fill",
                  "ref_id": o["order_id"], "symbol": o["symbol"], "bar_ts": bar_ts, "payload": payload}


def alert_note(a: dict[str, Any], bar_ts: datetime, fired: float) -> dict[str, Any]:
    payload = {k: a[k] for k in ("alert_id", "symbol", "condition", "price", "message")}
    payload.update(fired_price=fired, bar_ts=bar_ts)
    payload["text"] = alert_text(payload)
    return {"tenant_id": a["tenant_id"], "user_id": a["user_id"], "kind": "alert",
            "ref_id": a["alert_id"], "symbol": a["symbol"], "bar_ts": bar_ts, "payload": payload}


def write_fills(tx, fills: list[dict[str, Any]], notes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Insert fills and notifications (already in ledger order); returns the notifications with ids.
    The notification lock is taken last and held to commit, so ids appear in commit order."""
    if fills:
        tx.values(Q.INSERT_FILLS, Q.FILL_COLS, fills)
    notify.lock(tx)
    return notify.add_many(tx, notes)


def evaluate_symbol(tx, symbol: str) -> EvalReport:
    """Check the symbol's pending orders and active alerts against every bar after their watermark."""
    orders = tx.rows(Q.PENDING_FOR_SYMBOL, {"symbol": symbol})
    alerts = tx.rows(Q.ACTIVE_FOR_SYMBOL, {"symbol": symbol})
    report = EvalReport()
    if not orders and not alerts:
        return report
    source = bar_source(tx, symbol)
    last = tx.one(Q.last_bar_sql(source), {"symbol": symbol})
    if last is None:
        return report
    through = last["ts"]
    oldest = min(r["evaluated_through"] for r in (*orders, *alerts))
    if oldest >= through:
        return report                       # a reload: no bar after any watermark
    from agent.trading.bars import Bars

    bars = Bars(tx.columns(Q.bars_after_sql(source), {"symbol": symbol, "after": oldest,
                                                      "through": through}))
    events: list[tuple[Any, int, int, tuple]] = []   # (bar ts, fill/alert, placement seq, event)
    filled, triggered, fired = [], [], []
    mult = multiplier(tx, symbol) if orders else 1.0
    for o in orders:
        if o["evaluated_through"] >= through:
            continue
        bar, price, trig = order_outcome(bars, o)
        if bar is not None and price is not None:
            filled.append({"order_id": o["order_id"], "bar_ts": bar.ts, "triggered": trig})
            events.append((bar.ts, 0, int(o["seq"]), fill_and_note(o, bar.ts, price, mult)))
        elif trig is not None:
            triggered.append({"order_id": o["order_id"], "triggered": trig})
    for a in alerts:
        if a["evaluated_through"] >= through:
            continue
        bar, price = _alert_outcome(bars, a)
        if bar is not None and price is not None:
            fired.append({"alert_id": a["alert_id"], "bar_ts": bar.ts, "fired_price": price})
            events.append((bar.ts, 1, int(a["seq"]), (None, alert_note(a, bar.ts, price))))
    for template, cols, rows in ((Q.MARK_FILLED_MANY, Q.MARK_FILLED_COLS, filled),
                                 (Q.MARK_TRIGGERED_MANY, Q.MARK_TRIGGERED_COLS, triggered),
                                 (Q.MARK_FIRED_MANY, Q.MARK_FIRED_COLS, fired)):
        if rows:
            tx.values(template, cols, rows)
    tx.execute(Q.ORDERS_EVALUATED, {"symbol": symbol, "through": through})
    tx.execute(Q.ALERTS_EVALUATED, {"symbol": symbol, "through": through})
    if events:   # fills and notifications in bar order: ledger and ids follow market time
        events.sort(key=lambda e: e[:3])
        fills = [ev[3][0] for ev in events if ev[3][0] is not None]
        report.notifications = write_fills(tx, fills, [ev[3][1] for ev in events])
        report.orders_filled, report.alerts_fired = len(filled), len(fired)
    return report


def _alert_outcome(bars: Bars, a: dict[str, Any]) -> tuple[rules.Bar | None, float | None]:
    touch = rules.alert_touch(a["condition"])
    preds = (touch,) if touch else (("low", "<="), ("high", ">="))
    bar = bars.first(a["evaluated_through"], preds, a["price"])
    return bar, bar and rules.alert_fire(a["condition"], bar, a["price"])
