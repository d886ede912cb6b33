"""The planner's request lists the actions its intent can use (a simple question stays under
6,000 input tokens: benchmarks/gemini_cost.py), its system instruction stays the same on every
call, and the plan is still free to use any declared action."""
from __future__ import annotations

from datetime import date

from agent.llm.plan_actions import usable_actions
from agent.state import Intent, Period
from tests.agent.llm.gemini_stub import call, ctx, provider_for, request_text, stub, system_text  # noqa: F401

NOV = Period(start=date(2023, 11, 20), end=date(2023, 11, 30), label="2023-11")
STATS = Intent(type="data", lang="en", symbol="NQ", analysis="stats", period=NOV)
RSI = Intent(type="data", lang="en", symbol="NQ", analysis="indicator", period=NOV, indicator="rsi",
             indicator_window=14)
PLAN = {"steps": [{"action": "get_period_stats", "description": "NQ stats",
                   "params": {"symbol": "NQ", "start_date": "2023-11-20", "end_date": "2023-11-30"}}]}


def test_stats_intent_lists_only_what_it_can_use(stub, provider_for, ctx):  # noqa: F811
    stub.add(call("submit_plan", PLAN), call("submit_plan", PLAN))
    p = provider_for()
    p.plan(STATS, ctx)
    p.plan(RSI, ctx)
    stats, rsi = stub.requests
    assert system_text(stats) == system_text(rsi)          # static: implicit caching holds
    assert "get_period_stats(" not in system_text(stats)
    text = request_text(stats)
    assert "- get_period_stats(symbol" in text
    assert "get_indicator(" not in text and "Indicators (default window)" not in text
    assert "Patterns (for aggregate_patterns)" not in text
    other = request_text(rsi)
    assert "- get_indicator(symbol" in other and "rsi(14)" in other
    # the declaration offers the same actions as the catalogue, with only their parameters
    # (agent/llm/request_decls.py); code still checks the plan against every declared action
    action = stats["body"]["tools"][0]["functionDeclarations"][0]["parameters"]["properties"]["steps"]
    assert action["items"]["properties"]["action"]["enum"] == ["get_period_stats"]
    assert "aggregate_patterns" not in str(stats["body"]["tools"]) and "rule" not in str(stats["body"]["tools"])
    assert "get_indicator" in str(rsi["body"]["tools"]) and "window" in str(rsi["body"]["tools"])


def test_usable_actions_come_from_the_code_plan(ctx):  # noqa: F811
    assert usable_actions(STATS, ctx) == {"get_period_stats"}
    assert usable_actions(RSI, ctx) == {"get_period_stats", "get_indicator"}
    assert usable_actions(Intent(type="data", lang="en"), ctx) is None     # nothing to plan: all
