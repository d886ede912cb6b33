"""Support and resistance (aggregate_patterns "price_levels"): the period's daily candles with each
level drawn across the period, support and resistance as two named series (one legend entry
each, every level on hover with its swing points)."""
from __future__ import annotations

from typing import Any

from agent.server.charts.common import Ctx, candles, line, none, num, spec

SIDES = ("resistance", "support")


def _side(rows: list[dict[str, Any]], side: str, x0: str, x1: str, symbol: str) -> dict[str, Any] | None:
    """One series for all levels of a side: a segment per level, broken between levels (None)."""
    xs: list[Any] = []
    ys: list[Any] = []
    touches: list[Any] = []
    for row in rows:
        if row.get("side") != side or not num(row.get("level")):
            continue
        xs += [x0, x1, x1]
        ys += [row["level"], row["level"], None]
        touches += [row.get("touches"), row.get("touches"), None]
    if not xs:
        return None
    return line(xs[:-1], ys[:-1], side, symbol, touches=touches[:-1], role="level")


def levels_chart(ctx: Ctx, r: dict[str, Any]) -> dict[str, Any]:
    full = ctx.rerun(r) or r
    span = ctx.span(r)
    if span is None:
        return none("no_rows", ctx.title)
    symbol = r.get("symbol") or ""
    bars, g = ctx.bars(symbol, span[0], span[1], "daily")
    if not bars:
        return none("no_rows", ctx.title)
    price = candles(bars, g, symbol)
    rows = [x for x in full.get("rows") or [] if isinstance(x, dict)]
    sides = [s for s in (_side(rows, side, price["x"][0], price["x"][-1], symbol) for side in SIDES) if s]
    return spec("price_levels", ctx.title, [price, *sides], "price", bar_size=g)
