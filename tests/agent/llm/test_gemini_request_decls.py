"""Each Gemini request is offered the part of its declarations the question can use
(agent/llm/request_decls.py): the simple question stays under 6,000 input tokens counted as
benchmarks/gemini_cost.py counts them (the recording stub, cl100k_base; a token count, not a
timing), and a question needing a rarer action (a backtest, price levels, an intraday window) still
gets the declaration it needs and is answered. The "model" is the benchmark's: the offline
provider's result for the same request."""
from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.llm.request_decls import plan_declaration, wants_rule
from agent.state import Plan
from tests.agent.llm.gemini_stub import GeminiStub, calling_config, dynamic

ROOT = Path(__file__).resolve().parents[3]
BUDGET = 6000


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location("gemini_cost", ROOT / "benchmarks" / "gemini_cost.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench() -> Any:
    return _bench()


@pytest.fixture
def recorded(loaded_store, tmp_path, bench):
    from agent.deps import build_deps
    from agent.service import Session
    from agent.settings import Settings

    stub = GeminiStub(realistic=True).start()
    try:
        settings = Settings(home=tmp_path, llm="gemini", gemini_api_key="test", gemini_base_url=stub.url,
                            gemini_timeout_s=10.0)
        deps = build_deps(settings, store=loaded_store)
        stub.add(*[dynamic(bench.OfflineModel(deps)) for _ in range(40)])
        yield Session(deps, InMemorySaver()), stub
    finally:
        stub.stop()


def _ask(bench: Any, recorded: Any, question: str) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """(the benchmark's record of the question, the declaration each function was offered)."""
    session, stub = recorded
    first = len(stub.requests)
    row = bench.ask(session, stub, question, [])
    offered = {d["name"]: d for r in stub.requests[first:] if r["method"] == "generateContent"
               for t in r["body"].get("tools") or [] for d in t["functionDeclarations"]
               if d["name"] in (calling_config(r).get("allowedFunctionNames") or [])}
    return row, offered


def _plan_actions(decl: dict[str, Any]) -> list[str]:
    return decl["parameters"]["properties"]["steps"]["items"]["properties"]["action"]["enum"]


def _plan_params(decl: dict[str, Any]) -> set[str]:
    return set(decl["parameters"]["properties"]["steps"]["items"]["properties"]["params"]["properties"])


@pytest.mark.parametrize("question", ["What were NQ's high, low and close in November 2023?",
                                      "Какой был максимум SPY в апреле 2024?"])
def test_simple_question_under_6000_input_tokens(bench, recorded, question):
    row, offered = _ask(bench, recorded, question)
    assert (row["status"], row["validation"]) == ("answered", "ok"), row
    assert row["functions"] == ["parse_intent", "submit_plan", "submit_answer"]
    assert row["input_tokens"] < BUDGET, row["per_call"]
    # what it was offered: the stats action and its parameters, no backtest rule anywhere
    assert _plan_actions(offered["submit_plan"]) == ["get_period_stats"]
    assert "rule" not in _plan_params(offered["submit_plan"]) and "start_date" in _plan_params(offered["submit_plan"])
    assert "rule" not in offered["parse_intent"]["parameters"]["properties"]


def test_backtest_gets_the_rule_and_its_action(bench, recorded):
    row, offered = _ask(bench, recorded, "Backtest: buy SPX at the close when it falls 3% in a day, "
                                         "sell 5 sessions later, 2015 to 2020")
    assert (row["status"], row["validation"]) == ("answered", "ok"), row
    assert "rule" in offered["parse_intent"]["parameters"]["properties"]
    assert "run_backtest" in _plan_actions(offered["submit_plan"]) and "rule" in _plan_params(offered["submit_plan"])


def test_price_levels_get_the_pattern_action(bench, recorded):
    row, offered = _ask(bench, recorded, "Support and resistance levels for SPY in March 2024")
    assert (row["status"], row["validation"]) == ("answered", "ok"), row
    assert "aggregate_patterns" in _plan_actions(offered["submit_plan"])
    assert {"pattern", "threshold"} <= _plan_params(offered["submit_plan"])
    assert "price_levels" in offered["submit_plan"]["parameters"]["properties"]["steps"]["items"][
        "properties"]["params"]["properties"]["pattern"]["enum"]


def test_intraday_window_gets_the_times(bench, recorded):
    row, offered = _ask(bench, recorded, "How did SPY trade on 2024-03-15 between 10:00 and 12:00?")
    assert (row["status"], row["validation"]) == ("answered", "ok"), row
    assert "get_intraday_data" in _plan_actions(offered["submit_plan"])
    assert {"start_time", "end_time"} <= _plan_params(offered["submit_plan"])
    assert row["input_tokens"] < 7000, row["per_call"]


def test_the_plan_is_checked_against_every_action():
    # a smaller declaration narrows the offer, never the check: a plan naming an action the request
    # was not offered still validates as before (the planner's code checks decide on it)
    offered = plan_declaration({"get_period_stats"}).model_dump(mode="json", exclude_none=True)
    assert _plan_actions(offered) == ["get_period_stats"]
    plan = Plan.model_validate({"steps": [{"action": "aggregate_patterns", "params": {
        "symbol": "SPY", "pattern": "price_levels", "start_date": "2024-03-01", "end_date": "2024-03-31"}}]})
    assert plan.steps[0].action == "aggregate_patterns"
    with pytest.raises(ValueError):
        Plan.model_validate({"steps": [{"action": "no_such_action", "params": {"symbol": "SPY"}}]})
    # the code plan cannot say: every action offered
    whole = plan_declaration(None).model_dump(mode="json", exclude_none=True)
    assert {"run_backtest", "aggregate_patterns", "get_indicator"} <= set(_plan_actions(whole))


def test_rule_offered_for_a_backtest_or_its_follow_up():
    assert not wants_rule(["What were NQ's high, low and close in November 2023?"])
    assert wants_rule(["Backtest: buy SPX at the close when it falls 3%, sell 5 sessions later"])
    assert wants_rule(["and with a 2% stop?", "Backtest: buy SPX when it falls 3%, sell 5 sessions later"])
    assert wants_rule(["2019"], {"type": "data", "analysis": "backtest"})
