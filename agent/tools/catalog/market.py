"""Market tools (seed 000): price, OHLCV candles, technical indicators, fundamentals.

Every number comes from the market store (or the fundamentals table); the price is the last STORED
bar, said "as of" its time, never presented as live.
"""
from __future__ import annotations

from datetime import date, datetime
from functools import lru_cache
from typing import Any, Literal
from zoneinfo import ZoneInfo

import numpy as np
from pydantic import BaseModel, Field

from agent.tools import market_data as md
from agent.tools.spec import SEED_CACHE_TTL, RateLimit, ToolContext, ToolError, ToolSpec

TTL = SEED_CACHE_TTL["market"]


class SymbolParams(BaseModel):
    symbol: md.Symbol


class OhlcvParams(BaseModel):
    symbol: md.Symbol
    timeframe: md.Timeframe = Field(description="candle interval")
    limit: int = Field(100, ge=1, le=md.MAX_CANDLES, description="number of candles, at most 500")


IndicatorName = Literal["RSI", "MACD", "BB", "SMA", "EMA", "ATR", "VWAP", "OBV", "ADX"]


class IndicatorParams(BaseModel):
    symbol: md.Symbol
    indicators: list[IndicatorName] = Field(min_length=1, max_length=9,
                                            description="indicators to compute")
    timeframe: Literal["1h", "4h", "1d"] = Field("1d", description="bar interval")


def _r(x: Any, nd: int = 6) -> float | None:
    if x is None:
        return None
    f = float(x)
    return None if not np.isfinite(f) else round(f, nd)


# ---- get_price ----------------------------------------------------------------------------------
def get_price(ctx: ToolContext, p: SymbolParams) -> dict[str, Any]:
    store = ctx.store
    inst = md.instrument_or_error(store, p.symbol)
    bar, prev = md.last_bar(store, inst)
    if bar is None:
        raise ToolError("EXECUTION_ERROR", f"no bars stored for {inst.symbol}")
    day = bar["trading_date"]
    price = float(bar["close"])
    out: dict[str, Any] = {"symbol": inst.symbol, "price": _r(price), "trading_date": day.isoformat(),
                           "synthetic": inst.synthetic, "timezone": inst.timezone}
    if bar["ts"] is not None:
        ts: datetime = bar["ts"]
        local = ts.replace(tzinfo=ZoneInfo("UTC")).astimezone(ZoneInfo(inst.timezone))
        out.update(as_of=ts.isoformat(timespec="minutes") + "Z",
                   as_of_local=local.isoformat(timespec="minutes"), bar="1min",
                   bar_volume=_r(bar["volume"]))
    else:
        out.update(as_of=day.isoformat(), as_of_local=day.isoformat(), bar="1d")
    if prev:
        pc = float(prev["close"])
        out.update(previous_date=str(prev["trading_date"])[:10], previous_close=_r(pc),
                   change=_r(price - pc), change_pct=_r((price / pc - 1) * 100, 4))
    else:
        out.update(previous_date=None, previous_close=None, change=None, change_pct=None)
    chg = f", {out['change_pct']:+.2f} % vs the {out['previous_date']} close" if prev else ""
    out["text"] = (f"{inst.symbol} {price:,.2f} as of {out['as_of_local']} "
                   f"({'last stored bar' if out['bar'] == '1min' else 'last daily close'}){chg}")
    return out


# ---- get_ohlcv ----------------------------------------------------------------------------------
def get_ohlcv(ctx: ToolContext, p: OhlcvParams) -> dict[str, Any]:
    inst = md.instrument_or_error(ctx.store, p.symbol)
    candles = md.candles(ctx.store, inst, p.timeframe, p.limit)
    for c in candles:
        for k in ("open", "high", "low", "close", "volume"):
            c[k] = _r(c[k])
    return {"symbol": inst.symbol, "timeframe": p.timeframe, "count": len(candles),
            "timezone": "UTC" if p.timeframe in md.BUCKET_S else inst.timezone,
            "first": candles[0]["ts"] if candles else None,
            "last": candles[-1]["ts"] if candles else None,
            "synthetic": inst.synthetic, "candles": candles}


# ---- get_indicators -----------------------------------------------------------------------------
_NAMES = {"RSI": "rsi", "MACD": "macd", "BB": "bollinger", "SMA": "sma", "EMA": "ema",
          "ATR": "atr", "OBV": "obv", "ADX": "adx"}
INDICATOR_BARS = 501   # query_builder.indicators.WARMUP_BARS + the bar itself
VWAP_LAST_DAY = ("SELECT sum((high + low + close) / 3 * volume) / NULLIF(sum(volume), 0) AS vwap "
                 "FROM ohlcv_1min WHERE symbol = $symbol AND trading_date = $day AND in_session")


def _indicator_bars(store, inst, timeframe: str) -> list[dict[str, Any]]:
    if timeframe == "1d":
        return md.daily_candles(store, inst, "1d", INDICATOR_BARS)
    return md.intraday_candles(store, inst, timeframe, INDICATOR_BARS)


@lru_cache(maxsize=None)
def bars_needed(key: str) -> int:
    """How many bars indicator `key` (default window) needs before its last value exists: the
    first finite value of every output column, read off the indicator's own code run on a long
    made-up series (so the figure follows the code, never a hand-kept table)."""
    from query_builder import indicators as ind

    n = INDICATOR_BARS
    i = np.arange(n, dtype=float)
    close = 100 + 5 * np.sin(i / 7) + 0.05 * i
    arrays = {"open": close - 0.3, "high": close + 1, "low": close - 1, "close": close,
              "volume": 1000 + 10 * np.cos(i / 3)}
    cols = ind.compute(key, arrays, None, start=0)
    return max(int(np.argmax(np.isfinite(np.asarray(cols[c], dtype=float)))) for c in ind.COLUMNS[key]) + 1


def get_indicators(ctx: ToolContext, p: IndicatorParams) -> dict[str, Any]:
    from query_builder import indicators as ind

    inst = md.instrument_or_error(ctx.store, p.symbol)
    bars = _indicator_bars(ctx.store, inst, p.timeframe)
    if not bars:
        raise ToolError("EXECUTION_ERROR", f"no {p.timeframe} bars stored for {inst.symbol}")
    arrays = {k: np.array([b[k] for b in bars], dtype=float)
              for k in ("open", "high", "low", "close", "volume")}
    values: dict[str, Any] = {}
    for name in dict.fromkeys(p.indicators):
        if name == "VWAP":
            values["VWAP"] = _vwap(ctx.store, inst, bars[-1]["ts"])
            continue
        key = _NAMES[name]
        cols = ind.compute(key, arrays, None, start=0)
        values[name] = {c: _r(cols[c][-1]) for c in ind.COLUMNS[key]}
        values[name]["window"] = ind.DEFAULT_WINDOW[key]
        if any(values[name][c] is None for c in ind.COLUMNS[key]):   # never a bare null
            values[name]["reason"] = (f"needs {bars_needed(key)} {p.timeframe} bars, "
                                      f"{len(bars)} available")
    return {"symbol": inst.symbol, "timeframe": p.timeframe, "as_of": bars[-1]["ts"],
            "close": _r(arrays["close"][-1]), "bars_used": len(bars),
            "timezone": "UTC" if p.timeframe != "1d" else inst.timezone,
            "synthetic": inst.synthetic, "indicators": values}


def _vwap(store, inst, last_ts: str) -> dict[str, Any]:
    if inst.bar_seconds is None:
        raise ToolError("VALIDATION_ERROR", f"VWAP needs intraday volume; {inst.symbol} has daily "
                                            f"bars only")
    day = md.q(store, md.LAST_1MIN, symbol=inst.symbol)[0]["trading_date"]
    row = md.q(store, VWAP_LAST_DAY, symbol=inst.symbol, day=date.fromisoformat(str(day)[:10]))
    return {"vwap": _r(row[0]["vwap"]) if row else None, "trading_date": str(day)[:10],
            "note": "session VWAP of the last trading date"}


# ---- get_fundamentals ---------------------------------------------------------------------------
def get_fundamentals(ctx: ToolContext, p: SymbolParams) -> dict[str, Any]:
    from agent.tools.fundamentals import latest

    return latest(ctx.appdb, p.symbol.strip().upper())


TOOLS = [
    ToolSpec(id="market.get_price", name="get_price", chart="tool_price",
             description="Last stored price of a symbol (the last bar's close and time, 'as of'), "
                         "with the change against the previous trading date's close.",
             category="market", params=SymbolParams, handler=get_price,
             rate_limit=RateLimit(per_minute=60), cache_ttl_s=TTL,
             claims=("price", "change", "change_pct", "previous_close")),
    ToolSpec(id="market.get_ohlcv", name="get_ohlcv", chart="tool_candles",
             description="Historical OHLCV candles of a symbol from the store (1m, 5m, 15m, 1h, 4h "
                         "in UTC; 1d, 1w by trading date), the most recent `limit` (<= 500).",
             category="market", params=OhlcvParams, handler=get_ohlcv,
             rate_limit=RateLimit(per_minute=30), cache_ttl_s=TTL),
    ToolSpec(id="market.get_indicators", name="get_indicators", chart="tool_indicators",
             description="Technical indicators (RSI, MACD, Bollinger, SMA, EMA, ATR, VWAP, OBV, ADX) "
                         "at the last stored bar of a 1h, 4h or 1d series.",
             category="market", params=IndicatorParams, handler=get_indicators,
             rate_limit=RateLimit(per_minute=30), cache_ttl_s=TTL),
    ToolSpec(id="market.get_fundamentals", name="get_fundamentals", chart="none:figures",
             description="Fundamental data of a stock (revenue, EPS, P/E, ...) from the loaded "
                         "fundamentals table; says so when none are loaded.",
             category="market", params=SymbolParams, handler=get_fundamentals,
             rate_limit=RateLimit(per_minute=20), cache_ttl_s=TTL),
]
