"""Where the statements over a series stand in a sentence: streaks ("a fourth straight loss", "три
дня подряд"), ranks ("the third-weakest month"), times of day ("at the opening bell"), a part named
by its place ("the earlier of the two weeks"), the final sessions ("both final sessions") and the
descriptions of instruments ("the tech-heavy index"). The words are the packs' (answer section);
series_checks.py, time_of_day.py and parts.py verify what they say, and the other checks leave
these tokens to them (mask)."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from agent import lang as packs
from agent.answer.direction_words import _direction_of
from agent.answer.sentences import Sentence, clause_of

WINDOW = 3   # tokens either side of a streak marker that belong to the streak ("a fourth straight loss")


@lru_cache(maxsize=None)
def _pairs(lang: str, key: str) -> tuple[Any, ...]:
    out: list[Any] = []
    for code in dict.fromkeys((lang, "en")):
        out += list(packs.get(code, "answer", key))
    return tuple(out)


@lru_cache(maxsize=None)
def pattern(lang: str, key: str) -> re.Pattern[str]:
    """One regular expression of a word list of `lang` and English."""
    alts = sorted(dict.fromkeys(_pairs(lang, key)), key=len, reverse=True)
    return re.compile(r"(?<![\w§])(?:" + "|".join(alts) + r")(?![\w])")


@lru_cache(maxsize=None)
def tagged(lang: str, key: str) -> tuple[tuple[Any, ...], ...]:
    """A list of (words, tag...) entries as compiled patterns with their tags."""
    return tuple((re.compile(r"(?<![\w§])(?:" + words + r")(?![\w])"), *rest)
                 for words, *rest in _pairs(lang, key))


def count_of(lang: str, word: str) -> tuple[int, bool] | None:
    """(n, exact) of a number word: an ordinal ("fourth", "четвёртый", "cuarta") is exact, a
    cardinal ("three", "три", "tres") is at least."""
    for part in word.split("-"):
        for stem, n in _pairs(lang, "ORDINALS"):
            if part == stem or not stem.isascii() and part.startswith(stem) or lang == "es" and part.startswith(stem):
                return int(n), True
        for w, n in _pairs(lang, "CARDINALS"):
            if part == w:
                return int(n), False
    return None


def char_of(s: Sentence, i: int) -> int:
    """Offset in s.words() of token i."""
    return sum((len(f"§{j}") if t.slot else len(t.norm)) + 1 for j, t in enumerate(s.tokens[:i]))


def _tokens(s: Sentence, m: re.Match[str]) -> tuple[int, int]:
    return s.token_at(m.start()), s.token_at(max(m.start(), m.end() - 1)) + 1


def streaks(s: Sentence, lang: str, conj: set[str]) -> list[tuple[int, int, int]]:
    """(lo, hi, marker) token spans of the streaks of a sentence, inside the marker's clause."""
    out = []
    for m in pattern(lang, "STREAK_MARKERS").finditer(s.words()):
        k, end = _tokens(s, m)
        lo, hi = clause_of(s, k, conj)
        a, b = max(lo, k - WINDOW), min(hi, end + WINDOW)
        while a < k and any(t.slot for t in s.tokens[a:k]):
            a += 1
        while b > end and any(t.slot for t in s.tokens[end:b]):
            b -= 1
        out.append((a, b, k))
    return out


def ranks(s: Sentence, lang: str) -> list[tuple[int, int, int, str]]:
    """(lo, hi, n, "max"|"min") of an ordinal before a superlative ("third-weakest", "второй по силе",
    "el tercer peor")."""
    text, out = s.words(), []
    sides = (("max", pattern(lang, "RANK_MAX")), ("min", pattern(lang, "RANK_MIN")))
    for i, t in enumerate(s.tokens):
        got = None if t.slot else count_of(lang, t.norm)
        if got is None or not got[1]:
            continue
        start = char_of(s, i)
        tail = text[start:start + 40]
        for side, p in sides:
            m = p.search(tail)
            if m and (m.start() <= len(t.norm) + 1 or tail[:m.start()].count(" ") <= 2):
                out.append((i, s.token_at(start + m.end() - 1) + 1, got[0], side))
                break
    return out


def spans(s: Sentence, lang: str, key: str) -> list[tuple[int, int, tuple[Any, ...]]]:
    """(lo, hi, tags) of the matches of a tagged list (TIMES_OF_DAY, PART_ORDER, FINAL_SESSIONS,
    DESCRIPTIONS)."""
    text = s.words()
    return [(*_tokens(s, m), tuple(rest)) for p, *rest in tagged(lang, key) for m in p.finditer(text)]


def mask(s: Sentence, lang: str, conj: set[str]) -> set[int]:
    """Token indices the series statements verify (the other checks leave them alone); kept on the
    sentence, as five checks ask for it."""
    key = ("series", lang)      # the conjunctions are the language's
    if key not in s.masks:
        s.masks[key] = _mask(s, lang, conj)
    return s.masks[key]


def _mask(s: Sentence, lang: str, conj: set[str]) -> set[int]:
    hit: set[int] = set()
    for lo, hi, k in streaks(s, lang, conj):
        hit |= set(range(lo, hi)) | set(clause_directions(s, k, conj))
    for lo, hi, *_ in ranks(s, lang):
        hit |= set(range(lo, hi))
    for key in ("TIMES_OF_DAY", "PART_ORDER", "FINAL_SESSIONS", "DESCRIPTIONS"):
        for lo, hi, _ in spans(s, lang, key):
            hit |= set(range(lo, hi))
    for lo, hi, _ in spans(s, lang, "FINAL_SESSIONS"):
        hit |= set(direction_after(s, hi, conj))
    return hit


def clause_directions(s: Sentence, k: int, conj: set[str]) -> list[int]:
    """The direction words of a streak's clause ("NQ closed lower for a third straight session"):
    what they say is the streak's direction, verified with it."""
    lo, hi = clause_of(s, k, conj)
    return [i for i in range(lo, hi) if not s.tokens[i].slot and _direction_of(s.tokens[i].norm)]


def direction_after(s: Sentence, hi: int, conj: set[str]) -> list[int]:
    """The direction words of the clause a final-sessions phrase opens ("both final sessions closed
    higher"): what they say is about those sessions, verified with them."""
    _, end = clause_of(s, max(0, hi - 1), conj)
    return [i for i in range(hi, end) if not s.tokens[i].slot and _direction_of(s.tokens[i].norm)]
