"""Understander node: question + history -> Intent; asks for clarification via interrupt()."""
from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from langgraph.types import interrupt

from agent.budget import OutOfTime, run_budgeted
from agent.deps import get_deps
from agent.messages import msg
from agent.state import ClarificationInterrupt, Intent
from agents.common import fallback_disclaimers, final, log_error, partial, visited, with_usage

MAX_CLARIFICATIONS = 2
HISTORY_MESSAGES = 10  # seed 004 section 7: the last 10 messages are enough context


def _understand(state: dict, deps, question: str, history: list[dict], ctx,
                original: str | None = None, usage: list[dict] | None = None,
                failures: list[BaseException] | None = None) -> Intent:
    """Parse the question, or (after a clarification) the original question completed by it."""
    args = (original, question, history, ctx) if original else (question, history, ctx)
    method = "understand_with_answer" if original else "understand"
    try:
        return run_budgeted("understander", state, getattr(deps.provider, method), *args,
                            usage=usage)
    except OutOfTime:
        raise
    except Exception as exc:  # provider down or invalid output: the offline parser is code
        log_error(state, "understander", exc, "warning")
        if failures is not None:
            failures.append(exc)
        return getattr(deps.fallback, method)(*args)


def understander(state: dict[str, Any], config: RunnableConfig) -> dict[str, Any]:
    deps = get_deps(config)
    ctx = deps.context(state.get("now"))
    history = list(state.get("chat_history") or [])[-HISTORY_MESSAGES:]
    question, usage, failures = state["question"], [], []
    from agent.tools.graph_step import tool_turn   # catalogue tools answer their own questions

    if (answered := tool_turn(state, deps, ctx)) is not None:
        return answered
    try:
        intent = _understand(state, deps, question, history, ctx, usage=usage, failures=failures)
        asked = 0
        while intent.needs_clarification and asked < MAX_CLARIFICATIONS:
            answer = interrupt(ClarificationInterrupt(
                message=msg("clarify", intent.lang), questions=intent.clarifying_questions,
                suggestions=intent.suggestions).model_dump())
            intent = _understand(state, deps, str(answer), history, ctx, original=question,
                                 usage=usage, failures=failures)
            question = f"{question} {answer}"
            asked += 1
    except OutOfTime:
        return partial(state, "understander", deps)
    if intent.needs_clarification:
        example = intent.suggestions[0] if intent.suggestions else "NQ 2023-11"
        return {**final(state, "understander", msg("not_understood", intent.lang, example=example)),
                **with_usage(state, usage)}
    return {**visited(state, "understander"), **with_usage(state, usage),
            **fallback_disclaimers(state, "understander", failures, intent.lang),
            "intent": intent.model_dump(mode="json"),
            "needs_clarification": False, "clarifying_questions": []}
