"""The provider interface every LLM backend implements (offline parser, Gemini), and its context.

A provider turns text into the pydantic contracts of agent/state.py: understand -> Intent,
plan -> Plan, analyze -> AnalystOutput, explain -> str, summarize -> str. It never builds SQL and
never sees the database: what it knows about the data comes in a ProviderContext.
"""
from __future__ import annotations

from datetime import date
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, Field

from agent.answer.plan_check import PlanProblem
from agent.market.instruments import Instrument
from agent.state import AnalystOutput, Intent, Lang, Plan
from query_builder.models import StepResult


class DataRange(BaseModel):
    """Trading dates stored for one symbol (both ends inclusive)."""
    symbol: str
    first: date
    last: date


class PromptMemory(BaseModel):
    """The run's user's memory for a model's prompt: the system prompt sections code
    built (agent/memory/system_prompt.context_sections) for Deps.user, never for a user a model
    named. What the user said or stored is in it, so a prompt carries it as untrusted data."""
    tenant_id: str
    user_id: str
    text: str
    strategies: list[str] = Field(default_factory=list)   # what the token compressor did
    # The same text by section ("user", "market", "memory", "conversation"): each agent's prompt
    # carries only the sections it uses (agent/llm/gemini_memory.py); empty = `text` is one block.
    sections: dict[str, str] = Field(default_factory=dict)


class ProviderContext(BaseModel):
    """What a provider may know besides the question: instruments, today, the data that exists,
    and (for providers that read it: `reads_memory`) the user's memory."""
    instruments: list[Instrument] = Field(default_factory=list)
    today: date = Field(default_factory=date.today)
    ranges: list[DataRange] = Field(default_factory=list)
    memory: PromptMemory | None = None

    def instrument(self, symbol: str | None) -> Instrument | None:
        if not symbol:
            return None
        up = symbol.upper()
        return next((i for i in self.instruments if i.symbol.upper() == up), None)

    def range_for(self, symbol: str | None) -> DataRange | None:
        if not symbol:
            return None
        up = symbol.upper()
        return next((r for r in self.ranges if r.symbol.upper() == up), None)

    def is_synthetic(self, symbol: str | None) -> bool:
        inst = self.instrument(symbol)
        return bool(inst and inst.synthetic)


@runtime_checkable
class Provider(Protocol):
    """One interface for every backend. All methods are synchronous and side-effect free."""
    name: str

    def understand(self, question: str, history: list[dict[str, str]] | None,
                   ctx: ProviderContext) -> Intent:
        """The user's intent; history is earlier turns [{role, content}], oldest first."""

    def understand_with_answer(self, original: str | Intent, answer: str,
                               history: list[dict[str, str]] | None, ctx: ProviderContext) -> Intent:
        """Intent after a clarification interrupt: the original question completed by the answer."""

    def plan(self, intent: Intent, ctx: ProviderContext,
             feedback: list[PlanProblem] | None = None) -> Plan:
        """Steps for the query builder (feedback: why the previous plan failed its check in code,
        agent/answer/plan_check.py, on the planner's one retry)."""

    def analyze(self, question: str, intent: Intent, results: list[StepResult], lang: Lang,
                ctx: ProviderContext | None = None, feedback: str | None = None) -> AnalystOutput:
        """Answer text in `lang` and the claims it states (feedback: the validator's, on rewrite)."""

    def explain(self, concept: str, lang: Lang, ctx: ProviderContext | None = None) -> str:
        """A concept explanation in `lang` (glossary), honest when the concept is unknown."""

    def summarize(self, messages: list[dict[str, str]]) -> str:
        """A short summary of a long conversation (memory's rolling thread summary,
        agent/memory/summary.py)."""
