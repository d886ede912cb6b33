"""The words the validator reads around a slot (EN, RU, ES): metric names, directions, comparisons,
numbers spelled out, and the answer's language.

Word lists are prefixes on normalised text (lower case, accents folded, ё -> е), so Russian and
Spanish endings ("закрылся", "закрытие"; "cerró", "cierre") need one entry per stem.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent import lang as packs
from agent.nlu.lang import language_evidence, month_number, normalize

# The letters of normalised words in every pack ("a-z", "ñ", ...): one character class.
LETTERS = "".join(packs.by_lang("answer", "LETTERS").values())
_WORD = re.compile(f"[{LETTERS}]+")
# How far back from a slot a word still describes it: the clause (previous slot, or . ; ! ? newline).
_CLAUSE_END = re.compile(r"[.;!?\n]\s|[\n;!?]|\}")
WINDOW = 60


def _union(*path: str) -> tuple[str, ...]:
    """The words at wording.<path> of every pack, in pack order: the validator reads every
    language's words whatever the answer's language (models slip into English)."""
    return tuple(dict.fromkeys(w for code in packs.codes() for w in packs.get(code, "wording", *path)))


METRIC_STEMS: dict[str, tuple[str, ...]] = {
    family: _union("METRIC_STEMS", family) for family in packs.get(packs.BASE, "wording", "METRIC_STEMS")}
# Words that are whole words, not stems (else "top" would catch "topic", "min" "minute").
_EXACT = set(_union("METRIC_EXACT"))
# The parser's direction stems and the answer packs' extra ones ("plunged", "выросли", "cayeron"):
# one list for the checks and for rendering a governed change without its sign.
UP_STEMS = _union("UP_STEMS") + tuple(w for c in packs.codes() for w in packs.get(c, "answer", "EXTRA_UP"))
DOWN_STEMS = _union("DOWN_STEMS") + tuple(w for c in packs.codes() for w in packs.get(c, "answer", "EXTRA_DOWN"))
DIRECTION_EXACT = _EXACT_DIR = set(_union("DIRECTION_EXACT"))
COMPARE_ABOVE = _union("COMPARE_ABOVE")
COMPARE_BELOW = _union("COMPARE_BELOW")
# ("level"/"уровень"/"nivel" is not here: "closed at the level {param.n1}" states it as a fact.)
COMPARE_NEUTRAL = _union("COMPARE_NEUTRAL")

NUMBER_WORDS = packs.by_lang("wording", "NUMBER_WORDS")
# "one"/"один"/"uno" are also articles and pronouns: a number only before a unit or scale word.
_ONE = re.compile(r"\b(" + "|".join(sorted(_union("ONE"), key=len, reverse=True)) + r")\s+("
                  + "|".join(_union("ONE_UNITS")) + ")", re.I)
_WORDS_RE = {lang: re.compile(f"(?<![{LETTERS}])(" + "|".join(sorted(ws, key=len, reverse=True))
                              + f")(?![{LETTERS}])") for lang, ws in NUMBER_WORDS.items()}


def _clause(text: str, pos: int) -> tuple[str, int]:
    """(normalised text of the clause before pos, its start offset)."""
    start = max(0, pos - WINDOW)
    chunk = text[start:pos]
    cut = 0
    for m in _CLAUSE_END.finditer(chunk):
        cut = m.end()
    return normalize(chunk[cut:]), start + cut


@lru_cache(maxsize=4096)
def _is_month(word: str) -> bool:
    return bool(month_number(word))


def stem_hit(word: str, stems: tuple[str, ...], exact: set[str]) -> bool:
    """Whole words for exact entries, stems otherwise; a month name is never a metric or a
    direction ("abril" is not "abri(ó)", "мая" is not a stem of anything)."""
    if _is_month(word):
        return False
    return any(word == s if s in exact else word.startswith(s) for s in stems)


def _last_word(clause: str, groups: dict[str, tuple[str, ...]], exact: set[str]) -> str | None:
    """The group of the word nearest the end of the clause that belongs to one."""
    for word in reversed(_WORD.findall(clause)):
        for name, stems in groups.items():
            if stem_hit(word, stems, exact):
                return name
    return None


# "at most" / "de como máximo" / "не более": quantities, not the high or the low.
_QUANTITY = re.compile(f"(?<![{LETTERS}])(?:" + "|".join(sorted(
    (w for code in packs.codes() for w in packs.get(code, "answer", "QUANTITY_IDIOMS")),
    key=len, reverse=True)) + f")(?![{LETTERS}])")


def metric_before(text: str, pos: int) -> str | None:
    """The metric family ("close", "high", ...) named nearest before a slot in its clause (a
    comma ends it: "from the open, at {close}" names the close)."""
    clause = _clause(text, pos)[0].rsplit(",", 1)[-1]
    return _last_word(_QUANTITY.sub(" ", clause), METRIC_STEMS, _EXACT)


def metric_governs(text: str, pos: int) -> bool:
    """A metric word stands right before the slot ("closed at {x}", "максимум {x}"): within the
    last two words of the clause. Further back it names another value of the clause ("the
    volume profile: point of control {poc}", "the range between high and low was {x}")."""
    tail = _WORD.findall(_QUANTITY.sub(" ", _clause(text, pos)[0]))[-2:]
    return _last_word(" ".join(tail), METRIC_STEMS, _EXACT) is not None


_LINKERS = {w for code in packs.codes() for w in packs.get(code, "answer", "LINKERS")}


def direction_before(text: str, pos: int) -> str | None:
    """'up' / 'down' when a direction word governs the slot at pos: it stands right before the
    slot, with only linker words between ("fell by about {x}", "упал на {x}", "cayó un {x}")."""
    for word in reversed(_WORD.findall(_clause(text, pos)[0])):
        if word in _LINKERS:
            continue
        for name, stems in (("up", UP_STEMS), ("down", DOWN_STEMS)):
            if stem_hit(word, stems, _EXACT_DIR):
                return name
        return None
    return None


def comparison_before(text: str, pos: int) -> str | None:
    """'above' / 'below' / 'neutral' when the clause compares before the slot, else None."""
    clause = " " + _clause(text, pos)[0] + " "
    best, where = None, (-1, 0)
    for name, phrases in (("above", COMPARE_ABOVE), ("below", COMPARE_BELOW), ("neutral", COMPARE_NEUTRAL)):
        for p in phrases:
            i = clause.rfind(p)
            # the comparison ending nearest the slot; of two ending together the longer ("не меньше",
            # not its "меньше": at least, not below)
            at = (i + len(p), len(p))
            if i >= 0 and at > where and (p[0] not in "av" or not clause[i - 1].isalpha()):
                best, where = name, at
    return best


def number_words(text: str, lang: str) -> list[str]:
    """Numbers written in words (the answer's language and English, which models slip into)."""
    norm = normalize(text)
    found = [m.group(0) for m in _ONE.finditer(norm)]
    for code in {lang, "en"}:
        pattern = _WORDS_RE.get(code)
        if pattern:
            found += [m.group(1) for m in pattern.finditer(norm)]
    return found


def wrong_language(text: str, lang: str) -> str | None:
    """The language the text is written in when it is clearly not `lang`, else None."""
    letters = _WORD.findall(normalize(SLOT_STRIP.sub(" ", text)))
    if len(letters) < 4:
        return None
    found, sure = language_evidence(" ".join(letters))
    if lang == "ru":
        return None if found == "ru" else (found if sure else "en")
    if found == "ru":
        return "ru"
    return found if sure and found != lang else None


SLOT_STRIP = re.compile(r"\{[^{}]*\}|\b[A-Z]{2,}\b")
