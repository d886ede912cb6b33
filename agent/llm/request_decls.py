"""The function declaration a request is offered: the part of the whole one its question can use.

The whole declarations (agent/llm/schemas.py `declarations`) grew with every capability: the
backtest rule alone is ~1,000 tokens in parse_intent and again in submit_plan, and every action's
parameters rode on a question that plans one period's statistics. A request is offered:
- submit_plan: the actions the planner's catalogue lists for the intent (the code plan's actions
  and get_period_stats, agent/llm/plan_actions.py) in the `action` enum, and only the step
  parameters those actions read (their declarations' `params`) plus any the code plan sets;
  every action and parameter when the code plan cannot say;
- parse_intent: the backtest `rule` only when the question (or the thread's recent turns, for a
  follow-up) reads as a backtest to the detector the route node asks (agent/nlu/backtest_rules.py).
What comes back is validated against the whole models as before (Plan, Intent: the full registry),
so a smaller declaration narrows what the model is offered, never what code checks. The system
instructions do not change with the declaration (they stay identical across calls for caching).
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable

from agent.llm.schemas import (
    DERIVED,
    DESCRIPTIONS,
    PARSE_INTENT,
    SUBMIT_PLAN,
    declaration,
    declaration_problems,
    declarations,
)
from agent.state import Intent, Plan
from query_builder.declare import actions as declared_actions
from query_builder.models import StepParams

if TYPE_CHECKING:
    from google.genai import types

_NAME = re.compile(r"[a-z_]+")


def _param_name(spec: str) -> str:
    """'condition{metric,op,threshold}' / 'periods[...]' / 'top_n?' -> the StepParams field."""
    m = _NAME.match(spec)
    return m.group(0) if m else spec


def plan_declaration(actions: Iterable[str] | None,
                     fields: Iterable[str] = ()) -> types.FunctionDeclaration:
    """submit_plan offering `actions` (None: the whole declaration) with the step parameters they
    read and `fields` (the ones the code plan set)."""
    registry = declared_actions()
    chosen = frozenset(a for a in actions or () if a in registry)
    if actions is None or not chosen:
        return declarations()[SUBMIT_PLAN]
    # the registry's names are part of the key: a declaration registered later is a new request
    return _plan_declaration(chosen, frozenset(fields), tuple(registry))


@lru_cache(maxsize=64)
def _plan_declaration(chosen: frozenset[str], fields: frozenset[str],
                      registry: tuple[str, ...]) -> types.FunctionDeclaration:
    decls = declared_actions()
    keep = {"symbol"} | set(fields) | {_param_name(p) for a in chosen for p in decls[a].params}
    omit = DERIVED[SUBMIT_PLAN] | {f"steps.params.{f}" for f in StepParams.model_fields if f not in keep}
    decl = declaration(SUBMIT_PLAN, DESCRIPTIONS[SUBMIT_PLAN], Plan, frozenset(omit))
    action = decl.parameters.properties["steps"].items.properties["action"]   # type: ignore[union-attr,index]
    action.enum = [a for a in registry if a in chosen]
    problems = declaration_problems(decl.model_dump(mode="json", exclude_none=True))
    if problems:
        raise ValueError("; ".join(problems))
    return decl


def wants_rule(texts: Iterable[str], original: Any = None) -> bool:
    """Whether parse_intent must offer the backtest rule: a text reads as a backtest, or the
    reading being completed is one."""
    from agent.nlu.backtest_rules import is_backtest

    if isinstance(original, Intent):
        original = original.model_dump(mode="json")
    if isinstance(original, dict) and (original.get("analysis") == "backtest" or original.get("rule")):
        return True
    return any(is_backtest(t) for t in texts if isinstance(t, str) and t)


def intent_declaration(rule: bool) -> types.FunctionDeclaration:
    """parse_intent with the backtest rule (the whole declaration) or without it."""
    return declarations()[PARSE_INTENT] if rule else _intent_without_rule()


@lru_cache(maxsize=1)
def _intent_without_rule() -> types.FunctionDeclaration:
    return declaration(PARSE_INTENT, DESCRIPTIONS[PARSE_INTENT], Intent, DERIVED[PARSE_INTENT] | {"rule"})


def user_turns(history: list[dict[str, str]] | None) -> list[str]:
    """The user's recent turns: a follow-up of a backtest ("and with a 2 % stop?") is one too."""
    return [str(m.get("content") or "") for m in history or [] if m.get("role", "user") == "user"]


@lru_cache(maxsize=2)
def intent_declaration_tokens(rule: bool) -> int:
    """Tokens of parse_intent as sent (Gemini counts declarations as prompt tokens): the request's
    `tools` as the SDK serialises them (camelCase keys, json.dumps with its spaced separators);
    the compact pydantic JSON counted ~620 fewer tokens, enough to take a long thread's
    understander request past the 6,000 budget."""
    from agent.llm import tokens

    decl = intent_declaration(rule).model_dump(mode="json", by_alias=True, exclude_none=True)
    return tokens.count(json.dumps([{"functionDeclarations": [decl]}]))
