"""OfflineProvider: the deterministic, network-free implementation of agent.llm.base.Provider."""
from __future__ import annotations

from typing import Any

from agent.answer.plan_check import PlanProblem
from agent.llm import glossary
from agent.llm.base import ProviderContext
from agent.llm.offline import analyze as _analyze
from agent.llm.offline import plan as _plan
from agent.nlu import understand as _understand
from agent.nlu.followups import summarize as _summarize
from agent.state import AnalystOutput, Intent, Plan
from query_builder.models import StepResult


class OfflineProvider:
    """Parser + templates. Same interface as the Gemini provider; never calls out."""
    name = "offline"
    reads_memory = False     # parser and templates: the nodes need not build memory sections for it

    @property
    def runs_inline(self) -> bool:
        """agent.budget may call this provider's methods in the node's own thread (no pool hop):
        only this class's code is known to be bounded; a subclass (a slow or scripted test
        double) keeps the budgeted thread and its timeout."""
        return type(self) is OfflineProvider

    def understand(self, question: str, history: list[dict[str, str]] | None,
                   ctx: ProviderContext) -> Intent:
        return _understand.understand(question, history, ctx)

    def understand_with_answer(self, original: str | Intent, answer: str,
                               history: list[dict[str, str]] | None, ctx: ProviderContext) -> Intent:
        return _understand.understand_with_answer(original, answer, history, ctx)

    def plan(self, intent: Intent, ctx: ProviderContext,
             feedback: list[PlanProblem] | None = None) -> Plan:
        # The code plan is built from the intent alone and passes the check: nothing to revise.
        return _plan.plan(intent, ctx)

    def analyze(self, question: str, intent: Intent, results: list[StepResult], lang: str,
                ctx: ProviderContext | None = None, feedback: str | None = None) -> AnalystOutput:
        return _analyze.analyze(question, intent, results, lang, ctx=ctx, feedback=feedback)

    def explain(self, concept: str, lang: str, ctx: ProviderContext | None = None) -> str:
        return glossary.explain(concept, lang)

    def summarize(self, messages: list[dict[str, Any]]) -> str:
        return _summarize(messages)
