"""Follow-ups: what a question inherits from the conversation, and short conversation summaries."""
from __future__ import annotations

import re
from typing import Any

from agent.nlu import followup_days, followup_shifts
from agent.nlu.period_math import cover
from agent.state import Intent

_ANALYSIS_FIELDS = ("metrics", "condition", "horizon_days", "top_n", "direction", "indicator",
                    "indicator_window", "indicator_date", "pattern")


def _inherit_period(cur: Intent, prev: Intent, p: Any) -> None:
    """The previous period, or its days changed by the text ("and the 28th?", "а за вторую?", "the
    previous month": followup_days, followup_shifts)."""
    assert prev.period is not None
    if cur.period is None:
        cur.period = followup_days.shifted(getattr(p, "text", ""), prev.period, prev.analysis)
        if cur.period is not prev.period:
            if p is not None:
                p.unused = [w for w in p.unused if not followup_days.is_day_word(w)]
        elif prev.analysis == "compare" and cur.analysis in (None, "compare"):
            cur.compare_periods = prev.compare_periods
    elif p is not None and not p.symbols and prev.analysis not in ("events", "after_events"):
        cur.period = followup_shifts.from_previous(p.text, [f.kind for f in p.periods], prev.period) or cur.period


_COMPARABLE = (None, "stats", "extremes", "volume", "compare")


def _compared_with_previous(cur: Intent, prev: Intent, p: Any) -> bool:
    """"And compared with November 30?" after an answer for December 1: the previous period (or
    periods) and the new one side by side, not the new one in their place."""
    if p is None or "compare" not in p.flags or len(p.periods) != 1 or cur.period is None \
            or prev.period is None or prev.analysis not in _COMPARABLE or cur.analysis not in _COMPARABLE:
        return False
    if p.symbols and set(p.symbols) - set(prev.symbols or ([prev.symbol] if prev.symbol else [])):
        return False                          # "and compared with SPY in March?": another question
    before = list(prev.compare_periods or [prev.period])
    if cur.period in before:
        return False
    cur.compare_periods = [*before, cur.period]
    cur.period = cover(cur.compare_periods)
    cur.analysis = "compare"
    return True


def merge(cur: Intent, prev: Intent | None, p: Any = None) -> Intent:
    """Fill what the current text leaves open from the conversation's previous intent."""
    if prev is None:
        return cur
    if p is not None and not p.lang_strong:
        cur.lang = prev.lang
    if not cur.symbol and prev.symbol:
        cur.symbol, cur.symbols = prev.symbol, list(prev.symbols or [prev.symbol])
    if prev.period is not None and not _compared_with_previous(cur, prev, p):
        _inherit_period(cur, prev, p)
        cur.period_cut = cur.period_cut or prev.period_cut   # said only while the period is the same
    if cur.analysis == "compare" and not cur.metrics:
        cur.metrics = list(prev.metrics or [])
    if cur.analysis is None or (cur.analysis == "events" and prev.analysis == "after_events"
                                and not cur.horizon_days):
        cur.analysis = prev.analysis
        for name in _ANALYSIS_FIELDS:
            if not getattr(cur, name):
                setattr(cur, name, getattr(prev, name))
        if cur.analysis == "compare" and not cur.compare_periods:
            cur.analysis = "stats"
        if cur.indicator_date and cur.period and cur.period.start != cur.period.end:
            cur.indicator_date = None
        if cur.period and cur.period.start == cur.period.end and cur.indicator:
            cur.indicator_date = cur.period.end
    elif cur.analysis in ("events", "after_events") and cur.condition is None and prev.condition:
        cur.condition = prev.condition
    return cur


def summarize(messages: list[dict[str, str]], max_chars: int = 600) -> str:
    """A short deterministic summary: turn count, what was asked, the latest exchange."""
    users = [m.get("content", "") for m in messages if m.get("role") == "user"]
    assistants = [m.get("content", "") for m in messages if m.get("role") == "assistant"]
    if not messages:
        return ""

    def clip(t: str, n: int) -> str:
        t = re.sub(r"\s+", " ", t).strip()
        return t if len(t) <= n else t[: n - 1].rstrip() + "…"

    parts = [f"{len(messages)} messages ({len(users)} questions)."]
    if len(users) > 1:
        parts.append("Earlier questions: " + " | ".join(clip(u, 60) for u in users[-6:-1]) + ".")
    if users:
        parts.append("Last question: " + clip(users[-1], 120) + ".")
    if assistants:
        parts.append("Last answer: " + clip(assistants[-1], 160))
    return clip(" ".join(parts), max_chars)
