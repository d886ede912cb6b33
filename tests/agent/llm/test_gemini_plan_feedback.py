"""Issue 9 on the Gemini provider against the stub: the planner's retry carries the problems code
found in the first plan, wrapped as untrusted data; a retry the API fails gives the code plan, and
no fault line when that plan covers the question (issue 30: a line only when the answer lacks
something)."""
from __future__ import annotations

import pytest

from tests.agent.llm.gemini_stub import call, error, request_text, stub  # noqa: F401
from tests.agent.llm.test_gemini_graph import (  # noqa: F401
    QUESTION,
    answer_args,
    gemini_session,
    intent_args,
    nq_reference,
    plan_args,
)


def _wrong_plan() -> dict:
    args = plan_args()
    args["steps"][0]["params"]["symbol"] = "SPY"
    return args


def test_the_retry_prompt_names_the_problems_as_untrusted_data(gemini_session, stub):
    stub.add(call("parse_intent", intent_args()), call("submit_plan", _wrong_plan()),
             call("submit_plan", plan_args()), call("submit_answer", answer_args()))
    result = gemini_session.ask(QUESTION)
    assert result.status == "answered", result.response
    first, retry = [request_text(r) for r in stub.generate_requests()[1:3]]
    assert "untrusted_plan_problems" not in first
    block = retry.split("<untrusted_plan_problems>\n", 1)[1].split("\n</untrusted_plan_problems>", 1)[0]
    assert block == "- step 1: symbol SPY is not one the question names"
    assert [s["params"]["symbol"] for s in result.plan["steps"]] == ["NQ"]
    assert "built-in plan" not in result.response and stub.remaining == 0


def test_a_retry_the_api_fails_gives_the_code_plan_which_covers_the_question(gemini_session, stub):
    stub.add(call("parse_intent", intent_args()), call("submit_plan", _wrong_plan()), error(503),
             call("submit_answer", answer_args()))
    result = gemini_session.ask(QUESTION)
    assert result.status == "answered", result.response
    assert [s["params"]["symbol"] for s in result.plan["steps"]] == ["NQ"]
    assert "built-in plan" not in result.response and "unavailable" not in result.response
    high = next(c["value"] for c in result.claims if c["type"] == "high")
    assert high == pytest.approx(nq_reference()["high"])
