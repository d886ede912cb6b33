"""Short answers to what the assistant offered: yes / no, "show the available data", "another
instrument", and which earlier turns a follow-up may build on (the answered ones).

After a no-data card the user's reply comes back as a new question with the failed one as the last
user turn. "Yes" / "sí" / "да" or "show the available data" then means: the same question over the
range that has data; "another instrument" means: the same question, the instrument to be picked
from the loaded ones that have data.
"""
from __future__ import annotations

import re

from agent import lang as packs
from agent.llm.base import ProviderContext
from agent.messages import MESSAGES
from agent.nlu.lang import normalize
from agent.nlu.period_math import make_period
from agent.state import Intent


def _words(key: str) -> str:   # the packs' reply words (agent/lang/_nlu)
    return packs.alternation("nlu_words", "resumes", key)


YES = re.compile(rf"^\s*(?:{_words('yes')})(?:\s*,?\s*(?:{_words('yes_tail')}))?[\s!.,]*$")
AVAILABLE = re.compile(_words("available"))
ANOTHER = re.compile(_words("another"))

# Assistant replies that did not answer (an interrupt card or a refusal): not a base for follow-ups.
_UNANSWERED_KEYS = ("clarify", "not_understood", "no_data", "unknown_symbol", "store_empty",
                    "cancelled", "execution_failed")


def _card_patterns() -> list[re.Pattern[str]]:
    out = []
    for key in _UNANSWERED_KEYS:
        for text in (MESSAGES.get(key) or {}).values():
            head = text.strip()[:60]
            parts = re.split(r"\{\w+\}", head)
            out.append(re.compile("^" + ".*?".join(re.escape(x) for x in parts)))
    return out


_CARDS: list[re.Pattern[str]] | None = None


def unanswered(reply: str) -> bool:
    global _CARDS
    if _CARDS is None:
        _CARDS = _card_patterns()
    text = (reply or "").strip()
    return not text or any(p.match(text) for p in _CARDS)   # empty: the turn ended in an interrupt


def answered_user_turns(history: list[dict[str, str]] | None) -> list[str]:
    """User turns a follow-up builds on: those not answered by a card (no data, clarification...)
    are left out, unless no turn was answered at all. A last turn still waiting is kept."""
    items = list(history or [])
    turns: list[tuple[str, bool]] = []
    for i, h in enumerate(items):
        if h.get("role") != "user":
            continue
        reply = next((x.get("content") or "" for x in items[i + 1:i + 2] if x.get("role") == "assistant"), None)
        turns.append((h.get("content") or "", reply is None or not unanswered(reply)))
    good = [t for t, ok in turns if ok]
    return good if good else [t for t, _ok in turns]


def reply_kind(question: str) -> str | None:
    """'yes', 'available' or 'another' for a short reply to an offer, else None."""
    norm = normalize(question)
    if len(norm) > 60:
        return None
    if YES.match(norm):
        return "yes"
    if AVAILABLE.search(norm):
        return "available"
    if ANOTHER.search(norm):
        return "another"
    return None


def _overlaps(it: Intent, ctx: ProviderContext) -> bool:
    rng = ctx.range_for(it.symbol)
    if rng is None:
        return False
    if it.period is None:
        return True
    return not (it.period.end < rng.first or it.period.start > rng.last)


def resume_intent(kind: str, prev: Intent, ctx: ProviderContext) -> Intent:
    """The previous question again: over the data's range (yes / available) or with the
    instrument left open for the user to pick (another)."""
    it = prev.model_copy(deep=True)
    it.needs_clarification, it.missing, it.notes = False, [], []
    if kind == "another":
        it.symbol, it.symbols = None, []
        return it
    rng = ctx.range_for(it.symbol)
    if rng is not None and not _overlaps(it, ctx):
        it.period = make_period(rng.first, rng.last)
        if it.analysis == "compare":
            it.analysis, it.compare_periods = "stats", None
        it.indicator_date = None
    return it


def symbols_with_data(ctx: ProviderContext, intent: Intent, exclude: str | None = None) -> list[str]:
    """Loaded symbols to offer: real ones only (synthetic when nothing real is loaded), with data in
    the intent's period first, then the freshest data first (not the alphabet: three offers out of
    four symbols left SPY out)."""
    def rank(sym: str) -> tuple[int, int, int]:
        rng = ctx.range_for(sym)
        covers = bool(rng and (intent.period is None or not (intent.period.end < rng.first
                                                                or intent.period.start > rng.last)))
        return (0 if covers else 1, 1 if ctx.is_synthetic(sym) else 0, -rng.last.toordinal() if rng else 0)
    syms = [r.symbol for r in ctx.ranges if r.symbol != exclude]
    real = [s for s in syms if not ctx.is_synthetic(s)]
    return sorted(real or syms, key=rank)      # synthetic DEMO symbols only when nothing real is loaded
