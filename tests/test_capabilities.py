"""capabilities.py must describe exactly what the query builder implements."""
from __future__ import annotations

import pytest

import capabilities as cap
from agent.state import CLAIM_TYPES
from query_builder import indicators, patterns
from query_builder.actions import BUILDERS
from query_builder.models import ACTIONS, Indicator, Pattern
from query_builder.post import POST_PROCESSORS


def test_actions_match_the_builder():
    assert set(cap.ACTIONS) == set(BUILDERS) == set(ACTIONS)


def test_indicators_match_the_builder():
    assert set(cap.INDICATORS) == set(indicators.COLUMNS) == set(Indicator.__args__)
    for name, info in cap.INDICATORS.items():
        assert info["window"] == indicators.DEFAULT_WINDOW[name], name


def test_patterns_match_the_builder():
    assert set(cap.PATTERNS) == set(patterns.PATTERNS) == set(Pattern.__args__)
    for name, info in cap.PATTERNS.items():
        assert info["threshold"] == patterns.DEFAULT_THRESHOLD[name], name


def test_post_processors_exist_for_every_action():
    from query_builder import build
    from query_builder.models import Step
    assert POST_PROCESSORS  # every builder names a registered post-processor
    samples = {
        "get_period_stats": {}, "get_intraday_data": {}, "get_price_extremes": {},
        "get_volume_profile": {}, "find_events": {"top_n": 3},
        "get_periods_after": {"condition": {"op": "gt", "threshold": 1}, "horizon_days": 5},
        "compare_periods": {"periods": [{"start_date": "2020-01-01", "end_date": "2020-01-31"}]},
        "aggregate_patterns": {"pattern": "gaps"}, "get_indicator": {"indicator": "rsi"},
    }
    for action in cap.ACTIONS:
        built = build(Step(action=action, params={"symbol": "X", **samples[action]}), "duckdb")
        assert built.post in POST_PROCESSORS, action


def test_claim_types_match_the_state_contract():
    assert set(cap.CLAIM_TYPES) == set(CLAIM_TYPES)
    for ctype, (action, where) in cap.CLAIM_TYPES.items():
        assert action in BUILDERS and where.split(".")[0] in ("summary", "rows"), ctype


CLAIM_STEPS = {
    "get_period_stats": {"symbol": "SPY", "start_date": "2024-03-01", "end_date": "2024-03-31"},
    "find_events": {"symbol": "SPX", "start_date": "2008-01-01", "end_date": "2008-12-31",
                    "condition": {"op": "lt", "threshold": -3}},
    "get_periods_after": {"symbol": "SPX", "start_date": "2008-01-01", "end_date": "2008-12-31",
                          "condition": {"op": "lt", "threshold": -3}, "horizon_days": 5},
    "get_indicator": {"symbol": "SPX", "indicator": "rsi", "start_date": "2019-12-01",
                      "end_date": "2019-12-31"},
}


def test_every_claim_type_is_produced(loaded_store):
    from query_builder import run_step
    from query_builder.models import Step
    results = {a: run_step(loaded_store, Step(action=a, params=p)) for a, p in CLAIM_STEPS.items()}
    for ctype, (action, where) in cap.CLAIM_TYPES.items():
        part, key = where.split(".")
        res = results[action]
        value = res.summary.get(key) if part == "summary" else res.rows[0].get(key)
        assert isinstance(value, (int, float)), (ctype, value)


def test_describe_in_three_languages():
    for lang in ("en", "ru", "es"):
        text = cap.describe(lang)
        for name in [*cap.ACTIONS, *cap.INDICATORS, *cap.PATTERNS]:
            assert name in text, (lang, name)
    assert "Что я умею" in cap.describe("ru") and "Lo que puedo" in cap.describe("es")


@pytest.mark.parametrize("request_text,key,alternative", [
    ("P/E ratio", "fundamentals", "get_period_stats"),
    ("options implied volatility", "options", "get_period_stats"),
    ("новости по NQ", "news", "find_events"),
    ("backtest my strategy", "backtesting", "get_periods_after"),
    ("correlación entre SPY y NQ", "correlation", "compare_periods"),
    ("doji candles", "candlestick_patterns", "aggregate_patterns"),
])
def test_degradation_offers_the_closest_alternative(request_text, key, alternative):
    assert cap.find_missing(request_text) == key
    assert cap.alternative_for(request_text) == alternative
    assert cap.alternative_for(key) in cap.ACTIONS or cap.alternative_for(key) in cap.INDICATORS
    for lang in ("en", "ru", "es"):
        assert len(cap.degrade(request_text, lang)) > 40


def test_daily_only_limits_and_checks():
    assert cap.check_capability("rsi") and cap.check_capability("find_events")
    assert not cap.check_capability("fundamentals")
    assert cap.alternative_for("vwap", daily_only=True) == "sma"
    assert "vwap" in cap.unavailable_for_symbol(daily_only=True)
    assert cap.unavailable_for_symbol(daily_only=False) == []
    assert "daily bars only" in cap.degrade("vwap", "en")
    assert cap.find_missing("what did the market do?") is None
    for alt in {info["alternative"] for info in cap.NOT_AVAILABLE.values()}:
        assert alt in cap.ACTIONS or alt in cap.INDICATORS
