"""Records of the paper account: orders, fills, alerts, positions, the account, notifications.

Times named *_bar_ts are market time (the start of a stored bar, naive UTC, ISO text in JSON).
"""
from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

Side = Literal["buy", "sell"]
OrderType = Literal["market", "limit", "stop", "stop_limit"]
OrderStatus = Literal["pending", "filled", "cancelled"]
Condition = Literal[">=", "<=", "=="]
AlertStatus = Literal["active", "fired", "deleted"]
NotificationKind = Literal["fill", "alert", "schedule"]   # schedule: agent/schedules/deliver.py


class Order(BaseModel):
    order_id: str
    symbol: str
    side: Side
    order_type: OrderType
    quantity: float
    limit_price: float | None = None
    stop_price: float | None = None
    status: OrderStatus
    placed_bar_ts: datetime
    evaluated_through: datetime
    triggered_bar_ts: datetime | None = None
    created_at: datetime | None = None
    closed_at: datetime | None = None


class Fill(BaseModel):
    fill_id: str
    order_id: str
    symbol: str
    side: Side
    quantity: float
    price: float
    multiplier: float
    bar_ts: datetime


class Alert(BaseModel):
    alert_id: str
    symbol: str
    condition: Condition
    price: float
    message: str | None = None
    status: AlertStatus
    placed_bar_ts: datetime
    evaluated_through: datetime
    fired_bar_ts: datetime | None = None
    fired_price: float | None = None
    created_at: datetime | None = None


class Position(BaseModel):
    symbol: str
    quantity: float = Field(description="signed: > 0 long, < 0 short")
    avg_price: float
    multiplier: float
    last_price: float | None = None
    last_bar_ts: datetime | None = None
    market_value: float | None = None       # quantity * last * multiplier
    unrealized_pnl: float | None = None
    realized_pnl: float = 0.0


class Account(BaseModel):
    starting_cash: float
    cash: float
    equity: float
    realized_pnl: float
    unrealized_pnl: float
    positions: list[Position]
    as_of: datetime | None = None           # latest bar among the positions' prices


class Notification(BaseModel):
    id: int
    kind: NotificationKind
    ref_id: str
    symbol: str
    bar_ts: datetime
    payload: dict
