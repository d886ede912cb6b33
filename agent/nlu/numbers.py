"""Numbers in questions: digits ("5", "2.5", "2,5") and number words in English, Russian, Spanish."""
from __future__ import annotations

import re

from agent import lang as packs

_WORDS: dict[str, int] = {}
for _code in packs.codes():
    for _n, _forms in packs.get(_code, "words", "numbers", "WORDS"):
        for _w in _forms:
            _WORDS.setdefault(_w, _n)

# Words that are numbers only in counting positions ("five largest", "три самых") - not ordinals.
_NOT_COUNTS = packs.alternation("words", "numbers", "NOT_COUNTS")
CARDINALS = {w: n for w, n in _WORDS.items() if not re.fullmatch(_NOT_COUNTS, w)}

NUM = r"\d+(?:[.,]\d+)?"
CARDINAL_WORD = r"(?:" + "|".join(sorted(CARDINALS, key=len, reverse=True)) + r")"
COUNT = rf"(?:\d+|{CARDINAL_WORD})"
RANK_COUNT = rf"(?:\d{{1,2}}(?!\d)|{CARDINAL_WORD})"     # how many ranked days: "3", "three", "три"; never a year


def to_float(token: str) -> float:
    """'2,5' or '2.5' -> 2.5."""
    return float(token.replace(",", "."))


def word_number(token: str) -> int | None:
    """A cardinal or ordinal word (or digits) as an int, else None."""
    t = token.strip().lower()
    if t.isdigit():
        return int(t)
    return _WORDS.get(t)


def count_value(token: str | None, default: int | None = None) -> int | None:
    """Digits or a cardinal word as an int; `default` when missing or unknown."""
    if not token:
        return default
    v = word_number(token)
    return v if v is not None else default
