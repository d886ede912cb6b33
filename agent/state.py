"""Graph state and the contracts every node (and every LLM provider) produces.

The pydantic models double as function-calling schemas for the LLM; TradingState is the LangGraph
state (seed 004, "State Schema"), holding plain JSON-able dicts so every checkpointer can store it.
"""
from __future__ import annotations

from datetime import date, time
from typing import TYPE_CHECKING, Annotated, Any, Literal

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages
from pydantic import BaseModel, Field
from typing_extensions import TypedDict  # pydantic (the graph's JSON schemas) needs it on Python < 3.12

from query_builder.backtest_rule import BacktestRule
from query_builder.declare import Declared, names
from query_builder.models import EventCondition, Indicator, Pattern, Step

Lang = Literal["en", "ru", "es"]
IntentType = Literal["data", "concept", "mixed", "complex"]
Analysis = Literal["stats", "extremes", "volume", "events", "after_events", "top_moves", "compare",
                   "indicator", "pattern", "intraday", "volume_profile", "volume_rank", "backtest"]
# Claim types are declared in query_builder/declarations.py (checked and listed from there).
if TYPE_CHECKING:
    ClaimType = str
else:
    ClaimType = Annotated[str, Declared("claim")]
CLAIM_TYPES: tuple[str, ...] = names("claim")
Status = Literal["answered", "clarification", "no_data", "confirm_plan", "confirm_action", "error"]
InterruptType = Literal["clarification", "no_data", "confirm_plan", "confirm_action"]
ValidationStatus = Literal["ok", "rewrite", "need_more_data", "skipped"]
MissingSlot = Literal["symbol", "period", "threshold", "condition", "span"]


class Period(BaseModel):
    """A span of trading dates, both ends inclusive, with a human label ("2024-03", "2008", "Q1 2020")."""
    start: date
    end: date
    label: str


# ---- the typed reading: a question's parts, each binding its own slots ----------------

class TimeWindow(BaseModel):
    """A time-of-day window, exchange wall-clock ("between 9:30 and 10:00", "first hour", "RTH")."""
    start: time | None = None
    end: time | None = None
    label: str = ""
    extended: bool = Field(False, description="reaches outside the regular session (overnight, premarket)")


class Part(BaseModel):
    """One part of a question: its own instruments, period, window, bar size, measures and analysis
    ("NQ in November 2023 and SPY in April 2024" is two parts)."""
    symbols: list[str] = Field(default_factory=list)
    period: Period | None = None
    time_window: TimeWindow | None = None
    bar_minutes: int | None = Field(None, description="bar size asked for, in minutes (5-minute bars)")
    measures: list[str] = Field(default_factory=list, description="claim types and indicators named")
    analysis: Analysis | None = None
    condition: EventCondition | None = None
    horizon_days: int | None = None


class Declined(BaseModel):
    """A part of the question the answer does not apply, named, with why ("the 14:00-15:00 window",
    "SPX has daily bars only"): the result's `declined`."""
    part: str
    reason: str


class Intent(BaseModel):
    """What the user wants (Understander output)."""
    type: IntentType = Field(description="data: numbers from bars; concept: explanation only; "
                                         "mixed: both; complex: multi-step analysis")
    lang: Lang = "en"
    symbol: str | None = None
    symbols: list[str] = Field(default_factory=list, description="every instrument named, in order")
    period: Period | None = None
    compare_periods: list[Period] | None = None
    analysis: Analysis | None = None
    metrics: list[ClaimType] = Field(default_factory=list, description="claims the user asked for; "
                                                                        "empty = the usual set")
    condition: EventCondition | None = None
    horizon_days: int | None = Field(None, description="trading days after each event")
    top_n: int | None = None
    direction: Literal["up", "down"] | None = None
    indicator: Indicator | None = None
    indicator_window: int | None = None
    indicator_date: date | None = None
    pattern: Pattern | None = None
    concept: str | None = Field(None, description="glossary key for concept/mixed questions")
    unsupported: str | None = Field(None, description="a capability asked for that the system lacks")
    last_trading_days: int | None = Field(None, description="only the last N trading dates of the "
                                                              "period (the last N sessions)")
    period_cut: str | None = Field(None, description="the period is this part of a named one: "
                                                       "'<first|last> <n> <unit> <label>' (agent/nlu/subperiods.py)")
    also: list[Analysis] = Field(default_factory=list, description="further analyses the same "
                                                                   "question asks for (multi-part)")
    notes: list[str] = Field(default_factory=list, description="told to the user with the answer: "
                                                               "words not used, parts declined")
    # typed reading
    parts: list[Part] = Field(default_factory=list, description=(
        'several parts, each with its own symbols and period, paired by position ("NQ in November '
        '2023 and SPY in April 2024": two parts)'))
    time_window: TimeWindow | None = None
    bar_minutes: int | None = None
    indicators: list[Indicator] = Field(default_factory=list, description="every indicator named, in order")
    indicator_windows: list[int | None] = Field(default_factory=list, description="each indicator's window")
    declined: list[Declined] = Field(default_factory=list, description="parts of the question the "
                                                                         "reading could not apply, by name")
    needs_clarification: bool = False
    missing: list[MissingSlot] = Field(default_factory=list)
    clarifying_questions: list[str] = Field(default_factory=list)
    suggestions: list[str] = Field(default_factory=list)
    confidence: float = Field(1.0, ge=0.0, le=1.0)
    rule: BacktestRule | None = Field(None, description="analysis backtest: the trading rule asked "
                                                        "about (entry, exit, sizing, costs, fills)")


class Plan(BaseModel):
    steps: list[Step]
    summary: str | None = None


class Claim(BaseModel):
    """One number the answer states, checked by the validator against the data."""
    type: ClaimType
    value: float
    symbol: str | None = None
    date: str | None = Field(None, description="ISO trading date the value refers to")
    period: str | None = Field(None, description="period label, e.g. 2024-03")
    context: str | None = None


class AnalystOutput(BaseModel):
    """The analyst's answer WITH SLOTS: code fills every figure (agent/answer/slots.py, agent/answer/render.py)
    and derives the claims from the slots shown; the model never writes a number."""
    response: str = Field(description="answer text in the user's language. Write NO digits and no "
                                      "numbers in words: every value is a slot in braces naming a "
                                      "computed value, e.g. {close}, {high} on {high.date}, "
                                      "{pct_change}, {p2.volatility}, {param.threshold}; code "
                                      "fills and formats it (units and % included)")


class Attempt(BaseModel):
    """One draft the validator sent back, and why (rejections are readable)."""
    attempt: int
    status: ValidationStatus
    issues: list[str] = Field(default_factory=list)


class Validation(BaseModel):
    status: ValidationStatus
    issues: list[str] = Field(default_factory=list)
    feedback: str | None = None
    # Every rejected draft of this turn, in order; `source` says who wrote the text shown:
    # "analyst" (its draft passed) or "code_summary" (after rejections, or when it was down).
    attempts: list[Attempt] = Field(default_factory=list)
    source: Literal["analyst", "code_summary"] | None = None


class ClarificationInterrupt(BaseModel):
    type: Literal["clarification"] = "clarification"
    message: str
    questions: list[str] = Field(default_factory=list)
    suggestions: list[str] = Field(default_factory=list)


class NoDataInterrupt(BaseModel):
    type: Literal["no_data"] = "no_data"
    message: str
    suggestions: list[str] = Field(default_factory=list)
    available: dict[str, Any] | None = Field(None, description="symbol, first, last of stored data")


class ConfirmPlanInterrupt(BaseModel):
    type: Literal["confirm_plan"] = "confirm_plan"
    message: str
    plan_summary: list[str] = Field(default_factory=list)
    suggestions: list[str] = Field(default_factory=lambda: ["execute", "simplify", "cancel"])


class TradingState(TypedDict, total=False):
    # input (identity injected by code, never by the model)
    question: str
    chat_history: list[dict[str, str]]
    user_id: str
    session_id: str
    request_id: str
    now: str | None              # ISO date fixing "today" for relative periods (eval, tests)
    turn_question: str           # the question that opened this turn (kept for the history)
    # route (agents/route.py): trading | tools | understander
    route: str | None
    # the chat form: user turns as human messages, answers as AI messages (agents/reply.py)
    messages: Annotated[list[AnyMessage], add_messages]
    # understander
    intent: dict | None
    needs_clarification: bool
    clarifying_questions: list[str]
    clarify_answer: str | None   # the user's answer to the clarify interrupt, for the understander
    clarifications: int          # clarify interrupts asked this turn
    # planner / query builder / executor
    plan: dict | None
    plan_confirmed: bool         # the user accepted this plan (confirm_plan); it runs as shown
    confirm_again: bool          # the last confirm_plan answer was unreadable: ask again
    no_data: dict | None         # the no_data interrupt's payload, when the executor found no bars
    pending_action: dict | None  # a trading change to confirm (PendingAction, agents/confirm_action)
    confirmed_action: dict | None  # the exact action the user confirmed, for execute_action
    queries: list[dict]
    data: dict | None            # {"results": [StepResult...], "total_rows": int}
    has_data: bool               # seed TradingState: the executor found rows for the plan
    execution_errors: list[str]
    # analyst / validator
    draft: str                   # the analyst's text with slots, before the validator fills it
    response: str
    claims: list[dict]
    validation: dict | None
    validation_attempts: int
    replans: int
    # outcome
    status: Status
    interrupt: dict | None
    disclaimers: list[str]
    reading: str | None          # the answer's first line: what it answered (agent/nlu/stated.py)
    declined: list[dict]         # parts of the question not applied, with why (Declined)
    # meta
    current_agent: str
    agents_used: list[str]
    started_at: float
    usage: dict


# Small state updates every node (and the feature steps nodes call) shares.
def lang_of(state: dict[str, Any]) -> str:
    return (state.get("intent") or {}).get("lang") or "en"


def visited(state: dict[str, Any], agent: str) -> dict[str, Any]:
    return {"current_agent": agent, "agents_used": [*(state.get("agents_used") or []), agent]}


def final(state: dict[str, Any], agent: str, response: str, *, disclaimer: str | None = None,
          status: str = "answered", claims: list[dict] | None = None) -> dict[str, Any]:
    """Ends the run with an answer the user can read (routers send a set status to END)."""
    disclaimers = [*(state.get("disclaimers") or [])]
    if disclaimer:
        disclaimers.append(disclaimer)
    return {**visited(state, agent), "response": response, "status": status,
            "claims": claims if claims is not None else [], "disclaimers": disclaimers}
