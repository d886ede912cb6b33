"""plan(intent, ctx): the steps per analysis, with the parameters the query builder needs."""
from __future__ import annotations

from datetime import date

from agent.llm.offline import OfflineProvider
from tests.agent.llm.offline_helpers import make_ctx

P = OfflineProvider()


def _plan(question: str, today: str = "2024-05-20"):
    ctx = make_ctx(today)
    intent = P.understand(question, None, ctx)
    assert not intent.needs_clarification
    return P.plan(intent, ctx).steps


def test_stats_extremes_volume_use_period_stats():
    for q in ("NQ stats for November 2023", "Какой был максимум NQ в ноябре 2023?",
              "Volumen medio diario de SPY en marzo de 2024"):
        (step,) = _plan(q)
        assert step.action == "get_period_stats"
    (step,) = _plan("NQ stats for November 2023")
    assert (step.params.symbol, step.params.start_date, step.params.end_date) == \
        ("NQ", date(2023, 11, 1), date(2023, 11, 30))


def test_events_and_after_events():
    (step,) = _plan("¿Cuántos días cayó el SPX más de un 3% en 2008?")
    assert step.action == "find_events" and step.params.top_n is None
    assert (step.params.condition.op, step.params.condition.threshold) == ("lt", -3.0)
    (step,) = _plan("After SPX rose more than 5% in a day since 1950, what happened over the next 5 trading days?")
    assert step.action == "get_periods_after" and step.params.horizon_days == 5
    assert step.params.start_date == date(1950, 1, 1) and step.params.end_date == date(2024, 5, 20)
    assert step.params.condition.threshold == 5.0


def test_top_moves_one_step_per_direction():
    (step,) = _plan("What were the 5 largest daily percentage gains of SPX?")
    assert (step.action, step.params.top_n, step.params.direction) == ("find_events", 5, "up")
    assert step.params.start_date is None and step.params.condition is None      # all stored data
    steps = _plan("biggest daily moves of SPX in 2008")
    assert [s.params.direction for s in steps] == ["up", "down"]


def test_compare_periods():
    (step,) = _plan("Compare SPY in March and April 2024")
    assert step.action == "compare_periods"
    assert [(p.label, p.start_date, p.end_date) for p in step.params.periods] == [
        ("2024-03", date(2024, 3, 1), date(2024, 3, 31)), ("2024-04", date(2024, 4, 1), date(2024, 4, 30))]


def test_indicator_on_a_date_is_a_short_window_ending_there():
    (step,) = _plan("What was the 14-day RSI of SPX on 2019-12-31?")
    assert (step.action, step.params.indicator, step.params.window) == ("get_indicator", "rsi", 14)
    assert step.params.end_date == date(2019, 12, 31) and step.params.start_date < step.params.end_date
    (step,) = _plan("RSI SPX за март 2020")
    assert (step.params.start_date, step.params.end_date) == (date(2020, 3, 1), date(2020, 3, 31))
    (step,) = _plan("SMA 50 for SPX")
    assert step.params.end_date == date(2020, 11, 30)          # latest stored date of SPX
    assert (step.params.indicator, step.params.window) == ("sma", 50)


def test_patterns_profile_and_several_symbols():
    (step,) = _plan("SPX gaps in 2020")
    assert step.action == "aggregate_patterns" and step.params.pattern == "gaps"
    (step,) = _plan("SPY volume profile for March 2024")
    assert step.action == "get_volume_profile"
    steps = _plan("SPX vs SPY in March 2020")
    assert [(s.action, s.params.symbol) for s in steps] == [("get_period_stats", "SPX"),
                                                            ("get_period_stats", "SPY")] or \
        [(s.action, s.params.symbol) for s in steps] == [("get_period_stats", "SPX")]
    steps = _plan("SPY vs ZETA in March 2024")        # both have data: both answered
    assert [(s.action, s.params.symbol) for s in steps] == [("get_period_stats", "SPY"),
                                                            ("get_period_stats", "ZETA")]


def test_concepts_need_no_steps():
    ctx = make_ctx()
    intent = P.understand("What is RSI?", None, ctx)
    assert P.plan(intent, ctx).steps == []


def test_intraday_gets_the_days_figures_too():
    steps = _plan("NQ intraday on 2023-11-29")
    assert [s.action for s in steps] == ["get_period_stats", "get_intraday_data"]
    assert steps[1].params.start_date == steps[1].params.end_date == date(2023, 11, 29)
