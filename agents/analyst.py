"""Analyst node: results -> the answer text WITH SLOTS (`draft`); the validator fills the figures.

The provider (or, when it fails, the offline templates) writes words and slot names only; no text
reaches `response` before the validator passed it and code rendered every number.
"""
from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from agent.budget import OutOfTime
from agent.deps import Deps
from agent.messages import msg
from agent.state import AnalystOutput, Intent
from agents.code_summary import code_draft, results_of, step_models
from agents.common import call_llm, partial, plain, visited, with_usage
from agents.node_state import AnalystIn, AnalystOut


def _synthetic_note(deps: Deps, results: list[dict[str, Any]], lang: str) -> str | None:
    synthetic = {c.symbol for c in deps.coverage() if c.synthetic}
    used = sorted({str(r.get("symbol")) for r in results} & synthetic)
    return msg("synthetic", lang, symbols=", ".join(used)) if used else None


def _slow_line(error: BaseException, lang: str) -> str | None:
    """The seed's "the service is responding slowly" when the model timed out (its own timeout or
    the analyst's time budget), else None: other failures keep the one code-summary line."""
    from agent.budget import AgentTimeout
    from agent.llm.errors import USER_MESSAGES, LLMTimeout

    if isinstance(error, (LLMTimeout, AgentTimeout)):
        return USER_MESSAGES["timeout"].get(lang) or USER_MESSAGES["timeout"]["en"]
    return None


def analyst(state: AnalystIn, config: RunnableConfig, runtime: Runtime[Deps]) -> AnalystOut:
    from agent.memory.hooks import with_memory

    deps = runtime.context
    intent, results = Intent.model_validate(state["intent"]), results_of(state)
    validation = state.get("validation") or {}
    feedback = validation.get("feedback") if validation.get("status") == "rewrite" else None
    disclaimers = list(state.get("disclaimers") or [])
    note = _synthetic_note(deps, results, intent.lang)
    if note and note not in disclaimers:
        disclaimers.append(note)
    usage: list[dict[str, Any]] = []

    def fallback() -> AnalystOutput:   # seed error table: analyst down -> CODE summary
        return AnalystOutput(response=code_draft(deps, state, results))
    try:
        out, error = call_llm(state, "analyst", deps.provider.analyze, fallback, state["question"],
                              intent, step_models(results), intent.lang, usage=usage,
                              ctx=with_memory(deps.context(state.get("now")), plain(state), deps, config),
                              feedback=feedback)
    except OutOfTime:
        return {**partial(state, "analyst", deps)}
    if error is not None:   # one line saying what the answer lacks: the analysis
        slow = _slow_line(error, intent.lang)    # seed error table: a timeout says the service is slow
        line = msg("auto_summary", intent.lang)
        disclaimers += [x for x in (slow, line) if x and x not in disclaimers]
    return {**visited(state, "analyst"), **with_usage(state, usage), "draft": out.response,
            "response": "", "claims": [], "disclaimers": disclaimers}
