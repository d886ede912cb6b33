"""Support and resistance on the Gemini provider (the stub; both engines): the model may name the
price_levels pattern in its intent and plan, the analyst sees the levels as slots, and the answer's
levels are claims equal to the pandas recomputation (tests/query_builder/reference.py)."""
from __future__ import annotations

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from tests.agent.llm.gemini_stub import call, gemini_settings, request_text, stub  # noqa: F401
from tests.query_builder import reference as ref

START, END = "2024-03-01", "2024-03-31"
ANSWER = ("Swing highs and lows of SPY in March 2024 form levels: resistance {res1.level}; support, nearest "
          "first, {sup1.level} and {sup2.level}.")


@pytest.fixture
def gemini_session(loaded_store, stub, tmp_path):  # noqa: F811
    from agent.deps import build_deps
    from agent.service import Session

    deps = build_deps(gemini_settings(stub, tmp_path, gemini_timeout_s=3.0), store=loaded_store)
    return Session(deps, InMemorySaver())


def test_levels_through_the_gemini_path(gemini_session, stub):  # noqa: F811
    period = {"start": START, "end": END, "label": "2024-03"}
    stub.add(call("parse_intent", {"type": "data", "lang": "en", "symbol": "SPY", "analysis": "pattern",
                                   "pattern": "price_levels", "period": period}),
             call("submit_plan", {"steps": [{"action": "aggregate_patterns", "description": "SPY levels",
                                             "params": {"symbol": "SPY", "pattern": "price_levels",
                                                        "start_date": START, "end_date": END}}]}),
             call("submit_answer", {"response": ANSWER}))
    result = gemini_session.ask("support and resistance levels for SPY in March 2024", now="2024-06-15")
    assert result.status == "answered" and result.validation.get("status") == "ok", result.response
    want = ref.price_levels("SPY", START, END)
    claims = {(c["type"], round(c["value"], 6)) for c in result.claims}
    assert claims == {("resistance_level", round(want["resistance"][0]["level"], 6)),
                      ("support_level", round(want["support"][0]["level"], 6)),
                      ("support_level", round(want["support"][1]["level"], 6))}
    analyst = request_text(stub.generate_requests()[2])
    assert "{sup1.level}" in analyst and "{res1.level}" in analyst     # the levels offered as slots
    planner = request_text(stub.generate_requests()[1])
    assert "price_levels" in planner and stub.remaining == 0
