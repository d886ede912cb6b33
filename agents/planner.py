"""Planner node: Intent -> Plan of steps; more than 3 steps asks confirm_plan via interrupt()."""
from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from langgraph.types import interrupt

from agent.budget import OutOfTime, run_budgeted
from agent.deps import get_deps
from agent.messages import msg
from agent.state import ConfirmPlanInterrupt, Intent, Plan
from agents.common import fallback_disclaimers, final, lang_of, log_error, partial, visited, with_usage

MAX_STEPS_WITHOUT_CONFIRM = 3
_EXECUTE = {"execute", "1", "yes", "y", "ok", "run", "выполнить", "да", "ejecutar", "sí", "si"}
_SIMPLIFY = {"simplify", "2", "упростить", "simplificar"}
_CANCEL = {"cancel", "3", "no", "отмена", "отменить", "нет", "cancelar"}


def _choice(answer: Any) -> str:
    text = str(answer).strip().lower().rstrip(".!")
    if text in _SIMPLIFY:
        return "simplify"
    if text in _CANCEL:
        return "cancel"
    return "execute" if text in _EXECUTE else "execute"


def _describe(plan: Plan) -> list[str]:
    out = []
    for i, step in enumerate(plan.steps, 1):
        p = step.params
        span = f" {p.start_date}..{p.end_date}" if p.start_date or p.end_date else ""
        out.append(f"{i}. {step.description or step.action} ({p.symbol}{span})")
    return out


def _plan(state: dict, deps, intent: Intent, ctx, usage: list[dict],
          failures: list[BaseException]) -> Plan:
    try:
        return run_budgeted("planner", state, deps.provider.plan, intent, ctx, usage=usage)
    except OutOfTime:
        raise
    except Exception as exc:  # seed error table: planner down -> simple plan (code)
        log_error(state, "planner", exc, "warning")
        failures.append(exc)
        return deps.fallback.plan(intent, ctx)


def planner(state: dict[str, Any], config: RunnableConfig) -> dict[str, Any]:
    deps = get_deps(config)
    intent, usage, failures = Intent.model_validate(state["intent"]), [], []
    try:
        plan = _plan(state, deps, intent, deps.context(state.get("now")), usage, failures)
    except OutOfTime:
        return partial(state, "planner", deps)
    if len(plan.steps) > MAX_STEPS_WITHOUT_CONFIRM:
        answer = interrupt(ConfirmPlanInterrupt(
            message=msg("confirm_plan", intent.lang, n=len(plan.steps)),
            plan_summary=_describe(plan)).model_dump())
        choice = _choice(answer)
        if choice == "cancel":
            return final(state, "planner", msg("cancelled", lang_of(state)))
        if choice == "simplify":
            plan = Plan(steps=plan.steps[:MAX_STEPS_WITHOUT_CONFIRM], summary=plan.summary)
    return {**visited(state, "planner"), **with_usage(state, usage),
            **fallback_disclaimers(state, "planner", failures, intent.lang), "plan": plan.model_dump(mode="json"),
            "queries": [], "data": None}
