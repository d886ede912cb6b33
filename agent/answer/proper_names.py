"""Proper names in an answer: a capitalised name code cannot bind is not shown.

A name says something about the world ("Goldman said", "Powell's speech", "Microsoft's results"),
so it is a falsifiable word like the others. Code knows these names, per language pack
(agent/lang/_answer/<code>.py): the fetched symbols, the instrument and company names of NAMES
(checked by word_checks.names: the owner must be fetched), the institutions of INSTITUTIONS
(checked with the events: only beside a fetched news item that names them), and TERMS (the names of
indicators and units: RSI, Bollinger, UTC). Any other capitalised word is flagged, except where
capitals say nothing: the first word of a sentence or of a part after ':' or a bullet, month and
weekday names (Babel's), Roman numerals and "Q4"/"H1", the user's own words from the question,
and the names of the computed values and tools written as upper-case labels ("COUNT", "GET NEWS").
"""
from __future__ import annotations

import re
from functools import lru_cache

from babel import Locale

from agent import lang as packs
from agent.answer.statements import Answer
from agent.nlu.lang import month_number, normalize

# A word as written: letters, digits and the joiners of names ("S&P", "U.S.", "MES1!", "SPX's").
_WORD = re.compile(r"[^\W_][\w&!]*(?:[.'’-][^\W_][\w&!]*)*\.?")
_SLOT = re.compile(r"\{[^{}]*\}")
_ROMAN = re.compile(r"[IVX]+")
_PERIOD_CODE = re.compile(r"[QH][1-4]")
# What starts a part of a sentence whose first word is capitalised by convention.
_OPENERS = ":\n(•*-–—\"«“"


@lru_cache(maxsize=None)
def _known(lang: str) -> frozenset[str]:
    """Normalised names and terms the packs list (any language: models mix them)."""
    out: set[str] = set()
    for code in packs.codes():
        out |= {n for n, _ in packs.get(code, "answer", "NAMES")}
        out |= set(packs.get(code, "answer", "INSTITUTIONS"))
        out |= set(packs.get(code, "answer", "TERMS"))
    return frozenset(normalize(w) for w in out)


@lru_cache(maxsize=None)
def _calendar_words() -> frozenset[str]:
    out: set[str] = set()
    for code in packs.codes():
        days = Locale.parse(code).days
        for ctx in ("format", "stand-alone"):
            for width in ("wide", "abbreviated"):
                out |= {normalize(str(d)).rstrip(".") for d in days[ctx][width].values()}
    return frozenset(out)


def _stem(word: str) -> str:
    w = re.sub(r"['’]s$", "", word.rstrip(".'’"))
    return normalize(w)


def _is_known(word: str, a: Answer, asked: set[str]) -> bool:
    norm = _stem(word)
    if word.rstrip(".").upper() in a.fetched or re.sub(r"['’]s$", "", word).upper() in a.fetched:
        return True
    if word.isupper() and norm in a.table.labels:
        return True          # a computed value's or tool's name as a label ("COUNT", "GET NEWS")
    if norm in asked or month_number(norm) or norm in _calendar_words():
        return True
    if _ROMAN.fullmatch(word.rstrip(".")) or _PERIOD_CODE.fullmatch(word.rstrip(".")):
        return True
    known = _known(a.lang)
    if "-" in norm and all(p.isdigit() or _part_known(p, known) for p in norm.split("-") if p):
        return True          # "Nasdaq-100", "E-mini"
    # a listed name with a case ending ("Насдака", "ФРС"), or one word of a listed name ("S&P")
    return norm in known or any(norm.startswith(k) and len(norm) - len(k) <= 3 for k in known
                                if not k.isascii())


def _part_known(part: str, known: frozenset[str]) -> bool:
    return part in known or len(part) == 1


@lru_cache(maxsize=None)
def _phrases() -> re.Pattern[str]:
    """Listed names of several words ("Bank of Japan", "Goldman Sachs"), read as one name."""
    many = sorted((k for k in _known("en") if " " in k), key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:" + "|".join(re.escape(k) for k in many) + r")(?![\w])", re.I)


def _sentence_start(text: str, pos: int) -> bool:
    before = text[:pos].rstrip(" \t")
    return not before or before[-1] in _OPENERS


def unknown_names(a: Answer, question: str = "") -> list[str]:
    """One issue per capitalised word that is neither a slot, a fetched symbol, a listed name or
    term, a calendar word, nor a word of the user's question."""
    asked = {normalize(w) for w in re.findall(r"[^\W\d_][\w&'’.-]*", question)}
    asked |= {_stem(w) for w in re.findall(r"[^\W_][\w&!]*", question)}
    issues: list[str] = []
    for s in a.sentences:
        text = _SLOT.sub(lambda m: "§" * len(m.group(0)), s.text)
        text = _phrases().sub(lambda m: m.group(0).lower(), text)    # checked as names (word_checks)
        for m in _WORD.finditer(text):
            word = m.group(0)
            if word.lower() == word or "§" in word or _sentence_start(text, m.start()):
                continue
            if not _is_known(word, a, asked):
                issues.append(f"'{word.rstrip('.')}' is a name code cannot bind (not a fetched "
                              f"instrument nor a listed company or institution): state only what "
                              f"the data shows")
    return list(dict.fromkeys(issues))
