"""Indicator charts: the period's daily candles with the indicator where its declaration puts it
(query_builder/declarations.py: `panel` "price" = over the candles, e.g. SMA or Bollinger bands;
"below" = its own panel under them, e.g. RSI, MACD) and its reference `levels` (RSI 30/70)."""
from __future__ import annotations

from typing import Any

from agent.server.charts.common import Ctx, candles, line, none, spec
from query_builder.declare import indicators


def indicator_chart(ctx: Ctx, r: dict[str, Any]) -> dict[str, Any]:
    full = ctx.rerun(r) or r
    rows = [x for x in full.get("rows") or [] if isinstance(x, dict) and x.get("trading_date")]
    name = (full.get("summary") or {}).get("indicator") or ctx.params(r).get("indicator") or ""
    decl = indicators().get(name)
    if not rows or decl is None:
        return none("no_rows", ctx.title)
    symbol = r.get("symbol") or ""
    x = [str(row["trading_date"]) for row in rows]
    span = ctx.span(r)
    bars, _ = ctx.bars(symbol, *span, "daily") if span else ([], "daily")
    by_day = {str(b.get("trading_date")): b for b in bars}
    if all(d in by_day for d in x):
        price = candles([by_day[d] for d in x], "daily", symbol)
    else:
        price = line(x, [row.get("close") for row in rows], "close", symbol)
    series: list[dict[str, Any]] = [price]
    window = (full.get("summary") or {}).get("window") or ctx.params(r).get("window") or decl.window
    for col in decl.columns:
        kind = "bar" if col == "histogram" else "line"
        series.append({**line(x, [row.get(col) for row in rows], col, symbol, panel=decl.panel), "kind": kind,
                       "indicator": name})
    below = decl.panel == "below"
    return spec("indicator", ctx.title, series, "price", indicator=name, window=window,
                y2_axis=name if below else None, levels=list(decl.levels),
                y2_range=[0, 100] if name == "rsi" else None)
