"""Clarify node: asks the user what the understander could not tell (interrupt), and routes back.

It only asks: no LLM call here, so LangGraph re-running it on resume repeats nothing costly and
the understander parses the original question completed by the answer exactly once.
"""
from __future__ import annotations

from langgraph.types import interrupt

from agent.messages import msg
from agent.state import ClarificationInterrupt
from agents.common import lang_of, visited
from agents.node_state import ClarifyIn, ClarifyOut


def clarify(state: ClarifyIn) -> ClarifyOut:
    intent = state.get("intent") or {}
    answer = interrupt(ClarificationInterrupt(
        message=msg("clarify", lang_of(state)), questions=state.get("clarifying_questions") or [],
        suggestions=intent.get("suggestions") or []).model_dump())
    return {**visited(state, "clarify"), "clarify_answer": str(answer),
            "clarifications": (state.get("clarifications") or 0) + 1}
