"""Validator node (code): the analyst's slot text checked, then filled and formatted by code.

ok -> `response` (every figure rendered from the slot table) and `claims` (the slots shown);
rewrite -> analyst (at most 2 rewrites), then the code summary; need_more_data -> planner (once).
A validator that crashes never says ok: the code summary is shown with status `skipped`.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from datetime import date
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
from agents.node_state import Answer, SummaryFallbackIn, SummaryFallbackOut, ValidatorIn, ValidatorOut

MAX_REWRITES = 2
MAX_REPLANS = 1


def check(state: Mapping[str, Any], draft: str) -> tuple[Validation, slots.SlotTable]:
    results = results_of(state)
    table = slots.build(results, state.get("intent"), state.get("question") or "")
    fetched = {str(r.get("symbol") or "") for r in results}
    return validate(draft, table, lang_of(state), scope_of(state.get("intent"), results), fetched,
                    state.get("question") or "", request_date(state)), table


def request_date(state: Mapping[str, Any]) -> date:
    """The request's "today" (relative time in answers is verified against it)."""
    try:
        return date.fromisoformat(str(state.get("now"))[:10]) if state.get("now") else date.today()
    except ValueError:
        return date.today()


def _analyst_down(state: ValidatorIn) -> bool:
    """The draft came from the code summary (the analyst model failed: its note is shown)."""
    lang = lang_of(state)
    return msg("auto_summary", lang) in (state.get("disclaimers") or [])


def _skipped(state: ValidatorIn, runtime: Runtime[Deps], agent: str) -> ValidatorOut:
    """Fail closed: the code summary (code wrote every slot) marked skipped, else no numbers."""
    lang, disclaimers = lang_of(state), [*(state.get("disclaimers") or [])]
    try:
        out = code_summary(runtime.context, state, results_of(state))
    except Exception as exc:  # noqa: BLE001 - a bug: counted, logged, and no number is shown
        unexpected(state, agent, exc)
        out = Answer(response=msg("unverified", lang), claims=[])
    return {**visited(state, agent), **out,
            "validation": Validation(status="skipped", issues=["validator failed"]).model_dump(),
            "disclaimers": [*disclaimers, msg("validator_skipped", lang)]}


def _attempts(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    return list((state.get("validation") or {}).get("attempts") or [])


_QUOTED = re.compile(r"'([^']*)'")


def _masked(issue: str) -> str:
    """An issue as the result shows it: the rejected draft's own figures, quoted in it, masked
    ('99999pts' -> '#####pts'), so a false number never reaches --json, SSE or the trace."""
    return _QUOTED.sub(lambda m: "'" + re.sub(r"\d", "#", m.group(1)) + "'", issue)


def _with_history(state: Mapping[str, Any], v: Validation, source: str | None = None) -> dict[str, Any]:
    """v with this turn's earlier rejections, and this one when it is a rejection."""
    attempts = _attempts(state)
    if v.status != "ok":
        attempts.append({"attempt": len(attempts) + 1, "status": v.status,
                         "issues": [_masked(i) for i in v.issues]})
    return {**v.model_dump(), "issues": [_masked(i) for i in v.issues], "attempts": attempts,
            "source": source}


def validator(state: ValidatorIn, runtime: Runtime[Deps]) -> ValidatorOut:
    draft = state.get("draft") or ""
    try:
        v, table = check(state, draft)
        if v.status == "ok":
            response, claims = slots.fill(draft, table, lang_of(state))
    except Exception as exc:  # noqa: BLE001 - a crash is never reported as ok
        unexpected(state, "validator", exc)
        return _skipped(state, runtime, "validator")
    source = "code_summary" if _analyst_down(state) else "analyst"
    update: ValidatorOut = {**visited(state, "validator"), "validation": _with_history(state, v, source)}
    if v.status == "ok":
        return {**update, "response": response, "claims": claims}
    if v.status == "need_more_data":
        if (state.get("replans") or 0) < MAX_REPLANS:
            return {**update, "replans": (state.get("replans") or 0) + 1}
        v = Validation(status="rewrite", issues=v.issues, feedback=v.feedback)
        update["validation"] = _with_history(state, v, source)
    update["validation_attempts"] = (state.get("validation_attempts") or 0) + 1
    return update


def summary_fallback(state: SummaryFallbackIn, runtime: Runtime[Deps]) -> SummaryFallbackOut:
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
                "validation": _with_history(state, v, "code_summary"),
                "disclaimers": [*disclaimers, msg("auto_summary", lang)]}
    if v is not None:
        logging.getLogger("askbar.agents").error("code summary failed validation: %s", v.issues)
    failed = Validation(status="rewrite", issues=(v.issues if v is not None else ["code summary failed"]))
    return {**visited(state, "summary_fallback"), "response": msg("unverified", lang), "claims": [],
            "validation": _with_history(state, failed, "code_summary"), "disclaimers": disclaimers}

