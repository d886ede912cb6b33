"""The data behind an answer, as chart series for the UI (plotly.js traces).

Reads the thread's last results (state["data"]["results"]): OHLC rows become candlesticks, other
rows with a time column and a number become lines, a lone summary row becomes nothing (the claims
table shows it). Generic over the query builder's row shapes, so new actions chart without changes.
"""
from __future__ import annotations

from typing import Any

TIME_KEYS = ("ts", "bucket", "trading_date", "date", "period_start", "week", "month", "hour",
             "event_date", "day")
VALUE_KEYS = ("close", "value", "pct_change", "daily_pct_change", "return_pct", "volume", "rsi",
              "sma", "ema", "vwap", "obv", "adx", "atr", "macd")
MAX_POINTS = 5000


def _time_key(row: dict[str, Any]) -> str | None:
    return next((k for k in TIME_KEYS if k in row and row[k] is not None), None)


def _value_key(row: dict[str, Any]) -> str | None:
    for k in VALUE_KEYS:
        if isinstance(row.get(k), (int, float)) and not isinstance(row.get(k), bool):
            return k
    return next((k for k, v in row.items() if isinstance(v, (int, float)) and not isinstance(v, bool)
                 and k not in ("step", "n", "count", "rows")), None)


def _series(rows: list[dict[str, Any]], symbol: str, label: str) -> dict[str, Any] | None:
    rows = [r for r in rows if isinstance(r, dict)][:MAX_POINTS]
    if len(rows) < 2:
        return None
    tkey = _time_key(rows[0])
    if tkey is None:
        return None
    x = [str(r.get(tkey)) for r in rows]
    if all(k in rows[0] for k in ("open", "high", "low", "close")):
        return {"kind": "candles", "name": f"{symbol} {label}".strip(), "x": x,
                "open": [r.get("open") for r in rows], "high": [r.get("high") for r in rows],
                "low": [r.get("low") for r in rows], "close": [r.get("close") for r in rows]}
    vkey = _value_key(rows[0])
    if vkey is None:
        return None
    return {"kind": "line", "name": f"{symbol} {vkey}", "x": x, "y": [r.get(vkey) for r in rows]}


def chart_payload(values: dict[str, Any]) -> dict[str, Any]:
    """{"series": [...], "title": ...} for the thread's last answer (empty series when none)."""
    results = ((values or {}).get("data") or {}).get("results") or []
    series = []
    for r in results:
        symbol, gran = r.get("symbol") or "", r.get("granularity") or ""
        s = _series(r.get("bars") or [], symbol, gran) or _series(r.get("rows") or [], symbol, gran)
        if s:
            s["step"] = r.get("step")
            s["action"] = r.get("action")
            series.append(s)
    intent = (values or {}).get("intent") or {}
    period = (intent.get("period") or {}).get("label") or ""
    return {"title": f"{intent.get('symbol') or ''} {period}".strip(), "series": series}
