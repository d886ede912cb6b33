"""Planner node: Intent -> Plan of steps, checked against the intent in code before it runs.

It never interrupts: a plan of more than 3 steps routes to the confirm_plan node, which shows THIS
plan; the planner is not called again on resume. A plan that fails the check (agent/answer/plan_check.py)
goes back to the planner once with the problems, then the code plan is used. When the
validator sends the run back (need_more_data: the answer needed a symbol the plan never fetched),
its feedback goes into the planner's first call, the one offered the user's tools included.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from agent.answer.plan_check import PlanProblem
from agent.answer.plan_check import check as check_plan
from agent.budget import OutOfTime
from agent.deps import Deps
from agent.llm.base import ProviderContext
from agent.llm.errors import LLMInvalidOutput
from agent.nlu import declines, stated
from agent.state import Intent, Plan
from agent.tools.plan_step import tool_plan
from agents.common import call_llm, fallback_disclaimers, log, partial, plain, visited, with_usage
from agents.node_state import PlannerIn, PlannerOut


def replan_feedback(state: Mapping[str, Any]) -> list[PlanProblem]:
    """The validator's need_more_data feedback as a plan problem (empty on a first plan): the
    answer named data the plan did not fetch. It quotes the analyst's text, so it is untrusted."""
    v = state.get("validation") or {}
    if v.get("status") != "need_more_data" or not v.get("feedback"):
        return []
    return [PlanProblem(kind="missing_data",
                        text=f"the answer needed data the plan did not fetch. {v['feedback']}")]


def _plan(state: PlannerIn, deps: Deps, intent: Intent, ctx: ProviderContext, usage: list[dict[str, Any]],
          failures: list[BaseException], first: Plan | None = None,
          feedback: list[PlanProblem] | None = None) -> Plan:
    """`first`: a plan the model already made (the call offered the user's tools) to check
    instead of asking again. `feedback`: the validator's, on a replan (kept on the retry)."""
    extra = {"feedback": feedback} if feedback else {}   # providers without feedback still work
    plan, error = (first, None) if first is not None else call_llm(
        state, "planner", deps.provider.plan, lambda: deps.fallback.plan(intent, ctx), intent, ctx,
        usage=usage, **extra)
    if error is not None:
        failures.append(error)
    problems = check_plan(plan, intent) if error is None else []
    if problems:       # once more with the problems named, then the code plan
        log.warning("planner: plan failed its check: %s", [p.text for p in problems],
                    extra={"request_id": state.get("request_id"), "agent": "planner"})
        retry, error = call_llm(state, "planner", deps.provider.plan, lambda: None, intent, ctx,
                                usage=usage, feedback=[*(feedback or []), *problems])
        if error is None and retry is not None and not check_plan(retry, intent):
            return retry
        # the user is told the built-in plan answered: why (the model's error), or that the
        # model's plan could not be used (it failed the check twice)
        failures.append(error or LLMInvalidOutput("plan failed its check twice", agent="planner"))
        plan = deps.fallback.plan(intent, ctx)
    return plan


def _whole(plan: Plan, intent: Intent) -> bool:
    """The plan (the code's, when the model failed) covers the intent: it passes the same check a
    model's plan must pass, or it is the tool call code detected (no fault line then)."""
    return bool(getattr(plan, "tools", None)) or not check_plan(plan, intent)


def reading_of(intent: Intent, plan: Plan, ctx: ProviderContext) -> PlannerOut:
    """The answer's first line (what it answers) and the parts of the question the plan does not
    apply, checked in code before anything runs, whoever made the plan."""
    found = declines.check(intent, plan, ctx)
    line = stated.reading_line(intent, plan, ctx)
    return {"reading": "\n".join([line, *declines.sentences(found, intent.lang)]) if line else None,
            "declined": [d.model_dump() for d in found]}


def planner(state: PlannerIn, config: RunnableConfig, runtime: Runtime[Deps]) -> PlannerOut:
    from agent.memory.hooks import with_memory

    deps = runtime.context
    intent = Intent.model_validate(state["intent"])
    usage: list[dict[str, Any]] = []
    failures: list[BaseException] = []
    try:
        ctx = with_memory(deps.context(state.get("now")), plain(state), deps, config)   # memory
        # Gemini offered the run's user's tools first (agent/tools/plan_step.py)
        feedback = replan_feedback(state)     # need_more_data: into every planner call
        failed_before = len(failures)
        plan = tool_plan(plain(state), deps, intent, ctx, usage, failures, feedback=feedback)
        if plan is None and len(failures) > failed_before:
            # the model's planner call failed (its retries, if any, are spent): the seed's error
            # table answers with the code plan, never a second planner call
            plan = deps.fallback.plan(intent, ctx)
        elif plan is None or not getattr(plan, "tools", None):   # query steps only: checked, retried
            plan = _plan(state, deps, intent, ctx, usage, failures, first=plan, feedback=feedback)
    except OutOfTime:
        return {**partial(state, "planner", deps)}
    from agent.memory.hooks import with_preferences

    plan, said = with_preferences(plan, intent, plain(state), deps)   # a stated chart granularity
    state = {**state, **said}
    return {**visited(state, "planner"), **with_usage(state, usage), **said,
            **fallback_disclaimers(state, "planner", failures, intent.lang, complete=_whole(plan, intent)),
            **reading_of(intent, plan, ctx),
            "plan": plan.model_dump(mode="json"),
            "plan_confirmed": False, "queries": [], "data": None}
