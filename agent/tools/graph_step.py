"""The graph's tool step: a question a catalogue tool answers (agent/nlu/tool_intents.py)
runs through the ToolExecutor as the run's user (Deps.user, never model output) and is answered
from the tool's result in the user's language.

Hooked into the understander node with one call (`tool_turn`); the turn ends there with the
intent, a one-step plan {"steps": [{"action": "tool", "tool", "params"}]} and the result in
`data.tool_results`, so the existing nodes and models stay as they are.
"""
from __future__ import annotations

from typing import Any

from agent.tools.answers import render


def executor_for_deps(deps: Any) -> Any:
    """The world's ToolExecutor (agent/services.py): rate limits and cache shared by its runs."""
    return deps.services.executor


def planner_decides(deps, name: str) -> bool:
    """With Gemini, read-only tools are offered to the planner (agent/tools/plan_step.py), which
    decides; commands that change something (watchlist add/remove) and statements for memory
    (remember / forget) stay on this code path."""
    if getattr(deps.provider, "name", None) != "gemini" or name in ("remember", "forget"):
        return False
    spec = executor_for_deps(deps).registry.get(name)
    return spec is not None and not spec.mutates


# Reading tools answered with slots: every figure is a slot of the tool's step result, filled by
# code, and shown as a claim (the rest keep their fixed answers, agent/tools/answers.py).
SLOTTED = frozenset({"get_news", "get_sentiment", "get_ml_signals", "get_ml_features", "get_fundamentals",
                     "calculate_position_size", "calculate_risk_reward"})
_EXTRA = ("prediction", "edge", "top_feature", "prediction_id", "available", "fields", "period_end",
          "message")


def _period(call) -> dict[str, Any] | None:
    start, end = call.params.get("start"), call.params.get("end")
    if not (start and end):
        return None
    from datetime import date

    from agent.nlu.period_math import make_period

    per = make_period(date.fromisoformat(start), date.fromisoformat(end))
    return {"start": start, "end": end, "label": per.label}


def slotted_answer(call, result: dict[str, Any], intent: dict[str, Any], question: str) -> tuple[str, list, list]:
    """(response, claims, step results) of a reading tool's successful result: the tool's step
    result (agent/tools/tool_results.py) drafted with slots (agent/tools/tool_drafts.py) and filled
    by the slot table, so its numbers are rendered and claimed like a query step's."""
    from agent.answer import slots
    from agent.tools.step_results import step_result
    from agent.tools.tool_drafts import with_tool_drafts

    spec = executor_for_call_spec(call.name)
    step = step_result(1, {"tool": call.name, "params": call.params}, result, spec.claims if spec else ())
    data = result.get("data") or {}
    if call.params.get("start"):          # the period named: the step's span ({period})
        step["params"].update(start_date=call.params["start"], end_date=call.params["end"])
    for key, value in (data.get("fields") or {}).items():       # fundamentals' figures
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            step["summary"][f"f_{key}"] = value
    draft = with_tool_drafts("", [{**step, "extra": {k: data.get(k) for k in _EXTRA}}], call.lang)
    table = slots.build([step], intent, question)
    response, claims = slots.fill(draft, table, call.lang)
    return response, claims, [step]


def executor_for_call_spec(name: str):
    from agent.tools.registry import get_registry

    return get_registry().get(name)


def tool_turn(state: dict[str, Any], deps, ctx) -> dict[str, Any] | None:
    """The finished turn when the question is a tool's, else None (the normal path continues)."""
    from agent.nlu.tool_intents import detect_tool_call
    from agent.state import Intent, final

    call = detect_tool_call(state["question"], ctx)
    if call is None or planner_decides(deps, call.name):
        return None
    result = executor_for_deps(deps).execute(call.name, call.params, deps.user, lang=call.lang)
    symbol = call.params.get("symbol") or None
    intent = Intent(type="data", lang=call.lang, symbol=symbol, symbols=[symbol] if symbol else [],
                    period=_period(call)).model_dump(mode="json")
    claims: list = []
    if result.get("success") and call.name in SLOTTED:
        # the step result stays out of data.results: tool_results already carries the call (one chart)
        response, claims, _ = slotted_answer(call, result, intent, state["question"])
    else:
        response = render(call.name, call.params, result, call.lang)
    out = final({**state, "intent": intent}, "tools", response)
    return {**out, "intent": intent, "claims": claims, "has_data": bool(result.get("success")),
            "plan": {"steps": [{"action": "tool", "tool": call.name, "params": call.params}]},
            "data": {"results": [], "tool_results": [{"tool": call.name, **result}],
                     "total_rows": 0}}
