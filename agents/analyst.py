"""Analyst node: results -> response text + the claims it states (provider), or a code summary."""
from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from agent.budget import OutOfTime, run_budgeted
from agent.deps import get_deps
from agent.messages import msg
from agent.state import AnalystOutput, Intent
from agents.common import fallback_note, log_error, partial, visited, with_usage
from query_builder.models import StepResult


def _inputs(state: dict) -> tuple[Intent, list[StepResult]]:
    intent = Intent.model_validate(state["intent"])
    results = [StepResult.model_validate(r) for r in (state.get("data") or {}).get("results") or []]
    return intent, results


def code_summary(deps, state: dict, results: list[dict]) -> dict[str, Any]:
    """Seed's CODE fallback: the offline templates over the same rows (deterministic, no LLM)."""
    intent = Intent.model_validate(state["intent"])
    models = [StepResult.model_validate(r) for r in results]
    out: AnalystOutput = deps.fallback.analyze(state["question"], intent, models, intent.lang,
                                               ctx=deps.context(state.get("now")))
    return {"response": out.response, "claims": [c.model_dump(mode="json") for c in out.claims]}


def _synthetic_note(deps, results: list[StepResult], lang: str) -> str | None:
    synthetic = {c.symbol for c in deps.coverage() if c.synthetic}
    used = sorted({r.symbol for r in results} & synthetic)
    return msg("synthetic", lang, symbols=", ".join(used)) if used else None


def analyst(state: dict[str, Any], config: RunnableConfig) -> dict[str, Any]:
    deps = get_deps(config)
    intent, results = _inputs(state)
    validation = state.get("validation") or {}
    feedback = validation.get("feedback") if validation.get("status") == "rewrite" else None
    disclaimers = list(state.get("disclaimers") or [])
    note = _synthetic_note(deps, results, intent.lang)
    if note and note not in disclaimers:
        disclaimers.append(note)
    usage: list[dict] = []
    try:
        out = run_budgeted("analyst", state, deps.provider.analyze, state["question"], intent,
                           results, intent.lang, ctx=deps.context(state.get("now")), feedback=feedback,
                           usage=usage)
        response, claims = out.response, [c.model_dump(mode="json") for c in out.claims]
    except OutOfTime:
        return partial(state, "analyst", deps)
    except Exception as exc:  # seed error table: analyst down -> CODE summary
        log_error(state, "analyst", exc, "warning")
        summary = code_summary(deps, state, state["data"]["results"])
        response, claims = summary["response"], summary["claims"]
        disclaimers += [n for n in (fallback_note(exc, intent.lang), msg("auto_summary", intent.lang)) if n]
    return {**visited(state, "analyst"), **with_usage(state, usage), "response": response, "claims": claims,
            "disclaimers": disclaimers}
