"""The actions a planner request lists for one intent (the model's catalogue, cut to its use).

The whole catalogue of actions, indicators and patterns cost the planner ~750 tokens on every
question; an intent can use few of them. Listed: the actions of the code plan for the same intent
(agent/llm/offline/plan.py: code knows which action answers each reading) and get_period_stats
(the default); the indicator and pattern lists come with the actions that take them. The
submit_plan declaration offers the same actions (agent/llm/request_decls.py), and the plan is
checked in code against the whole registry as before.
"""
from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger("askbar.llm")
ALWAYS = frozenset({"get_period_stats"})


def usable(intent: Any, ctx: Any) -> tuple[set[str], set[str]] | None:
    """(the actions for `intent`, the step parameters the code plan sets), or None (the whole
    catalogue) when the code plan cannot say."""
    from agent.llm.offline import plan as code_plan

    try:
        steps = code_plan.plan(intent, ctx).steps
    except Exception as exc:  # noqa: BLE001 - the full catalogue is always a correct fallback
        log.info("planner catalogue: code plan unavailable (%s): every action listed", exc)
        return None
    if not steps:
        return None
    fields = {f for s in steps for f in s.params.model_dump(exclude_defaults=True)}
    return {s.action for s in steps} | ALWAYS, fields


def usable_actions(intent: Any, ctx: Any) -> set[str] | None:
    """The actions for `intent`, or None (the whole catalogue) when the code plan cannot say."""
    found = usable(intent, ctx)
    return found[0] if found else None
