"""The analysis a parsed text asks for (and the further ones it also asks for), and whether it is a
concept question."""
from __future__ import annotations

import re

from agent import lang as packs
from agent.nlu.lang import normalize
from agent.nlu.parse import Parsed
from agent.nlu.per_unit import per_unit


def analysis_of(p: Parsed, single_period: bool = False) -> str | None:
    """The analysis the text itself asks for; None when it gives no cue (a follow-up)."""
    if p.volume_rank is not None:
        return "volume_rank"           # "highest volume day": never the best and worst price moves
    if p.top is not None and not (p.top.n and not p.top.explicit and "after" in p.flags):
        return "top_moves"             # "big drops" with "after": what followed them (below)
    if p.cond.has_threshold or "vague" in p.flags:
        return "after_events" if (p.horizon or "after" in p.flags) else "events"
    if "after" in p.flags and p.cond.direction and not p.metrics:
        return "after_events"                      # "что было после роста?" (vague)
    if p.horizon and p.cond.direction:
        return "after_events"
    if "count" in p.flags and p.cond.direction and not p.metrics and not p.indicator \
            and not per_unit(normalize(p.text)):  # "how many up weeks": each week's return (shaping)
        return "events"                            # "how many days did SPX rise in 2020?"
    if len(p.periods) >= 2 and not p.indicator and not single_period:
        return "compare"               # several periods: each one's figures side by side
    if p.indicator:
        return "indicator"
    if "volume_profile" in p.flags:
        return "volume_profile"
    if p.pattern:
        return "pattern"
    if "intraday" in p.flags or p.bar is not None:
        return "intraday"
    if p.metrics:
        if set(p.metrics) <= {"high", "low"}:
            return "extremes"
        if set(p.metrics) <= {"total_volume", "avg_daily_volume"}:
            return "volume"
        return "stats"
    return "stats" if "stats" in p.flags else None


def also_analyses(p: Parsed, primary: str | None) -> list[str]:
    """Further analyses the same question asks for ("compare Q1 and Q2, and show the volume
    profile", "RSI and the high of SPY"): each becomes its own plan steps."""
    found = []
    if p.top is not None and p.top.explicit:
        found.append("top_moves")
    if p.indicator:
        found.append("indicator")
    if "volume_profile" in p.flags:
        found.append("volume_profile")
    if p.pattern:
        found.append("pattern")
    if (p.metrics or "stats" in p.flags and not (primary in ("events", "after_events") and _HOW_DID.search(p.text))) \
            and primary not in (None, "stats", "extremes", "volume", "compare"):
        found.append("stats")   # "how did SPX do after it fell 5%": the event question itself, not stats too
    return [a for a in dict.fromkeys(found) if a != primary]


_HOW_DID = re.compile("(?i)" + packs.alternation("nlu_words", "analyses", "how_did"))


def is_vague(p: Parsed) -> bool:
    return "vague" in p.flags or "after" in p.flags


_CONCEPT_TERM = re.compile(
    "(?:" + packs.alternation("nlu_words", "analyses", "concept_lead") + r")\s+(?:"
    + packs.alternation("nlu_words", "analyses", "concept_article") + r")?(?P<t>[^?.!¿¡]{2,60})")


def concept_term(question: str) -> str | None:
    """The term after 'what is' / 'что такое' / 'qué es' when the glossary does not know it."""
    m = _CONCEPT_TERM.search(normalize(question))
    return question[m.start("t"):m.end("t")].strip() if m else None


def is_concept(p: Parsed, has_context: bool) -> bool:
    if not p.concepts or p.symbols:
        return False
    if "concept" in p.flags or "explain" in p.flags:
        return True
    if p.metrics:              # "What was the total volume?" asks for a number, not a definition
        return False
    return not p.periods and not has_context and not (p.cond.has_threshold or p.top)


