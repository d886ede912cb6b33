"""Statements of the user about themselves, read as memory tool calls (EN, RU, ES).

    "Remember that I mostly trade NQ"      -> remember(note, symbol="NQ")
    "I trade intraday" / "я свингую"        -> remember(note, trading_style=...)
    "forget my usual symbol"                -> forget(kind="preferences")
    "olvida todo lo que sabes de mí"        -> forget(kind="all")

A statement is a sentence with no question mark whose verb is "remember/запомни/recuerda", a
first-person trading verb ("I trade", "я торгую", "opero"), "forget/забудь/olvida", or that names
the user's own usual instrument ("my main symbol is SPY", "мой основной инструмент - SPY", "SPY es
mi mercado favorito"). Questions about the user's own trading ("what did I trade?") are not
statements. Forgetting everything (threads included) needs an explicit "everything / всё / todo /
about me": "forget that I trade intraday" forgets the trading style, never all of it.
"""
from __future__ import annotations

import re
from typing import Any

from agent import lang as packs

_W = r"(?<![\w])"


def _words(*key: str) -> str:
    """One alternation of the packs' statement words under `key` (agent/lang/_nlu)."""
    return packs.alternation("nlu_words", "memory_statements", *key)


REMEMBER = re.compile(_W + "(?:" + _words("remember") + r")(?![\w])")
# "my usual / main / favourite instrument (symbol, ticker, market) is X", either order, EN/RU/ES.
_MINE = rf"(?:{_words('my')})\s+(?:[\w-]+\s+){{0,2}}(?:{_words('instruments')})(?:\s+\w+){{0,2}}"
SELF_SYMBOL = re.compile(rf"^\s*(?:(?:{_words('and')})\s+)?(?:" + _MINE + rf"\s*(?:{_words('is')}|=|:|-)?\s*\S+"
                         rf"|\S+\s*(?:{_words('is_after')}|=|-)\s+" + _MINE + r")\s*[.!]*\s*$")
_TRADE_VERB = re.compile(_W + "(?:" + _words("trade_verb") + r")(?![\w])")
_EVERYTHING = re.compile(_W + "(?:" + _words("everything") + r")(?![\w])")
# First-person statements of how one trades: a subject ("I", "я", "yo") or a frequency adverb, up
# to two words, then the verb. Strong verbs (trade / торгую / opero, trader, scalp, swing, invest)
# make a statement by themselves; weak ones (follow, watch, слежу, sigo...) only with a symbol named.
_LEAD = (rf"^\s*(?:(?:{_words('lead_and')})\s+)?(?:(?!(?:{_words('question_words')})\s)[\w'-]+,?\s+)?"
         rf"(?:(?:{_words('subject')})\s+|(?=(?:{_words('adverbs')})\s)|(?=(?:{_words('first_person_verbs')})\s))"
         r"(?:[\w'-]+\s+){0,2}")
SELF_TRADE = re.compile(_LEAD + "(?:" + _words("self_trade") + r")(?![\w])")
SELF_FOLLOW = re.compile(_LEAD + "(?:" + _words("self_follow") + r")(?![\w])")
FORGET = re.compile(_W + "(?:" + _words("forget") + r")(?![\w])")
_INTRADAY = re.compile(_words("intraday"))
_KINDS = [(kind, re.compile(_words("forget_kinds", kind)))
          for kind in ("preferences", "style", "notes", "favorites", "questions", "strategies")]


def memory_call(question: str, norm: str, symbols: list[str]) -> tuple[str, dict[str, Any]] | None:
    """(tool, params) for a statement about the user, else None."""
    if "?" in question or "¿" in question:
        return None
    if len([x for x in re.split(r"[.!;]\s+", question.strip()) if x.strip(" .!;")]) > 1:
        return None                    # "I always trade NQ. NQ stats for November": a question too
    if FORGET.search(norm):
        return "forget", {"kind": _forget_kind(norm, symbols)}
    from agent.nlu.preferences import preferences_in

    if prefs := preferences_in(question, norm, symbols):     # typed: granularity, language, zone, risk
        return "remember", {"note": question.strip()[:500], "preferences": prefs}
    if REMEMBER.search(norm) or SELF_TRADE.search(norm) or (symbols and (SELF_SYMBOL.search(norm)
                                                                         or _weak_statement(norm))):
        params: dict[str, Any] = {"note": question.strip()[:500]}
        if symbols:
            params["symbol"] = symbols[0]
        # the remember tool reads the other styles from the note (agent.memory.learn, a layer above)
        style = "day_trading" if _INTRADAY.search(norm) else None
        if style:
            params["trading_style"] = style
        return "remember", params
    return None


def _forget_kind(norm: str, symbols: list[str]) -> str:
    """What a forget statement names; everything only when it says so, else the least it can mean:
    a symbol named is the usual symbol, any other subject the notes (where statements are kept)."""
    kind = next((k for k, rx in _KINDS if rx.search(norm)), None)
    if kind is None and _EVERYTHING.search(norm):
        return "all"
    if kind is None and symbols:
        return "preferences"          # "forget that I trade NQ": the usual symbol
    if kind is None and _TRADE_VERB.search(norm):
        return "style"                # "olvida cómo opero"
    return kind or "notes"


def _weak_statement(norm: str) -> bool:
    """"I follow NQ", "слежу за NQ": a statement; with a date ("смотрю NQ за ноябрь 2023") a question."""
    return bool(SELF_FOLLOW.search(norm)) and not re.search(r"\d", norm)
