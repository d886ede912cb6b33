"""The words the validator reads around a slot (EN, RU, ES): metric names, directions, comparisons,
numbers spelled out, and the answer's language.

Word lists are prefixes on normalised text (lower case, accents folded, ё -> е), so Russian and
Spanish endings ("закрылся", "закрытие"; "cerró", "cierre") need one entry per stem.
"""
from __future__ import annotations

import re

from agent import lang as packs
from agent.llm.offline.lang import language_evidence, normalize

_WORD = re.compile(r"[a-zа-яñ]+")
# How far back from a slot a word still describes it: the clause (previous slot, or . ; ! ? newline).
_CLAUSE_END = re.compile(r"[.;!?\n]\s|[\n;!?]|\}")
WINDOW = 60

METRIC_STEMS: dict[str, tuple[str, ...]] = {
    "close": ("close", "closes", "closed", "closing", "settle", "закрыт", "закрыл", "cierre", "cerro", "cerr"),
    "open": ("open", "opens", "opened", "opening", "открыт", "открыл", "apertura", "abrio", "abri"),
    "high": ("high", "highs", "highest", "peak", "maximum", "max", "top", "максимум", "максимал",
             "пик", "maximo", "maxima", "pico"),
    "low": ("low", "lows", "lowest", "minimum", "min", "bottom", "минимум", "минимал", "minimo",
            "minima"),
    "volume": ("volume", "объем", "volumen"),
    "volatility": ("volatility", "волатильн", "volatilidad"),
}
# Words that are whole words, not stems (else "top" would catch "topic", "min" "minute").
_EXACT = {"max", "min", "top", "high", "highs", "low", "lows", "open", "close", "peak", "пик"}
UP_STEMS = ("up", "rose", "rise", "rising", "rall", "gain", "climb", "increas", "advanc", "jump",
            "higher", "surg", "grew", "grow", "вырос", "рост", "поднял", "подня", "прибав",
            "увелич", "подорож", "повыс", "subio", "subid", "sube", "gano", "ganan", "aument", "alza",
            "creci", "avanz", "repunt")
DOWN_STEMS = ("down", "fell", "fall", "drop", "declin", "lost", "loss", "lower", "slid", "slip",
              "sank", "decreas", "plung", "tumbl", "shed", "упал", "паден", "сниз", "сниж", "потер",
              "опуст", "подешев", "просел", "просад", "уменьш", "bajo", "baj", "cayo", "caid", "cae",
              "perdi", "perdid", "descen", "retroced", "disminu")
_EXACT_DIR = {"up", "down", "baj", "cae"}
COMPARE_ABOVE = ("above", "over", "exceed", "more than", "higher than", "выше", "больше", "превыс",
                 "por encima", "superior", "mas de", "mas que", "supero")
COMPARE_BELOW = ("below", "under", "less than", "lower than", "ниже", "меньше", "por debajo",
                 "inferior", "menos de", "menos que")
# ("level"/"уровень"/"nivel" is not here: "closed at the level {param.n1}" states it as a fact.)
COMPARE_NEUTRAL = ("threshold", "vs", "versus", "than", "порог", "umbral", "compar", "сравн")

NUMBER_WORDS = packs.by_lang("wording", "NUMBER_WORDS")
# "one"/"один"/"uno" are also articles and pronouns: a number only before a unit or scale word.
_ONE = re.compile(r"\b(one|один|одна|одного|uno|una|un)\s+(percent|per|point|hundred|thousand|"
                  r"million|процент|пункт|тысяч|миллион|por|punto|mil|millon)", re.I)
_WORDS_RE = {lang: re.compile(r"(?<![a-zа-яñ])(" + "|".join(sorted(ws, key=len, reverse=True))
                              + r")(?![a-zа-яñ])") for lang, ws in NUMBER_WORDS.items()}


def _clause(text: str, pos: int) -> tuple[str, int]:
    """(normalised text of the clause before pos, its start offset)."""
    start = max(0, pos - WINDOW)
    chunk = text[start:pos]
    cut = 0
    for m in _CLAUSE_END.finditer(chunk):
        cut = m.end()
    return normalize(chunk[cut:]), start + cut


def _stem_hit(word: str, stems: tuple[str, ...], exact: set[str]) -> bool:
    return any(word == s if s in exact else word.startswith(s) for s in stems)


def _last_word(clause: str, groups: dict[str, tuple[str, ...]], exact: set[str]) -> str | None:
    """The group of the word nearest the end of the clause that belongs to one."""
    for word in reversed(_WORD.findall(clause)):
        for name, stems in groups.items():
            if _stem_hit(word, stems, exact):
                return name
    return None


def metric_before(text: str, pos: int) -> str | None:
    """The metric family ("close", "high", ...) named nearest before a slot in its clause."""
    return _last_word(_clause(text, pos)[0], METRIC_STEMS, _EXACT)


def direction_before(text: str, pos: int) -> str | None:
    """'up' / 'down' when a direction word stands before a slot in its clause."""
    return _last_word(_clause(text, pos)[0], {"up": UP_STEMS, "down": DOWN_STEMS}, _EXACT_DIR)


def comparison_before(text: str, pos: int) -> str | None:
    """'above' / 'below' / 'neutral' when the clause compares before the slot, else None."""
    clause = " " + _clause(text, pos)[0] + " "
    best, where = None, -1
    for name, phrases in (("above", COMPARE_ABOVE), ("below", COMPARE_BELOW), ("neutral", COMPARE_NEUTRAL)):
        for p in phrases:
            i = clause.rfind(p)
            if i > where and (p[0] not in "av" or not clause[i - 1].isalpha()):
                best, where = name, i
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
