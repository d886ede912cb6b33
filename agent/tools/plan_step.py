"""The Gemini planner offered the run's tools.

One planner call carries `submit_plan` AND the FunctionDeclarations of the tools the run's user
may call (agent/tools/gemini_decls.py: from Deps.user's plan and tenant, never from model
output), mode ANY over all of them. The model answers with query steps (`submit_plan`), tool
calls, or both (parallel calls). The calls are not run here: they go into the plan as
`plan["tools"]` ({tool, params, source, tool_id}) and the executor node runs them as Deps.user
(agent/tools/tool_results.py), so confirm_plan, budgets and the executor's checks see one plan.

A call of a function that was not offered is dropped; identity arguments are dropped. When the
model calls no tool, the plan is checked like any plan (agent/answer/plan_check.py) and a failing one
goes to the planner node's usual path (retry with the problems, then the code plan).
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from agent.state import Intent, Plan
from agent.tools.gemini_decls import OfferedTool, clean_args

# plan_check problems that only mean "no query step": a plan of tool calls has none by design.
_NO_STEP = ("the plan has no step", "no step computes ")


class ToolCall(BaseModel):
    tool: str = Field(description="the function name the model called")
    params: dict[str, Any] = Field(default_factory=dict)
    source: Literal["catalog", "tenant"] = "catalog"
    tool_id: str


class ToolPlan(Plan):
    """A Plan plus the tool calls to run (the executor node ignores a Plan's unknown keys)."""
    tools: list[ToolCall] = Field(default_factory=list)


def gemini_tool_plan(provider: Any, intent: Intent, ctx: Any, offered: list[OfferedTool],
                     feedback: list[Any] | None = None) -> ToolPlan | None:
    """One planner call with the tools offered; None when the model produced nothing usable
    (no valid plan and no tool call): the planner node's usual path then plans. `feedback`: the
    validator's need_more_data on a replan (agents/planner.py), in the prompt like plan problems."""
    from agent.llm import gemini as G
    from agent.llm import prompts as P
    from agent.llm.schemas import SUBMIT_PLAN

    # the same prompt (memory included) and the same submit_plan as the plain planner call
    system, text, plan_decl = provider.planner_request(intent, ctx, feedback)
    system += P.PLANNER_TOOLS
    decls = [*[t.declaration for t in offered], plan_decl]   # the plan's last
    allowed = [str(d.name) for d in decls]
    # The provider's own transport: retries, timeouts, usage records and the agent's tuning.
    config = provider._config("planner", system, allowed, decls)
    contents = [G._user(text)]
    for attempt in range(2):     # like every structured call: one repair turn with the error
        resp = provider._generate("planner", contents, config)
        calls = G._function_calls(resp)
        plan, error = plan_from_calls(calls, offered)
        if plan is not None or attempt:
            return plan
        contents += G._repair(G._candidate_content(resp), calls, SUBMIT_PLAN, error)
    return None


def plan_from_calls(calls: list[Any], offered: list[OfferedTool]) -> tuple[ToolPlan | None, str | None]:
    """(the model's calls as a ToolPlan, None) - only offered tools, identity args dropped - or
    (None, the submit_plan validation error) when there is neither a tool call nor a valid plan."""
    from agent.llm.gemini import _validation_text
    from agent.llm.schemas import SUBMIT_PLAN

    by_name = {t.name: t for t in offered}
    tools = [ToolCall(tool=c.name, params=clean_args(dict(c.args or {})),
                      source=by_name[c.name].source, tool_id=by_name[c.name].tool_id)
             for c in calls if c.name in by_name]
    plan_call = next((c for c in calls if c.name == SUBMIT_PLAN), None)
    plan: Plan | None = None
    error: str | None = None
    if plan_call is not None:
        try:
            plan = Plan.model_validate(plan_call.args or {})
            if not plan.steps and not tools:
                plan, error = None, "steps: the plan needs at least one step"
        except ValidationError as exc:
            error = _validation_text(exc)
    if plan is None and not tools:
        return None, error
    return ToolPlan(steps=plan.steps if plan else [], summary=plan.summary if plan else None,
                    tools=tools), None


def checked(plan: ToolPlan, intent: Intent) -> ToolPlan | None:
    """With tool calls: query steps kept only when they pass the plan check. Without: the plan
    as it is; the planner node checks it and retries once with its problems (agents/planner.py)."""
    from agent.answer.plan_check import plan_problems

    if not plan.tools:
        return plan
    problems = plan_problems(plan, intent)
    real = [p for p in problems if not p.startswith(_NO_STEP)]
    return plan if not real else ToolPlan(steps=[], summary=plan.summary, tools=plan.tools)


def offline_tool_plan(question: str, ctx: Any, offered: list[OfferedTool]) -> ToolPlan | None:
    """The code fallback when the model failed: the offline detector's tool call, if it is one
    of the tools offered to this user."""
    from agent.nlu.tool_intents import detect_tool_call

    call = detect_tool_call(question, ctx)
    hit = next((t for t in offered if call is not None and t.name == call.name), None)
    if call is None or hit is None:
        return None
    return ToolPlan(steps=[], tools=[ToolCall(tool=call.name, params=clean_args(call.params),
                                              source=hit.source, tool_id=hit.tool_id)])


def beyond_plan(question: str, ctx: Any, user: Any) -> ToolPlan | None:
    """A question for a catalogue tool the user's plan lacks (never offered to the model): that
    call as the plan, so the executor answers with the seed's upgrade message (PLAN_REQUIRED, in
    the user's language) instead of a plan that silently answers something else."""
    from agent.identity.models import plan_allows
    from agent.nlu.tool_intents import detect_tool_call
    from agent.tools.registry import get_registry

    call = detect_tool_call(question, ctx)
    spec = get_registry().get(call.name) if call is not None else None
    if call is None or spec is None or spec.mutates or plan_allows(user.plan, spec.required_plan):
        return None
    return ToolPlan(steps=[], tools=[ToolCall(tool=call.name, params=clean_args(call.params),
                                              source="catalog", tool_id=spec.id)])


def tool_plan(state: dict[str, Any], deps: Any, intent: Intent, ctx: Any, usage: list[dict],
              failures: list[BaseException], feedback: list[Any] | None = None) -> Plan | None:
    """The planner node's hook: a plan made with the user's tools offered, or None for the usual
    path (not Gemini, no tools, or no usable answer)."""
    if getattr(deps.provider, "name", None) != "gemini":
        return None
    from agent.llm.calls import call_llm
    from agent.tools.gemini_decls import offered_tools
    from agent.tools.relevance import relevant
    from agent.tools.tenant_step import tenant_rows

    if (locked := beyond_plan(state.get("question") or "", ctx, deps.user)) is not None:
        return locked
    # only the tools this question calls for (agent/tools/relevance.py): none -> the plain planner
    offered = relevant(offered_tools(deps.user, tenant_rows(deps)), intent, state.get("question") or "")
    if not offered:
        return None
    plan, error = call_llm(state, "planner", gemini_tool_plan, lambda: None, deps.provider, intent,
                           ctx, offered, feedback or None, usage=usage)
    if error is not None:
        failures.append(error)
        return offline_tool_plan(state.get("question") or "", ctx, offered)
    return checked(plan, intent) if plan is not None else None
