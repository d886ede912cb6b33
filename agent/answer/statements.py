"""Statement checks: the falsifiable WORDS of an answer, bound to the slots they qualify
by the sentence's structure and verified against the values, or sent back.

Per language pack (agent/lang/_answer/<code>.py), closed lists of falsifiable words: directions,
comparisons, ratios, superlatives, quantifiers, negations, causes and events, instrument names,
unit words, months and quarters. Each check returns one issue per false or unbindable word; the
validator (agent/answer/validation.py) adds them to the rewrite feedback. Only the slot table is
read (values, their dates, spans and symbols), never the result rows.
"""
from __future__ import annotations

import re
from datetime import date
from functools import lru_cache
from typing import Iterable

from agent import lang as packs
from agent.answer import series_words
from agent.answer.direction_words import _direction_of
from agent.answer.sentences import Sentence, clause_of, split
from agent.answer.slots import DIFFERENCES as _DIFFERENCES  # of prices: never compared with prices
from agent.answer.slots import SlotTable, SlotValue

_NUMERIC = ("price", "pct", "pct_level", "volume", "count", "number")


@lru_cache(maxsize=None)
def words(lang: str, key: str) -> tuple[str, ...]:
    """The list `key` of the answer section of `lang` and English (models slip into English)."""
    out: list[str] = []
    for code in dict.fromkeys((lang, "en")):
        out += list(packs.get(code, "answer", key))
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=None)
def phrase(lang: str, key: str) -> re.Pattern[str]:
    alts = sorted(words(lang, key), key=len, reverse=True)
    return re.compile(r"(?<![\w§])(?:" + "|".join(alts) + r")(?![\w])")


@lru_cache(maxsize=None)
def _names(lang: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for code in dict.fromkeys((lang, "en")):
        for name, owners in packs.get(code, "answer", "NAMES"):
            out.setdefault(name, set()).update(owners)
    return out


@lru_cache(maxsize=None)
def _name_re(name: str) -> re.Pattern[str]:
    """A name as a whole word; Cyrillic names with their case endings ("насдака", "евро")."""
    tail = r"\w{0,3}" if not name.isascii() else r"s?"
    return re.compile(r"(?<![\w§])" + re.escape(name) + tail + r"(?![\w])")


def _blank(text: str, pattern: re.Pattern[str]) -> str:
    return pattern.sub(lambda m: "_" * len(m.group(0)), text)


class Answer:
    """One draft's sentences and the slot table: the context every check reads."""

    def __init__(self, draft: str, table: SlotTable, lang: str, fetched: Iterable[str],
                 now: date | None = None):
        self.table, self.lang, self.now = table, lang, now
        self.fetched = {s.upper() for s in fetched if s}
        self.sentences = split(draft)
        self.conj = set(words(lang, "CONJUNCTIONS"))

    def value(self, name: str) -> SlotValue | None:
        return self.table.get(name)

    def signed(self, s: Sentence, lo: int = 0, hi: int | None = None) -> list[tuple[int, SlotValue]]:
        out = []
        for i, name in s.slots():
            v = self.value(name)
            if lo <= i < (len(s.tokens) if hi is None else hi) and v is not None and v.signed \
                    and not v.param and isinstance(v.value, (int, float)):
                out.append((i, v))
        return out

    def symbols_named(self, s: Sentence) -> set[str]:
        found = {t.text.upper() for t in s.tokens if t.text.upper() in self.fetched and not t.slot}
        for name, owners in _names(self.lang).items():
            if _name_re(name).search(s.words()):
                found |= owners & self.fetched or {name}
        return found


# --- directions ------------------------------------------------------------------------------

_COMPARE_THAN = re.compile(packs.alternation("answer", "COMPARE_THAN"))   # "lower than"


def _terms_mask(s: Sentence, lang: str) -> set[int]:
    """Tokens inside a direction term ("down days", "after each drop"), a quantity idiom ("at
    most") or a comparison ("lower than": checked by compare())."""
    text, hit = s.words(), set()
    for key in ("DIRECTION_TERMS", "QUANTITY_IDIOMS"):
        for m in phrase(lang, key).finditer(text):
            hit |= {s.token_at(c) for c in range(m.start(), m.end())}
    for m in _COMPARE_THAN.finditer(text):
        hit |= {s.token_at(c) for c in range(m.start(), m.end())}
    # streaks, ranks, final sessions, descriptions: their own checks verify those words
    return hit | series_words.mask(s, lang, set(words(lang, "CONJUNCTIONS")))


def bound_slot(s: Sentence, i: int, linkers: set[str]) -> int | None:
    """The slot a word at token i governs: the next token after linker words only."""
    j = i + 1
    while j < len(s.tokens) and s.tokens[j].norm in linkers:
        j += 1
    return j if j < len(s.tokens) and s.tokens[j].slot else None


def directions(a: Answer) -> tuple[list[str], set[int]]:
    """(issues, character offsets of slots a direction word governs: rendered without sign)."""
    issues, governed = [], set()
    linkers = set(words(a.lang, "LINKERS"))
    for s in a.sentences:
        masked = _terms_mask(s, a.lang)
        for i, tok in enumerate(s.tokens):
            if tok.slot or i in masked:
                continue
            way = _direction_of(tok.norm)
            if way is None:
                continue
            j = bound_slot(s, i, linkers)
            target: SlotValue | None = None
            if j is not None:
                v = a.value(s.tokens[j].slot or "")
                if v is not None and v.signed and not v.param:
                    target = v
                    governed.add(s.tokens[j].start)
                elif v is not None:
                    continue         # "rose to {close}": a level, not a change
            if target is None:
                target = _subject_change(a, s, i)
            if target is None:
                continue
            if isinstance(target.value, (int, float)) and (way == "up" and target.value <= 0
                                                           or way == "down" and target.value >= 0):
                sign = "negative" if target.value < 0 else "positive" if target.value > 0 else "zero"
                issues.append(f"'{tok.text}' says {way}, but {{{target.name}}} is {sign}: "
                              f"write {{dir:{target.name}}} and code picks the word")
    return issues, governed


def _subject_change(a: Answer, s: Sentence, i: int) -> SlotValue | None:
    """The change an unbound direction word speaks of: the only signed slot of its clause, else
    the period change of the symbol the sentence names (or the only one)."""
    lo, hi = clause_of(s, i, a.conj)
    local = a.signed(s, lo, hi)
    if len(local) == 1:
        return local[0][1]
    if local or a.signed(s):
        return None
    named = a.symbols_named(s)
    changes = [v for v in a.table.values.values() if v.metric == "pct_change" and not v.param
               and (not named or v.symbol in named)]
    return changes[0] if len(changes) == 1 else None


# --- comparisons and ratios between two slots -------------------------------------------------

_ABOVE = re.compile(r"(?<![\w§])(?:" + packs.alternation("answer", "ABOVE") + r")(?![\w])")
_BELOW = re.compile(r"(?<![\w§])(?:" + packs.alternation("answer", "BELOW") + r")(?![\w])")


# Words that also name a value ("banda superior {upper}"): a comparison only with a linker before
# the slot ("superior a {x}").
_BAND_NAMES = {w for c in packs.codes() for w in packs.get(c, "answer", "BAND_NAMES")}


def _numeric(v: SlotValue | None) -> float | None:
    """The slot's value when it is a number code may compare, else None."""
    if v is None or v.param or v.kind not in _NUMERIC or v.metric in _DIFFERENCES \
            or not isinstance(v.value, (int, float)):
        return None
    return float(v.value)


def compare(a: Answer) -> list[str]:
    """'{a} ... above {b}': the relation must hold between the two slots it stands between."""
    from agent.answer import label_words as labels  # "more than half": a share, checked by its rule

    issues = []
    for s in a.sentences:
        text, slots = s.words(), s.slots()
        shares = labels.mask(s, a.lang)
        for rel, pattern in (("above", _ABOVE), ("below", _BELOW)):
            for m in pattern.finditer(text):
                k = s.token_at(m.start())
                if k in shares:
                    continue
                before = [x for x in slots if x[0] < k]
                after = [x for x in slots if x[0] > k]
                if not before and len(after) >= 2 and ":" in text[m.end():text.find("§", m.end())]:
                    # "higher in April than in March: {p2.close} vs {p1.close}"
                    before, after = after[:1], after[1:]
                if not before or not after:
                    continue
                if after[0][0] == s.token_at(m.end() - 1) + 1 and m.group(0) in _BAND_NAMES:
                    continue     # "superior {upper}": the band's name, not a comparison
                left, right = a.value(before[-1][1]), a.value(after[0][1])
                x, y = _numeric(left), _numeric(right)
                if x is None or y is None or left is None or right is None or left.kind != right.kind:
                    continue
                if not (x > y if rel == "above" else x < y):
                    issues.append(f"{{{left.name}}} is not {rel} {{{right.name}}}: write "
                                  f"{{cmp:{left.name},{right.name}}} and code picks the words")
        issues += _ratios(a, s)
    return issues


def _ratios(a: Answer, s: Sentence) -> list[str]:
    from agent.answer import label_words as labels  # shares ("menos de la mitad") are labels over counts

    out, text, slots = [], s.words(), s.slots()
    shares = labels.mask(s, a.lang)
    for word, ratio in _ratio_words(a.lang).items():
        for m in re.finditer(r"(?<![\w§])" + re.escape(word) + r"\w*", text):
            k = s.token_at(m.start())
            if k in shares:
                continue
            before = [x for x in slots if x[0] < k]
            after = [x for x in slots if x[0] > k]
            left = a.value(before[-1][1]) if before else None
            right = a.value(after[0][1]) if after else None
            x, y = _numeric(left), _numeric(right)
            if x is None or not y or left is None or right is None:
                out.append(f"'{m.group(0)}' states a ratio code cannot bind to two values")
                continue
            if abs(abs(x / y) - ratio) > 0.1 * ratio:
                out.append(f"{{{left.name}}} is not {ratio:g} times {{{right.name}}}")
    return out


@lru_cache(maxsize=None)
def _ratio_words(lang: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for code in dict.fromkeys((lang, "en")):
        out.update(dict(packs.get(code, "answer", "RATIO_WORDS")))
    return out
