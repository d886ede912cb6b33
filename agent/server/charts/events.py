"""Event charts: event days, gaps and volume spikes as markers on the price (each with its own
value: a % change, a gap %, a volume multiple such as 2.04x), and what followed events as one
line per event (return from the event day's close, trading day by trading day) with their mean."""
from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from agent.server.charts.common import Ctx, bar_index, bar_size, candles, line, markers, none, num, spec

MAX_EVENT_LINES = 60      # more events than that: the mean still covers all, lines show the first ones
DAILY_UP_TO_DAYS = 400    # event days are marked on daily candles up to about a year, on longer bars beyond


def _price(ctx: Ctx, r: dict[str, Any], daily_only: bool = False) -> tuple[list[dict], str, dict] | None:
    span = ctx.span(r)
    if span is None:
        return None
    g = bar_size(*span)
    if daily_only or g in ("1min", "hourly") or (span[1] - span[0]).days <= DAILY_UP_TO_DAYS:
        g = "daily"
    bars, g = ctx.bars(r.get("symbol") or "", span[0], span[1], g)
    return (bars, g, candles(bars, g, r.get("symbol") or "")) if bars else None


def _marks(bars: list[dict], x: list[str], rows: list[dict], value_key: str, y_key: str, label: str,
           value_kind: str, symbol: str) -> dict[str, Any]:
    """One marker per row on the bar holding its trading date, at the row's own price."""
    mx, my, mv, days, dirs = [], [], [], [], []
    for row in rows:
        day = str(row.get("trading_date") or "")
        i = bar_index(bars, day)
        if i is None or not num(row.get(y_key)):
            continue
        mx.append(x[i])
        my.append(row[y_key])
        mv.append(row.get(value_key))
        days.append(day)
        dirs.append(row.get("direction") or ("down" if (row.get(value_key) or 0) < 0 else "up"))
    return markers(mx, my, label, mv, value_kind, symbol, dates=days, directions=dirs)


def events_chart(ctx: Ctx, r: dict[str, Any]) -> dict[str, Any]:
    """find_events: the period's candles with each event day marked with its change."""
    full = ctx.rerun(r) or r
    rows = [x for x in full.get("rows") or [] if isinstance(x, dict)]
    got = _price(ctx, r)
    if got is None:
        return none("no_rows", ctx.title)
    bars, g, price = got
    metric = ((full.get("summary") or {}).get("metric") or "daily_pct_change")
    key = {"gap_pct": "gap_pct", "range_pct": "range_pct"}.get(metric, "pct_change")
    marks = _marks(bars, price["x"], rows, key, "close", "event", "pct", r.get("symbol") or "")
    return spec("events", ctx.title, [price, marks], "price", bar_size=g, event_days=marks["dates"])


def gaps_chart(ctx: Ctx, r: dict[str, Any]) -> dict[str, Any]:
    full = ctx.rerun(r) or r
    got = _price(ctx, full, daily_only=True)
    if got is None:
        return none("no_rows", ctx.title)
    bars, g, price = got
    marks = _marks(bars, price["x"], full.get("rows") or [], "gap_pct", "open", "gap", "pct", r.get("symbol") or "",)
    return spec("gaps", ctx.title, [price, marks], "price", bar_size=g)


def spikes_chart(ctx: Ctx, r: dict[str, Any]) -> dict[str, Any]:
    """Volume spikes: markers on the price with their multiple of the 20-day mean, and the daily
    volume under the price."""
    full = ctx.rerun(r) or r
    got = _price(ctx, full, daily_only=True)
    if got is None:
        return none("no_rows", ctx.title)
    bars, g, price = got
    marks = _marks(bars, price["x"], full.get("rows") or [], "ratio", "high", "volume_spike", "multiple",
                   r.get("symbol") or "")
    vol = {"kind": "bar", "label": "volume", "symbol": r.get("symbol") or "", "panel": "below",
           "x": price["x"], "y": [b.get("volume") for b in bars]}
    threshold = (full.get("summary") or {}).get("threshold")
    return spec("volume_spikes", ctx.title, [price, marks, vol], "price", bar_size=g, y2_axis="volume",
                threshold=threshold)


def _closes(ctx: Ctx, symbol: str, start: str, end: str) -> tuple[list[str], list[float]]:
    rows, _ = ctx.bars(symbol, date.fromisoformat(start), date.fromisoformat(end) + timedelta(days=1), "daily")
    rows = [x for x in rows if num(x.get("close"))]
    return [str(x["trading_date"]) for x in rows], [float(x["close"]) for x in rows]


def after_events_chart(ctx: Ctx, r: dict[str, Any]) -> dict[str, Any]:
    """get_periods_after: for each event, the % from its close on each of the next N trading days
    (day 0 = the event day, 0 %), and the mean of the events with a full window."""
    rows = [x for x in (ctx.rerun(r) or r).get("rows") or [] if isinstance(x, dict) and x.get("event_date")]
    horizon = int((r.get("summary") or {}).get("horizon_days") or ctx.params(r).get("horizon_days") or 0)
    if not rows or horizon <= 0:
        return none("no_events", ctx.title)
    symbol = r.get("symbol") or ""
    last = max(str(x.get("exit_date") or x["event_date"]) for x in rows)
    days, closes = _closes(ctx, symbol, str(rows[0]["event_date"]), last)
    at = {d: i for i, d in enumerate(days)}
    series: list[dict[str, Any]] = []
    full_paths: list[list[float]] = []
    for row in rows:
        i = at.get(str(row["event_date"]))
        if i is None:
            continue
        path = [(c / closes[i] - 1.0) * 100.0 for c in closes[i:i + horizon + 1]]
        if len(path) == horizon + 1:
            full_paths.append(path)
        if len(series) < MAX_EVENT_LINES:
            # every path is named: "event days" in the legend (one entry), its date on hover
            series.append(line(list(range(len(path))), path, "event", symbol, name=str(row["event_date"]),
                               role="event"))
    if not full_paths:
        return none("no_events", ctx.title)
    mean = [sum(p[k] for p in full_paths) / len(full_paths) for k in range(horizon + 1)]
    series.append(line(list(range(horizon + 1)), mean, "mean", symbol, role="mean", events=len(full_paths)))
    return spec("after_events", ctx.title, series, "pct_from_event", x="days_after", hlines=[0.0])
