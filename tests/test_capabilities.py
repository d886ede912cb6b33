"""capabilities.py, the plan models and the builder tables are generated from the declarations
(query_builder/declarations.py): every declared action, indicator, pattern and claim type exists in
each of them and runs."""
from __future__ import annotations

import pytest

import capabilities as cap
from agent.nlu import metrics as offline_metrics
from agent.state import CLAIM_TYPES, Claim
from query_builder import build, declare
from query_builder.actions import BUILDERS
from query_builder.models import ACTIONS, Step, StepParams
from query_builder.post import POST_PROCESSORS

ACTION_DECLS = list(declare.actions().values())
INDICATOR_DECLS = list(declare.indicators().values())
PATTERN_DECLS = list(declare.patterns().values())


def test_generated_tables_list_the_declarations():
    assert set(cap.ACTIONS) == set(BUILDERS) == set(ACTIONS) == set(declare.names("action"))
    assert set(cap.INDICATORS) == set(declare.names("indicator"))
    assert set(cap.PATTERNS) == set(declare.names("pattern"))
    assert set(cap.CLAIM_TYPES) == set(CLAIM_TYPES) == set(declare.names("claim"))
    assert set(POST_PROCESSORS) == {n for d in ACTION_DECLS for n in d.post}


@pytest.mark.parametrize("decl", ACTION_DECLS, ids=lambda d: d.name)
def test_action_declaration_builds_and_names_its_post_processor(decl):
    built = build(Step(action=decl.name, params={"symbol": "X", **decl.sample}), "duckdb")
    assert built.post in decl.post, decl.name
    fields = set(StepParams.model_fields)
    for p in decl.params:  # every declared parameter is a field of the plan step
        assert p.rstrip("?").split("{")[0].split("[")[0] in fields, (decl.name, p)
    assert cap.check_capability(decl.name) and decl.name in cap.describe("en")
    if decl.needs:
        assert decl.alternative and cap.check_capability(decl.alternative)
        assert decl.name in cap.unavailable_for_symbol(daily_only=True)


@pytest.mark.parametrize("decl", INDICATOR_DECLS + PATTERN_DECLS, ids=lambda d: d.name)
def test_indicator_and_pattern_declarations(decl):
    assert cap.check_capability(decl.name)
    for lang in ("en", "ru", "es"):
        assert decl.name in cap.describe(lang)
    if decl.needs:
        assert cap.alternative_for(decl.name, daily_only=True) == decl.alternative
        assert "daily bars only" in cap.degrade(decl.name, "en")


def test_plan_models_reject_undeclared_names():
    with pytest.raises(ValueError, match="unknown action"):
        Step(action="get_fundamentals", params={"symbol": "X"})
    with pytest.raises(ValueError, match="unknown indicator"):
        StepParams(symbol="X", indicator="stochastic")
    with pytest.raises(ValueError, match="unknown claim"):
        Claim(type="pe_ratio", value=1.0)


def test_claim_declarations_name_the_action_that_produces_them():
    for ctype, (action, where) in cap.CLAIM_TYPES.items():
        assert action in BUILDERS and where.split(".")[0] in ("summary", "rows"), ctype
        assert ctype in declare.actions()[action].claims, ctype


def test_offline_unsupported_names_are_in_the_registry():
    """The offline parser's unsupported names are keys of NOT_AVAILABLE (one vocabulary)."""
    for name, _pattern in offline_metrics._UNSUPPORTED:
        assert name in cap.NOT_AVAILABLE, name


CLAIM_STEPS = {
    "get_period_stats": {"symbol": "SPY", "start_date": "2024-03-01", "end_date": "2024-03-31"},
    "find_events": [{"symbol": "SPX", "start_date": "2008-01-01", "end_date": "2008-12-31",
                     "condition": {"op": "lt", "threshold": -3}},
                    {"symbol": "SPX", "start_date": "2008-01-01", "end_date": "2008-12-31",
                     "condition": {"metric": "gap_pct", "op": "lt", "threshold": -1}},
                    {"symbol": "SPX", "start_date": "2008-01-01", "end_date": "2008-12-31",
                     "condition": {"metric": "range_pct", "op": "gt", "threshold": 3}}],
    "get_periods_after": {"symbol": "SPX", "start_date": "2008-01-01", "end_date": "2008-12-31",
                          "condition": {"op": "lt", "threshold": -3}, "horizon_days": 5},
    "get_indicator": [{"symbol": "SPX", "indicator": name, "start_date": "2019-12-01", "end_date": "2019-12-31"}
                      for name in ("rsi", "macd", "bollinger", "adx")],
    "aggregate_patterns": [{"symbol": "SPX", "pattern": "volume_spikes", "start_date": "2020-01-01",
                            "end_date": "2020-12-31"},
                           {"symbol": "SPY", "pattern": "hourly_profile", "start_date": "2024-03-01",
                            "end_date": "2024-03-31"},
                           {"symbol": "SPY", "pattern": "gaps", "start_date": "2024-03-01", "end_date": "2024-03-31"},
                           {"symbol": "SPY", "pattern": "price_levels", "start_date": "2024-03-01",
                            "end_date": "2024-03-31"}],
    "get_volume_profile": {"symbol": "NQ", "start_date": "2023-11-01", "end_date": "2023-11-30"},
    "run_backtest": {"symbol": "SPX", "start_date": "2008-01-01", "end_date": "2008-12-31",
                     "rule": {"entry": {"kind": "move", "direction": "down", "threshold": 3}, "exit": {"sessions": 5}}},
}


def test_every_claim_type_is_produced(loaded_store):
    from query_builder import run_step
    from query_builder.models import Step
    results = {a: [run_step(loaded_store, Step(action=a, params=p)) for p in (ps if isinstance(ps, list) else [ps])]
               for a, ps in CLAIM_STEPS.items()}
    for ctype, (action, where) in cap.CLAIM_TYPES.items():
        part, key = where.split(".")
        values = [res.summary.get(key) if part == "summary" else res.rows[0].get(key) for res in results[action]]
        assert any(isinstance(v, (int, float)) for v in values), (ctype, values)


def test_describe_in_three_languages():
    assert "Что я умею" in cap.describe("ru") and "Lo que puedo" in cap.describe("es")


@pytest.mark.parametrize("request_text,key,alternative", [
    ("P/E ratio", "fundamentals", "get_period_stats"),
    ("options implied volatility", "options", "get_period_stats"),
    ("новости по NQ", "news", "find_events"),
    ("backtest my strategy", "backtest", "get_periods_after"),
    ("should I buy NQ now?", "advice", "get_periods_after"),
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


def test_offline_parser_has_words_for_every_declared_indicator_and_pattern():
    assert offline_metrics.INDICATOR_NAMES == set(declare.names("indicator"))
    assert {n for n, _p in offline_metrics.PATTERNS} == set(declare.names("pattern"))
    for name, _pat, window in offline_metrics.INDICATORS:
        assert window == declare.indicators()[name].window, name
