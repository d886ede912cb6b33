"""What an answered turn teaches long-term memory: style, preferences, symbols, questions, strategies.

Cues are EN / RU / ES (seed: swing, day trading, scalping, largo plazo; prefiero, me gusta,
siempre; and their counterparts). Symbols come from the understander's intent (so aliases such as
"насдак" are already resolved), never from free-text guessing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from agent import lang as packs
from agent.memory import long_term as lt
from agent.memory.long_term import QUESTION_MERGE_SCORE, merge_question  # noqa: F401 - re-exported

# The cues of every language (agent/lang/_trading/): only whether one is present matters.
STYLES: dict[str, re.Pattern] = {
    style: re.compile(packs.alternation("trading_words", "styles", style), re.IGNORECASE)
    for style in packs.get(packs.BASE, "trading_words", "styles")
}
PREFERENCE_CUE = re.compile(packs.alternation("trading_words", "preference_cues"), re.IGNORECASE)
# A sentence about oneself ("I trade ...", "opero ..."): a style word there is stated.
SELF_CUE = re.compile(packs.alternation("trading_words", "self_cues"), re.IGNORECASE)
STRATEGY_ANALYSES = {"events", "after_events", "pattern", "indicator", "compare", "top_moves"}
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


@dataclass
class Lesson:
    style: str | None = None
    style_stated: bool = False        # said about themselves ("I trade intraday"), not a data word
    usual_symbol: str | None = None
    statement: str | None = None
    symbols: list[str] = field(default_factory=list)
    question: str | None = None       # the user's own words, shown as they asked it
    question_key: str | None = None   # its template (symbols, numbers blanked): merges near-duplicates
    strategy: str | None = None


def detect_style(text: str) -> str | None:
    for name, pat in STYLES.items():
        if pat.search(text):
            return name
    return None


def normalize_question(question: str, symbols: list[str]) -> str:
    """The question as a template: symbols -> [SYMBOL], numbers -> [N] (seed's normalizeQuestion)."""
    text = question.strip()
    for s in sorted(set(symbols), key=len, reverse=True):
        text = re.sub(rf"\b{re.escape(s)}\b", "[SYMBOL]", text, flags=re.IGNORECASE)
    return _NUMBER.sub("[N]", text)[:100]


def topic(intent: dict[str, Any]) -> str | None:
    """"after_events NQ 2023-11" style label of what a turn was about."""
    parts = [intent.get("analysis") or intent.get("concept"), " ".join(intent.get("symbols") or
             ([intent["symbol"]] if intent.get("symbol") else [])),
             (intent.get("period") or {}).get("label")]
    label = " ".join(p for p in parts if p)
    return label or None


def lesson(question: str, intent: dict[str, Any] | None) -> Lesson:
    intent = intent or {}
    symbols = [s for s in (intent.get("symbols") or ([intent["symbol"]] if intent.get("symbol") else []))]
    stated = bool(PREFERENCE_CUE.search(question) or SELF_CUE.search(question))
    out = Lesson(style=detect_style(question), style_stated=stated, symbols=symbols)
    if PREFERENCE_CUE.search(question):
        out.statement = question.strip()[:200]
        if symbols:
            out.usual_symbol = symbols[0]
    if intent.get("type") in ("data", "mixed", "complex"):
        out.question = " ".join(question.split())[:200]
        out.question_key = normalize_question(question, symbols)
    if intent.get("analysis") in STRATEGY_ANALYSES:
        out.strategy = topic(intent)
    return out


def updates(les: Lesson, at: str | None = None) -> dict[str, Any]:
    """The long-term updaters a lesson calls for (only what it found), by kind."""
    fns: dict[str, Any] = {}
    if les.style:
        fns["style"] = lt.vote_style(les.style, les.style_stated)
    if les.usual_symbol or les.statement:
        def prefs(v: dict) -> dict:
            out = dict(v)
            if les.usual_symbol:
                out["usual_symbol"] = les.usual_symbol
            if les.statement:
                out["statements"] = lt.merge_statement(list(out.get("statements", [])), les.statement)
            return out
        fns["preferences"] = prefs
    if les.symbols:
        fns["favorites"] = lt.add_symbols(les.symbols)
    if les.question:
        fns["questions"] = lt.add_question(les.question, les.question_key)
    if les.strategy:
        fns["strategies"] = lt.add_strategy(les.strategy, at)
    return fns


def apply(ltm, user, les: Lesson, at: str | None = None, others=()) -> None:
    """Write a lesson to long-term memory in one read and one write batch (plus `others`)."""
    fns = updates(les, at)
    if fns or others:
        ltm.update_many(user, fns, list(others))
