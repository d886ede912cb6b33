"""Memory tools: remember, recall, forget (seed 002, graph-callable).

"remember that I trade mostly NQ" -> remember(note=..., symbol="NQ"); "what do you know about me?"
-> recall(); "forget my notes" -> forget(kind="notes"). The user is always ctx.user (from the
token), so a tool call can only read or change the caller's own memory.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

from agent.memory.learn import detect_style
from agent.tools.spec import RateLimit, ToolContext, ToolError, ToolSpec

MemoryKind = Literal["favorites", "style", "questions", "strategies", "notes", "preferences", "all"]
Style = Literal["scalping", "day_trading", "swing", "long_term"]


class Preferences(BaseModel):
    """Typed preferences (long-term memory), each used where it applies: chart granularity by the
    planner, language by the understander, time zone and risk profile in the user's context."""
    chart_granularity: Literal["hourly", "daily", "weekly"] | None = None
    language: Literal["en", "ru", "es"] | None = None
    timezone: str | None = Field(None, description="IANA time zone, e.g. America/New_York")
    risk_profile: Literal["conservative", "moderate", "aggressive"] | None = None

    @field_validator("timezone")
    @classmethod
    def _zone(cls, v: str | None) -> str | None:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        if v is not None:
            try:
                ZoneInfo(v)
            except (ZoneInfoNotFoundError, ValueError):
                raise ValueError(f"unknown time zone {v!r} (e.g. America/New_York)") from None
        return v


class RememberParams(BaseModel):
    note: str = Field(min_length=1, max_length=500, description="what to remember, in the user's words")
    symbol: str | None = Field(None, pattern=r"^[A-Za-z0-9._/-]{1,15}$",
                               description="the user's usual instrument, when the note names one")
    trading_style: Style | None = None
    preferences: Preferences | None = Field(None, description="typed preferences the user stated")


class RecallParams(BaseModel):
    kind: MemoryKind = Field("all", description="which memory to return")


class ForgetParams(BaseModel):
    kind: MemoryKind = Field(description="which memory to delete; all = everything remembered")


def _memory(ctx: ToolContext) -> Any:
    if ctx.memory is None:
        raise ToolError("EXECUTION_ERROR", "memory is not available to this tool call")
    return ctx.memory()


def remember(ctx: ToolContext, p: RememberParams) -> dict:
    mem = _memory(ctx)
    mem.flush(ctx.user)                       # after any queued learning, in order
    mem.ltm.add_note(ctx.user, p.note.strip())
    style = p.trading_style or detect_style(p.note)
    if style:
        mem.ltm.set_style(ctx.user, style)
    prefs = p.preferences.model_dump(exclude_none=True) if p.preferences else {}
    if p.symbol:
        prefs["usual_symbol"] = p.symbol.upper()
    if prefs:
        mem.ltm.set_preferences(ctx.user, prefs)
    return {"remembered": p.note.strip(), "usual_symbol": p.symbol.upper() if p.symbol else None,
            "trading_style": style,
            "preferences": p.preferences.model_dump(exclude_none=True) if p.preferences else {}}


def recall(ctx: ToolContext, p: RecallParams) -> dict:
    profile = _memory(ctx).profile(ctx.user).model_dump(mode="json")
    if p.kind == "all":
        return {"memory": profile}
    field = {"favorites": "favorite_symbols", "style": "trading_style", "questions": "frequent_questions",
             "strategies": "recent_strategies", "notes": "notes", "preferences": "preferences"}[p.kind]
    return {"memory": {field: profile[field]}}


def forget(ctx: ToolContext, p: ForgetParams) -> dict:
    kinds = None if p.kind == "all" else (p.kind,)
    return _memory(ctx).forget(ctx.user, kinds)


TOOLS = [
    ToolSpec(id="memory.remember", name="remember", chart="none:memory", category="memory", params=RememberParams,
             handler=remember, rate_limit=RateLimit(per_minute=20, per_day=500),
             writes=True, idempotent=True,    # adds to memory; near-duplicates are merged
             description="Remember something the user says about themselves (usual symbol, trading "
                         "style, typed preferences: chart granularity, language, time zone, risk "
                         "profile; a note) for later conversations."),
    ToolSpec(id="memory.recall", name="recall", chart="none:memory", category="memory", params=RecallParams,
             handler=recall, rate_limit=RateLimit(per_minute=30),
             description="What AskBar remembers about the user: favourite symbols, trading style, "
                         "frequent questions, recent strategies, notes, preferences."),
    ToolSpec(id="memory.forget", name="forget", chart="none:memory", category="memory", params=ForgetParams,
             handler=forget, mutates=True, rate_limit=RateLimit(per_minute=10),
             destructive=True, idempotent=True,
             description="Delete what AskBar remembers about the user: one kind, or all of it."),
]
