"""Validator node (code): the analyst's slot text checked, then filled and formatted by code.

ok -> `response` (every figure rendered from the slot table) and `claims` (the slots shown);
rewrite -> analyst (at most 2 rewrites), then the code summary; need_more_data -> planner (once).
A validator that crashes never says ok: the code summary is shown with status `skipped`.
"""
from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from agent.answer import slots
from agent.answer.numbers import scope_of
from agent.answer.validation import validate
from agent.deps import Deps
from agent.messages import msg
from agent.state import Validation
from agents.code_summary import code_summary, results_of
from agents.common import lang_of, unexpected, visited

MAX_REWRITES = 2
MAX_REPLANS = 1


def check(state: dict[str, Any], draft: str) -> tuple[Validation, slots.SlotTable]:
    results = results_of(state)
    table = slots.build(results, state.get("intent"), state.get("question") or "")
    fetched = {str(r.get("symbol") or "") for r in results}
    return validate(draft, table, lang_of(state), scope_of(state.get("intent"), results), fetched), table


def _skipped(state: dict[str, Any], runtime: Runtime[Deps], agent: str) -> dict[str, Any]:
    """Fail closed: the code summary (code wrote every slot) marked skipped, else no numbers."""
    lang, disclaimers = lang_of(state), [*(state.get("disclaimers") or [])]
    try:
        out = code_summary(runtime.context, state, results_of(state))
    except Exception as exc:  # noqa: BLE001 - a bug: counted, logged, and no number is shown
        unexpected(state, agent, exc)
        out = {"response": msg("unverified", lang), "claims": []}
    return {**visited(state, agent), **out,
            "validation": Validation(status="skipped", issues=["validator failed"]).model_dump(),
            "disclaimers": [*disclaimers, msg("validator_skipped", lang)]}


def validator(state: dict[str, Any], runtime: Runtime[Deps]) -> dict[str, Any]:
    draft = state.get("draft") or ""
    try:
        v, table = check(state, draft)
        if v.status == "ok":
            response, claims = slots.fill(draft, table, lang_of(state))
    except Exception as exc:  # noqa: BLE001 - a crash is never reported as ok
        unexpected(state, "validator", exc)
        return _skipped(state, runtime, "validator")
    update: dict[str, Any] = {**visited(state, "validator"), "validation": v.model_dump()}
    if v.status == "ok":
        return {**update, "response": response, "claims": claims}
    if v.status == "need_more_data":
        if (state.get("replans") or 0) < MAX_REPLANS:
            return {**update, "replans": (state.get("replans") or 0) + 1}
        v = Validation(status="rewrite", issues=v.issues, feedback=v.feedback)
        update["validation"] = v.model_dump()
    update["validation_attempts"] = (state.get("validation_attempts") or 0) + 1
    return update


def summary_fallback(state: dict[str, Any], runtime: Runtime[Deps]) -> dict[str, Any]:
    """Rewrites exhausted: the code summary, checked like any answer, else no numbers at all."""
    from agents.code_summary import code_draft

    deps, lang = runtime.context, lang_of(state)
    disclaimers = [*(state.get("disclaimers") or [])]
    try:
        draft = code_draft(deps, state, results_of(state))
        v, table = check(state, draft)
        response, claims = slots.fill(draft, table, lang) if v.status == "ok" else (None, [])
    except Exception as exc:  # noqa: BLE001 - a bug: counted, logged, and no number is shown
        unexpected(state, "summary_fallback", exc)
        response, claims, v = None, [], None
    if response is not None and v is not None:
        return {**visited(state, "summary_fallback"), "response": response, "claims": claims,
                "validation": v.model_dump(), "disclaimers": [*disclaimers, msg("auto_summary", lang)]}
    if v is not None:
        import logging

        logging.getLogger("askbar.agents").error("code summary failed validation: %s", v.issues)
    return {**visited(state, "summary_fallback"), "response": msg("unverified", lang), "claims": [],
            "disclaimers": disclaimers}

