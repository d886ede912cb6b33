"""The plan checked against the intent in code, before anything runs.

A plan may only fetch the symbols the intent names, inside the intent's period (an indicator's
warm-up before it excepted), must cover the metrics asked, has at most MAX_STEPS steps, and every
threshold is a finite number. `check` returns typed problems (what the planner sends back to the
provider on its retry); `plan_problems` their lines. Empty = the plan may run.
"""
from __future__ import annotations

import math
from datetime import date
from typing import Literal

from pydantic import BaseModel

from agent.answer import claim_types
from agent.state import Intent, Plan

# missing_data: not from check() but from the validator (need_more_data, agents/planner.py)
ProblemKind = Literal["no_steps", "too_many_steps", "symbol", "threshold", "dates", "coverage",
                      "missing_data"]


class PlanProblem(BaseModel):
    """One reason a plan may not run. `text` is code's sentence, but it quotes the model's own
    plan (symbols, numbers), so a prompt carries it as untrusted data."""
    kind: ProblemKind
    step: int | None = None          # 1-based; None for the whole plan
    text: str

MAX_STEPS = 12
# The claim types the period summary computes (query_builder/stats.py): a view of the claims
# declared with get_period_stats; compare_periods computes the same summary per period.
PERIOD_METRICS = claim_types.Declared(lambda d: d.action == "get_period_stats")
_PERIOD_PRODUCERS = {"get_period_stats", "compare_periods"}
# Which other actions can compute a metric (claim type).
_OTHER_PRODUCERS: dict[str, set[str]] = {
    "high": {"get_price_extremes"}, "low": {"get_price_extremes"},
    "daily_pct_change": {"find_events", "get_period_stats"},
    "event_count": {"find_events", "get_periods_after"},
    "avg_return_after": {"get_periods_after"}, "median_return_after": {"get_periods_after"},
    "win_rate_after": {"get_periods_after"}, "rsi": {"get_indicator"},
    **{m: {"run_backtest", "run_backtest_intraday"} for m in (
        "backtest_trades", "backtest_total_return", "backtest_win_rate", "backtest_avg_trade",
        "backtest_max_drawdown", "buy_hold_return")},
    # A time-of-day window's bars state its open, close, change and volume ("volume in the last 30
    # minutes"): the windowed plan's intraday step computes them (offline/plan.py, _windowed).
    **{m: {"get_intraday_data"} for m in ("open", "close", "pct_change", "total_volume")},
}


def producers(metric: str) -> set[str]:
    """The actions that can compute a metric (claim type)."""
    return (_PERIOD_PRODUCERS if metric in PERIOD_METRICS else set()) | _OTHER_PRODUCERS.get(metric, set())


def _span(intent: Intent) -> tuple[date, date] | None:
    periods = [p for p in [intent.period, *(intent.compare_periods or []), *(pt.period for pt in intent.parts)] if p]
    if not periods:
        return None
    return min(p.start for p in periods), max(p.end for p in periods)


def _dates_problems(plan: Plan, intent: Intent) -> list[PlanProblem]:
    span = _span(intent)
    if span is None:
        return []
    lo, hi = span
    out = []
    for i, step in enumerate(plan.steps, 1):
        p = step.params
        ranges: list[tuple[date | None, date | None]]
        ranges = [(r.start_date, r.end_date) for r in p.periods or []] or [(p.start_date, p.end_date)]
        for start, end in ranges:
            warm_up = step.action == "get_indicator"      # bars before the period feed the indicator
            if start and start < lo and not warm_up or end and end > hi or start and start > hi:
                out.append(PlanProblem(kind="dates", step=i,
                                       text=f"step {i}: dates {start}..{end} outside the period asked {lo}..{hi}"))
    return out


def check(plan: Plan, intent: Intent) -> list[PlanProblem]:
    out: list[PlanProblem] = []
    if not plan.steps:
        out.append(PlanProblem(kind="no_steps", text="the plan has no step"))
    if len(plan.steps) > MAX_STEPS:
        out.append(PlanProblem(kind="too_many_steps", text=f"{len(plan.steps)} steps, at most {MAX_STEPS}"))
    named = {s.upper() for s in [intent.symbol, *intent.symbols] if s}
    for i, step in enumerate(plan.steps, 1):
        if named and step.params.symbol.upper() not in named:
            out.append(PlanProblem(kind="symbol", step=i,
                                   text=f"step {i}: symbol {step.params.symbol} is not one the question names"))
        for value in (step.params.threshold, step.params.condition.threshold if step.params.condition else None):
            if value is not None and not math.isfinite(value):
                out.append(PlanProblem(kind="threshold", step=i,
                                       text=f"step {i}: threshold {value} is not a finite number"))
    out += _dates_problems(plan, intent)
    if intent.rule is not None and not any(s.params.rule == intent.rule for s in plan.steps):
        out.append(PlanProblem(kind="coverage", text="no step tests the rule as read from the question"))
    actions = {s.action for s in plan.steps}
    for metric in intent.metrics:
        if not producers(metric) & actions:
            out.append(PlanProblem(kind="coverage", text=f"no step computes {metric}"))
    return out


def plan_problems(plan: Plan, intent: Intent) -> list[str]:
    return [p.text for p in check(plan, intent)]
