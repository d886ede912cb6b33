"""Market time: pending orders and active alerts of a symbol checked against its new bars.

Runs inside the write transaction that added the bars (`hook.after_ingest`). Each order and alert
keeps `evaluated_through`, the last bar it was checked against (at placement: the last stored bar),
so every bar after it is seen exactly once, in bar order, and a reload of the same file (no bar
after the watermark) fires nothing. One indexed query per order/alert finds the first bar that can
act (`low <= limit` ...); the price rules themselves are `rules.py`.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from agent.trading import notify, rules
from agent.trading import sql as Q
from agent.trading.multipliers import multiplier
from agent.trading.texts import alert_text, fill_text


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


def _first(tx, source: str, symbol: str, preds, price: float, after, through) -> rules.Bar | None:
    row = tx.one(Q.first_bar_sql(source, preds), {"symbol": symbol, "price": price,
                                                  "after": after, "through": through})
    return _bar(row) if row else None


def order_outcome(tx, source: str, o: dict[str, Any], through) -> tuple[rules.Bar | None, float | None, Any]:
    """(fill bar, fill price, stop-limit trigger ts) of a pending order over bars after its watermark."""
    side, sym, after = o["side"], o["symbol"], o["evaluated_through"]
    kind, trig = o["order_type"], o["triggered_bar_ts"]
    if kind == "limit":
        bar = _first(tx, source, sym, (rules.LIMIT_TOUCH[side],), o["limit_price"], after, through)
        return bar, bar and rules.limit_fill(side, bar, o["limit_price"]), None
    if kind == "stop" or (kind == "stop_limit" and trig is None):
        bar = _first(tx, source, sym, (rules.STOP_TOUCH[side],), o["stop_price"], after, through)
        if bar is None:
            return None, None, None
        t = rules.stop_trigger(side, bar, o["stop_price"])
        assert t is not None    # the query selected a bar that reaches the stop
        if kind == "stop" or rules.within_limit(side, t, o["limit_price"]):
            return bar, t, bar.ts if kind == "stop_limit" else None
        trig, after = bar.ts, bar.ts     # gapped past the limit: rests as a limit from the next bar
    bar = _first(tx, source, sym, (rules.LIMIT_TOUCH[side],), o["limit_price"], after, through)
    return bar, bar and rules.limit_fill(side, bar, o["limit_price"]), trig


def record_fill(tx, o: dict[str, Any], bar_ts: datetime, price: float, mult: float) -> dict[str, Any]:
    """Insert the fill of order `o` (a row with tenant_id/user_id) and return its notification."""
    fill = {"fill_id": "fil_" + uuid.uuid4().hex[:16], "order_id": o["order_id"],
            "tenant_id": o["tenant_id"], "user_id": o["user_id"], "symbol": o["symbol"],
            "side": o["side"], "quantity": float(o["quantity"]), "price": float(price),
            "multiplier": mult, "bar_ts": bar_ts}
    tx.execute(Q.INSERT_FILL, fill)
    payload = {k: fill[k] for k in ("order_id", "fill_id", "symbol", "side", "quantity", "price",
                                    "multiplier", "bar_ts")}
    payload["order_type"] = o["order_type"]
    payload["text"] = fill_text(payload)
    return {"owner": o, "kind": "fill", "ref_id": o["order_id"], "symbol": o["symbol"],
            "bar_ts": bar_ts, "payload": payload}


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
    events: list[tuple[Any, int, int, tuple]] = []   # (bar ts, fill/alert, placement seq, event)
    mult = multiplier(tx, symbol) if orders else 1.0
    for o in orders:
        if o["evaluated_through"] >= through:
            continue
        bar, price, trig = order_outcome(tx, source, o, through)
        if bar is not None:
            tx.execute(Q.MARK_FILLED, {"order_id": o["order_id"], "bar_ts": bar.ts, "triggered": trig})
            events.append((bar.ts, 0, int(o["seq"]), ("fill", o, bar.ts, price)))
        elif trig is not None:
            tx.execute(Q.MARK_TRIGGERED, {"order_id": o["order_id"], "triggered": trig})
    for a in alerts:
        if a["evaluated_through"] >= through:
            continue
        bar, fired = _alert_outcome(tx, source, a, through)
        if bar is not None:
            tx.execute(Q.MARK_FIRED, {"alert_id": a["alert_id"], "bar_ts": bar.ts, "fired_price": fired})
            events.append((bar.ts, 1, int(a["seq"]), ("alert", a, bar.ts, fired)))
    tx.execute(Q.ORDERS_EVALUATED, {"symbol": symbol, "through": through})
    tx.execute(Q.ALERTS_EVALUATED, {"symbol": symbol, "through": through})
    if events:
        _write_events(tx, sorted(events, key=lambda e: e[:3]), mult, report)
    return report


def _alert_outcome(tx, source: str, a: dict[str, Any], through) -> tuple[rules.Bar | None, float | None]:
    touch = rules.alert_touch(a["condition"])
    preds = (touch,) if touch else (("low", "<="), ("high", ">="))
    bar = _first(tx, source, a["symbol"], preds, a["price"], a["evaluated_through"], through)
    return bar, bar and rules.alert_fire(a["condition"], bar, a["price"])


def _write_events(tx, events, mult: float, report: EvalReport) -> None:
    """Fills and notifications in bar order, so ledger and notification ids follow market time."""
    notify.lock(tx)
    for _ts, _kind, _seq, (kind, row, bar_ts, price) in events:
        if kind == "fill":
            n = record_fill(tx, row, bar_ts, price, mult)
            report.orders_filled += 1
        else:
            payload = {k: row[k] for k in ("alert_id", "symbol", "condition", "price", "message")}
            payload.update(fired_price=price, bar_ts=bar_ts)
            payload["text"] = alert_text(payload)
            n = {"owner": row, "kind": "alert", "ref_id": row["alert_id"], "symbol": row["symbol"],
                 "bar_ts": bar_ts, "payload": payload}
            report.alerts_fired += 1
        report.notifications.append(notify.add(tx, n["owner"], n["kind"], n["ref_id"], n["symbol"],
                                               n["bar_ts"], n["payload"]))
