"""Fill and trigger rules of one bar (pure functions, no I/O).

Standard OHLC simulation: a buy limit fills at min(open, limit) when low <= limit; a buy stop at
max(open, stop) when high >= stop; sells mirrored. A stop-limit's stop triggers on the first bar
whose range reaches it, at the trigger price t (max(open, stop) for a buy); if t is within the
limit it fills at t on that bar, otherwise it rests as a limit order from the NEXT bar (inside one
bar the order of ticks is unknown, so a return to the limit after the gap is not assumed).
An alert `>=` fires on the first bar with high >= price (at max(open, price)), `<=` on low <= price
(at min(open, price)), `==` when low <= price <= high (at price).
"""
from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from agent.trading.models import Condition, Side


class Bar(NamedTuple):
    ts: datetime
    open: float
    high: float
    low: float
    close: float


# The first bar after a watermark on which each kind of order or alert can act: (column, operator)
# of the SQL predicate `column operator price` (identifiers from this table only).
LIMIT_TOUCH: dict[Side, tuple[str, str]] = {"buy": ("low", "<="), "sell": ("high", ">=")}
STOP_TOUCH: dict[Side, tuple[str, str]] = {"buy": ("high", ">="), "sell": ("low", "<=")}


def limit_fill(side: Side, bar: Bar, limit: float) -> float | None:
    if side == "buy":
        return min(bar.open, limit) if bar.low <= limit else None
    return max(bar.open, limit) if bar.high >= limit else None


def stop_trigger(side: Side, bar: Bar, stop: float) -> float | None:
    if side == "buy":
        return max(bar.open, stop) if bar.high >= stop else None
    return min(bar.open, stop) if bar.low <= stop else None


def within_limit(side: Side, price: float, limit: float) -> bool:
    return price <= limit if side == "buy" else price >= limit


def alert_touch(condition: Condition) -> tuple[str, str] | None:
    """The SQL predicate of the first bar an alert may fire on (== needs two: see alert_fire)."""
    return {">=": ("high", ">="), "<=": ("low", "<=")}.get(condition)


def alert_fire(condition: Condition, bar: Bar, price: float) -> float | None:
    if condition == ">=":
        return max(bar.open, price) if bar.high >= price else None
    if condition == "<=":
        return min(bar.open, price) if bar.low <= price else None
    return price if bar.low <= price <= bar.high else None
