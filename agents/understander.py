"""Understander node: question + history -> Intent. It never interrupts: a question that needs
clarification routes to the clarify node, whose answer comes back here (once per answer)."""
from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from agent.budget import OutOfTime
from agent.deps import get_deps
from agent.messages import msg
from agent.state import Intent
from agents.common import call_llm, final, partial, visited, with_usage

MAX_CLARIFICATIONS = 2
HISTORY_MESSAGES = 10  # seed 004 section 7: the last 10 messages are enough context


def understander(state: dict[str, Any], config: RunnableConfig) -> dict[str, Any]:
    deps = get_deps(config)
    ctx = deps.context(state.get("now"))
    history = list(state.get("chat_history") or [])[-HISTORY_MESSAGES:]
    question, answer, usage = state["question"], state.get("clarify_answer"), []
    # After a clarification: the original question completed by the user's answer.
    args = (question, answer, history, ctx) if answer else (question, history, ctx)
    method = "understand_with_answer" if answer else "understand"
    update: dict[str, Any] = {}
    if answer:
        update = {"question": f"{question} {answer}", "clarify_answer": None}
    try:
        intent, _ = call_llm(state, "understander", getattr(deps.provider, method),
                             lambda: getattr(deps.fallback, method)(*args), *args, usage=usage)
    except OutOfTime:
        return {**partial(state, "understander", deps), **update}
    asked = state.get("clarifications") or 0
    if intent.needs_clarification and asked >= MAX_CLARIFICATIONS:
        example = intent.suggestions[0] if intent.suggestions else "NQ 2023-11"
        return {**final(state, "understander", msg("not_understood", intent.lang, example=example)),
                **with_usage(state, usage), **update}
    return {**visited(state, "understander"), **with_usage(state, usage), **update,
            "intent": intent.model_dump(mode="json"),
            "needs_clarification": intent.needs_clarification,
            "clarifying_questions": intent.clarifying_questions if intent.needs_clarification else []}
