"""The chart of a backtest (run_backtest, run_backtest_intraday): the rule's equity curve beside
buy-and-hold over the same span, buys and sells marked on the curve, and the trade list as the
table behind it (`table`: one row per trade; `rows`: the curve's points).

The checkpointed state keeps a merged curve and no trades (agent/answer/compact.py), so the step
is run again from the plan (the same SQL, the same numbers) when a store is at hand."""
from __future__ import annotations

from bisect import bisect_right
from typing import Any

from agent.server.charts.common import Ctx, line, markers, none, spec

TABLE_COLUMNS = ("trade", "entry_date", "entry_price", "exit_date", "exit_price", "return_pct", "exit_reason")


def _on_curve(x: list[str], y: list[float], day: str) -> float | None:
    """The curve's value at a trade's date (the last point at or before it: the curve may be thinned)."""
    k = bisect_right(x, day) - 1
    return y[k] if k >= 0 else None


def backtest_chart(ctx: Ctx, r: dict[str, Any]) -> dict[str, Any]:
    full = ctx.rerun(r) or r
    points = full.get("bars") or []
    if not points:
        return none("no_rows", ctx.title)
    symbol = str(r.get("symbol") or "")
    x = [str(p["trading_date"]) for p in points]
    equity = [p["equity"] for p in points]
    trades = [t for t in full.get("rows") or [] if isinstance(t, dict)]
    buys = [(t["entry_date"], _on_curve(x, equity, t["entry_date"])) for t in trades]
    sells = [(t["exit_date"], _on_curve(x, equity, t["exit_date"])) for t in trades]
    series = [line(x, equity, "equity", symbol), line(x, [p["buy_hold"] for p in points], "buy_hold", symbol),
              markers([d for d, _ in buys], [v for _, v in buys], "buy", [t["entry_price"] for t in trades],
                      "price", symbol, marker="up", dates=[d for d, _ in buys]),
              markers([d for d, _ in sells], [v for _, v in sells], "sell", [t["return_pct"] for t in trades],
                      "pct", symbol, marker="down", dates=[d for d, _ in sells])]
    table = [{k: t.get(k) for k in TABLE_COLUMNS} for t in trades]
    return spec("backtest", ctx.title, series, "equity", table=table, table_columns=list(TABLE_COLUMNS),
                rows=points)
