"""A successful tool result as a step result (action "tool") whose `summary` holds the tool's
numbers (its ToolSpec.claims, else every top-level number and date), so agent/answer/slots.py
names them and the answer states them as slots. Pure functions: the planner path
(agent/tools/tool_results.py) and the tools node (agent/tools/graph_step.py) share them.
"""
from __future__ import annotations

from typing import Any

from query_builder.models import StepResult

_TEXT_KEYS = ("as_of", "as_of_local")
MAX_LISTED = 50


def _lookup(data: Any, path: str) -> Any:
    for part in path.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(part)
    return data


def _scalar(key: str, value: Any) -> bool:
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, (int, float)):
        return True
    return isinstance(value, str) and (key in _TEXT_KEYS or key.endswith("date") or key.endswith("_ts"))


def summary_of(data: Any, claims: tuple[str, ...] = ()) -> dict[str, Any]:
    """The tool's values the answer may state: the declared claims (dotted paths flattened with
    "_"), then every other top-level number and date, as the tool returned them."""
    if not isinstance(data, dict):
        return {}
    out: dict[str, Any] = {}
    for path in claims:
        value = _lookup(data, path)
        if _scalar(path, value) or isinstance(value, (int, float)) and not isinstance(value, bool):
            out[path.replace(".", "_")] = value
    for key, value in data.items():
        if key not in out and key != "symbol" and _scalar(key, value):
            out[key] = value
        elif isinstance(value, list) and value and len(value) <= MAX_LISTED \
                and all(isinstance(v, str) for v in value):
            out[key] = ", ".join(value)       # e.g. the watchlist's symbols, as one text slot
    return out


def records(data: Any) -> list[dict[str, Any]]:
    """A list of records the tool returned (candles, news items), for the chart and the count."""
    if not isinstance(data, dict):
        return []
    for value in data.values():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            return value
    return []


def _ohlc(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Candles summed up as the query steps do (open first, high max, low min, close last), so
    an answer about candles states claims the validator knows (high, low, close)."""
    if not rows or not all(isinstance(r.get(k), (int, float)) for r in rows
                           for k in ("open", "high", "low", "close")):
        return {}
    return {"open": rows[0]["open"], "high": max(r["high"] for r in rows),
            "low": min(r["low"] for r in rows), "close": rows[-1]["close"]}


def step_result(step: int, call: dict[str, Any], result: dict[str, Any],
                claims: tuple[str, ...] = ()) -> dict[str, Any]:
    """A successful tool result as a StepResult dict (action "tool")."""
    data, params = result.get("data"), call.get("params") or {}
    symbol = str((data or {}).get("symbol") or params.get("symbol") or "") \
        if isinstance(data, dict) else str(params.get("symbol") or "")
    rows = records(data)
    meta = result.get("metadata") or {}
    note = f"result of the tool {call['tool']}" + (" (cached)" if meta.get("cached") else "")
    res = StepResult(step=step, action="tool", symbol=symbol.upper(), sql="",
                     params={"tool": call["tool"], **params}, rows=rows,
                     summary={**summary_of(data, claims), **_ohlc(rows)}, row_count=len(rows) or 1,
                     duration_ms=float(meta.get("execution_time_ms") or 0.0), notes=[note])
    return res.model_dump(mode="json")
