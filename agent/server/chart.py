"""The chart that fits the question, as a plain spec the UI turns into plotly.js traces (render.js).

Reads the thread's last results (state["data"]["results"]) and intent, and picks one shape:
- compare: two or more symbols -> each one's closes as % from the period's first open (the last point
  is the symbol's pct_change claim), one series per symbol, a title naming all; two or more periods
  of one symbol -> the same per period, overlaid by trading day of the period;
- rsi: the RSI line on 0..100 with the 30 and 70 levels;
- volume_profile: volume per price bin as a horizontal histogram, the point of control and the
  value area (from the step's summary);
- events: the period's daily closes with the event days marked (the daily series is read from the
  store with the query builder, since an events step keeps only the event rows);
- price: candlesticks (OHLC rows) or a line of the first numeric column (any other row shape).
Axis titles are keys ("date", "price", "pct_from_start", "rsi", "volume") the UI translates; the x
axis is a category axis (trading dates only, so no gaps for weekends and holidays).
"""
from __future__ import annotations

from datetime import date
from typing import Any

TIME_KEYS = ("ts", "bucket", "trading_date", "date", "period_start", "week", "month", "hour",
             "event_date", "day")
VALUE_KEYS = ("close", "value", "pct_change", "daily_pct_change", "return_pct", "volume", "rsi",
              "sma", "ema", "vwap", "obv", "adx", "atr", "macd")
MAX_POINTS = 5000
RSI_LEVELS = (30.0, 70.0)


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _time_key(row: dict[str, Any]) -> str | None:
    return next((k for k in TIME_KEYS if k in row and row[k] is not None), None)


def _value_key(row: dict[str, Any]) -> str | None:
    for k in VALUE_KEYS:
        if _num(row.get(k)):
            return k
    return next((k for k, v in row.items() if _num(v) and k not in ("step", "n", "count", "rows")), None)


def _rows(r: dict[str, Any]) -> list[dict[str, Any]]:
    """The step's time series: its bars when it kept them, else its rows."""
    for key in ("bars", "rows"):
        rows = [x for x in (r.get(key) or []) if isinstance(x, dict)][:MAX_POINTS]
        if len(rows) >= 2 and _time_key(rows[0]):
            return rows
    return []


def _series(rows: list[dict[str, Any]], symbol: str, label: str) -> dict[str, Any] | None:
    if len(rows) < 2:
        return None
    tkey = _time_key(rows[0])
    if tkey is None:
        return None
    x = [str(r.get(tkey)) for r in rows]
    if all(k in rows[0] for k in ("open", "high", "low", "close")):
        return {"kind": "candles", "name": f"{symbol} {label}".strip(), "symbol": symbol, "x": x,
                "open": [r.get("open") for r in rows], "high": [r.get("high") for r in rows],
                "low": [r.get("low") for r in rows], "close": [r.get("close") for r in rows]}
    vkey = _value_key(rows[0])
    if vkey is None:
        return None
    return {"kind": "line", "name": f"{symbol} {vkey}", "symbol": symbol, "metric": vkey, "x": x,
            "y": [r.get(vkey) for r in rows]}


def _spec(kind: str, title: str, series: list, y: str, x: str = "date", **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "title": title, "series": series, "x_axis": x, "y_axis": y,
            "x_type": "category" if x == "date" else "linear", **extra}


def compare_spec(results: list[dict[str, Any]], period: str) -> dict[str, Any] | None:
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


def rsi_spec(results: list[dict[str, Any]], title: str) -> dict[str, Any] | None:
    for r in results:
        rows = _rows(r)
        if rows and "rsi" in rows[0]:
            tkey = _time_key(rows[0]) or "trading_date"
            s = {"kind": "line", "name": f"{r.get('symbol') or ''} RSI".strip(), "symbol": r.get("symbol"),
                 "metric": "rsi", "x": [str(x.get(tkey)) for x in rows], "y": [x.get("rsi") for x in rows]}
            return _spec("rsi", title, [s], "rsi", hlines=list(RSI_LEVELS),
                         y_range=[0, 100])
    return None


def volume_profile_spec(results: list[dict[str, Any]], title: str) -> dict[str, Any] | None:
    for r in results:
        if r.get("action") != "get_volume_profile" or not r.get("rows"):
            continue
        rows = [x for x in r["rows"] if _num(x.get("price_low")) and _num(x.get("price_high"))]
        summary = r.get("summary") or {}
        lo, hi = summary.get("value_area_low"), summary.get("value_area_high")
        mids = [(x["price_low"] + x["price_high"]) / 2 for x in rows]
        in_va = [_num(lo) and _num(hi) and lo <= m <= hi for m in mids]
        s = {"kind": "hbar", "name": r.get("symbol") or "", "symbol": r.get("symbol"), "y": mids,
             "x": [x.get("volume") for x in rows], "in_value_area": in_va,
             "width": (rows[0]["price_high"] - rows[0]["price_low"]) if rows else None}
        return _spec("volume_profile", title, [s], "price", x="volume",
                     poc=summary.get("poc_price"), value_area=[lo, hi] if _num(lo) and _num(hi) else None)
    return None


def _daily(store: Any, symbol: str, start: str, end: str) -> list[dict[str, Any]]:
    from query_builder.models import Step, StepParams
    from query_builder.runner import run_step

    step = Step(action="get_period_stats", params=StepParams.model_validate(
        {"symbol": symbol, "start_date": date.fromisoformat(start), "end_date": date.fromisoformat(end),
         "granularity": "daily"}))
    return _rows(run_step(store, step).model_dump(mode="json"))


def events_spec(results: list[dict[str, Any]], plan: dict[str, Any], title: str,
                store: Any) -> dict[str, Any] | None:
    steps = (plan or {}).get("steps") or []
    for r in results:
        if r.get("action") != "find_events" or store is None or not r.get("rows"):
            continue
        idx = r.get("step") or 0
        params = (steps[idx].get("params") if idx < len(steps) else None) or {}
        if not (params.get("start_date") and params.get("end_date")):
            continue
        rows = _daily(store, r["symbol"], str(params["start_date"]), str(params["end_date"]))
        price = _series(rows, r["symbol"], "")
        if price is None:
            continue
        days = [str(x.get("trading_date")) for x in r["rows"] if x.get("trading_date")]
        close_by_day = dict(zip(price["x"], price.get("close") or price.get("y") or []))
        marks = {"kind": "markers", "name": "events", "symbol": r["symbol"], "metric": "event",
                 "x": [d for d in days if d in close_by_day], "y": [close_by_day[d] for d in days
                                                                    if d in close_by_day]}
        return _spec("events", title, [price, marks], "price", event_days=days)
    return None


def price_spec(results: list[dict[str, Any]], title: str) -> dict[str, Any]:
    series = []
    for r in results:
        s = _series(_rows(r), r.get("symbol") or "", r.get("granularity") or "")
        if s:
            s["step"], s["action"] = r.get("step"), r.get("action")
            series.append(s)
    y = "price" if all(s["kind"] == "candles" or s.get("metric") == "close" for s in series) else "value"
    return _spec("price", title, series, y)


def chart_payload(values: dict[str, Any], store: Any = None) -> dict[str, Any]:
    """The chart spec for the thread's last answer (empty series when nothing charts)."""
    values = values or {}
    results = (values.get("data") or {}).get("results") or []
    intent = values.get("intent") or {}
    period = (intent.get("period") or {}).get("label") or ""
    symbols = intent.get("symbols") or ([intent["symbol"]] if intent.get("symbol") else [])
    title = f"{', '.join(symbols)} {period}".strip()
    spec = compare_spec(results, period) or periods_spec(results, title, store)
    if spec is None and intent.get("indicator") == "rsi":
        spec = rsi_spec(results, title)
    if spec is None and (intent.get("analysis") == "volume_profile"
                         or any(r.get("action") == "get_volume_profile" for r in results)):
        spec = volume_profile_spec(results, title)
    if spec is None and intent.get("analysis") in ("events", "after_events", "top_moves"):
        spec = events_spec(results, values.get("plan") or {}, title, store)
    return spec or price_spec(results, title)
