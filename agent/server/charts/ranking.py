"""The chart of a volume ranking (rank_volume_days): the period's daily candles, the daily volume
under them, and the ranked days marked on the price with their volume and rank."""
from __future__ import annotations

from typing import Any

from agent.server.charts.common import Ctx, bar_index, candles, markers, none, num, spec


def volume_rank_chart(ctx: Ctx, r: dict[str, Any]) -> dict[str, Any]:
    span = ctx.span(r)
    if span is None:
        return none("no_rows", ctx.title)
    symbol = r.get("symbol") or ""
    bars, g = ctx.bars(symbol, span[0], span[1], "daily")   # a ranked day is a daily bar
    if not bars:
        return none("no_rows", ctx.title)
    price = candles(bars, g, symbol)
    mx, my, mv, days, ranks = [], [], [], [], []
    for row in r.get("rows") or []:
        day = str(row.get("trading_date") or "")
        i = bar_index(bars, day)
        if i is None or not num(row.get("volume")):
            continue
        mx.append(price["x"][i])
        my.append(bars[i].get("high"))
        mv.append(row["volume"])
        days.append(day)
        ranks.append(row.get("volume_rank"))
    direction = (r.get("summary") or {}).get("direction") or "up"
    marks = markers(mx, my, "volume_day", mv, "volume", symbol, dates=days, ranks=ranks,
                    directions=[direction] * len(days))
    vol = {"kind": "bar", "label": "volume", "symbol": symbol, "panel": "below",
           "x": price["x"], "y": [b.get("volume") for b in bars]}
    return spec("volume_rank", ctx.title, [price, marks, vol], "price", bar_size=g, y2_axis="volume",
                ranked_days=days, direction=direction)
