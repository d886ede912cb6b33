"""Planner node: Intent -> Plan of steps, checked against the intent in code before it runs.

It never interrupts: a plan of more than 3 steps routes to the confirm_plan node, which shows THIS
plan; the planner is not called again on resume. A plan that fails the check (agent/plan_check.py)
goes back to the planner once with the problems, then the code plan is used.
"""
from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from agent.budget import OutOfTime
from agent.deps import Deps
from agent.plan_check import plan_problems
from agent.state import Intent, Plan
from agents.common import call_llm, fallback_disclaimers, log, partial, visited, with_usage


def _plan(state: dict, deps, intent: Intent, ctx, usage: list[dict],
          failures: list[BaseException]) -> Plan:
    plan, error = call_llm(state, "planner", deps.provider.plan, lambda: deps.fallback.plan(intent, ctx),
                           intent, ctx, usage=usage)
    if error is not None:
        failures.append(error)
    problems = plan_problems(plan, intent) if error is None else []
    if problems:       # once more with the problems named, then the code plan
        log.warning("planner: plan failed its check: %s", problems,
                    extra={"request_id": state.get("request_id"), "agent": "planner"})
        retry, error = call_llm(state, "planner", deps.provider.plan, lambda: None, intent, ctx,
                                usage=usage)
        plan = retry if retry is not None and error is None and not plan_problems(retry, intent) \
            else deps.fallback.plan(intent, ctx)
    return plan


def planner(state: dict[str, Any], runtime: Runtime[Deps]) -> dict[str, Any]:
    deps = runtime.context
    intent = Intent.model_validate(state["intent"])
    usage: list[dict] = []
    failures: list[BaseException] = []
    try:
        plan = _plan(state, deps, intent, deps.context(state.get("now")), usage, failures)
    except OutOfTime:
        return partial(state, "planner", deps)
    return {**visited(state, "planner"), **with_usage(state, usage),
            **fallback_disclaimers(state, "planner", failures, intent.lang), "plan": plan.model_dump(mode="json"),
            "plan_confirmed": False, "queries": [], "data": None}
