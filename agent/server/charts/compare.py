"""Comparison charts: two or more symbols, or two or more periods of one symbol, each as its closes
in % from its first open (the last point is the pct_change claim), one line and colour each."""
from __future__ import annotations

from datetime import date
from typing import Any

from agent.server.charts.common import num as _num
from agent.server.charts.common import spec as _spec

TIME_KEYS = ("ts", "bucket", "trading_date", "date", "period_start", "week", "month", "hour")
MAX_POINTS = 5000


def _time_key(row: dict[str, Any]) -> str | None:
    return next((k for k in TIME_KEYS if k in row and row[k] is not None), None)


def _rows(r: dict[str, Any]) -> list[dict[str, Any]]:
    """The step's time series: its bars when it kept them, else its rows."""
    for key in ("bars", "rows"):
        rows = [x for x in (r.get(key) or []) if isinstance(x, dict)][:MAX_POINTS]
        if len(rows) >= 2 and _time_key(rows[0]):
            return rows
    return []


def compare_spec(results: list[dict[str, Any]], period: str, store: Any = None) -> dict[str, Any] | None:
    """% from the first open per symbol, when the answer covers two or more symbols."""
    per_symbol: dict[str, list[dict[str, Any]]] = {}
    for r in results:
        rows = _rows(r)
        if r.get("symbol") and rows and "close" in rows[0] and r["symbol"] not in per_symbol:
            per_symbol[r["symbol"]] = rows
    if len(per_symbol) < 2:
        return None
    series = []
    for symbol, rows in per_symbol.items():
        tkey = _time_key(rows[0]) or "trading_date"
        base = rows[0].get("open") if _num(rows[0].get("open")) else rows[0].get("close")
        if not _num(base) or base == 0:
            continue
        series.append({"kind": "line", "name": symbol, "symbol": symbol, "metric": "pct_from_start",
                       "x": [str(r.get(tkey)) for r in rows],
                       "y": [(r["close"] / base - 1.0) * 100.0 if _num(r.get("close")) else None
                             for r in rows]})
    title = " vs ".join(per_symbol) + (f" · {period}" if period else "")
    return _spec("compare", title, series, "pct_from_start", hlines=[0.0])


def periods_spec(results: list[dict[str, Any]], title: str, store: Any) -> dict[str, Any] | None:
    """compare_periods of one symbol: each period's closes as % from its first open, overlaid by
    trading day of the period (1, 2, ...), one series per period."""
    for r in results:
        if r.get("action") != "compare_periods" or store is None or len(r.get("rows") or []) < 2:
            continue
        series = []
        for p in r["rows"]:
            if not (p.get("start_date") and p.get("end_date")):
                continue
            rows = _daily(store, r["symbol"], str(p["start_date"]), str(p["end_date"]))
            if not rows or not _num(rows[0].get("open")) or not rows[0]["open"]:
                continue
            base = rows[0]["open"]
            series.append({"kind": "line", "name": str(p.get("label") or p["start_date"]), "symbol": r["symbol"],
                           "metric": "pct_from_start", "x": list(range(1, len(rows) + 1)),
                           "y": [(x["close"] / base - 1.0) * 100.0 if _num(x.get("close")) else None
                                 for x in rows]})
        if len(series) >= 2:
            return _spec("compare", f"{r['symbol']} · " + " vs ".join(s["name"] for s in series), series,
                         "pct_from_start", x="day_n", hlines=[0.0])
    return None


def _daily(store: Any, symbol: str, start: str, end: str) -> list[dict[str, Any]]:
    from query_builder.models import Step, StepParams
    from query_builder.runner import run_step

    step = Step(action="get_period_stats", params=StepParams.model_validate(
        {"symbol": symbol, "start_date": date.fromisoformat(start), "end_date": date.fromisoformat(end),
         "granularity": "daily"}))
    return _rows(run_step(store, step).model_dump(mode="json"))


