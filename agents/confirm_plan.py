"""confirm_plan node: shows the plan the planner made and asks execute | simplify | cancel.

Only asks and routes: the plan shown is the plan in state, and that plan is what the executor
runs (the planner's LLM call is never repeated on resume). An answer it cannot read asks again.
The plan's tool calls (`plan["tools"]`, agent/tools/plan_step.py) are shown and kept, whichever
choice: simplify drops query steps only.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langgraph.types import interrupt

from agent import lang as packs
from agent.messages import msg
from agent.state import ConfirmPlanInterrupt, Plan
from agents.common import final, lang_of, visited
from agents.node_state import ConfirmPlanIn, ConfirmPlanOut

MAX_STEPS_WITHOUT_CONFIRM = 3


def _words(table: str, number: str) -> set[str]:
    """Every pack's words for one choice, and its button's number (the card lists 1, 2, 3)."""
    return {number, *(w for words in packs.by_lang("agent_words", "confirm_plan", table).values() for w in words)}


_EXECUTE = _words("_EXECUTE", "1")
_SIMPLIFY = _words("_SIMPLIFY", "2")
_CANCEL = _words("_CANCEL", "3")
_AGAIN = packs.by_lang("agent_words", "confirm_plan", "_AGAIN")


def choice(answer: Any) -> str | None:
    """execute | simplify | cancel, or None for an answer that is none of them."""
    text = str(answer).strip().lower().rstrip(".!")
    for name, words in (("simplify", _SIMPLIFY), ("cancel", _CANCEL), ("execute", _EXECUTE)):
        if text in words:
            return name
    return None


def describe(plan: Plan, tools: list[dict[str, Any]] | None = None) -> list[str]:
    out = []
    for i, step in enumerate(plan.steps, 1):
        p = step.params
        span = f" {p.start_date}..{p.end_date}" if p.start_date or p.end_date else ""
        out.append(f"{i}. {step.description or step.action} ({p.symbol}{span})")
    for i, call in enumerate(tools or [], len(out) + 1):      # what the executor will also run
        args = ", ".join(f"{k}={v}" for k, v in (call.get("params") or {}).items())
        out.append(f"{i}. {call.get('tool')} ({args})")
    return out


def _kept(plan: Plan, tools: list[dict[str, Any]]) -> dict[str, Any]:
    """The plan for state: Plan drops unknown keys, so the tool calls are put back."""
    out = plan.model_dump(mode="json")
    return {**out, "tools": tools} if tools else out


def needs_confirmation(state: Mapping[str, Any]) -> bool:
    plan = state.get("plan") or {}
    return len(plan.get("steps") or []) > MAX_STEPS_WITHOUT_CONFIRM and not state.get("plan_confirmed")


def confirm_plan(state: ConfirmPlanIn) -> ConfirmPlanOut:
    """One question per run of the node; an unreadable answer routes back here (a fresh step, so
    each resume is answered by exactly one interrupt)."""
    plan, lang = Plan.model_validate(state["plan"]), lang_of(state)
    tools = list(state["plan"].get("tools") or [])
    message = msg("confirm_plan", lang, n=len(plan.steps))
    if state.get("confirm_again"):
        message = f"{_AGAIN.get(lang, _AGAIN['en'])} {message}"
    picked = choice(interrupt(ConfirmPlanInterrupt(message=message,
                                                   plan_summary=describe(plan, tools)).model_dump()))
    if picked is None:
        return {**visited(state, "confirm_plan"), "confirm_again": True}
    if picked == "cancel":
        return {**final(state, "confirm_plan", msg("cancelled", lang))}
    if picked == "simplify":
        plan = Plan(steps=plan.steps[:MAX_STEPS_WITHOUT_CONFIRM], summary=plan.summary)
    return {**visited(state, "confirm_plan"), "plan": _kept(plan, tools), "plan_confirmed": True,
            "confirm_again": False}
