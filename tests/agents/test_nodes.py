"""Node-level units: the pieces of each node that decide routes and interrupts, without a graph."""
from __future__ import annotations

from datetime import date

import pytest

from agent.market.store import SymbolSummary
from agent.state import Plan
from agents import confirm_plan, executor, validator
from graph import after_validator
from query_builder.models import PeriodRange, Step, StepParams

COVERAGE = [SymbolSummary(symbol="NQ", first="2023-11-20", last="2023-12-04", bars_1min=14714,
                          bars_1d=11, timezone="America/New_York", session="cme")]


def _plan(**params) -> Plan:
    return Plan(steps=[Step(action="get_period_stats", params=StepParams(symbol="NQ", **params))])


def test_executor_no_data_outside_the_stored_range_suggests_what_exists():
    gap = executor._no_data(_plan(start_date=date(2010, 1, 1), end_date=date(2010, 12, 31)), COVERAGE, "ru")
    assert gap is not None and gap.available == {"symbol": "NQ", "first": "2023-11-20", "last": "2023-12-04"}
    assert "2023-11-20" in gap.suggestions[0] and gap.message.startswith("Данных по NQ")


def test_executor_overlapping_period_is_not_no_data():
    assert executor._no_data(_plan(start_date=date(2023, 11, 1), end_date=date(2023, 11, 30)),
                             COVERAGE, "en") is None


def test_executor_unknown_symbol_lists_available_ones():
    plan = Plan(steps=[Step(action="get_period_stats", params=StepParams(symbol="ZZZ"))])
    gap = executor._no_data(plan, COVERAGE, "en")
    assert gap is not None and "NQ" in gap.message and gap.available is None


def test_executor_checks_every_compared_period():
    plan = Plan(steps=[Step(action="compare_periods", params=StepParams(symbol="NQ", periods=[
        PeriodRange(start_date=date(2023, 11, 1), end_date=date(2023, 11, 30)),
        PeriodRange(start_date=date(2019, 1, 1), end_date=date(2019, 12, 31))]))])
    assert executor._no_data(plan, COVERAGE, "es") is not None


@pytest.mark.parametrize("answer,choice", [("execute", "execute"), ("Выполнить", "execute"),
                                           ("2", "simplify"), ("simplificar", "simplify"),
                                           ("Отмена", "cancel"), ("3", "cancel")])
def test_planner_reads_the_confirm_answer_in_any_language(answer, choice):
    assert confirm_plan.choice(answer) == choice


@pytest.mark.parametrize("state,route", [
    ({"validation": {"status": "ok"}, "intent": {"type": "data"}}, "remember"),
    ({"validation": {"status": "ok"}, "intent": {"type": "mixed"}}, "educator"),
    ({"validation": {"status": "rewrite"}, "validation_attempts": 1}, "analyst"),
    ({"validation": {"status": "rewrite"}, "validation_attempts": 2}, "analyst"),
    ({"validation": {"status": "rewrite"}, "validation_attempts": 3}, "summary_fallback"),
    ({"validation": {"status": "need_more_data"}}, "planner"),
])
def test_validator_routes(state, route):
    assert after_validator(state) == route


def test_validator_asks_for_more_data_only_once():
    state = {"question": "q", "draft": "NQ rose {NQ.pct_change}.", "replans": 0, "data": {"results": []}}
    first = validator.validator(state, {})
    assert first["validation"]["status"] == "need_more_data" and first["replans"] == 1
    out = validator.validator({**state, "replans": 1}, {})
    assert out["validation"]["status"] == "rewrite" and out["validation_attempts"] == 1


def test_validator_failure_is_skipped_with_a_disclaimer(monkeypatch):
    def boom(*a, **k):
        raise RuntimeError("validator down")
    monkeypatch.setattr(validator, "validate", boom)
    out = validator.validator({"question": "q", "draft": "x", "intent": {"lang": "es"}}, {})
    assert out["validation"]["status"] == "skipped"   # a crash is never reported as ok
    assert any("verificación" in d for d in out["disclaimers"])


def test_executor_empty_store_says_how_to_load_data():
    gap = executor._no_data(_plan(start_date=date(2023, 11, 1)), [], "en")
    assert gap is not None and "askbar demo" in gap.message and "askbar load" in gap.message
