"""Calculator tools (seed 000): position size from risk, and a trade's risk/reward. Pure functions
(never cached: seed TTL 0); inputs are validated so every answer is a real number."""
from __future__ import annotations

import math
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from agent.tools.spec import SEED_CACHE_TTL, RateLimit, ToolContext, ToolError, ToolSpec

# Bounds far past any real instrument or account, so every answer is a finite number (
# M2: 1e308 inputs overflowed to a 500); NaN and Infinity are refused by the models.
MAX_PRICE = 1e9
Price = Field(gt=0, le=MAX_PRICE, description="price in the instrument's units")
FINITE = ConfigDict(allow_inf_nan=False)
MAX_UNITS, MAX_UNITS_VALUE = 1e12, 1e15


# The seed's parameter table says "risk_percent: 0.02 for 2 %" (a fraction under a percent's name).
# Not followed, on purpose: AskBar states percents as percents everywhere (DESIGN.md claims table:
# 2.5 means 2.5 %), and the name says percent. What matters is that neither reading is silent:
# a value below 0.1 would be a fraction read 100x too small (0.02 -> 0.02 %), so it is refused
# with one line saying how to write it; 0.1 % and up are plausible percent risks.
MIN_RISK_PERCENT = 0.1


class PositionSizeParams(BaseModel):
    model_config = FINITE
    capital: float = Field(gt=0, le=1e13, description="account capital available")
    entry_price: float = Price
    stop_loss_price: float = Price
    risk_percent: float = Field(gt=0, le=100, description="percent of capital to risk: 2 means 2 % "
                                "(not 0.02); values below 0.1 are refused as a likely fraction")
    point_value: float = Field(1.0, gt=0, le=1e6, description="money per 1.0 price move per unit "
                                                      "(contract multiplier, e.g. 20 for NQ); 1 for shares")

    @field_validator("risk_percent")
    @classmethod
    def _not_a_fraction(cls, v: float) -> float:
        if v < MIN_RISK_PERCENT:
            raise ValueError(f"{v:g} would mean {v:g} % of capital; risk_percent is a percent, so "
                             f"for {v * 100:g} % send {v * 100:g}")
        return v

    @model_validator(mode="after")
    def _stop_differs(self) -> PositionSizeParams:
        if self.stop_loss_price == self.entry_price:
            raise ValueError("stop_loss_price must differ from entry_price")
        return self


class RiskRewardParams(BaseModel):
    model_config = FINITE
    entry_price: float = Price
    stop_loss_price: float = Price
    take_profit_price: float = Price

    @model_validator(mode="after")
    def _sides(self) -> RiskRewardParams:
        e, s, t = self.entry_price, self.stop_loss_price, self.take_profit_price
        if s == e:
            raise ValueError("stop_loss_price must differ from entry_price")
        if t == e:
            raise ValueError("take_profit_price must differ from entry_price")
        if (s < e) != (t > e):
            raise ValueError("stop and target must be on opposite sides of the entry "
                             "(long: stop below, target above; short: the reverse)")
        return self


def _finite(out: dict[str, Any]) -> dict[str, Any]:
    """The answer when every number in it is finite; a one-line refusal otherwise (a stop a few
    ulps from the entry divides by almost nothing)."""
    bad = [k for k, v in out.items() if isinstance(v, float) and not math.isfinite(v)]
    if bad:
        raise ToolError("VALIDATION_ERROR", f"the inputs are too extreme: {bad[0]} would not be a "
                        "finite number (is the stop far enough from the entry?)")
    return out


def position_size(ctx: ToolContext, p: PositionSizeParams) -> dict[str, Any]:
    risk_amount = p.capital * p.risk_percent / 100
    per_unit = abs(p.entry_price - p.stop_loss_price) * p.point_value
    size = risk_amount / per_unit
    if not size * p.entry_price * p.point_value <= MAX_UNITS_VALUE or size > MAX_UNITS:
        _finite({"position_size": math.inf})
    whole = math.floor(size + 1e-9)
    value = size * p.entry_price * p.point_value
    return _finite({"direction": "long" if p.stop_loss_price < p.entry_price else "short",
            "risk_amount": round(risk_amount, 6), "risk_per_unit": round(per_unit, 6),
            "stop_distance": round(abs(p.entry_price - p.stop_loss_price), 6),
            "stop_distance_pct": round(abs(p.entry_price - p.stop_loss_price) / p.entry_price * 100, 6),
            "position_size": round(size, 6), "whole_units": whole,
            "risk_at_whole_units": round(whole * per_unit, 6),
            "position_value": round(value, 6), "leverage": round(value / p.capital, 6),
            "point_value": p.point_value})


def risk_reward(ctx: ToolContext, p: RiskRewardParams) -> dict[str, Any]:
    risk = abs(p.entry_price - p.stop_loss_price)
    reward = abs(p.take_profit_price - p.entry_price)
    ratio = reward / risk if risk > 0 else math.inf
    return _finite({"direction": "long" if p.stop_loss_price < p.entry_price else "short",
            "risk": round(risk, 6), "reward": round(reward, 6), "ratio": round(ratio, 6),
            "risk_pct": round(risk / p.entry_price * 100, 6),
            "reward_pct": round(reward / p.entry_price * 100, 6),
            "breakeven_win_rate_pct": round(100 / (1 + ratio), 6)})


TOOLS = [
    ToolSpec(id="calculate.position_size", name="calculate_position_size", chart="none:calculation",
             description="Position size from the risk: capital, entry, stop and the percent of "
                         "capital to risk (2 = 2 %, not 0.02); optional point value for futures.",
             category="calculate", params=PositionSizeParams, handler=position_size,
             rate_limit=RateLimit(per_minute=100), cache_ttl_s=SEED_CACHE_TTL["calculate"],
             claims=("position_size", "risk_amount", "whole_units")),
    ToolSpec(id="calculate.risk_reward", name="calculate_risk_reward", chart="none:calculation",
             description="Risk/reward ratio of a trade from entry, stop-loss and take-profit prices.",
             category="calculate", params=RiskRewardParams, handler=risk_reward,
             rate_limit=RateLimit(per_minute=100), cache_ttl_s=SEED_CACHE_TTL["calculate"],
             claims=("ratio", "risk", "reward")),
]
