"""Typo-tolerant vocabulary: a misspelt month, metric or instrument word is read as the word meant.

"febuary" -> "february", "максиум" -> "максимум", "volatilty" -> "volatility". Matching uses
rapidfuzz's optimal-string-alignment distance (an edit or a swap of neighbours counts 1) with a threshold by word length (1 edit up to 7 letters, 2 from 8),
only for words the parser does not already know, only against vocabulary words with the same first
letter (typos rarely hit the first letter), never for a vocabulary word plus a grammatical ending
("volumes", "максимума": the patterns read those) nor for common words near a vocabulary word
("mayor", "junto", kept as written). Every
correction is reported so the answer can say how a word was read.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz.distance import OSA

from agent import lang as packs
from agent.nlu.lang import LETTERS, normalize


def _words(key: str) -> str:
    """The packs' fuzzy.<key> words, every language, space-separated."""
    return " ".join(packs.get(code, "fuzzy", key) for code in packs.codes())


_MONTHS = _words("MONTHS")
_METRICS = _words("METRICS")
# Words close to a vocabulary word that are words in their own right (kept as written).
_KEEP = set(_words("KEEP").split())
_WORD = re.compile(f"[{LETTERS}]{{5,}}")
_ENDINGS = {e for code in packs.codes() for e in packs.get(code, "fuzzy", "ENDINGS")}


@dataclass(frozen=True)
class Correction:
    written: str
    read_as: str
    start: int
    end: int


@lru_cache(maxsize=16)
def _vocabulary(extra: tuple[str, ...]) -> dict[str, list[str]]:
    words = set(_MONTHS.split()) | set(_METRICS.split()) | {normalize(w) for w in extra}
    by_first: dict[str, list[str]] = {}
    for w in words:
        if len(w) >= 4 and re.fullmatch(f"[{LETTERS}]+", w):
            by_first.setdefault(w[0], []).append(w)
    return by_first


def _limit(n: int) -> int:
    return 1 if n <= 7 else 2


def _best(word: str, vocab: dict[str, list[str]]) -> str | None:
    best, best_d = None, 99
    if word in vocab.get(word[0], ()):
        return None                        # a vocabulary word of another language ("april"), as written
    for cand in vocab.get(word[0], ()):
        if cand.startswith(word) or (word.startswith(cand) and word[len(cand):] in _ENDINGS):
            continue                       # an abbreviation or an inflection: not a typo
        d = OSA.distance(word, cand, score_cutoff=_limit(min(len(word), len(cand))))
        if d <= _limit(min(len(word), len(cand))) and d < best_d:
            best, best_d = cand, d
    return best


def correct(text: str, spans: list[tuple[int, int]], aliases: tuple[str, ...] = ()) \
        -> tuple[str, list[Correction]]:
    """`text` with the misspelt vocabulary words among `spans` (the words the parser did not use)
    replaced, and the corrections made. `aliases`: instrument names, so "bitcoing" finds bitcoin."""
    vocab = _vocabulary(tuple(sorted(normalize(a) for a in aliases if " " not in a)))
    norm = normalize(text)
    out, fixes, pos = [], [], 0
    for a, b in spans:
        w = norm[a:b]
        if len(w) < 4 or w in _KEEP or not _WORD.fullmatch(w.ljust(5, w[-1])):
            continue
        fix = _best(w, vocab)
        if fix and len(w) == 4 and len(fix) != 5:
            fix = None                     # a 4-letter word: only a dropped letter ("aprl", "stas")
        if fix is None:
            continue
        out.append(text[pos:a])
        out.append(fix)
        pos = b
        fixes.append(Correction(text[a:b], fix, a, b))
    out.append(text[pos:])
    return "".join(out), fixes
