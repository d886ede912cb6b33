"""Price charts: candles at the bar size the period calls for (get_period_stats, get_price_extremes,
get_intraday_data), the period's high and low marked on the bars that hold them, and, when the
question is about the drawdown, the peak-to-trough span."""
from __future__ import annotations

from datetime import date
from typing import Any

from agent.server.charts.common import Ctx, bar_index, bar_size, candles, line, markers, none, spec

DRAWDOWN_ASKED = ("max_drawdown",)


def _extreme_marks(bars: list[dict[str, Any]], x: list[str], symbol: str) -> list[dict[str, Any]]:
    """The high on the bar with the highest high, the low on the bar with the lowest low."""
    highs = [(b["high"], i) for i, b in enumerate(bars) if isinstance(b.get("high"), (int, float))]
    lows = [(b["low"], i) for i, b in enumerate(bars) if isinstance(b.get("low"), (int, float))]
    if not highs or not lows:
        return []
    (hi, i), (lo, j) = max(highs), min(lows)
    return [markers([x[i]], [hi], "high", [hi], "price", symbol, marker="high"),
            markers([x[j]], [lo], "low", [lo], "price", symbol, marker="low")]


def _drawdown(ctx: Ctx, r: dict[str, Any], bars: list[dict[str, Any]], x: list[str]) -> dict[str, Any] | None:
    """The peak and the trough closes (daily, from the store) joined on the candles' bars."""
    s = r.get("summary") or {}
    peak, trough = s.get("max_drawdown_peak_date"), s.get("max_drawdown_date")
    if not (peak and trough) or s.get("max_drawdown") is None:
        return None
    i, j = bar_index(bars, str(peak)), bar_index(bars, str(trough))
    closes, _ = ctx.bars(r["symbol"], date.fromisoformat(str(peak)), date.fromisoformat(str(trough)), "daily")
    if i is None or j is None or not closes:
        return None
    return line([x[i], x[j]], [closes[0]["close"], closes[-1]["close"]], "drawdown", r["symbol"],
                dates=[str(peak), str(trough)], value=s["max_drawdown"], value_kind="pct")


def asked_size(ctx: Ctx, r: dict[str, Any]) -> str | None:
    """The bar size the question asked ("15-minute bars") or the step set, else None (by period)."""
    from query_builder.granularity import INTRADAY, of_minutes

    step = ctx.params(r).get("granularity")
    if step:
        return str(step)
    minutes = ctx.intent.get("bar_minutes")
    size = of_minutes(int(minutes))[0] if minutes else None
    return size if size in INTRADAY else None


def _window_bars(ctx: Ctx, r: dict[str, Any]) -> dict[str, Any] | None:
    """A time-of-day window's own bars (get_intraday_data over the step's params), so the chart
    marks the window's high and low as the answer states them, never the whole session's."""
    p = ctx.params(r)
    if ctx.store is None or not (p.get("start_time") or p.get("end_time")):
        return None
    from query_builder import CapabilityUnavailable
    from query_builder.models import Step
    from query_builder.runner import run_step

    step = Step.model_validate({"action": "get_intraday_data",
                                "params": {**p, "granularity": asked_size(ctx, r)}})
    try:
        return run_step(ctx.store, step).model_dump(mode="json")
    except CapabilityUnavailable:      # a daily-only symbol: the daily candles below
        return None


def price_chart(ctx: Ctx, r: dict[str, Any], kind: str = "candles") -> dict[str, Any]:
    window = _window_bars(ctx, r)
    if window is not None:
        return _intraday(ctx, window, r.get("symbol") or "")
    span = ctx.span(r)
    if span is None:
        return none("no_rows", ctx.title)
    symbol = r.get("symbol") or ""
    bars, g = ctx.bars(symbol, span[0], span[1], asked_size(ctx, r) or bar_size(*span))
    if ctx.store is None:    # no store at hand: the state's own (merged) bars
        g = r.get("granularity") or "daily"
        bars = [b for b in (r.get("bars") if g != "daily" else None) or r.get("rows") or [] if isinstance(b, dict)]
    if len(bars) < 1:
        return none("no_rows", ctx.title)
    series = [candles(bars, g, symbol)]
    x = series[0]["x"]
    extra: dict[str, Any] = {}
    metrics = set(ctx.intent.get("metrics") or [])
    if kind == "extremes" or ctx.intent.get("analysis") == "extremes" or {"high", "low"} & metrics:
        series += _extreme_marks(bars, x, symbol)
    if metrics & set(DRAWDOWN_ASKED):
        dd = _drawdown(ctx, r, bars, x)
        if dd:
            series.append(dd)
            extra["span"] = dd["x"]
            kind = "drawdown"
    return spec(kind, ctx.title, series, "price", bar_size=g, **extra)


def intraday_chart(ctx: Ctx, r: dict[str, Any]) -> dict[str, Any]:
    """get_intraday_data: its own bars (1-min or hourly, in the instrument's local time)."""
    return _intraday(ctx, ctx.rerun(r) or r, r.get("symbol") or "")


def _intraday(ctx: Ctx, full: dict[str, Any], symbol: str) -> dict[str, Any]:
    rows = [b for b in (full.get("rows") or []) if isinstance(b, dict) and "open" in b]
    if not rows:
        return none("no_rows", ctx.title)
    g = full.get("granularity") or "1min"
    series = [candles(rows, g, symbol)]
    series += _extreme_marks(rows, series[0]["x"], symbol)
    return spec("intraday", ctx.title, series, "price", bar_size=g, tz=ctx.timezone(symbol))


def stats_chart(ctx: Ctx, r: dict[str, Any]) -> dict[str, Any]:
    return price_chart(ctx, r, "candles")


def extremes_chart(ctx: Ctx, r: dict[str, Any]) -> dict[str, Any]:
    return price_chart(ctx, r, "extremes")

