"""The CODE summary: the offline templates' answer over a run's step results, with slots, filled by
code. Used when the analyst is down (analyst), when rewrites are exhausted (summary_fallback), when
the validator crashed (validator) and when the time budget ran out (agents.common.partial)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent.deps import Deps

from agent.answer import slots
from agent.state import AnalystOutput, Intent
from agents.node_state import Answer
from query_builder.models import StepResult


def results_of(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    return (state.get("data") or {}).get("results") or []


def step_models(results: list[dict[str, Any]]) -> list[StepResult]:
    return [StepResult.model_validate(r) for r in results]


def code_draft(deps: Deps, state: Mapping[str, Any], results: list[dict[str, Any]]) -> str:
    """The seed's CODE summary: the offline templates over the same results, with slots; tool
    results (last in the list) drafted by agent/tools/tool_drafts.py."""
    from agent.tools.tool_drafts import with_tool_drafts

    intent = Intent.model_validate(state["intent"])
    queries = [r for r in results if r.get("action") != "tool"]
    out: AnalystOutput = deps.fallback.analyze(state["question"], intent, step_models(queries),
                                               intent.lang, ctx=deps.context(state.get("now")))
    return with_tool_drafts(out.response if queries else "", results, intent.lang)


def code_summary(deps: Deps, state: Mapping[str, Any], results: list[dict[str, Any]]) -> Answer:
    """The code summary rendered: {"response", "claims"} (templates write only slots that exist)."""
    lang = Intent.model_validate(state["intent"]).lang
    table = slots.build(results, state.get("intent"), state.get("question") or "")
    response, claims = slots.fill(code_draft(deps, state, results), table, lang)
    return {"response": response, "claims": claims}
