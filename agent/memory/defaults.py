"""Defaults from memory for what a question leaves open, said in the answer.

"stats for last month" with no instrument -> the user's usual symbol: the one they said they trade
("I usually trade NQ", "обычно торгую NQ", "normalmente opero NQ"), else the symbol they asked
about most (at least MIN_USES answered turns). The answer says so in the user's language.
"""
from __future__ import annotations

from collections.abc import Callable

from agent.memory.models import MemoryContext
from agent.state import Intent

MIN_USES = 3
USUAL_SYMBOL_NOTE = {
    "en": "Using {symbol}, your usual symbol.",
    "ru": "Использую {symbol} — ваш обычный инструмент.",
    "es": "Uso {symbol}, tu símbolo habitual.",
}


def usual_symbol(mem: MemoryContext) -> str | None:
    said = mem.preferences.get("usual_symbol")
    if said:
        return str(said)
    top = mem.favorite_symbols[0] if mem.favorite_symbols else None
    return top if top and mem.symbol_counts.get(top, 0) >= MIN_USES else None


def fill_defaults(intent: Intent, mem: MemoryContext,
                  known: Callable[[str], bool] = lambda s: True) -> tuple[Intent, str | None]:
    """The intent with its missing symbol taken from memory, and the note to show (or None)."""
    if not (intent.needs_clarification and intent.missing == ["symbol"]):
        return intent, None
    sym = usual_symbol(mem)
    if not sym or not known(sym):
        return intent, None
    filled = intent.model_copy(update={
        "symbol": sym, "symbols": [sym], "needs_clarification": False, "missing": [],
        "clarifying_questions": [], "suggestions": [], "confidence": min(intent.confidence, 0.9)})
    lang = intent.lang if intent.lang in USUAL_SYMBOL_NOTE else "en"
    return filled, USUAL_SYMBOL_NOTE[lang].format(symbol=sym)
