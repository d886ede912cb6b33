"""Tool answers: a tool that returns candles (get_ohlcv) draws them; any other tool's answer (a
watchlist, an order, an alert, a calculation) has no chart, and the spec says so ("tool")."""
from __future__ import annotations

from typing import Any

from agent.server.charts.common import candles, none, spec

OHLC = ("open", "high", "low", "close")


def tool_chart(values: dict[str, Any], title: str) -> dict[str, Any] | None:
    """The chart of the turn's tool results, None when the turn called no tool."""
    results = (values.get("data") or {}).get("tool_results") or []
    if not results:
        return None
    for t in results:
        data = (t.get("data") if t.get("success") else None) or {}
        rows = [b for b in data.get("candles") or [] if isinstance(b, dict)]
        if rows and all(k in rows[0] for k in OHLC):
            symbol = str(data.get("symbol") or "")
            tz = data.get("timezone") or "UTC"
            label = f"{symbol} {data.get('timeframe') or ''}".strip()
            return spec("tool_candles", title or label, [candles(rows, "1min", symbol)], "price", tz=tz,
                        tool=t.get("tool"))
    return none("tool", title)
