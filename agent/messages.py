"""User-facing system messages (interrupt texts, disclaimers, errors), from the language packs.

The analyst's answers come from the provider; these are what the graph itself says. The texts are
in agent/lang/<code>.py (section messages); MESSAGES is the {key: {lang: text}} view of them.
"""
from __future__ import annotations

from agent import lang as packs

MESSAGES: dict[str, dict[str, str]] = packs.transposed("messages", "MESSAGES")

NO_DATA_SUGGESTIONS = packs.by_lang("messages", "NO_DATA_SUGGESTIONS")


def msg(key: str, lang: str | None, **fields) -> str:
    table = MESSAGES[key]
    return table.get(lang or "en", table["en"]).format(**fields)
