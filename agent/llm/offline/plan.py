"""plan(intent, ctx) -> Plan: one or a few query-builder steps per analysis (deterministic)."""
from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from agent.llm.base import ProviderContext
from agent.nlu import reading
from agent.nlu.windows import COARSE
from agent.state import Intent, Plan
from query_builder.granularity import of_minutes
from query_builder.models import EventCondition, PeriodRange, Step, StepParams

INDICATOR_LOOKBACK_DAYS = 7      # "RSI on D": a few days ending at D, so a holiday still has a value
INDICATOR_LATEST_DAYS = 30       # no date and no period: the last month of data


def _span(intent: Intent) -> tuple[date | None, date | None]:
    """The intent's period; None ends mean 'all stored data' for the query builder."""
    if intent.period is None:
        return None, None
    return intent.period.start, intent.period.end


def _base(symbol: str, intent: Intent, **extra) -> StepParams:
    start, end = _span(intent)
    return StepParams(symbol=symbol, start_date=start, end_date=end, **extra)


def _stats(intent: Intent, symbols: list[str]) -> list[Step]:
    window = intent.horizon_days if intent.analysis in (None, "stats", "extremes", "volume") else None
    extra: dict[str, Any] = {"max_trading_days": window} if window else {}
    if intent.last_trading_days:
        extra = {"last_trading_days": intent.last_trading_days}
    if intent.bar_minutes and intent.bar_minutes in COARSE:   # "weekly candles": a bar a week
        extra["granularity"] = COARSE[intent.bar_minutes]
    what = f"first {window} trading days from {intent.period.start}" if window and intent.period \
        else "period statistics"
    return [Step(action="get_period_stats", params=_base(s, intent, **extra),
                 description=f"{s} {what}") for s in symbols]


def _top(intent: Intent, symbol: str) -> list[Step]:
    c = intent.condition
    if c is not None and c.metric == "range_pct":   # days ranked by range: one ranking, widest first
        n = intent.top_n or 1
        return [Step(action="find_events", params=_base(symbol, intent, top_n=n, direction="up", condition=c),
                     description=f"{symbol}: {n} widest daily ranges")]
    dirs = [intent.direction] if intent.direction else ["up", "down"]
    return [Step(action="find_events", params=_base(symbol, intent, top_n=intent.top_n or 5, direction=d),
                 description=f"{symbol}: {intent.top_n or 5} largest daily {'gains' if d == 'up' else 'falls'}")
            for d in dirs]


def _events(intent: Intent, symbol: str) -> list[Step]:
    cond = intent.condition or EventCondition(op="gt" if intent.direction != "down" else "lt",
                                              threshold=0.0)
    if intent.analysis == "after_events":
        return [Step(action="get_periods_after",
                     params=_base(symbol, intent, condition=cond, horizon_days=intent.horizon_days or 5),
                     description=f"{symbol}: returns {intent.horizon_days or 5} trading days after events")]
    return [Step(action="find_events", params=_base(symbol, intent, condition=cond),
                 description=f"{symbol}: days matching the condition")]


def _compare(intent: Intent, symbol: str) -> list[Step]:
    periods = [PeriodRange(start_date=p.start, end_date=p.end, label=p.label)
               for p in intent.compare_periods or []]
    return [Step(action="compare_periods", params=StepParams(symbol=symbol, periods=periods),
                 description=f"{symbol}: compare " + ", ".join(p.label or "" for p in periods))]


def _windowed(intent: Intent, symbol: str) -> list[Step]:
    """A time-of-day window ("between 9:30 and 10:00", "first hour"): the window's own bars and
    extremes, cut by the query builder's local wall-clock filter; never the whole session's."""
    w = intent.time_window
    assert w is not None
    gran = bar_granularity(intent.bar_minutes)
    params = _base(symbol, intent, start_time=w.start, end_time=w.end, extended_hours=w.extended)
    steps = [Step(action="get_price_extremes", params=params,
                  description=f"{symbol}: high and low {w.label}")]
    if intent.analysis not in ("extremes",):
        steps.append(Step(action="get_intraday_data", params=params.model_copy(update={"granularity": gran}),
                          description=f"{symbol}: bars {w.label}"))
    return steps


def _one_per_window(steps: list[Step], metrics: list[str]) -> list[Step]:
    """Segments side by side ("overnight vs regular hours"): one step a window, so two segments stay
    two steps: its high and low alone when only those are asked (their range), else its bars, whose
    summary holds its open, high, low, close and volume."""
    drop = "get_intraday_data" if metrics and set(metrics) <= {"high", "low"} else "get_price_extremes"
    def key(s: Step) -> tuple:
        return s.params.symbol, s.params.start_time, s.params.end_time
    kept = {key(s) for s in steps if s.action != drop}
    return [s for s in steps if not (s.action == drop and key(s) in kept)]


def _indicator(intent: Intent, symbol: str, ctx: ProviderContext) -> list[Step]:
    if len(intent.indicators) > 1:     # every indicator named, each its own step
        return [step for i, name in enumerate(intent.indicators)
                for step in _indicator(intent.model_copy(update={
                    "indicators": [], "indicator": name,
                    "indicator_window": (intent.indicator_windows[i:i + 1] or [None])[0]}), symbol, ctx)]
    if intent.indicator_date:
        end = intent.indicator_date
        start = end - timedelta(days=INDICATOR_LOOKBACK_DAYS)
    elif intent.period:
        start, end = intent.period.start, intent.period.end
    else:
        rng = ctx.range_for(symbol)
        end = rng.last if rng else ctx.today
        start = end - timedelta(days=INDICATOR_LATEST_DAYS)
    params = StepParams(symbol=symbol, start_date=start, end_date=end, indicator=intent.indicator,
                        window=intent.indicator_window)
    w = intent.time_window
    if w is not None and intent.indicator == "vwap":     # the window's VWAP, not the session's
        params = params.model_copy(update={"start_time": w.start, "end_time": w.end, "extended_hours": w.extended})
    return [Step(action="get_indicator", params=params,
                 description=f"{symbol}: {intent.indicator} up to {end.isoformat()}")]


def _other(intent: Intent, symbol: str) -> list[Step]:
    if intent.analysis == "pattern":
        # no threshold: the builder applies the pattern's declared default (one place, not two)
        return [Step(action="aggregate_patterns",
                     params=_base(symbol, intent, pattern=intent.pattern or "gaps"),
                     description=f"{symbol}: {intent.pattern or 'gaps'}")]
    if intent.analysis == "volume_profile":
        return [Step(action="get_volume_profile", params=_base(symbol, intent),
                     description=f"{symbol}: volume by price")]
    extra = {"granularity": bar_granularity(intent.bar_minutes)} if intent.bar_minutes and intent.bar_minutes < 1440 else {}
    return [*_stats(intent, [symbol]),              # the day's figures, with claims
            Step(action="get_intraday_data", params=_base(symbol, intent, **extra),
                 description=f"{symbol}: intraday bars")]


def bar_granularity(minutes: int | None) -> str:
    """The bar size asked ("5-minute bars" -> 5min, built from 1-minute bars in SQL); a size bars are
    not built at gets the largest one below it (the answer says so: understand.with_notes)."""
    return of_minutes(minutes)[0] if minutes else "1min"


def _volume_rank(intent: Intent, symbol: str) -> list[Step]:
    """"Highest volume day": the period's trading days ranked by volume, top N (default 1)."""
    d = intent.direction or "up"
    n = intent.top_n or 1
    return [Step(action="rank_volume_days", params=_base(symbol, intent, top_n=n, direction=d),
                 description=f"{symbol}: {n} {'highest' if d == 'up' else 'lowest'} volume days")]


def _backtest(intent: Intent, symbol: str) -> list[Step]:
    """A rule tested on the bars: daily, or 1-minute bars for a time-of-day rule."""
    rule = intent.rule
    if rule is None:
        return []
    action = "run_backtest_intraday" if rule.intraday else "run_backtest"
    return [Step(action=action, params=_base(symbol, intent, rule=rule), description=f"{symbol}: backtest of the rule")]


def _steps_for(a: str, intent: Intent, symbols: list[str], ctx: ProviderContext) -> list[Step]:
    """The steps of one analysis, for every symbol asked."""
    if a in ("stats", "extremes", "volume") or a not in _PER_SYMBOL:
        return _stats(intent, symbols)
    if a == "compare" and not (intent.compare_periods and len(intent.compare_periods) >= 2):
        return _stats(intent, symbols)
    if a == "indicator" and not intent.indicator:
        return _stats(intent, symbols)
    return [step for sym in symbols for step in _PER_SYMBOL[a](intent, sym, ctx)]


_PER_SYMBOL = {
    "top_moves": lambda it, s, ctx: _top(it, s),
    "volume_rank": lambda it, s, ctx: _volume_rank(it, s),
    "backtest": lambda it, s, ctx: _backtest(it, s),
    "events": lambda it, s, ctx: _events(it, s),
    "after_events": lambda it, s, ctx: _events(it, s),
    "compare": lambda it, s, ctx: _compare(it, s),
    "indicator": _indicator,
    "pattern": lambda it, s, ctx: _other(it, s),
    "volume_profile": lambda it, s, ctx: _other(it, s),
    "intraday": lambda it, s, ctx: _other(it, s),
}


def _also(intent: Intent, a: str) -> Intent:
    """The intent as seen by a further analysis of the same question."""
    upd: dict = {"analysis": a}
    if a == "stats" and intent.analysis == "compare":
        upd["compare_periods"] = None
    return intent.model_copy(update=upd)


def plan(intent: Intent, ctx: ProviderContext) -> Plan:
    """Steps for the intent's analysis and every further analysis it asks for, for every symbol
    named (more than 3 steps go through confirm_plan in the planner node)."""
    if intent.type == "concept" or not intent.symbol:
        return Plan(steps=[], summary="no data needed")
    if intent.parts:                   # each part its own symbols and period
        steps = [step for part in intent.parts for step in plan(reading.part_intent(intent, part).model_copy(
                     update={"condition": part.condition or intent.condition}), ctx).steps]   # a rise and a fall
        if len({pt.time_window.model_dump_json() for pt in intent.parts if pt.time_window}) > 1:
            steps = _one_per_window(steps, intent.metrics)
        return Plan(steps=steps, summary="; ".join(s.description or s.action for s in steps))
    symbols = intent.symbols or [intent.symbol]
    if intent.symbol not in symbols:
        symbols = [intent.symbol, *symbols]
    if intent.time_window is not None and intent.analysis in ("stats", "extremes", "volume", "intraday", None):
        steps = [step for sym in symbols for step in _windowed(intent, sym)]
        return Plan(steps=steps, summary="; ".join(s.description or s.action for s in steps))
    steps = _steps_for(intent.analysis or "stats", intent, symbols, ctx)
    for a in intent.also:
        if a != (intent.analysis or "stats"):
            steps += _steps_for(a, _also(intent, a), symbols, ctx)
    return Plan(steps=steps, summary="; ".join(s.description or s.action for s in steps))
