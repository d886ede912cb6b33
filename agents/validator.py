"""Validator node (code): recompute every claim, check every number in the text.

ok -> done; rewrite -> analyst (at most 2 rewrites), then a code summary that must pass too;
need_more_data -> planner (once). Validator failure -> skip with a disclaimer (seed error table).
"""
from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from agent.deps import get_deps
from agent.messages import msg
from agent.state import Validation
from agent.validation import validate
from agents.analyst import code_summary
from agents.common import lang_of, log_error, visited

MAX_REWRITES = 2
MAX_REPLANS = 1


def validator(state: dict[str, Any], config: RunnableConfig) -> dict[str, Any]:
    results = (state.get("data") or {}).get("results") or []
    try:
        v = validate(state.get("response") or "", state.get("claims") or [], results, state["question"])
    except Exception as exc:
        log_error(state, "validator", exc)
        return {**visited(state, "validator"), "validation": Validation(status="ok").model_dump(),
                "disclaimers": [*(state.get("disclaimers") or []), msg("validator_skipped", lang_of(state))]}
    update: dict[str, Any] = {**visited(state, "validator"), "validation": v.model_dump()}
    if v.status == "need_more_data":
        if (state.get("replans") or 0) < MAX_REPLANS:
            return {**update, "replans": (state.get("replans") or 0) + 1}
        v = Validation(status="rewrite", issues=v.issues, feedback=v.feedback)
        update["validation"] = v.model_dump()
    if v.status == "rewrite":
        update["validation_attempts"] = (state.get("validation_attempts") or 0) + 1
    return update


def summary_fallback(state: dict[str, Any], config: RunnableConfig) -> dict[str, Any]:
    """Rewrites exhausted: the code summary if it verifies, else no numbers at all."""
    deps, lang = get_deps(config), lang_of(state)
    results = (state.get("data") or {}).get("results") or []
    disclaimers = [*(state.get("disclaimers") or [])]
    try:
        out = code_summary(deps, state, results)
        v = validate(out["response"], out["claims"], results, state["question"])
    except Exception as exc:
        log_error(state, "summary_fallback", exc)
        out, v = None, None
    if out and v and v.status == "ok":
        return {**visited(state, "summary_fallback"), "response": out["response"],
                "claims": out["claims"], "validation": v.model_dump(),
                "disclaimers": [*disclaimers, msg("auto_summary", lang)]}
    return {**visited(state, "summary_fallback"), "response": msg("unverified", lang), "claims": [],
            "disclaimers": disclaimers}


def route(state: dict[str, Any]) -> str:
    v = state.get("validation") or {}
    if v.get("status") == "need_more_data":
        return "planner"
    if v.get("status") == "rewrite":
        return "analyst" if (state.get("validation_attempts") or 0) <= MAX_REWRITES else "summary_fallback"
    return "educator" if (state.get("intent") or {}).get("type") == "mixed" else "end"
