"""Parameters of the trading, portfolio and alert tools (what an LLM or a client may send)."""
from __future__ import annotations

import math

from pydantic import BaseModel, ConfigDict, Field, field_validator

from agent.trading.models import Condition, OrderType, Side

_ID = r"^[A-Za-z0-9_]{1,64}$"


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _symbol(value: str) -> str:
    value = (value or "").strip().upper()
    if not value or len(value) > 32 or any(c.isspace() for c in value):
        raise ValueError("symbol must be 1-32 characters without spaces, e.g. NQ or SPY")
    return value


def _finite(value: float | None) -> float | None:
    if value is not None and not math.isfinite(value):
        raise ValueError("must be a finite number")
    return value


class CreateOrder(_Params):
    symbol: str = Field(description="symbol with stored bars, e.g. NQ, SPY")
    side: Side
    quantity: float = Field(gt=0, le=1e9, description="shares, coins or contracts")
    order_type: OrderType
    limit_price: float | None = Field(default=None, gt=0, description="limit price (limit, stop_limit)")
    stop_price: float | None = Field(default=None, gt=0, description="stop price (stop, stop_limit)")

    _sym = field_validator("symbol")(_symbol)
    _fin = field_validator("quantity", "limit_price", "stop_price")(_finite)


class CancelOrder(_Params):
    order_id: str = Field(pattern=_ID)


class NoParams(_Params):
    pass


class TradeHistory(_Params):
    limit: int = Field(default=20, ge=1, le=500)
    symbol: str | None = Field(default=None, description="only this symbol (optional)")

    @field_validator("symbol")
    @classmethod
    def _sym(cls, v: str | None) -> str | None:
        return None if v is None else _symbol(v)


class CreateAlert(_Params):
    symbol: str
    condition: Condition
    price: float = Field(gt=0)
    message: str | None = Field(default=None, max_length=200, description="optional note")

    _sym = field_validator("symbol")(_symbol)
    _fin = field_validator("price")(_finite)


class ListAlerts(_Params):
    symbol: str | None = Field(default=None, description="only this symbol (optional)")

    @field_validator("symbol")
    @classmethod
    def _sym(cls, v: str | None) -> str | None:
        return None if v is None else _symbol(v)


class DeleteAlert(_Params):
    alert_id: str = Field(pattern=_ID)
