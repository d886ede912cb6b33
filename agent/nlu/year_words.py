"""Years written in words, as digits: "twenty twenty" -> 2020, "nineteen eighty-seven" -> 1987,
"two thousand eight" -> 2008, "dos mil ocho" -> 2008, "mil novecientos ochenta y siete" -> 1987,
"две тысячи восьмом году" -> 2008, "тысяча девятьсот восемьдесят седьмого" -> 1987.

Only whole year phrases are replaced (a century word plus a two-digit part), so ordinary number
words ("ten sessions", "три падения") are left to the rest of the parser.
"""
from __future__ import annotations

import re

_EN_UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
             "nine": 9}
_EN_TEENS = {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
             "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
            "eighty": 80, "ninety": 90}
_EN_TWO = (rf"(?:(?P<tens>{'|'.join(_EN_TENS)})(?:[\s-]+(?P<unit>{'|'.join(_EN_UNITS)}))?"
           rf"|(?P<teen>{'|'.join(_EN_TEENS)})|(?:oh|o)[\s-]+(?P<oh>{'|'.join(_EN_UNITS)}))")
_EN = re.compile(rf"(?<!\w)(?P<cent>nineteen|twenty)[\s-]+{_EN_TWO}(?!\w)"
                 rf"|(?<!\w)two\s+thousand(?:\s+and)?(?:[\s-]+{_EN_TWO.replace('?P<', '?P<k')}"
                 rf"|[\s-]+(?P<kone>{'|'.join(_EN_UNITS)}))(?!\w)")

_ES_UNITS = {"uno": 1, "un": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7,
             "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14,
             "quince": 15, "dieciseis": 16, "diecisiete": 17, "dieciocho": 18, "diecinueve": 19,
             "veinte": 20, "veintiuno": 21, "veintidos": 22, "veintitres": 23, "veinticuatro": 24,
             "veinticinco": 25}
_ES_TENS = {"treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70,
            "ochenta": 80, "noventa": 90}
_ES_TWO = (rf"(?:(?P<tens>{'|'.join(_ES_TENS)})(?:\s+y\s+(?P<unit>{'|'.join(_ES_UNITS)}))?"
           rf"|(?P<small>{'|'.join(sorted(_ES_UNITS, key=len, reverse=True))}))")
_ES = re.compile(rf"(?<!\w)(?:(?P<dosmil>dos\s+mil)|mil\s+(?P<nov>novecientos|ochocientos))"
                 rf"\s+{_ES_TWO}(?!\w)")

_RU_ORD = {"перв": 1, "втор": 2, "трет": 3, "четв": 4, "пят": 5, "шест": 6, "седьм": 7, "восьм": 8,
           "девят": 9, "десят": 10, "одиннадцат": 11, "двенадцат": 12, "тринадцат": 13,
           "четырнадцат": 14, "пятнадцат": 15, "шестнадцат": 16, "семнадцат": 17,
           "восемнадцат": 18, "девятнадцат": 19, "двадцат": 20, "тридцат": 30, "сороков": 40,
           "пятидесят": 50, "шестидесят": 60, "семидесят": 70, "восьмидесят": 80, "девяност": 90}
_RU_TENS = {"двадцать": 20, "тридцать": 30, "сорок": 40, "пятьдесят": 50, "шестьдесят": 60,
            "семьдесят": 70, "восемьдесят": 80, "девяносто": 90}
_RU_ORD_RE = "|".join(sorted(_RU_ORD, key=len, reverse=True))
_RU = re.compile(rf"(?<!\w)(?:(?P<two>две\s+тысячи)|тысяча\s+(?P<nine>девятьсот|восемьсот))"
                 rf"(?:\s+(?P<tens>{'|'.join(_RU_TENS)}))?\s+(?P<ord>{_RU_ORD_RE})\w*(?!\w)")


def _en(m: re.Match[str]) -> str:
    g = m.groupdict()
    if g.get("cent"):
        base = 1900 if g["cent"] == "nineteen" else 2000
        two = (_EN_TENS.get(g["tens"] or "", 0) + _EN_UNITS.get(g["unit"] or "", 0)
               + _EN_TEENS.get(g["teen"] or "", 0) + _EN_UNITS.get(g["oh"] or "", 0))
        return str(base + two)
    two = (_EN_TENS.get(g.get("ktens") or "", 0) + _EN_UNITS.get(g.get("kunit") or "", 0)
           + _EN_TEENS.get(g.get("kteen") or "", 0) + _EN_UNITS.get(g.get("koh") or "", 0)
           + _EN_UNITS.get(g.get("kone") or "", 0))
    return str(2000 + two)


def _es(m: re.Match[str]) -> str:
    base = 2000 if m.group("dosmil") else (1900 if m.group("nov") == "novecientos" else 1800)
    two = _ES_TENS.get(m.group("tens") or "", 0) + _ES_UNITS.get(m.group("unit") or "", 0) \
        + _ES_UNITS.get(m.group("small") or "", 0)
    return str(base + two)


def _ru(m: re.Match[str]) -> str:
    base = 2000 if m.group("two") else (1900 if m.group("nine") == "девятьсот" else 1800)
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
