"""A generator of two-part phrasings with their expected parts (issue 24, the token grammar).

Two instruments, each with its own period (and a measure shared, or each part its own), in word
orders of each language: symbol first, period first, an introductory period, "respectively",
comparison words ("vs", "против", "frente a", "compared with", "по сравнению с", "comparado con"),
commas and semicolons. Periods are written in the forms of phrasings.py. The expected parts are
known by construction; nothing here is an evaluation question. Today: the helpers' 2024-05-20.

    generate() -> list[PartsCase]
"""
from __future__ import annotations

from dataclasses import dataclass

from tests.agent.llm.phrasings import MEASURES, PERIODS

EXTRA_PERIODS = {
    "2024-04": {"en": ["in April 2024", "for Apr 2024", "in apr '24"], "ru": ["за апрель 2024", "в апреле 2024 года"],
                "es": ["en abril de 2024", "en abr 2024"]},
    "2022-01": {"en": ["in January 2022", "for Jan 2022"], "ru": ["за январь 2022", "в январе 2022"],
                "es": ["en enero de 2022", "en ene 2022"]},
}
ALL_PERIODS = {**PERIODS, **EXTRA_PERIODS}
# (symbol as written, symbol, period key): each has data there in the helpers' ranges.
OPERANDS = [("NQ", "NQ", "2023-11"), ("SPY", "SPY", "2024-04"), ("BTCUSD", "BTCUSD", "2022-01"),
            ("SPX", "SPX", "2019-Q3"), ("SPX", "SPX", "2020-03-02..2020-03-06"), ("SPX", "SPX", "2019-H1"),
            ("Zeta Robotics", "ZETA", "2019")]
SHARED = {"en": ["{m} of {s1} {p1} and {s2} {p2}", "{s1} {p1} vs {s2} {p2}: {m}",
                 "{p1} {s1}, {p2} {s2}: {m}", "{s1} and {s2} {p1} and {p2} respectively, {m}",
                 "compare the {m} of {s1} {p1} with {s2} {p2}", "{m}: {s1} {p1}; {s2} {p2}"],
          "ru": ["{m} {s1} {p1} и {s2} {p2}", "{m}: {s1} {p1} против {s2} {p2}", "{p1} {s1}, {p2} {s2}: {m}",
                 "{s1} и {s2} {p1} и {p2} соответственно, {m}", "{m} {s1} {p1} по сравнению с {s2} {p2}"],
          "es": ["{m} de {s1} {p1} y de {s2} {p2}", "{m}: {s1} {p1} frente a {s2} {p2}", "{p1} {s1}; {p2} {s2}: {m}",
                 "{s1} y {s2} {p1} y {p2} respectivamente: {m}", "{m} de {s1} {p1} comparado con {s2} {p2}"]}
OWN = {"en": ["{m1} of {s1} {p1} and {m2} of {s2} {p2}", "{s1} {m1} {p1} vs {s2} {m2} {p2}"],
       "ru": ["{m1} {s1} {p1} и {m2} {s2} {p2}", "{s1}: {m1} {p1}, {s2}: {m2} {p2}"],
       "es": ["{m1} de {s1} {p1} y {m2} de {s2} {p2}", "{s1}: {m1} {p1}; {s2}: {m2} {p2}"]}
SHARED_MEASURES = ["close", "high", "volatility", "stats"]
OWN_PAIRS = [("close", "high"), ("high", "volatility"), ("volatility", "close")]
SEVEN_DAY_WEEKS = {"2020-03-09..2020-03-13"}


@dataclass(frozen=True)
class PartsCase:
    text: str
    lang: str
    parts: tuple[tuple[str, str], ...]              # (symbol, period label) per part
    measures: tuple[tuple[str, str], ...]           # each part's measure (kind, value)


def _form(key: str, lang: str, i: int) -> str:
    forms = ALL_PERIODS[key][lang]
    return forms[i % len(forms)]


def _operand_pairs() -> list[tuple[tuple[str, str, str], tuple[str, str, str]]]:
    return [(a, b) for a in OPERANDS for b in OPERANDS if a[1] != b[1] and a[2] != b[2]]


def generate() -> list[PartsCase]:
    out: list[PartsCase] = []
    for lang in ("en", "ru", "es"):
        for n, (a, b) in enumerate(_operand_pairs()):
            parts = ((a[1], a[2]), (b[1], b[2]))
            for t, tpl in enumerate(SHARED[lang]):
                mkey = SHARED_MEASURES[(n + t) % len(SHARED_MEASURES)]
                expect, forms = MEASURES[mkey]
                text = tpl.format(m=forms[lang][n % len(forms[lang])], s1=a[0], s2=b[0],
                                  p1=_form(a[2], lang, n + t), p2=_form(b[2], lang, n + t + 1))
                out.append(PartsCase(text, lang, parts, (expect, expect)))
            for t, tpl in enumerate(OWN[lang]):
                m1, m2 = OWN_PAIRS[(n + t) % len(OWN_PAIRS)]
                text = tpl.format(m1=MEASURES[m1][1][lang][0], m2=MEASURES[m2][1][lang][0], s1=a[0], s2=b[0],
                                  p1=_form(a[2], lang, n), p2=_form(b[2], lang, n + 1))
                out.append(PartsCase(text, lang, parts, (MEASURES[m1][0], MEASURES[m2][0])))
    return out
