"""Reads of the market store for the market tools: last bar, candles per timeframe, indicator bars.

SQL is written once with `$name` placeholders (DuckDB's style) and rendered for psycopg as
`%(name)s`; values are always bound. Timeframe buckets are code constants (allowlisted below).
Intraday candles are built from the bars the rollups count (in_session: the regular session for
US equities, the whole CME/24h session otherwise), so 60 one-minute candles add up to the hourly
candle of the same hour.
"""
from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints

from agent.market.instruments import Instrument
from agent.tools.spec import ToolError

Timeframe = Literal["1m", "5m", "15m", "1h", "4h", "1d", "1w"]
BUCKET_S: dict[str, int] = {"1m": 60, "5m": 300, "15m": 900, "1h": 3600, "4h": 14400}
MAX_CANDLES = 500
# A symbol parameter: trimmed and upper-cased before validation, so "nq " and "NQ" are one cache key.
Symbol = Annotated[str, StringConstraints(strip_whitespace=True, to_upper=True, min_length=1,
                                          max_length=24),
                   Field(description="instrument symbol as stored, e.g. NQ, SPY, BTCUSD")]
BUCKET_ORIGIN = "TIMESTAMP '2000-01-03 00:00:00'"   # a Monday, UTC midnight: buckets align to days

LAST_1MIN = ("SELECT ts, trading_date, open, high, low, close, volume FROM ohlcv_1min "
             "WHERE symbol = $symbol ORDER BY ts DESC LIMIT 1")
LAST_1D = ("SELECT trading_date, open, high, low, close, volume FROM ohlcv_1d "
           "WHERE symbol = $symbol ORDER BY trading_date DESC LIMIT 1")
PREV_CLOSE = ("SELECT trading_date, close FROM ohlcv_1d WHERE symbol = $symbol "
              "AND trading_date < $day ORDER BY trading_date DESC LIMIT 1")
DAY_ROW = "SELECT close FROM ohlcv_1d WHERE symbol = $symbol AND trading_date = $day"

# Last $k source rows, then buckets; the oldest bucket may be cut short and is dropped by the
# caller (k = bars per bucket * (limit + 1) guarantees limit whole buckets after it).
_BUCKETED = ("SELECT {bucket} AS ts, min(ts) AS first_ts, max(ts) AS last_ts, "
             "{first_open} AS open, max(high) AS high, min(low) AS low, {last_close} AS close, "
             "sum(volume) AS volume, count(*) AS n "
             "FROM (SELECT ts, open, high, low, close, volume FROM {table} WHERE symbol = $symbol"
             "{session} ORDER BY ts DESC LIMIT $k) src GROUP BY 1 ORDER BY 1 DESC LIMIT $limit1")
_FIRST_LAST = {"duckdb": ("arg_min(open, ts)", "arg_max(close, ts)"),
               "postgres": ("(array_agg(open ORDER BY ts))[1]",
                            "(array_agg(close ORDER BY ts DESC))[1]")}
DAILY = ("SELECT trading_date AS ts, open, high, low, close, volume FROM ohlcv_1d "
         "WHERE symbol = $symbol ORDER BY trading_date DESC LIMIT $limit")
WEEKLY = {
    "duckdb": ("SELECT date_trunc('week', trading_date) AS ts, arg_min(open, trading_date) AS open, "
               "max(high) AS high, min(low) AS low, arg_max(close, trading_date) AS close, "
               "sum(volume) AS volume FROM ohlcv_1d WHERE symbol = $symbol GROUP BY 1 "
               "ORDER BY 1 DESC LIMIT $limit"),
    "postgres": ("SELECT date_trunc('week', trading_date)::date AS ts, "
                 "(array_agg(open ORDER BY trading_date))[1] AS open, max(high) AS high, "
                 "min(low) AS low, (array_agg(close ORDER BY trading_date DESC))[1] AS close, "
                 "sum(volume) AS volume FROM ohlcv_1d WHERE symbol = $symbol GROUP BY 1 "
                 "ORDER BY 1 DESC LIMIT $limit"),
}

_DOLLAR = re.compile(r"\$([a-z_][a-z0-9_]*)")


def render(engine: str, statement: str) -> str:
    """`$name` placeholders as the engine expects them."""
    return statement if engine == "duckdb" else _DOLLAR.sub(r"%(\1)s", statement)


def q(store, statement: str, **params: Any) -> list[dict[str, Any]]:
    return store.query(render(store.engine, statement), params)


def instrument_or_error(store, symbol: str) -> Instrument:
    inst = store.get_instrument(symbol.strip().upper())
    if inst is None:
        known = ", ".join(i.symbol for i in store.instruments()) or "none loaded yet"
        raise ToolError("VALIDATION_ERROR", f"unknown symbol {symbol!r}; known symbols: {known}")
    return inst


def last_bar(store, inst: Instrument) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """An instrument's last stored bar (its last 1-minute bar when it has minute bars, else its last
    daily bar with `ts` None; `trading_date` as a date) and the previous trading date's close row
    (None when there is none): what get_price and the chat's live price line both show."""
    bar = None
    if inst.bar_seconds is not None:
        rows = q(store, LAST_1MIN, symbol=inst.symbol)
        bar = rows[0] if rows else None
    if bar is None:
        rows = q(store, LAST_1D, symbol=inst.symbol)
        if not rows:
            return None, None
        bar = {**rows[0], "ts": None}
    day = date.fromisoformat(str(bar["trading_date"])[:10])
    prev = q(store, PREV_CLOSE, symbol=inst.symbol, day=day)
    return {**bar, "trading_date": day}, (prev[0] if prev else None)


def _bucket(engine: str, seconds: int) -> str:
    if engine == "duckdb":
        return f"time_bucket(INTERVAL '{seconds} seconds', ts, {BUCKET_ORIGIN})"
    return f"date_bin(INTERVAL '{seconds} seconds', ts, {BUCKET_ORIGIN})"


def intraday_candles(store, inst: Instrument, timeframe: str, limit: int) -> list[dict[str, Any]]:
    """The last `limit` candles of `timeframe` (oldest first) from the 1-min or 1-hour table."""
    if inst.bar_seconds is None:
        raise ToolError("VALIDATION_ERROR", f"{inst.symbol} has daily bars only; "
                                            f"intraday timeframes are not available")
    size = BUCKET_S[timeframe]
    if size < inst.bar_seconds:
        raise ToolError("VALIDATION_ERROR", f"{inst.symbol} is stored as {inst.bar_seconds // 60}-"
                                            f"minute bars; {timeframe} candles are not available")
    from_hourly = size >= 3600
    table, src_s = ("ohlcv_1h", 3600) if from_hourly else ("ohlcv_1min", inst.bar_seconds)
    first_open, last_close = _FIRST_LAST[store.engine]
    statement = _BUCKETED.format(bucket=_bucket(store.engine, size), first_open=first_open,
                                 last_close=last_close, table=table,
                                 session="" if from_hourly else " AND in_session")
    per_bucket = max(1, size // src_s)
    rows = q(store, statement, symbol=inst.symbol, k=per_bucket * (limit + 1), limit1=limit + 1)
    if len(rows) > limit:      # the oldest bucket may be missing its first bars
        rows = rows[:limit]
    rows.reverse()
    return [{"ts": _iso(r["ts"]), "open": r["open"], "high": r["high"], "low": r["low"],
             "close": r["close"], "volume": r["volume"]} for r in rows]


def daily_candles(store, inst: Instrument, timeframe: str, limit: int) -> list[dict[str, Any]]:
    statement = DAILY if timeframe == "1d" else WEEKLY[store.engine]
    rows = q(store, statement, symbol=inst.symbol, limit=limit)
    rows.reverse()
    return [{"ts": str(r["ts"])[:10], "open": r["open"], "high": r["high"], "low": r["low"],
             "close": r["close"], "volume": r["volume"]} for r in rows]


def candles(store, inst: Instrument, timeframe: str, limit: int) -> list[dict[str, Any]]:
    if timeframe in BUCKET_S:
        return intraday_candles(store, inst, timeframe, limit)
    return daily_candles(store, inst, timeframe, limit)


def _iso(value: Any) -> str:
    if hasattr(value, "hour") and hasattr(value, "isoformat"):
        return value.replace(tzinfo=None).isoformat(timespec="minutes") \
            if getattr(value, "tzinfo", None) is None else value.isoformat(timespec="minutes")
    return value.isoformat() if hasattr(value, "isoformat") else str(value)
