"""Defaults from memory for what a question leaves open, said in the answer.

A follow-up that names no instrument ("show me the stats" again) continues with the thread's last
instrument (and period, when it names none). "stats for last month" with no instrument -> the user's usual symbol: the one they said they trade
("I usually trade NQ", "обычно торгую NQ", "normalmente opero NQ"), else the symbol they asked
about most (at least MIN_USES answered turns). The answer says so in the user's language.
"""
from __future__ import annotations

from collections.abc import Callable

from agent import lang as packs
from agent.memory.models import MemoryContext
from agent.state import Intent, Period

MIN_USES = 3
USUAL_SYMBOL_NOTE = packs.by_lang("trading_words", "usual_symbol_note")


def usual_symbol(mem: MemoryContext) -> str | None:
    said = mem.preferences.get("usual_symbol")
    if said:
        return str(said)
    top = mem.favorite_symbols[0] if mem.favorite_symbols else None
    return top if top and mem.symbol_counts.get(top, 0) >= MIN_USES else None


# What may be taken over when a question names no instrument: the thread's last symbol (and its
# period, when the question names none either); any other missing detail is still asked.
_CONTINUABLE = {"symbol", "period"}

AskRest = Callable[[Intent], tuple[list[str], list[str]]]


def fill_defaults(intent: Intent, mem: MemoryContext, known: Callable[[str], bool] = lambda s: True,
                  thread_last: dict | None = None, ask_rest: AskRest | None = None) -> tuple[Intent, str | None]:
    """The intent with its missing symbol taken from the thread (its last answered instrument, and
    that turn's period when none is named either) or else from memory (the usual symbol), and the
    note to show (or None). With the usual symbol and the period still missing, the intent still
    asks, but only for the period (`ask_rest`: the questions and suggestions for the intent as
    filled), and the note heads the card's questions."""
    if not (intent.needs_clarification and "symbol" in intent.missing):
        return intent, None
    lang = intent.lang if intent.lang in USUAL_SYMBOL_NOTE else "en"
    last = thread_last or {}
    sym = last.get("symbol")
    if sym and known(sym) and set(intent.missing) <= _CONTINUABLE \
            and ("period" not in intent.missing or last.get("period")):
        update: dict = {"symbol": sym, "symbols": [sym]}
        if "period" in intent.missing:
            update["period"] = Period.model_validate(last["period"])
        return _answerable(intent, update), packs.get(lang, "memory_notes", "thread_symbol").format(symbol=sym)
    sym = usual_symbol(mem)
    if not sym or not known(sym):
        return intent, None
    note = USUAL_SYMBOL_NOTE[lang].format(symbol=sym)
    rest = [m for m in intent.missing if m != "symbol"]
    if not rest:
        return _answerable(intent, {"symbol": sym, "symbols": [sym]}), note
    if ask_rest is None:
        return intent, None
    partial = intent.model_copy(update={"symbol": sym, "symbols": [sym], "missing": rest})
    questions, suggestions = ask_rest(partial)
    return partial.model_copy(update={"clarifying_questions": [note, *questions],
                                      "suggestions": suggestions}), note


def _answerable(intent: Intent, update: dict) -> Intent:
    return intent.model_copy(update={**update, "needs_clarification": False, "missing": [],
                                     "clarifying_questions": [], "suggestions": [],
                                     "confidence": min(intent.confidence, 0.9)})
