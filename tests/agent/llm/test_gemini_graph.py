"""The whole graph on the Gemini provider against the stub, over the real data (both engines).

The stub's scripted answers are computed here from the CSVs in shared/data with pandas (never
hard-coded), so a passing validator means the numbers really are the data's.
"""
from __future__ import annotations

import json
from functools import lru_cache

import pandas as pd
import pytest
from langgraph.checkpoint.memory import InMemorySaver

from tests.agent.answer.statement_corpus import day_words
from tests.agent.llm.gemini_stub import (call, calling_config, dynamic, error, function_names,
                                         gemini_settings, request_text, stub, text)  # noqa: F401
from tests.conftest import DATA

pytest.importorskip("agent.llm.offline.provider")

QUESTION = "What were NQ's high, low and % change in November 2023?"
START, END, LABEL = "2023-11-20", "2023-11-30", "2023-11"


@lru_cache(maxsize=None)
def nq_reference() -> dict:
    """NQ over the November 2023 sessions (CME: 18:00-17:00 New York, dated by the close)."""
    bars = pd.read_csv(DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv", parse_dates=["timestamp"])
    bars = bars.sort_values("timestamp")
    bars["trading_date"] = (bars["timestamp"] + pd.Timedelta(hours=6)).dt.strftime("%Y-%m-%d")
    daily = bars.groupby("trading_date").agg(open=("open", "first"), high=("high", "max"),
                                             low=("low", "min"), close=("close", "last"))
    days = daily.loc[START:END]
    return {"high": float(days["high"].max()), "high_date": days["high"].idxmax(),
            "low": float(days["low"].min()), "low_date": days["low"].idxmin(),
            "pct_change": round((days["close"].iloc[-1] / days["open"].iloc[0] - 1) * 100, 2)}


def intent_args() -> dict:
    return {"type": "data", "lang": "en", "symbol": "NQ", "analysis": "stats",
            "period": {"start": START, "end": END, "label": LABEL},
            "metrics": ["high", "low", "pct_change"]}


def plan_args() -> dict:
    return {"steps": [{"action": "get_period_stats", "description": "NQ daily stats, November 2023",
                       "params": {"symbol": "NQ", "start_date": START, "end_date": END}}]}


ANSWER = ("In November 2023 NQ's high was {high} on {high.date}, its low {low} on {low.date}, "
          "and it changed {pct_change}.")


def answer_args(high_shift: float = 0.0) -> dict:
    """The analyst's slot text; with a shift, a made-up high written as digits (a lie)."""
    if not high_shift:
        return {"response": ANSWER}
    return {"response": ANSWER.replace("{high}", f"{nq_reference()['high'] + high_shift:.2f}")}


def shown(ref: dict) -> str:
    """ANSWER as code renders it in English (independent of agent/answer/render.py)."""
    return (f"In November 2023 NQ's high was {ref['high']:,.2f} on {day_words(ref['high_date'], 'en')}, its "
            f"low {ref['low']:,.2f} on {day_words(ref['low_date'], 'en')}, and it changed {ref['pct_change']:+.2f}%.")


@pytest.fixture
def gemini_session(loaded_store, stub, tmp_path):
    from agent.deps import build_deps
    from agent.service import Session

    deps = build_deps(gemini_settings(stub, tmp_path, gemini_timeout_s=3.0), store=loaded_store)
    assert deps.provider.name == "gemini"
    return Session(deps, InMemorySaver())


def _usage(session, result) -> dict:
    """The result's usage, folded in by the graph per request (nothing left on the provider)."""
    assert session.deps.provider.take_usage() == []
    return result.usage


def _claims(result) -> dict:
    return {c["type"]: (c["value"], c.get("date")) for c in result.claims}


def test_full_question_through_every_node(gemini_session, stub):
    ref = nq_reference()
    stub.add(call("parse_intent", intent_args(), usage=(900, 80)),
             call("submit_plan", plan_args(), usage=(1200, 60)),
             call("submit_answer", answer_args(), usage=(3000, 150)))
    result = gemini_session.ask(QUESTION)
    assert result.status == "answered", result.response
    assert result.validation.get("status") == "ok"
    # the reading (code's, agent/nlu/stated.py) first, then the model's answer
    assert result.reading == "Answered: NQ, November 2023."
    assert result.response.startswith(f"{result.reading}\n\n{shown(ref)}")
    assert _claims(result)["high"] == (ref["high"], ref["high_date"])
    assert _claims(result)["low"] == (ref["low"], ref["low_date"])
    assert result.intent["symbol"] == "NQ" and result.plan["steps"][0]["action"] == "get_period_stats"
    reqs = stub.generate_requests()
    assert [function_names(r)[-1] for r in reqs] == ["parse_intent", "submit_plan", "submit_answer"]
    assert all(calling_config(r)["mode"] == "ANY" for r in reqs) and stub.remaining == 0
    assert all(r["headers"]["x-goog-api-key"] for r in reqs)
    assert f"<untrusted_user_question>\n{QUESTION}" in request_text(reqs[0])
    # the analyst saw the real summary, as the slots it may write (each figure once, issue 30)
    assert f"{{high}} = {ref['high']:,.2f}" in request_text(reqs[2])
    usage = _usage(gemini_session, result)
    assert usage["llm_calls"] == 3 and usage["input_tokens"] == 5100 and usage["cost_usd"] > 0
    assert set(usage["by_agent"]) == {"understander", "planner", "analyst"}


def test_wrong_number_is_caught_and_rewritten_with_feedback(gemini_session, stub):
    ref = nq_reference()
    wrong = answer_args(high_shift=100.0)
    stub.add(call("parse_intent", intent_args()), call("submit_plan", plan_args()),
             call("submit_answer", wrong), call("submit_answer", answer_args()))
    result = gemini_session.ask(QUESTION)
    assert result.status == "answered" and result.validation.get("status") == "ok"
    assert _claims(result)["high"] == (ref["high"], ref["high_date"])
    first, rewrite = stub.generate_requests()[2:]
    assert "untrusted_validator_feedback" not in request_text(first)
    feedback = request_text(rewrite)
    assert "<untrusted_validator_feedback>" in feedback
    assert f"{ref['high'] + 100:.2f}" in feedback and "{high}" in feedback
    assert stub.remaining == 0


def test_wrong_numbers_every_time_end_in_a_verified_code_summary(gemini_session, stub):
    stub.add(call("parse_intent", intent_args()), call("submit_plan", plan_args()),
             *[call("submit_answer", answer_args(high_shift=50.0)) for _ in range(3)])
    result = gemini_session.ask(QUESTION)
    assert result.status == "answered"
    wrong = f"{nq_reference()['high'] + 50:.2f}"
    assert wrong not in result.response  # the unverified number never reaches the user
    assert all(c["value"] != nq_reference()["high"] + 50 for c in result.claims)


def test_analyst_503_gives_the_code_summary(gemini_session, stub):
    ref = nq_reference()
    stub.add(call("parse_intent", intent_args()), call("submit_plan", plan_args()),
             error(503))
    result = gemini_session.ask(QUESTION)
    assert result.status == "answered" and result.response.strip()
    assert "Traceback" not in result.response and "503" not in result.response
    assert len(stub.generate_requests()) == 3  # 503 is not retried
    highs = [c for c in result.claims if c["type"] == "high"]
    assert highs and highs[0]["value"] == pytest.approx(ref["high"])
    assert result.validation.get("status") == "ok"


def test_gemini_down_everywhere_still_answers(gemini_session, stub):
    stub.add(*[error(503) for _ in range(10)])
    result = gemini_session.ask("NQ high in November 2023", now="2024-06-01")
    assert result.status == "answered", result.response
    assert "Traceback" not in result.response
    assert any(c["type"] == "high" and c["value"] == pytest.approx(nq_reference()["high"])
               for c in result.claims)


def test_timeouts_are_not_retried_and_the_graph_falls_back(gemini_session, stub):
    from tests.agent.llm.gemini_stub import delayed

    stub.add(delayed(4.0, call("parse_intent", intent_args())), call("submit_plan", plan_args()), call("submit_answer", answer_args()))
    result = gemini_session.ask(QUESTION, now="2024-06-01")
    assert result.status == "answered"
    assert "The intent to plan for" in stub.generate_requests()[1]["body"]["contents"][0]["parts"][0]["text"]
    # the parser read the whole question and the answer lacks nothing: no fault line (issue 30;
    # tests/agent/llm/test_gemini_fault_lines.py has the cases where something is missing)
    assert result.validation["status"] == "ok"
    assert "responding slowly" not in result.response and "built-in parser" not in result.response


def test_concept_question_uses_the_educator_model(gemini_session, stub):
    stub.add(call("parse_intent", {"type": "concept", "lang": "es", "concept": "rsi"}),
             text("El RSI es un oscilador de impulso."))
    result = gemini_session.ask("¿Qué es el RSI?")
    assert result.status == "answered"
    assert "El RSI es un oscilador de impulso." in result.response
    edu = stub.generate_requests()[1]
    assert edu["model"] == gemini_session.deps.settings.gemini_model_educator
    assert "tools" not in edu["body"]


def test_malformed_plan_args_repaired_once_in_the_graph(gemini_session, stub):
    bad = {"steps": [{"action": "get_period_stats", "params": {"start_date": START}}]}
    stub.add(call("parse_intent", intent_args()), call("submit_plan", bad),
             call("submit_plan", plan_args()), call("submit_answer", answer_args()))
    result = gemini_session.ask(QUESTION)
    assert result.status == "answered" and result.validation.get("status") == "ok"
    repair = stub.generate_requests()[2]
    assert "steps.0.params.symbol" in json.dumps(repair["body"])


@pytest.mark.parametrize("lang,question,parser_line", [
    ("en", "NQ high in November 2023",
     "The language model is not configured correctly. The question was read by the built-in parser."),
    ("ru", "Максимум NQ в ноябре 2023",
     "Языковая модель настроена неверно. Вопрос разобран встроенным парсером."),
    ("es", "Máximo de NQ en noviembre de 2023",
     "El modelo de lenguaje no está bien configurado. La pregunta la interpretó el analizador integrado."),
])
def test_a_404_model_falls_back_and_says_so_in_one_line(gemini_session, stub, lang, question, parser_line):
    from agent.messages import msg

    stub.add(error(404, "models/gemini-x is not found"), error(404, "models/gemini-x is not found"),
             error(404, "models/gemini-x is not found"))
    result = gemini_session.ask(question, now="2024-06-01")
    assert result.status == "answered", result.response
    # parser and code plan gave the whole reading and plan; what the answer lacks is the analysis:
    # one line says so (issue 30), not one per failed call
    assert msg("auto_summary", lang) in result.response.splitlines()
    assert parser_line not in result.response and "A simple built-in plan was used." not in result.response
    assert "404" not in result.response and "Traceback" not in result.response
    assert any(c["type"] == "high" and c["value"] == pytest.approx(nq_reference()["high"])
               for c in result.claims)


def test_a_simple_question_is_three_calls(gemini_session, stub):
    stub.add(call("parse_intent", intent_args()), call("submit_plan", plan_args()),
             call("submit_answer", answer_args()))
    result = gemini_session.ask(QUESTION)
    assert result.status == "answered" and result.usage["llm_calls"] == 3
    assert [r["model"] for r in stub.generate_requests()] == [
        gemini_session.deps.settings.gemini_model_understander,
        gemini_session.deps.settings.gemini_model_planner,
        gemini_session.deps.settings.gemini_model_analyst]


def test_a_failed_planner_call_is_not_made_twice(gemini_session, stub):
    # issue 30: with the API down the planner was called twice (the tool-offering call, then the
    # plain one: 6 requests on 429); the seed's error table answers with the code plan instead
    from tests.agent.llm.gemini_stub import function_names

    stub.add(*[error(429) for _ in range(40)])
    result = gemini_session.ask("NQ high in November 2023", now="2024-06-01")
    assert result.status == "answered", result.response
    planner = [r for r in stub.generate_requests() if "submit_plan" in function_names(r)]
    retries = gemini_session.deps.settings.gemini_retries
    assert len(planner) == 1 + retries, len(planner)   # one call, its 429 retries, no second call
    assert any(c["type"] == "high" and c["value"] == pytest.approx(nq_reference()["high"])
               for c in result.claims)


def _scripted_turn(request: dict):
    """The stub's answer for any request of a turn: by the function the request forces."""
    names = calling_config(request).get("allowedFunctionNames") or function_names(request)
    if "parse_intent" in names:
        return call("parse_intent", intent_args())
    if "submit_plan" in names:
        return call("submit_plan", plan_args())
    if "submit_answer" in names:
        return call("submit_answer", {"response": " ".join([ANSWER] * 40)})   # a long answer
    return text("Earlier turns: NQ statistics for November 2023.")


def _request_tokens(request: dict) -> int:
    from agent.llm import tokens

    body = request["body"]
    return tokens.count(json.dumps(body.get("systemInstruction") or {}, ensure_ascii=False)) + \
        tokens.count(json.dumps(body.get("contents") or [], ensure_ascii=False)) + \
        tokens.count(json.dumps(body.get("tools") or [], ensure_ascii=False))


def test_a_long_thread_never_sends_the_understander_more_than_the_budget(gemini_session, stub):
    # issue 30: turn 6 of a long thread sent the understander ~11,300 tokens (seed 002: 6,000)
    from agent.llm import tokens

    stub.add(*[dynamic(_scripted_turn) for _ in range(400)])
    thread = "long-thread"
    for _ in range(12):
        result = gemini_session.ask(QUESTION, thread_id=thread, now="2024-06-01")
        assert result.status == "answered", result.response
    understander = [r for r in stub.generate_requests() if "parse_intent" in function_names(r)]
    assert len(understander) == 12
    sizes = [_request_tokens(r) for r in understander]
    assert max(sizes) <= tokens.CONTEXT_TOKENS, sizes
    last = request_text(understander[-1])
    assert "In November 2023 NQ's high was" in last          # the history is there, clipped
