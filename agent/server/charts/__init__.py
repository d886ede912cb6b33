"""The chart of an answer, by the kind of answer: each action and pattern of
query_builder/declarations.py names its chart (`chart=`), and BUILDERS here draws it.

chart_payload picks the answer's main result (the first step of a data answer; two or more
symbols are a comparison), looks up its declared chart and builds the spec web/chart.js draws.
An answer with nothing to draw says why (`none`: a tool's answer, an explanation, no rows).
"""
from __future__ import annotations

from typing import Any, Callable

from agent.server.charts.backtest import backtest_chart
from agent.server.charts.common import Ctx, none, spec
from agent.server.charts.compare import compare_spec, periods_spec
from agent.server.charts.events import after_events_chart, events_chart, gaps_chart, spikes_chart
from agent.server.charts.indicator import indicator_chart
from agent.server.charts.levels import levels_chart
from agent.server.charts.price import extremes_chart, intraday_chart, stats_chart
from agent.server.charts.profiles import hourly_chart, volume_profile_chart
from agent.server.charts.ranking import volume_rank_chart
from agent.server.charts.tools import tool_chart
from query_builder.declare import actions, patterns

Builder = Callable[[Ctx, dict[str, Any]], dict[str, Any]]


def _periods(ctx: Ctx, r: dict[str, Any]) -> dict[str, Any]:
    return periods_spec([r], ctx.title, ctx.store) or none("no_rows", ctx.title)


BUILDERS: dict[str, Builder] = {
    "candles": stats_chart, "extremes": extremes_chart, "intraday": intraday_chart,
    "volume_profile": volume_profile_chart, "events": events_chart, "after_events": after_events_chart,
    "compare_periods": _periods, "gaps": gaps_chart, "volume_spikes": spikes_chart,
    "hourly_profile": hourly_chart, "indicator": indicator_chart, "volume_rank": volume_rank_chart,
    "backtest": backtest_chart, "price_levels": levels_chart,
}


def declared_chart(r: dict[str, Any], params: dict[str, Any]) -> str | None:
    """The chart the result's action (or, for aggregate_patterns, its pattern) declares."""
    decl = actions().get(str(r.get("action")))
    if decl is None:
        return None
    if decl.chart == "by_pattern":
        pattern = patterns().get(str(params.get("pattern") or (r.get("summary") or {}).get("pattern")))
        return pattern.chart if pattern else None
    return decl.chart


def _fallback(values: dict[str, Any]) -> dict[str, Any]:
    """Why an answered turn has no chart."""
    intent = values.get("intent") or {}
    if values.get("pending_action") or values.get("confirmed_action"):
        return none("tool")
    if intent.get("type") in ("concept", "education", "chitchat") or not (values.get("plan") or {}).get("steps"):
        return none("explanation")
    return none("no_rows")


def _asked_first(intent: dict[str, Any], data: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """An intraday question (a day's bars, a time-of-day window, a bar size) is answered by its
    intraday bars: the offline plan runs the day's stats or the window's extremes first, and the
    first result's chart would be a day of 1-minute candles over the whole session instead."""
    sized = (intent.get("bar_minutes") or 1) != 1
    if intent.get("analysis") == "intraday" or intent.get("time_window") or sized:
        return sorted(data, key=lambda r: r.get("action") != "get_intraday_data")
    return data


def chart_payload(values: dict[str, Any], store: Any = None) -> dict[str, Any]:
    """The chart spec for the turn's answer ({"kind": "none", "none": why} when nothing draws)."""
    ctx = Ctx(values or {}, store)
    period = (ctx.intent.get("period") or {}).get("label") or ""
    data = [r for r in ctx.results if r.get("action") != "tool" and not r.get("error")]
    tool = tool_chart(values, ctx.title, store) if not data else None
    if tool is not None:
        return tool
    multi = compare_spec(data, period, store)
    if multi:
        return multi
    for r in _asked_first(ctx.intent, data):
        name = declared_chart(r, ctx.params(r))
        if name in BUILDERS:
            out = BUILDERS[name](ctx, r)
            if out.get("series"):
                return out
    return _fallback(values) if not data else none("no_rows", ctx.title)


__all__ = ["BUILDERS", "chart_payload", "declared_chart", "spec"]
