"""Analyst node: results -> the answer text WITH SLOTS (`draft`); the validator fills the figures.

The provider (or, when it fails, the offline templates) writes words and slot names only; no text
reaches `response` before the validator passed it and code rendered every number.
"""
from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from agent import slots
from agent.budget import OutOfTime
from agent.deps import get_deps
from agent.messages import msg
from agent.state import AnalystOutput, Intent
from agents.common import call_llm, fallback_note, partial, visited, with_usage
from query_builder.models import StepResult


def results_of(state: dict) -> list[dict]:
    return (state.get("data") or {}).get("results") or []


def _models(results: list[dict]) -> list[StepResult]:
    return [StepResult.model_validate(r) for r in results]


def code_draft(deps, state: dict, results: list[dict]) -> str:
    """The seed's CODE summary: the offline templates over the same results, with slots."""
    from agent.tools.tool_drafts import with_tool_drafts

    intent = Intent.model_validate(state["intent"])
    queries = [r for r in results if r.get("action") != "tool"]   # tool results come last
    out: AnalystOutput = deps.fallback.analyze(state["question"], intent, _models(queries),
                                               intent.lang, ctx=deps.context(state.get("now")))
    return with_tool_drafts(out.response if queries else "", results, intent.lang)


def code_summary(deps, state: dict, results: list[dict]) -> dict[str, Any]:
    """The code summary rendered: {"response", "claims"} (templates write only slots that exist)."""
    lang = Intent.model_validate(state["intent"]).lang
    table = slots.build(results, state.get("intent"), state.get("question") or "")
    response, claims = slots.fill(code_draft(deps, state, results), table, lang)
    return {"response": response, "claims": claims}


def _synthetic_note(deps, results: list[dict], lang: str) -> str | None:
    synthetic = {c.symbol for c in deps.coverage() if c.synthetic}
    used = sorted({str(r.get("symbol")) for r in results} & synthetic)
    return msg("synthetic", lang, symbols=", ".join(used)) if used else None


def analyst(state: dict[str, Any], config: RunnableConfig) -> dict[str, Any]:
    from agent.memory.hooks import with_memory

    deps = get_deps(config)
    intent, results = Intent.model_validate(state["intent"]), results_of(state)
    validation = state.get("validation") or {}
    feedback = validation.get("feedback") if validation.get("status") == "rewrite" else None
    disclaimers = list(state.get("disclaimers") or [])
    note = _synthetic_note(deps, results, intent.lang)
    if note and note not in disclaimers:
        disclaimers.append(note)
    usage: list[dict] = []

    def fallback() -> AnalystOutput:   # seed error table: analyst down -> CODE summary
        return AnalystOutput(response=code_draft(deps, state, results))
    try:
        out, error = call_llm(state, "analyst", deps.provider.analyze, fallback, state["question"],
                              intent, _models(results), intent.lang, usage=usage,
                              ctx=with_memory(deps.context(state.get("now")), state, deps, config),
                              feedback=feedback)
    except OutOfTime:
        return partial(state, "analyst", deps)
    if error is not None:
        disclaimers += [n for n in (fallback_note(error, intent.lang), msg("auto_summary", intent.lang))
                        if n and n not in disclaimers]
    return {**visited(state, "analyst"), **with_usage(state, usage), "draft": out.response,
            "response": "", "claims": [], "disclaimers": disclaimers}
