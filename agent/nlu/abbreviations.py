"""Written shorthands rewritten to the words the period grammar reads (before parsing).

    "3rd qtr 2019" -> "3rd quarter 2019"     "wk of 2020-03-09" -> "week of 2020-03-09"
    "1Q20", "Q1'20" -> "Q1 2020"             "Mar-2020", "Mar-20", "Nov 87" -> "Mar 2020", "Mar 2020", "Nov 1987"
    "March 2 to 6, 2020" -> "March 2-6, 2020"   (a day range inside one month)

A month followed by a number is a year only when the number cannot be a day (above 31) or is
joined by a hyphen or an apostrophe ("Mar 20" stays March 20). Each rule is a written form, not a
question: the same rewrite applies in any sentence and language.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from contextvars import ContextVar
from datetime import date

from agent import lang as packs

# The day the question is asked: a month and two digits read as a year in the future of it
# ("Nov 27" asked in 2024) is a day instead, since a period that has not happened has no data.
_TODAY: ContextVar[date | None] = ContextVar("abbreviations_today", default=None)



def _alts(key: str) -> str:
    """The packs' abbreviations.<key> regex alternatives, every language, as one alternation."""
    return packs.alternation("words", "abbreviations", key)


def _each(key: str) -> list[list[str]]:
    """Each pack's abbreviations.<key> entry that is not empty (a language's own rule)."""
    return [entry for code in packs.codes() if (entry := packs.get(code, "words", "abbreviations", key))]


_MONTH = f"(?:{_alts('MONTHS')})"
_I = re.IGNORECASE
# Month words of a language that writes the day BEFORE the month ("24 марта", "24 de marzo"): a
# two-digit number after such a month word is a year ("в марте 24", "enero 22").
_DAY_FIRST_MONTH = f"(?:{_alts('DAY_FIRST_MONTHS')})"
# In English "March 24" is a day unless a preposition of a span stands before it ("in Mar 24",
# "for Jan 22", "during Oct 23"): then the number is the year, as in "march '24".
_SPAN_PREP = f"(?:{_alts('SPAN_PREPOSITIONS')})"
# ...and not when a four-digit year follows ("in March 16, 2020") or the number is a time or a day.
_NOT_DAY = r"(?!\d|st|nd|rd|th|[:.,]\d|\s*(?:,|de|del|of)?\s*(?:1[89]|20)\d\d|\s*%)"


# ...nor when a range goes on from it, to a day or to another month's day ("Nov 27 - Dec 1")
_NO_RANGE = (rf"(?!\s*(?:[-–—]|{_alts('RANGE_WORDS')})\s*(?:{_MONTH}\.?\s+)?\d)")


def _century(yy: str) -> str:
    return ("20" if int(yy) <= 49 else "19") + yy


def _future_year(yy: str) -> bool:
    """A two-digit number that could be a day (1-31) but as a year lies after today's year."""
    today = _TODAY.get()
    return today is not None and int(yy) <= 31 and int(_century(yy)) > today.year


def _month_year(month_at: int, yy_at: int, prefix_at: int = 0) -> Callable[[re.Match[str]], str]:
    """The rewrite "<month> <yyyy>" of a month and a two-digit year, unless the year is a future one."""
    def repl(m: re.Match[str]) -> str:
        if _future_year(m.group(yy_at)):
            return m.group(0)
        head = m.group(prefix_at) if prefix_at else ""
        return f"{head}{m.group(month_at)} {_century(m.group(yy_at))}"
    return repl


# A three-letter month and two digits with no four-digit year in the text ("SPY Mar 24", the way
# tables label months) is a month; after "on", "the" or a range word it stays a day ("on Mar 24").
_SHORT_MONTH = r"(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)"
_DAY_CUE = re.compile(r"(?:\b(?:on|the|since|from|to|until|till|through|between|and|of|week|el|del|al)|(?<![^\W_])\d+|[-–—])\s*$",
                      _I)


def _short_month_year(m: re.Match[str]) -> str:
    if _DAY_CUE.search(m.string[:m.start()]) or re.search(r"(?<!\d)(?:1[89]|20)\d\d(?!\d)", m.string) \
            or _future_year(m.group(2)):
        return m.group(0)
    return f"{m.group(1)} {_century(m.group(2))}"


_RULES: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(r"(?<!\w)qtrs?\.?(?!\w)", _I), "quarter"),
    # Spanish "trim." / "trim" for trimestre ("1er trim. 2024", "2º trim 23")
    (re.compile(r"(?<!\w)trim\.?(?!\w)", _I), "trimestre"),
    # "avg daily vol": volume after an average or total word (a bare "vol" may mean volatility)
    (re.compile(r"(?<!\w)((?:avg|average|mean|total|daily)\.?\s+(?:daily\s+)?)vol\.?(?!\w)", _I),
     lambda m: f"{m.group(1)}volume"),
    # "01-Apr-2024", "1 Apr 2024" (day, month, year) and "2024/04/01", "2024.04.01" (year first)
    (re.compile(rf"(?<!\w)(\d{{1,2}})[-/]({_MONTH})[-/]((?:19|20)\d\d)(?!\d)", _I),
     lambda m: f"{int(m.group(1))} {m.group(2)} {m.group(3)}"),
    (re.compile(r"(?<![\d.])((?:19|20)\d\d)[/.](\d{1,2})[/.](\d{1,2})(?![\d.])"),
     lambda m: f"{m.group(1)}-{int(m.group(2)):02d}-{int(m.group(3)):02d}"),
    (re.compile(r"(?<!\w)wks?\.?(?!\w)", _I), "week"),
    (re.compile(r"(?<!\w)perf\.?(?!\w)", _I), "performance"),
    (re.compile(r"(?<!\w)yrs?\.?(?!\w)", _I), "year"),
    (re.compile(r"(?<!\w)([1-4])[qt]\s*['’]?(\d{2})(?!\d)", _I), lambda m: f"Q{m.group(1)} {_century(m.group(2))}"),
    (re.compile(r"(?<!\w)[qt]([1-4])\s*(?:['’]|\s)(\d{2})(?![\d%]|[:.,]\d)", _I),
     lambda m: f"Q{m.group(1)} {_century(m.group(2))}"),
    (re.compile(rf"(?<!\w)({_MONTH})[-/](\d{{4}})(?!\d)", _I), lambda m: f"{m.group(1)} {m.group(2)}"),
    (re.compile(rf"(?<!\w)({_MONTH})[-/]['’]?(\d{{2}})(?![\d-])", _I), _month_year(1, 2)),
    (re.compile(rf"(?<!\w)({_MONTH})\.?\s+(3[2-9]|[4-9]\d)(?![\d,.:-])", _I),
     lambda m: f"{m.group(1)} {_century(m.group(2))}"),
    # (a day-first language never writes "марта 23" as a day, so only a bare day range after it counts)
    (re.compile(rf"(?<!\w)({_DAY_FIRST_MONTH})\.?\s+(?:de\s+)?(\d{{2}}){_NOT_DAY}"
                rf"(?!\s*(?:-|{_alts('DAY_RANGE_WORDS')})\s*\d)", _I),
     _month_year(1, 2)),
    (re.compile(rf"(?<!\w)({_SPAN_PREP}\s+(?:the\s+month\s+of\s+)?)({_MONTH})\.?\s+(\d{{2}}){_NOT_DAY}{_NO_RANGE}",
                _I), _month_year(2, 3, 1)),
    (re.compile(rf"(?<!\w)({_SHORT_MONTH})\.?\s+(\d{{2}}){_NOT_DAY}{_NO_RANGE}", _I), _short_month_year),
    (re.compile(rf"(?<!\w)({_MONTH})[-/]?((?:19|20)\d\d)(?!\d)", _I), lambda m: f"{m.group(1)} {m.group(2)}"),
    # "1987 oct", "2024 March": the year first (not "may", a verb as often as a month)
    (re.compile(rf"(?<![\w./-])((?:19|20)\d\d)\s+(?!may(?!\w))({_MONTH})\.?(?![\w-]|\s*\d)", _I),
     lambda m: f"{m.group(2)} {m.group(1)}"),
    # a quarter or half word and two digits: the year ("3 кв 19", "3rd quarter 19", "1er semestre 19")
    (re.compile(rf"(?<!\w)({_alts('PART_WORDS')})\s+(?:de\s+|of\s+)?(\d{{2}})"
                rf"(?![\d%]|[.,:]\d|\s*(?:%|{_alts('DAY_WORDS')}))", _I),
     lambda m: f"{m.group(1)} {_century(m.group(2))}"),
    (re.compile(r"(?<!\w)([12])h\s*['’]?(\d{2})(?!\d)", _I), lambda m: f"H{m.group(1)} {_century(m.group(2))}"),
    (re.compile(r"(?<!\w)h([12])\s*['’](\d{2})(?!\d)", _I), lambda m: f"H{m.group(1)} {_century(m.group(2))}"),
    # a weekday named before its date ("the week of Monday, March 4", "el lunes 4 de marzo"); a
    # bare year after it is no date of the weekday's: "Good Friday 2020", "Black Monday 1987" are days
    # of their own (offline/named_days.py); nor is a month and its year ("в последнюю пятницу марта
    # 2024" is the n-th weekday of the month, as_of_days.py)
    (re.compile(rf"(?<!\w)(?:{_alts('WEEKDAYS')})\.?,?\s+(?!(?:19|20)\d\d(?![-/.\d]))"
                r"(?=\d|(?:the\s+)?"
                rf"{_MONTH}\.?\s+\d{{1,2}}(?!\d))", _I), ""),
    # "Apr 1 - Apr 12 2024", "March 4th – March 8th": a range of two month-day dates
    (re.compile(rf"(?<!\w)({_MONTH}\.?\s+\d{{1,2}})(?:st|nd|rd|th)?\s*[-–—]\s*({_MONTH}\.?\s+\d{{1,2}})(?:st|nd|rd|th)?"
                rf"(?![\d:])", _I), lambda m: f"{m.group(1)} to {m.group(2)}"),
    # the second of two week-of periods written by ellipsis: "the week of X and the one of Y",
    # "la semana del X y la del Y", "неделю с X и с Y"
    *[(re.compile(pattern, _I), rewrite) for pattern, rewrite in _each("WEEK_ELLIPSIS")],
    (re.compile(rf"(?<!\w)({_MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:to|through|thru|until|till)\s+(?:the\s+)?"
                rf"(\d{{1,2}})(?:st|nd|rd|th)?(?![\d:])", _I),
     lambda m: f"{m.group(1)} {m.group(2)}-{m.group(3)}"),
    # "11/27-12/1 2023", "27.11 по 01.12.2023", "27/11 al 1/12/23": two numeric day-month dates with
    # the year written once, after the second; both get it (read alone, "2023" was the whole year)
    (re.compile(r"(?<![\d./])(\d{1,2})([./])(\d{1,2})\s*(?:[-–—]|\s(" + _alts("DATE_RANGE_WORDS") + r")\s)"
                r"\s*(\d{1,2})\2(\d{1,2})(?:\2|,?\s+)((?:19|20)\d\d|\d\d)(?![\d./])", _I),
     lambda m: f"{m.group(1)}{m.group(2)}{m.group(3)}{m.group(2)}{m.group(7)} {m.group(4) or 'to'} "
               f"{m.group(5)}{m.group(2)}{m.group(6)}{m.group(2)}{m.group(7)}"),
    # "entre el 2 y el 6 de marzo" / "между 2 и 6 марта": a day range inside one month
    *[(re.compile(pattern.replace("{MONTH}", _MONTH), _I), rewrite) for pattern, rewrite in _each("DAY_RANGE")],
]


# "c 4 по 15 апреля": a Latin c typed for the Cyrillic "с" in a Russian question
_LOOKALIKES = [(re.compile(letters, _I), re.compile(latin), meant) for letters, latin, meant in _each("LOOKALIKE")]


def expand(text: str, today: date | None = None) -> str:
    token = _TODAY.set(today)
    try:
        return _expand(text)
    finally:
        _TODAY.reset(token)


def _expand(text: str) -> str:
    for letters, latin, meant in _LOOKALIKES:
        if letters.search(text):
            text = latin.sub(meant, text)
    for rx, repl in _RULES:
        text = rx.sub(repl, text)
    return text
