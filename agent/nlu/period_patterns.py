"""Regular expressions for date expressions in English, Russian and Spanish (normalised text,
month words already replaced by tokens, see lang.tokenize_months).

Fragments compose: a DATE is a day (ISO, 31.12.2019, "21 ноября", "Nov 21", "21 de noviembre"),
a quarter or half ("Q1 2020", "первый квартал", "primer semestre"), a month with or without year
("ноябрь 2023", "noviembre de 2023", "2023-11") or a year ("в 2008 году", "for 1987").
"""
from __future__ import annotations

import re

from agent import lang as packs
from agent.nlu.lang import MONTH_TOKEN_B as MONTH_B
from agent.nlu.numbers import COUNT

Y = r"(?:1[89]\d\d|20\d\d|'\d\d(?!\d))"   # 'dec \'23': a year with an apostrophe
YS = rf"(?:\s*(?:{packs.alternation('words', 'period_patterns', 'YEAR_SUFFIXES')})(?!\w))?"   # "2008 году"
_NOT_YEAR = packs.alternation("words", "period_patterns", "NOT_YEAR_UNITS")             # "2020 points"
YEAR = rf"(?<![\d.,$])(?:the\s+year\s+|el\s+año\s+)?{Y}{YS}(?![\d%]|\s*(?:%|{_NOT_YEAR}|\$))"
D = (r"(?:3[01]|[12]\d|0?[1-9])(?:" + packs.alternation("words", "period_patterns", "DAY_SUFFIXES")
     + r")?(?![\d%,.]\d|\d|\s*%)")                                                     # "21st", "21-го"
ISO = r"(?<!\d)\d{4}-\d{1,2}-\d{1,2}(?!\d)"
DMY = r"(?<![\d./])(?:\d{1,2}/\d{1,2}/|\d{1,2}\.\d{1,2}\.)(?:\d{4}|\d{2})(?![\d./])"   # 19.10.1987, 10/19/87
YM_ISO = r"(?<![\d-])\d{4}-(?:0[1-9]|1[0-2])(?![\d-])"
SEP = r"(?:\s*,\s*|\s+del?\s+|\s+of\s+|\s+)"
DAYMON = rf"(?<![\w.])(?:the\s+)?{D}\s*(?:de\s+|of\s+)?{MONTH_B}"
MONDAY = rf"{MONTH_B}\s+(?:the\s+)?{D}"
DAYDATE = rf"(?:{ISO}|{DMY}|(?:{DAYMON}|{MONDAY})(?:{SEP}{Y}{YS})?)"
MONYEAR = rf"(?:{YM_ISO}|{MONTH_B}(?:{SEP}{Y}{YS})?)"

_QWORD = "(?:" + packs.alternation("offline_periods", "QUARTER_WORDS") + ")"   # "Q1", "первый квартал"
_HWORD = "(?:" + packs.alternation("offline_periods", "HALF_WORDS") + ")"      # "H1", "primer semestre"
_TAIL = rf"(?:(?:\s+(?:of|de|del|de\s+la)\s+|\s*,?\s*)(?:{MONYEAR}|{YEAR}))?"
QUARTER = rf"(?:{Y}\s*-?\s*[qt][1-4](?!\w)|{_QWORD}{_TAIL})"
HALF = rf"(?:{Y}\s*-?\s*h[12](?!\w)|{_HWORD}{_TAIL})"
DATE = rf"(?:{DAYDATE}|{QUARTER}|{HALF}|{MONYEAR}|{YEAR})"


def _alts(name: str) -> str:
    return packs.alternation("offline_periods", name)


def _w(name: str) -> str:
    """The packs' words for `name` (offline_periods), one non-capturing alternation."""
    return "(?:" + _alts(name) + ")"


_FROM = _w("FROM")
_TO = _w("TO")
_TO_BARE = _w("TO_BARE")


def _c(p: str) -> re.Pattern[str]:
    return re.compile(p)


_FRAGMENTS = {"DAYDATE": DAYDATE, "DATE": DATE, "COUNT": COUNT}


def _fill(template: str, **more: str) -> str:
    """A pack's pattern with the code's {FRAGMENT}s filled in (the regex's own {m,n} counts are left
    alone: fragment names are capitals)."""
    fragments = {**_FRAGMENTS, **more}
    return re.sub(r"\{([A-Z_]+)\}", lambda m: fragments[m.group(1)], template)


def _per_language(name: str) -> list[re.Pattern[str]]:
    """The pattern `name` of every pack (offline_periods), English first."""
    return [_c(_fill(packs.get(code, "offline_periods", name))) for code in packs.codes()]


# A range's first end may be a period's start and its last a period's end ("from the start of 2024
# to the end of April"): the range already runs from the first period's start to the last one's end.
_START_EDGE = _w("RANGE_START_EDGE")
_END_EDGE = _w("RANGE_END_EDGE")
RANGES = [
    _c(rf"(?<!\w){_FROM}\s+(?:the\s+)?(?:{_START_EDGE})?(?P<a>{DATE}|{D})(?:\s*-\s*|\s+{_TO}\s+(?:the\s+)?)"
       rf"(?:{_END_EDGE})?(?P<b>{DATE})"),
    _c(rf"(?<!\w){_w('BETWEEN')}\s+(?P<a>{DATE}|{D})\s+{_w('AND')}\s+(?P<b>{DATE})"),
    _c(rf"(?P<a>{DAYDATE}|{MONYEAR})\s+{_TO_BARE}\s+(?:the\s+)?(?P<b>{DATE})"),
    _c(rf"(?<![\d.])(?P<a>{D})\s*-\s*(?P<b>{D}\s*(?:de\s+|of\s+)?{MONTH_B}(?:{SEP}{Y}{YS})?)"),
    _c(rf"(?P<m>{MONTH_B})\s+(?P<a>{D})\s*-\s*(?P<b>{D})(?P<y>(?:{SEP}{Y})?)"),
    _c(rf"(?<![\d.-])(?P<a>{Y})\s*-\s*(?P<b>{Y}){YS}(?![\d-])"),
    _c(rf"(?P<a>{MONTH_B})\s*-\s*(?P<b>{MONYEAR})"),
    _c(rf"(?P<a>{ISO})\s*(?:\.\.\.?|-|/)\s*(?P<b>{ISO})"),
    # "01.03.2024-15.03.2024", "01/03/2024 – 15/03/2024": one range, never two days to compare
    _c(rf"(?P<a>{DMY})\s*(?:\.\.\.?|-|–|—)\s*(?P<b>{DMY})"),
]
# A window of N trading days right after a date: "the week after 1987-10-19", "10 sessions following
# March 16, 2020", "неделя после 19.10.1987", "las 10 sesiones posteriores al 16 de marzo de 2020".
AFTER_DATE = _per_language("AFTER_DATE")
# ISO week numbers: "week 12 of 2020", "wk 12 2020", "12-я неделя 2020", "неделя 12 2020 года",
# "semana 12 de 2020" (Monday to Friday of that ISO week).
ISO_WEEK = [
    _c(rf"(?<!\w){_w('ISO_WEEK_WORDS')}\s*{_w('ISO_WEEK_NUMBER')}?\s*(?P<w>[1-9]|[1-4]\d|5[0-3])"
       rf"(?!\d)(?:\s*(?:of|de|del|,)?\s*(?P<a>{Y}){YS})"),
    _c(rf"(?<!\d)(?P<w>[1-9]|[1-4]\d|5[0-3])\s*-?{_w('ORDINAL_SUFFIXES')}?\s+{_w('ISO_WEEK_WORDS')}"
       rf"(?:\s*(?:of|de|del|,)?\s*(?P<a>{Y}){YS})"),
]
# "first week of April", "первая неделя апреля", "la primera semana de abril" (days 1-7, 8-14, ...)
NTH_WEEK = [_c(rf"(?P<o>{_alts('NTH_WEEK_ORDINALS')})\s+{_w('WEEK_WORDS')}\s+(?:of\s+|de\s+|del\s+)?"
              rf"(?P<a>{MONYEAR})")]
WEEK = _per_language("WEEK")
# "the week ending April 12", "неделя, закончившаяся 12 апреля", "la semana que termina el 12 de abril"
WEEK_END = _per_language("WEEK_END")
UNTIL = _w("UNTIL")
_UNTIL_NOW = rf"(?:\s+{UNTIL}\s+{_w('NOW')})?"
SINCE = [
    _c(rf"(?<!\w){_w('SINCE')}\s+(?:the\s+)?(?:year\s+)?(?P<a>{DATE}){_UNTIL_NOW}"),
]
END_OF = _per_language("END_OF")
START_OF = _per_language("START_OF")
POINTS = [_c(DAYDATE), _c(QUARTER), _c(HALF), _c(MONYEAR), _c(YEAR)]

# Relative periods, from the packs (offline_periods.RELATIVE: [kind, pattern]), kind by kind in this
# order and within a kind English first (each match is blanked before the next pattern runs). The
# kind says what the match means (see periods._relative).
RELATIVE_KINDS = ("trail", "trail1", "prev", "this", "day2", "day1", "day0")
# "last week of March" is not relative; "the previous year's close" is a reference price, not a period
_NOT_OF = rf"(?!\s+(?:of|de|del)\s|\s+{MONTH_B}|\s+{Y}|'?s\s+(?:close|closing|end))"
RELATIVE = [(kind, _c(_fill(pat, NOT_OF=_NOT_OF))) for kind in RELATIVE_KINDS for code in packs.codes()
            for k, pat in packs.get(code, "offline_periods", "RELATIVE") if k == kind]
