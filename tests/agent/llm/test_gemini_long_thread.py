"""Issue 30 "done when": a 40-turn thread on the Gemini provider never sends more than seed 002's
6,000 tokens on any request (system instruction, memory, history, question, data and the
function declarations, counted as the recording stub counts them), and the Flash summariser is
called when turns leave the thread's window, with the code summary used when it fails.

The whole graph against the local stub; every answer the stub gives is the scripted turn of
tests/agent/llm/test_gemini_graph.py (a long answer, so the history fills up)."""
from __future__ import annotations

from agent.llm import tokens
from agent.llm.schemas import PARSE_INTENT
from tests.agent.llm.gemini_stub import (call, calling_config, dynamic, error, function_names,  # noqa: F401
                                         stub, system_text, text)
from tests.agent.llm.test_gemini_graph import (  # noqa: F401
    QUESTION,
    _scripted_turn,
    gemini_session,
)
from tests.agent.llm.token_model import prompt_tokens

TURNS = 40
SUMMARY = "Earlier turns: NQ statistics for November 2023."


def _is_summariser(request: dict) -> bool:
    return "summarize a conversation" in system_text(request)


def _turn(summariser_fails: bool):
    def answer(request: dict):
        if _is_summariser(request):
            return error(500) if summariser_fails else text(SUMMARY)
        return _scripted_turn(request)
    return answer


def _run(session, stub, thread: str, summariser_fails: bool) -> dict:
    stub.add(*[dynamic(_turn(summariser_fails)) for _ in range(TURNS * 4)])
    for i in range(TURNS):
        result = session.ask(QUESTION, thread_id=thread, now="2024-06-01")
        assert result.status == "answered", (i, result.response)
    mem = session.deps.services.memory
    mem.flush(session.deps.user)                 # the remember node's learning is queued
    return mem.conversations.get(session.deps.user, thread) or {}


def test_forty_turns_every_request_within_the_budget_and_the_summariser_used(gemini_session, stub):  # noqa: F811
    record = _run(gemini_session, stub, "forty", summariser_fails=False)
    reqs = stub.generate_requests()
    sizes = [prompt_tokens(r["body"]) for r in reqs]
    assert max(sizes) <= tokens.CONTEXT_TOKENS, max(sizes)
    understander = [r for r in reqs if PARSE_INTENT in function_names(r)]
    assert len(understander) == TURNS
    late = understander[-1]["body"]["contents"][0]["parts"][0]["text"]
    assert "Conversation history" in late and "In November 2023 NQ's high was" in late   # history sent
    summaries = [r for r in reqs if _is_summariser(r)]
    assert summaries, "the summariser was never called"
    assert record.get("summary") == SUMMARY       # its summary kept (its numbers were validated)


def test_forty_turns_with_the_summariser_down_keep_the_code_summary(gemini_session, stub):  # noqa: F811
    record = _run(gemini_session, stub, "forty-down", summariser_fails=True)
    reqs = stub.generate_requests()
    assert max(prompt_tokens(r["body"]) for r in reqs) <= tokens.CONTEXT_TOKENS
    assert any(_is_summariser(r) for r in reqs)
    summary = record.get("summary") or ""
    assert summary and summary != SUMMARY and "«" in summary, summary   # the code summary's turns
