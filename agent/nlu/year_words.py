"""Years written in words, as digits: "twenty twenty" -> 2020, "nineteen eighty-seven" -> 1987,
"two thousand eight" -> 2008, "dos mil ocho" -> 2008, "mil novecientos ochenta y siete" -> 1987,
"две тысячи восьмом году" -> 2008, "тысяча девятьсот восемьдесят седьмого" -> 1987.

Only whole year phrases are replaced (a century word plus a two-digit part), so ordinary number
words ("ten sessions", "три падения") are left to the rest of the parser.
"""
from __future__ import annotations

import re

from agent import lang as packs


def _table(code: str, key: str) -> dict[str, int]:
    """{word: value} of the pack's year words (a list of [word, value] pairs there)."""
    return {word: value for word, value in packs.get(code, "words", "year_words", key)}


def _text(code: str, key: str) -> str:
    return str(packs.get(code, "words", "year_words", key))


# Each language's grammar of a year is its own (the functions below); its words are in its pack.
_EN_UNITS, _EN_TEENS, _EN_TENS = _table("en", "UNITS"), _table("en", "TEENS"), _table("en", "TENS")
_EN_CENTURIES = _table("en", "CENTURIES")
_EN_TWO = (rf"(?:(?P<tens>{'|'.join(_EN_TENS)})(?:[\s-]+(?P<unit>{'|'.join(_EN_UNITS)}))?"
           rf"|(?P<teen>{'|'.join(_EN_TEENS)})|(?:oh|o)[\s-]+(?P<oh>{'|'.join(_EN_UNITS)}))")
_EN = re.compile(rf"(?<!\w)(?P<cent>{'|'.join(_EN_CENTURIES)})[\s-]+{_EN_TWO}(?!\w)"
                 rf"|(?<!\w){_text('en', 'TWO_THOUSAND')}(?:[\s-]+{_EN_TWO.replace('?P<', '?P<k')}"
                 rf"|[\s-]+(?P<kone>{'|'.join(_EN_UNITS)}))(?!\w)")

_ES_UNITS, _ES_TENS, _ES_CENTURIES = _table("es", "UNITS"), _table("es", "TENS"), _table("es", "CENTURIES")
_ES_TWO = (rf"(?:(?P<tens>{'|'.join(_ES_TENS)})(?:\s+y\s+(?P<unit>{'|'.join(_ES_UNITS)}))?"
           rf"|(?P<small>{'|'.join(sorted(_ES_UNITS, key=len, reverse=True))}))")
_ES = re.compile(rf"(?<!\w)(?:(?P<dosmil>{_text('es', 'TWO_THOUSAND')})|{_text('es', 'THOUSAND')}\s+"
                 rf"(?P<nov>{'|'.join(_ES_CENTURIES)}))\s+{_ES_TWO}(?!\w)")

_RU_ORD, _RU_TENS, _RU_CENTURIES = _table("ru", "ORDINAL_STEMS"), _table("ru", "TENS"), _table("ru", "CENTURIES")
_RU_ORD_RE = "|".join(sorted(_RU_ORD, key=len, reverse=True))
_RU = re.compile(rf"(?<!\w)(?:(?P<two>{_text('ru', 'TWO_THOUSAND')})|{_text('ru', 'THOUSAND')}\s+"
                 rf"(?P<nine>{'|'.join(_RU_CENTURIES)}))"
                 rf"(?:\s+(?P<tens>{'|'.join(_RU_TENS)}))?\s+(?P<ord>{_RU_ORD_RE})\w*(?!\w)")


def _en(m: re.Match[str]) -> str:
    g = m.groupdict()
    if g.get("cent"):
        base = _EN_CENTURIES[g["cent"]]
        two = (_EN_TENS.get(g["tens"] or "", 0) + _EN_UNITS.get(g["unit"] or "", 0)
               + _EN_TEENS.get(g["teen"] or "", 0) + _EN_UNITS.get(g["oh"] or "", 0))
        return str(base + two)
    two = (_EN_TENS.get(g.get("ktens") or "", 0) + _EN_UNITS.get(g.get("kunit") or "", 0)
           + _EN_TEENS.get(g.get("kteen") or "", 0) + _EN_UNITS.get(g.get("koh") or "", 0)
           + _EN_UNITS.get(g.get("kone") or "", 0))
    return str(2000 + two)


def _es(m: re.Match[str]) -> str:
    base = 2000 if m.group("dosmil") else _ES_CENTURIES[m.group("nov")]
    two = _ES_TENS.get(m.group("tens") or "", 0) + _ES_UNITS.get(m.group("unit") or "", 0) \
        + _ES_UNITS.get(m.group("small") or "", 0)
    return str(base + two)


def _ru(m: re.Match[str]) -> str:
    base = 2000 if m.group("two") else _RU_CENTURIES[m.group("nine")]
    return str(base + _RU_TENS.get(m.group("tens") or "", 0) + _RU_ORD[m.group("ord")])


def replace_years(text: str) -> str:
    """`text` (any case, accents) with spelled-out years as digits; the rest left as written."""
    from agent.nlu.lang import normalize
    norm = normalize(text)
    if len(norm) != len(text):
        return text
    spans = []
    for rx, fn in ((_EN, _en), (_ES, _es), (_RU, _ru)):
        spans += [(m.start(), m.end(), fn(m)) for m in rx.finditer(norm)]
    for a, b, digits in sorted(spans, reverse=True):
        text = text[:a] + digits + text[b:]
    return text
