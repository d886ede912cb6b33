"""need_more_data replan with the user's tools offered: the validator's feedback (the answer named
a symbol the plan never fetched) reaches the planner call that offers the tools, wrapped as
untrusted data; the first planner call carries none. Against the Gemini stub over the real data on
both engines (only the LLM is fake); the figures are recomputed from the CSV with pandas."""
from __future__ import annotations

import uuid

from agent.identity.models import User
from tests.agent.llm.gemini_stub import (call, function_names, request_text,  # noqa: F401
                                         stub)
from tests.agent.llm.test_gemini_graph import (QUESTION, answer_args, intent_args, nq_reference,
                                               plan_args, shown)
from tests.agent.tools.test_gemini_tools import session_for  # noqa: F401

TAG = "untrusted_plan_problems"


def _user() -> User:
    uid = "u" + uuid.uuid4().hex[:8]
    return User(user_id=uid, tenant_id="t" + uuid.uuid4().hex[:8], name=uid, plan="free",
                language="en")


def _problems(req: dict) -> str:
    return request_text(req).split(f"<{TAG}>\n", 1)[1].split(f"\n</{TAG}>", 1)[0]


# Naming the price makes get_price relevant: the planner is offered it (issue 30).
ASKED = QUESTION + " And SPY's price right now?"


def test_need_more_data_feedback_reaches_the_planner_call_that_offers_tools(session_for, stub):
    ref = nq_reference()
    unfetched = {"response": "NQ's high was {high} while ES reached {ES.high}."}
    stub.add(call("parse_intent", intent_args()), call("submit_plan", plan_args()),
             call("submit_answer", unfetched),
             call("submit_plan", plan_args()), call("submit_answer", answer_args()))
    result = session_for(_user()).ask(ASKED, thread_id=uuid.uuid4().hex)
    reqs = stub.generate_requests()
    assert stub.remaining == 0 and len(reqs) == 5
    first, replan = reqs[1], reqs[3]
    for planner in (first, replan):       # both planner calls offered the user's tools
        names = function_names(planner)
        assert names[-1] == "submit_plan" and "get_price" in names
    assert f"<{TAG}>" not in request_text(first)
    assert "Fetch data for: ES" in _problems(replan)
    assert "ES.high" not in request_text(first)
    assert result.status == "answered" and result.validation["status"] == "ok"
    # the stated reading (code's first line) is its own paragraph before the analyst's text
    assert result.reading and result.response.startswith(f"{result.reading}\n\n{shown(ref)}")


def test_a_replan_that_fails_its_check_keeps_the_feedback_on_the_retry(session_for, stub):
    """The replan's plan fetches a symbol the question does not name: the plain retry carries
    the plan problem AND the validator's feedback."""
    wrong = plan_args()
    wrong["steps"][0]["params"]["symbol"] = "SPY"
    stub.add(call("parse_intent", intent_args()), call("submit_plan", plan_args()),
             call("submit_answer", {"response": "ES reached {ES.high}."}),
             call("submit_plan", wrong), call("submit_plan", plan_args()),
             call("submit_answer", answer_args()))
    result = session_for(_user()).ask(QUESTION, thread_id=uuid.uuid4().hex)
    reqs = stub.generate_requests()
    assert stub.remaining == 0 and len(reqs) == 6
    retry = _problems(reqs[4])
    assert "Fetch data for: ES" in retry and "symbol SPY is not one the question names" in retry
    assert result.status == "answered" and result.reading
    assert result.response.startswith(f"{result.reading}\n\n{shown(nq_reference())}")
