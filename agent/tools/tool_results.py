"""Tool calls of a plan run by code as the run's user, their results as step results with slots.

The planner (agent/tools/plan_step.py) leaves the calls Gemini made in `plan["tools"]`; the
executor node runs them here (`run_plan_tools`): catalogue tools through the ToolExecutor
(permission, rate limit, validation, cache, call log), tenant tools through the registry
(agent/tools/tenant_step.py), always as `Deps.user` with identity arguments dropped.

Each successful result becomes a StepResult (action "tool") whose `summary` holds the tool's
numbers (its ToolSpec.claims, else every top-level number), so agent/answer/slots.py names them
(`{price}`, `{SPY.change_pct}`, `{s2.position_size}`), the analyst writes slots and the validator
checks the answer against them exactly as for query results. A refusal (plan, rate limit,
validation) is the executor's own message in the user's language.
"""
from __future__ import annotations

from typing import Any

from agent import lang as packs
from agent.tools.step_results import MAX_LISTED, records, step_result, summary_of  # noqa: F401 (re-exported)

_PENDING: dict[str, str] = packs.by_lang("tool_words", "pending")


def _run_one(deps, call: dict[str, Any], lang: str, question: str) -> tuple[dict, tuple]:
    from agent.tools.gemini_decls import clean_args

    params = clean_args(call.get("params"))
    if call.get("source") == "tenant":
        from agent.tools.tenant_step import registry_for_deps, run_tenant_tool

        result = run_tenant_tool(registry_for_deps(deps, run=True), deps.user, call["tool_id"], params,
                                 query=question)
        return result, ()
    from agent.tools.graph_step import executor_for_deps

    ex = executor_for_deps(deps)
    result = ex.execute(call["tool"], params, deps.user, lang=lang)
    spec = ex.registry.get(call["tool"])
    return result, (spec.claims if spec else ())


def run_plan_tools(state: dict[str, Any], deps, first_step: int) -> tuple[list[dict], list[str]]:
    """(step results of the plan's successful tool calls, user-facing refusals of the others)."""
    calls = (state.get("plan") or {}).get("tools") or []
    lang = (state.get("intent") or {}).get("lang") or deps.user.language or "en"
    results: list[dict] = []
    refusals: list[str] = []
    for call in calls:
        call = {**call, "params": dict(call.get("params") or {})}
        result, claims = _run_one(deps, call, lang, state.get("question") or "")
        if result.get("success"):
            results.append(step_result(first_step + len(results), call, result, claims))
        elif (result.get("metadata") or {}).get("pending"):
            table = _PENDING.get(lang, _PENDING["en"])
            refusals.append(table.format(name=call["tool"], task=result["metadata"]["task_id"]))
        else:
            refusals.append(str((result.get("error") or {}).get("message") or call["tool"]))
    return results, refusals
