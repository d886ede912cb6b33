"""A new question escapes an open card: the text typed while a clarification card is
open is its answer only when it gives what the card asks; a text that names a symbol, period or
analysis the card did not ask for is a question of its own and starts afresh.

    card "For which period?" (NQ stats) + "November 2023"          -> the card's answer
    card "Which instrument?"             + "SPY"                    -> the card's answer
    card "For which period?" (NQ stats) + "SPY stats for April 2024" -> a new question
    card "Which instrument?"             + "RSI of SPX in March 2020" -> a new question
"""
from __future__ import annotations

from typing import Any

from agent.llm.base import ProviderContext


def _gives(text: str, ctx: ProviderContext) -> set[str]:
    from agent.nlu.parse import parse_text

    p = parse_text(text, ctx)
    out = set()
    if p.symbols:
        out.add("symbol")
    if p.periods:
        out.add("period")
    if p.metrics or p.indicator or p.pattern or p.top or p.cond.has_threshold or p.window \
            or {"compare", "after", "volume_profile", "intraday", "stats"} & p.flags:
        out.add("analysis")
    if p.cond.has_threshold:
        out.add("threshold")
    return out


def asks_anew(answer: Any, intent: dict[str, Any] | None, ctx: ProviderContext) -> bool:
    """True when `answer` is a question of its own rather than the card's answer."""
    if not isinstance(answer, str) or not intent:
        return False
    asked = set(intent.get("missing") or [])
    if not asked:
        return False
    gives = _gives(answer, ctx)
    if "threshold" in asked or "condition" in asked:
        asked |= {"analysis", "threshold"}
    extra = gives - asked
    # A reply adding detail to a question beyond plain stats ("daily, SPX, 1930 to 1940" to "the
    # week after a 15 % rise") names no analysis of its own: it completes the question, never drops
    # its condition.
    if "analysis" not in gives and (intent.get("condition") or intent.get("analysis") not in (None, "stats")):
        return False
    # A new question names at least two things (a symbol and a period, or an analysis with either),
    # one of them not asked: a lone word is always read as the answer.
    return bool(extra) and len(gives) >= 2
