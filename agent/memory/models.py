"""The context contract (seed 002's FullContext), as pydantic models so it can be dumped and counted."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from agent.identity.models import Experience, Plan, RiskProfile

MarketState = Literal["open", "closed", "pre_market", "after_hours"]


class UserContext(BaseModel):
    user_id: str
    tenant_id: str
    name: str
    plan: Plan
    language: str
    timezone: str
    risk_profile: RiskProfile
    experience: Experience
    preferences: dict[str, Any] = Field(default_factory=dict)


class Closure(BaseModel):
    """A session that does not happen (holiday) or ends early (half day)."""
    date: str                          # the session date (exchange's local date)
    kind: Literal["closed", "early_close"]
    close: str | None = None           # ISO UTC close time of an early close


class InstrumentStatus(BaseModel):
    """One instrument's session status at `now`, from its exchange calendar."""
    symbol: str
    calendar: str                      # exchange_calendars name, or "24/7"
    status: MarketState
    session: str | None = None         # the trading session (date) now belongs to, if any
    early_close: bool = False          # today's session closes early (half day)
    next_open: str | None = None       # ISO UTC
    next_close: str | None = None
    # Closures (weekday holidays) and early closes of the next UPCOMING_DAYS, from the calendar
    upcoming: list[Closure] = Field(default_factory=list)
    # The price snapshot (seed 002): the last stored price, its change against the previous
    # session's close and the time it is as of (agent/memory/market_snapshot.py); None: no bars
    last_price: float | None = None
    as_of: str | None = None           # ISO UTC minute of the last 1-minute bar, or its date
    previous_close: float | None = None
    change: float | None = None
    change_pct: float | None = None


class MarketContext(BaseModel):
    current_time: str
    instruments: list[InstrumentStatus] = Field(default_factory=list)
    reduced: bool = False              # the compressor kept only the instruments in play


class Message(BaseModel):
    role: str
    content: str
    # Assistant turns: the validated claims of the answer and the turn's topic. The summariser
    # states numbers only from these; they are not sent to a model as message text.
    claims: list[dict[str, Any]] = Field(default_factory=list)
    topic: str | None = None

    def chat(self) -> dict[str, str]:
        return {"role": self.role, "content": self.content}


class ConversationContext(BaseModel):
    id: str | None = None
    started_at: str | None = None
    message_count: int = 0
    recent_messages: list[Message] = Field(default_factory=list)
    summary: str | None = None
    recent_topics: list[str] = Field(default_factory=list)
    mentioned_symbols: list[str] = Field(default_factory=list)


class Strategy(BaseModel):
    name: str
    at: str | None = None


class MemoryContext(BaseModel):
    """What long-term memory holds for one user (seed's UserMemory)."""
    favorite_symbols: list[str] = Field(default_factory=list)        # most used first, max 20
    symbol_counts: dict[str, int] = Field(default_factory=dict)
    trading_style: str | None = None
    frequent_questions: list[str] = Field(default_factory=list)      # max 20, near-duplicates merged
    recent_strategies: list[Strategy] = Field(default_factory=list)  # newest first, max 10
    notes: list[str] = Field(default_factory=list)
    preferences: dict[str, Any] = Field(default_factory=dict)

    def is_empty(self) -> bool:
        return not (self.favorite_symbols or self.trading_style or self.frequent_questions
                    or self.recent_strategies or self.notes or self.preferences)


class SystemContext(BaseModel):
    current_date: str
    current_time: str
    agent_version: str
    available_tools: list[str] = Field(default_factory=list)


class FullContext(BaseModel):
    user: UserContext | None = None
    market: MarketContext | None = None
    conversation: ConversationContext | None = None
    memory: MemoryContext | None = None
    system: SystemContext | None = None
    errors: dict[str, str] = Field(default_factory=dict)   # part -> why it is missing
