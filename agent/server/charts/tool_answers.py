"""Charts of tool answers: each catalogue tool declares its chart next to itself
(`ToolSpec.chart` in agent/tools/catalog/: a builder named here, or "none:<why>", the why a key of
the packs' `chart_none` table that the page shows in the user's language).

A builder gets one tool answer as both graph paths leave it - the code path keeps the whole result
in `data.tool_results`, the planner path a step result (`action: "tool"`) with the call's params,
the tool's numbers as slots and its list of records as rows - and returns a spec, or None when the
answer holds nothing to draw (the caller then says why).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from agent.server.charts.common import candles, line, markers, num, spec
from agent.tools.tool_results import records

PRICE_MINUTES = 60        # a price drawn on the last hour of 1-minute bars
PRICE_DAYS = 30           # ... or on the last 30 daily bars of a daily-only symbol
INDICATOR_BARS = 60       # an indicator tool's answer: its series over the last 60 bars
LABELS = ("positive", "neutral", "negative")
LABEL_COLORS = {"positive": "#3fb97a", "neutral": "#8a98a8", "negative": "#e5534b"}


@dataclass
class ToolAnswer:
    """One tool answer: its name, numbers (`data`), records (`rows`) and call params."""
    tool: str
    data: dict[str, Any]
    rows: list[dict[str, Any]] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)
    success: bool = True


def tool_answers(values: dict[str, Any]) -> list[ToolAnswer]:
    """The turn's tool answers, from the code path's tool_results and the planner's tool steps."""
    data = values.get("data") or {}
    out = []
    for t in data.get("tool_results") or []:
        d = t.get("data") if t.get("success") and isinstance(t.get("data"), dict) else {}
        out.append(ToolAnswer(str(t.get("tool") or ""), d, records(d), t.get("params") or {},
                              bool(t.get("success"))))
    for r in data.get("results") or []:
        if r.get("action") == "tool" and not r.get("error"):
            params = dict(r.get("params") or {})
            name = str(params.pop("tool", ""))
            d = {**(r.get("summary") or {}), "symbol": r.get("symbol") or params.get("symbol")}
            out.append(ToolAnswer(name, d, [x for x in r.get("rows") or [] if isinstance(x, dict)], params))
    if not out:       # the planner's calls that all failed or were refused leave no result
        out = [ToolAnswer(str(c.get("tool") or ""), {}, [], c.get("params") or {}, False)
               for c in (values.get("plan") or {}).get("tools") or [] if isinstance(c, dict)]
    return out


def _instrument(store: Any, symbol: str) -> Any:
    return store.get_instrument(symbol) if store is not None and symbol else None


def price_chart(a: ToolAnswer, title: str, store: Any) -> dict[str, Any] | None:
    """The last stored price on the bars before it (the last hour of minutes, or the last 30
    days), marked with its change against the previous close."""
    from agent.tools import market_data as md

    symbol = str(a.data.get("symbol") or "").upper()
    inst = _instrument(store, symbol)
    if inst is None or not num(a.data.get("price")):
        return None
    intraday = inst.bar_seconds is not None
    bars = md.candles(store, inst, "1m" if intraday else "1d", PRICE_MINUTES if intraday else PRICE_DAYS)
    if not bars:
        return None
    body = candles(bars, "1min" if intraday else "daily", symbol)
    body["x"] = [str(b["ts"]).replace("T", " ")[:16] for b in bars]
    mark = markers([body["x"][-1]], [a.data["price"]], "last_price", [a.data.get("change_pct")], "pct",
                   symbol, marker="high" if (a.data.get("change_pct") or 0) >= 0 else "low")
    # the previous close is not drawn as a level: a day's move away, it would flatten the last
    # hour's candles into a line; the marker's hover says the change against it
    return spec("tool_price", title or symbol, [body, mark], "price", tz="UTC" if intraday else None,
                previous_close=a.data.get("previous_close"), bar_size="1min" if intraday else "daily")


def indicators_chart(a: ToolAnswer, title: str, store: Any) -> dict[str, Any] | None:
    """The indicators the tool computed, as series over the last bars: overlays on the candles,
    the first oscillator in its own panel with its levels (the declarations' panel and levels)."""
    import numpy as np

    from agent.tools.catalog.market import _NAMES, _indicator_bars
    from query_builder import indicators as ind
    from query_builder.declare import indicators

    symbol = str(a.data.get("symbol") or a.params.get("symbol") or "").upper()
    inst = _instrument(store, symbol)
    names = [n for n in a.params.get("indicators") or (a.data.get("indicators") or {}) if n in _NAMES]
    if inst is None or not names:
        return None
    timeframe = a.params.get("timeframe") or a.data.get("timeframe") or "1d"
    bars = _indicator_bars(store, inst, timeframe)
    if not bars:
        return None
    arrays = {k: np.array([b[k] for b in bars], dtype=float) for k in ("open", "high", "low", "close", "volume")}
    tail = bars[-INDICATOR_BARS:]
    price = candles(tail, "daily" if timeframe == "1d" else "1min", symbol)
    price["x"] = x = [str(b["ts"]).replace("T", " ")[:16] for b in tail]
    series, below = [price], None
    for name in names:
        key, decl = _NAMES[name], indicators().get(_NAMES[name])
        if decl is None or (decl.panel == "below" and below is not None):
            continue                      # one panel under the price: the first oscillator asked
        below = key if decl.panel == "below" else below
        cols = ind.compute(key, arrays, None, start=0)
        for col in ind.COLUMNS[key]:
            ys = [None if not np.isfinite(v) else round(float(v), 6) for v in cols[col][-len(tail):]]
            series.append({**line(x, ys, col, symbol, panel=decl.panel), "indicator": key,
                           "kind": "bar" if col == "histogram" else "line"})
    levels = list(indicators()[below].levels) if below else []
    return spec("tool_indicators", title or symbol, series, "price", y2_axis=below, levels=levels,
                y2_range=[0, 100] if below == "rsi" else None, tz="UTC" if timeframe != "1d" else None,
                bar_size="daily" if timeframe == "1d" else None, indicators=names)


def news_chart(a: ToolAnswer, title: str, store: Any) -> dict[str, Any] | None:
    """The headlines returned, counted per trading session they count for, by sentiment label."""
    items = [r for r in a.rows if r.get("session_date") and r.get("sentiment_label") in LABELS]
    if not items:
        return None
    days = sorted({str(r["session_date"]) for r in items})
    series = [{"kind": "bar", "label": lab, "panel": "price", "x": days, "color": LABEL_COLORS[lab],
               "y": [sum(1 for r in items if r["session_date"] == d and r["sentiment_label"] == lab) for d in days]}
              for lab in LABELS]
    return spec("news", title or str(a.data.get("symbol") or ""), series, "headlines", x="session",
                barmode="stack")


def sentiment_chart(a: ToolAnswer, title: str, store: Any) -> dict[str, Any] | None:
    """Mean headline score per trading session (signed bars), the session's % change under it."""
    days = [r for r in a.rows if r.get("date") and num(r.get("mean_score"))]
    if not days:
        return None
    x = [str(r["date"]) for r in days]
    score = {"kind": "bar", "label": "mean_score", "panel": "price", "x": x, "signed": True,
             "y": [r["mean_score"] for r in days], "counts": [r.get("count") for r in days]}
    change = {"kind": "bar", "label": "pct_change", "panel": "below", "x": x, "signed": True,
              "y": [r.get("pct_change") for r in days]}
    return spec("sentiment", title or str(a.data.get("symbol") or ""), [score, change], "mean_score",
                x="session", y2_axis="pct_change", y_range=[-1, 1])


def ml_accuracy_chart(a: ToolAnswer, title: str, store: Any) -> dict[str, Any] | None:
    """The model's walk-forward accuracy beside the baseline's, on the same test days, in %."""
    acc, base = a.data.get("accuracy"), a.data.get("baseline_accuracy")
    if not (isinstance(acc, (int, float)) and isinstance(base, (int, float))):
        return None
    bars = {"kind": "bar", "label": "accuracy", "panel": "price", "x": ["model", "baseline"],
            "x_table": "legend", "y": [round(acc * 100, 2), round(base * 100, 2)]}
    return spec("ml_accuracy", title or str(a.data.get("symbol") or ""), [bars], "accuracy_pct", x="method",
                hlines=[50], test_days=a.data.get("test_days"), y_range=[0, 100])


def ml_features_chart(a: ToolAnswer, title: str, store: Any) -> dict[str, Any] | None:
    """Permutation importance per feature (accuracy points lost when it is shuffled)."""
    rows = [r for r in a.rows if r.get("feature") and num(r.get("importance"))]
    if not rows:
        return None
    bars = {"kind": "bar", "label": "importance", "panel": "price", "x": [r["feature"] for r in rows],
            "y": [round(r["importance"] * 100, 4) for r in rows], "signed": True}
    return spec("ml_features", title or str(a.data.get("symbol") or ""), [bars], "importance_pts",
                x="feature")


def portfolio_chart(a: ToolAnswer, title: str, store: Any) -> dict[str, Any] | None:
    """Each open position's market value, its unrealized P&L under it; None without positions."""
    rows = [r for r in a.rows if r.get("symbol") and num(r.get("market_value"))]
    if not rows:
        return None
    x = [str(r["symbol"]) for r in rows]
    value = {"kind": "bar", "label": "market_value", "panel": "price", "x": x,
             "y": [r["market_value"] for r in rows]}
    pnl = {"kind": "bar", "label": "unrealized_pnl", "panel": "below", "x": x, "signed": True,
           "y": [r.get("unrealized_pnl") for r in rows]}
    return spec("portfolio", title, [value, pnl], "market_value", x="symbol", y2_axis="unrealized_pnl")


ToolBuilder = Callable[[ToolAnswer, str, Any], "dict[str, Any] | None"]
TOOL_BUILDERS: dict[str, ToolBuilder] = {
    "tool_price": price_chart, "tool_indicators": indicators_chart, "news": news_chart,
    "sentiment": sentiment_chart, "ml_accuracy": ml_accuracy_chart, "ml_features": ml_features_chart,
    "portfolio": portfolio_chart,
}
# Why an answer with a chart builder drew nothing (no news stored, no open position).
EMPTY = {"news": "no_news", "sentiment": "no_news", "portfolio": "no_positions"}
