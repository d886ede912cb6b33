"""The price snapshot of the market context (seed 002): each relevant symbol's last stored price,
its change against the previous session's close, and the time it is as of.

Read from the market store (the last 1-minute bar, else the last daily bar; the previous daily
close), the same figures get_price answers with. Kept 5 seconds per (store, symbol), the seed's
market cache: a context is built by several nodes of one question.
"""
from __future__ import annotations

import re
import time
from datetime import date
from functools import lru_cache
from typing import Any

LAST_1MIN = ("SELECT ts, trading_date, close FROM ohlcv_1min WHERE symbol = $symbol "
             "ORDER BY ts DESC LIMIT 1")
LAST_1D = "SELECT trading_date, close FROM ohlcv_1d WHERE symbol = $symbol ORDER BY trading_date DESC LIMIT 1"
PREV_CLOSE = ("SELECT trading_date, close FROM ohlcv_1d WHERE symbol = $symbol AND trading_date < $day "
              "ORDER BY trading_date DESC LIMIT 1")
TTL_S = 5.0
_DOLLAR = re.compile(r"\$([a-z_][a-z0-9_]*)")


def _q(store: Any, statement: str, **params: Any) -> list[dict[str, Any]]:
    sql = statement if store.engine == "duckdb" else _DOLLAR.sub(r"%(\1)s", statement)
    return store.query(sql, params)


def _read(store: Any, symbol: str) -> dict[str, Any] | None:
    rows = _q(store, LAST_1MIN, symbol=symbol)
    if rows:
        bar, as_of = rows[0], rows[0]["ts"].isoformat(timespec="minutes") + "Z"
    else:
        rows = _q(store, LAST_1D, symbol=symbol)
        if not rows:
            return None
        bar, as_of = rows[0], str(rows[0]["trading_date"])[:10]
    day = date.fromisoformat(str(bar["trading_date"])[:10])
    price = float(bar["close"])
    out: dict[str, Any] = {"last_price": price, "as_of": as_of}
    prev = _q(store, PREV_CLOSE, symbol=symbol, day=day)
    if prev and float(prev[0]["close"]):
        pc = float(prev[0]["close"])
        out.update(previous_close=pc, previous_date=str(prev[0]["trading_date"])[:10],
                   change=round(price - pc, 10), change_pct=round((price / pc - 1) * 100, 4))
    return out


@lru_cache(maxsize=256)
def _kept(store: Any, symbol: str, bucket: int) -> dict[str, Any] | None:
    return _read(store, symbol)


def snapshot(store: Any, symbol: str) -> dict[str, Any] | None:
    """{last_price, as_of, previous_close, previous_date, change, change_pct} or None (no bars);
    read again in each TTL_S window of the clock."""
    return _kept(store, symbol, int(time.monotonic() // TTL_S))
