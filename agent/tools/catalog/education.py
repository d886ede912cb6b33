"""Education tool: explanations from the trading glossary (agent/llm/glossary.py), EN/RU/ES."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from agent.llm import glossary
from agent.tools.spec import SEED_CACHE_TTL, RateLimit, ToolContext, ToolSpec


class ExplainParams(BaseModel):
    term: str = Field(min_length=1, max_length=120, description="concept to explain, e.g. RSI, drawdown")
    language: Literal["en", "ru", "es"] | None = Field(
        None, description="answer language; the user's language when omitted")


def explain_concept(ctx: ToolContext, p: ExplainParams) -> dict[str, Any]:
    lang = p.language or ctx.user.language
    key = glossary.lookup(p.term)
    out: dict[str, Any] = {"term": p.term, "language": lang, "found": key is not None,
                           "text": glossary.explain(p.term, lang)}
    if key is not None:
        out.update(concept=key, name=glossary.name(key, lang),
                   related=list(glossary.ENTRIES[key][3]))
    else:
        out["closest"] = glossary.closest(p.term)
    return out


TOOLS = [
    ToolSpec(id="education.explain_concept", name="explain_concept", chart="none:explanation",
             description="Explain a trading concept (indicator, order type, risk term) from the glossary.",
             category="education", params=ExplainParams, handler=explain_concept,
             rate_limit=RateLimit(per_minute=60), cache_ttl_s=SEED_CACHE_TTL["education"]),
]
