"""Small helpers every node shares: agent bookkeeping, logging with request id, final answers."""
from __future__ import annotations

from typing import Any

from agent.llm.calls import (
    UNEXPECTED,
    call_llm,
    fallback_disclaimers,
    fallback_note,
    log,
    log_error,
    unexpected,
    with_usage,
)
from agent.messages import msg
from agent.state import final, lang_of, visited

# the nodes' helpers, re-exported
__all__ = ["UNEXPECTED", "call_llm", "fallback_disclaimers", "fallback_note", "log", "log_error", "unexpected",
           "with_usage", "final", "lang_of", "visited", "partial"]


def partial(state: dict[str, Any], agent: str, deps: Any) -> dict[str, Any]:
    """Out of time: a code summary of whatever data exists, else an honest message."""
    lang = lang_of(state)
    results = (state.get("data") or {}).get("results") or []
    if results:
        from agents.code_summary import code_summary

        out = code_summary(deps, state, results)
        return final(state, agent, out["response"], claims=out["claims"],
                     disclaimer=msg("timeout_partial", lang))
    return final(state, agent, msg("timeout_nothing", lang), disclaimer=msg("timeout_partial", lang))
