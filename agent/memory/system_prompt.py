"""The seed's system prompt builder: header, user, market, memory, conversation, instructions.

Gemini prompts prepend `build_system_prompt(context)` (or single sections) to an agent's own
system text. What a user said or stored (notes, statements, questions, the summary) is wrapped as
untrusted data with the same tags as every other prompt (agent.llm.prompts.wrap).
"""
from __future__ import annotations

import re

from agent.memory.models import (
    ConversationContext,
    FullContext,
    MarketContext,
    MemoryContext,
    UserContext,
)

HEADER = """\
# AskBar trading copilot
You help a trader with historical market statistics, concepts and their own tools. You never \
invent a number: numbers come from computed data."""

INSTRUCTIONS = """\
## Instructions
1. Use the available tools and data; say clearly when data is missing.
2. Adapt the wording to the user's experience level and answer in their language.
3. If something needs a higher plan, say so politely.
4. Be concise but complete; analysis is not investment advice.
5. Keep the conversation's context (summary and recent messages) in mind."""

STATUS_NAMES = {"open": "open", "closed": "closed", "pre_market": "pre-market",
                "after_hours": "after hours"}
MAX_MARKET_LINES = 5
MAX_MEMORY_SYMBOLS = 5
MAX_CLOSURES = 3                   # per instrument, nearest first
MAX_NAME_CHARS = 60


def _wrap(tag: str, text: str) -> str:
    from agent.llm.prompts import wrap

    return wrap(tag, text)


def user_section(u: UserContext) -> str:
    # The name (it was missing) is the user's own text: one line, short, no markup; the
    # whole section is data (the providers wrap it as untrusted).
    name = " ".join(re.sub(r"[<>{}]", "", u.name or "").split())[:MAX_NAME_CHARS]
    return (f"## User\n- Plan: {u.plan}\n- Risk profile: {u.risk_profile}\n- Experience: "
            f"{u.experience}\n- Language: {u.language}\n- Timezone: {u.timezone}\n- Name: {name}")


def market_section(m: MarketContext) -> str:
    lines = [f"## Market\n- Current time (UTC): {m.current_time}"]
    for i in m.instruments[:MAX_MARKET_LINES]:
        line = f"- {i.symbol} ({i.calendar}): {STATUS_NAMES[i.status]}"
        if i.last_price is not None:      # the snapshot (seed 002): price, change, as of when
            line += f", last {i.last_price:g}"
            if i.change_pct is not None:
                line += f" ({i.change_pct:+.2f}% vs previous close {i.previous_close:g})"
            line += f" as of {i.as_of}"
        if i.early_close:
            line += ", early close today"
        if i.status == "open" and i.next_close:
            line += f", closes {i.next_close}"
        elif i.next_open:
            line += f", next open {i.next_open}"
        said = [f"{c.date} closed" if c.kind == "closed" else f"{c.date} early close {c.close}"
                for c in i.upcoming[:MAX_CLOSURES]]
        if said:
            line += f"; upcoming: {', '.join(said)}"
        lines.append(line)
    return "\n".join(lines)


def memory_section(mem: MemoryContext) -> str:
    if mem.is_empty():
        return ""
    lines = ["## What I know about the user"]
    if mem.favorite_symbols:
        lines.append(f"- Favourite symbols: {', '.join(mem.favorite_symbols[:MAX_MEMORY_SYMBOLS])}")
    if mem.preferences.get("usual_symbol"):
        lines.append(f"- Usual symbol: {mem.preferences['usual_symbol']}")
    if mem.trading_style:
        lines.append(f"- Trading style: {mem.trading_style}")
    if mem.recent_strategies:
        lines.append(f"- Recent strategy: {mem.recent_strategies[0].name}")
    said = mem.notes[:5] + list(mem.preferences.get("statements", []))[:3]
    if said:
        lines.append("- Notes and statements:\n" + _wrap("memory", "\n".join(said)))
    return "\n".join(lines)


def conversation_section(c: ConversationContext) -> str:
    if not (c.summary or c.recent_topics):
        return ""
    lines = ["## Conversation"]
    if c.summary:
        lines.append("Summary of earlier turns:\n" + _wrap("summary", c.summary))
    if c.recent_topics:
        lines.append(f"- Recent topics: {', '.join(c.recent_topics)}")
    if c.mentioned_symbols:
        lines.append(f"- Symbols mentioned: {', '.join(c.mentioned_symbols)}")
    return "\n".join(lines)


def section_map(ctx: FullContext) -> dict[str, str]:
    """The data sections by name (user, market, memory, conversation), the empty ones left out:
    each Gemini agent carries only those it uses (agent/llm/gemini_memory.py)."""
    sections = {"user": user_section(ctx.user) if ctx.user else "",
                "market": market_section(ctx.market) if ctx.market else "",
                "memory": memory_section(ctx.memory) if ctx.memory else "",
                "conversation": conversation_section(ctx.conversation) if ctx.conversation else ""}
    return {k: v for k, v in sections.items() if v}


def context_sections(ctx: FullContext) -> str:
    """The data sections only (user, market, memory, conversation): what a provider carries as
    untrusted data beside its own instructions, without this builder's header."""
    return "\n\n".join(section_map(ctx).values())


def build_system_prompt(ctx: FullContext) -> str:
    return "\n\n".join(s for s in (HEADER, context_sections(ctx), INSTRUCTIONS) if s)
