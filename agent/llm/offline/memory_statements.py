"""Statements of the user about themselves, read as memory tool calls (EN, RU, ES).

    "Remember that I mostly trade NQ"      -> remember(note, symbol="NQ")
    "I trade intraday" / "я свингую"        -> remember(note, trading_style=...)
    "forget my usual symbol"                -> forget(kind="preferences")
    "olvida todo lo que sabes de mí"        -> forget(kind="all")

A statement is a sentence with no question mark whose verb is "remember/запомни/recuerda", a
first-person trading verb ("I trade", "я торгую", "opero"), or "forget/забудь/olvida". Questions
about the user's own trading ("what did I trade?") are not statements.
"""
from __future__ import annotations

import re
from typing import Any

_W = r"(?<![\w])"
REMEMBER = re.compile(_W + r"(?:remember|keep\s+in\s+mind|запомни\w*|учти\w*|имей\s+в\s+виду|recuerda\w*"
                      r"|ten\s+en\s+cuenta|anota\w*|apunta\w*)(?![\w])")
SELF_TRADE = re.compile(r"^\s*(?:(?:and|also|и|y)\s+)?(?:i(?:'m|\s+am)?\s+(?:a\s+)?(?:\w+\s+){0,2}(?:trade|trader|scalp\w*"
                        r"|invest\w*|swing\w*)|я\s+(?:\w+\s+){0,2}(?:торгую|трейдер|скальп\w*|инвест\w*|свинг\w*)"
                        r"|(?:yo\s+)?(?:\w+\s+){0,2}(?:opero|negocio|invierto|soy\s+(?:un\s+)?(?:trader|inversor)))(?![\w])")
FORGET = re.compile(_W + r"(?:forget|забудь\w*|забыть|olvida\w*|borra\s+(?:lo\s+que\s+sabes|mi\s+memoria))(?![\w])")
_INTRADAY = re.compile(r"intraday|day[\s-]?trad\w*|внутри\s+дня|интрадей\w*|внутридн\w*|дейтрейд\w*|intrad[ií]a|intrad[ií]a\w*")
_KINDS = [
    ("preferences", re.compile(r"usual|favou?rite|main\s+symbol|my\s+symbol|обычн\w*|основн\w*|символ\w*|инструмент\w*"
                               r"|тикер\w*|habitual|s[íi]mbolo|preferencia\w*|preferences?")),
    ("style", re.compile(r"style|стил\w*|estilo")),
    ("notes", re.compile(r"notes?|замет\w*|notas?")),
    ("favorites", re.compile(r"favou?rites|избранн\w*|favoritos")),
    ("questions", re.compile(r"questions|вопрос\w*|preguntas")),
    ("strategies", re.compile(r"strateg\w*|стратеги\w*|estrategias?")),
]


def memory_call(question: str, norm: str, symbols: list[str]) -> tuple[str, dict[str, Any]] | None:
    """(tool, params) for a statement about the user, else None."""
    if "?" in question or "¿" in question:
        return None
    if len([x for x in re.split(r"[.!;]\s+", question.strip()) if x.strip(" .!;")]) > 1:
        return None                    # "I always trade NQ. NQ stats for November": a question too
    if FORGET.search(norm):
        kind = next((k for k, rx in _KINDS if rx.search(norm)), "all")
        return "forget", {"kind": kind}
    if REMEMBER.search(norm) or SELF_TRADE.search(norm):
        params: dict[str, Any] = {"note": question.strip()[:500]}
        if symbols:
            params["symbol"] = symbols[0]
        # the remember tool reads the other styles from the note (agent.memory.learn, a layer above)
        style = "day_trading" if _INTRADAY.search(norm) else None
        if style:
            params["trading_style"] = style
        return "remember", params
    return None
