"""What every chart builder reads: the turn (results, plan, intent), the store, bars at the size a
period calls for, and the spec and series shapes web/chart.js draws.

A spec: {"kind", "title", "series", "x_axis", "y_axis", "x_type", ...}; axis titles, legend labels
and the kind's name are keys the UI translates (the `ui` sections of agent/lang/<code>.py:
axis, legend, chart_kind), so the chart reads in the user's language. Series with panel "below"
are drawn in a second panel under the price (web/chart.js: yaxis2), with `levels` as its lines.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

# Bar size by the period's length in calendar days: a day's minutes, a week's hours, a quarter's
# days, up to three years of weeks, months beyond (a year is ~52 weekly candles, not 87 merged
# three-day ones; ninety years is ~1,100 monthly candles).
BAR_SIZES = ((1, "1min"), (7, "hourly"), (120, "daily"), (3 * 366, "weekly"))
LONG_BARS = "monthly"
TIME_OF = {"daily": "trading_date", "weekly": "start_date", "monthly": "start_date"}


def num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == v


def bar_size(start: date, end: date) -> str:
    days = (end - start).days + 1
    return next((g for limit, g in BAR_SIZES if days <= limit), LONG_BARS)


def bar_time(row: dict[str, Any], granularity: str) -> str:
    """A bar's x label: its trading date, its period's first trading date, or its local minute."""
    if granularity in TIME_OF:
        return str(row.get(TIME_OF[granularity]) or row.get("trading_date") or row.get("period_start"))
    return str(row.get("ts_local") or row.get("ts") or "").replace("T", " ")[:16]


def bar_days(row: dict[str, Any]) -> tuple[str, str]:
    """The first and last trading date a bar covers."""
    d = str(row.get("trading_date") or "")
    return str(row.get("start_date") or d), str(row.get("end_date") or d)


# x axes counted in sessions (day 1, 2... of a period; trading days after an event): ticks fall on
# whole sessions, at most MAX_SESSION_TICKS of them, never at plotly's own 0.5 steps.
SESSION_AXES = ("day_n", "days_after")
MAX_SESSION_TICKS = 10


def session_dtick(series: list[dict[str, Any]]) -> int:
    """The whole number of sessions between two ticks: 1 up to MAX_SESSION_TICKS sessions."""
    xs = [v for s in series for v in s.get("x") or [] if num(v)]
    span = (max(xs) - min(xs)) if xs else 0
    return max(1, -(-int(span) // MAX_SESSION_TICKS))


def spec(kind: str, title: str, series: list[dict[str, Any]], y: str, x: str = "date", **extra: Any) -> dict:
    out = {"kind": kind, "title": title, "series": series, "x_axis": x, "y_axis": y,
           "x_type": "linear" if x in ("day_n", "volume", "days_after") else "category", **extra}
    if x in SESSION_AXES:
        xs = [v for s in series for v in s.get("x") or [] if num(v)]
        out.update(x_dtick=session_dtick(series), x_tick0=int(min(xs)) if xs else 0)
    return out


def none(reason: str, title: str = "") -> dict[str, Any]:
    """No chart, and why (a key of the UI's chart_none table)."""
    return {"kind": "none", "title": title, "series": [], "none": reason}


def candles(bars: list[dict[str, Any]], granularity: str, symbol: str) -> dict[str, Any]:
    return {"kind": "candles", "name": symbol, "symbol": symbol, "panel": "price",
            "x": [bar_time(b, granularity) for b in bars], "open": [b.get("open") for b in bars],
            "high": [b.get("high") for b in bars], "low": [b.get("low") for b in bars],
            "close": [b.get("close") for b in bars]}


def line(x: list, y: list, label: str, symbol: str = "", panel: str = "price", **extra: Any) -> dict:
    return {"kind": "line", "label": label, "symbol": symbol, "panel": panel, "x": x, "y": y, **extra}


def markers(x: list, y: list, label: str, values: list, value_kind: str, symbol: str = "",
            **extra: Any) -> dict[str, Any]:
    """Points on the price; `values` are shown on hover as `value_kind` (pct, multiple, price)."""
    return {"kind": "markers", "label": label, "symbol": symbol, "panel": "price", "x": x, "y": y,
            "values": values, "value_kind": value_kind, **extra}


@dataclass
class Ctx:
    """One answered turn as the chart builders see it."""
    values: dict[str, Any]
    store: Any = None
    results: list[dict[str, Any]] = field(init=False)
    intent: dict[str, Any] = field(init=False)
    steps: list[dict[str, Any]] = field(init=False)

    def __post_init__(self) -> None:
        self.results = (self.values.get("data") or {}).get("results") or []
        self.intent = self.values.get("intent") or {}
        self.steps = (self.values.get("plan") or {}).get("steps") or []

    @property
    def title(self) -> str:
        symbols = self.intent.get("symbols") or ([self.intent["symbol"]] if self.intent.get("symbol") else [])
        period = (self.intent.get("period") or {}).get("label") or ""
        return f"{', '.join(symbols)} {period}".strip()

    def params(self, r: dict[str, Any]) -> dict[str, Any]:
        """The plan step's params of a result (the result's own when the plan has no such step)."""
        idx = r.get("step") or 0
        step = self.steps[idx] if isinstance(idx, int) and idx < len(self.steps) else None
        if step and step.get("action") == r.get("action"):
            return step.get("params") or {}
        return r.get("params") or {}

    def span(self, r: dict[str, Any]) -> tuple[date, date] | None:
        """The period the result covers: the step's dates, else the symbol's whole data."""
        p = self.params(r)
        a, b = p.get("start_date"), p.get("end_date")
        if not (a and b) and self.store is not None:
            cov = next((x for x in self.store.summary() if x.symbol == r.get("symbol")), None)
            a, b = a or (cov and cov.first), b or (cov and cov.last)
        if not (a and b):
            return None
        return date.fromisoformat(str(a)[:10]), date.fromisoformat(str(b)[:10])

    def rerun(self, r: dict[str, Any]) -> dict[str, Any] | None:
        """The step run again (the state keeps merged rows for long periods; a chart wants them all)."""
        if self.store is None:
            return None
        from query_builder.models import Step
        from query_builder.runner import run_step

        idx = r.get("step") or 0
        step = self.steps[idx] if isinstance(idx, int) and idx < len(self.steps) else None
        if not step or step.get("action") != r.get("action"):
            return None
        return run_step(self.store, Step.model_validate(step)).model_dump(mode="json")

    def bars(self, symbol: str, start: date, end: date, granularity: str) -> tuple[list[dict], str]:
        """(bars, their granularity) from the store: the daily rows or the bars at `granularity`
        (daily when the symbol has no intraday bars)."""
        if self.store is None:
            return [], granularity
        from query_builder.models import Step, StepParams
        from query_builder.runner import run_step

        step = Step(action="get_period_stats", params=StepParams.model_validate(
            {"symbol": symbol, "start_date": start, "end_date": end, "granularity": granularity}))
        out = run_step(self.store, step).model_dump(mode="json")
        got = out.get("granularity") or granularity
        rows = out.get("bars") if got != "daily" and out.get("bars") else out.get("rows")
        return [x for x in rows or [] if isinstance(x, dict)], got if out.get("bars") or got == "daily" else "daily"

    def timezone(self, symbol: str) -> str | None:
        inst = self.store.get_instrument(symbol) if self.store is not None else None
        return getattr(inst, "timezone", None)


def bar_index(bars: list[dict[str, Any]], day: str) -> int | None:
    """The bar that covers trading date `day`."""
    for i, b in enumerate(bars):
        a, z = bar_days(b)
        if a <= day <= z:
            return i
    return None
