"""Two date phrases that name one span or one day although their words look like two periods.

A to-date span ending on a written date ("SPY ytd as of April 30 2024", "с начала года по 30 апреля
2024", "en lo que va de 2024 hasta el 30 de abril") is ONE period from the start of that date's
year, quarter or month to the date. Read by the other patterns it was today's to-date span plus the
single day, or the year "2024" compared with the day.

The n-th weekday of a month ("the first Monday of April 2024", "в последнюю пятницу марта 2024",
"el primer lunes de abril de 2024") is that calendar day; the month alone answered the whole month
and declined "first, Monday". A closed day keeps its date: the answer then says it has no data.

Both are found on the month-tokenised text before the other periods (their words are blanked like
named days'); the words are the packs' (nlu_words.as_of_days).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta
from typing import Protocol

from agent import lang as packs
from agent.nlu import period_patterns as P
from agent.nlu.period_math import make_period, month_days
from agent.state import Period


class DatePart(Protocol):
    """periods.DP (periods calls this module, which cannot import it back)."""
    y: int | None
    m: int | None
    d: int | None


Extract = Callable[[str, date, bool], DatePart]


def _w(key: str) -> str:
    return "(?:" + packs.alternation("nlu_words", "as_of_days", key) + ")"


_UNITS = ("year", "quarter", "month")
_ART = rf"(?:{_w('article')}\s+)?"
_UNIT = r"(?:" + "|".join(rf"(?P<{u}>{_w(u)})" for u in _UNITS) + r")"
_OF_YEAR = rf"(?:[\s,]*(?:{_w('year_of')}\s+)?(?P<y>{P.Y}){P.YS})?"
# the measure may stand between the span and its date ("ytd return as of April 30")
_MEASURE = rf"(?:\s+(?:{_w('measure')}))?"
_TO_DATE = re.compile(
    rf"(?<!\w)(?:(?P<y0>{P.Y}){P.YS}[\s,]+)?{_UNIT}{_OF_YEAR}{_MEASURE}"
    rf"[\s,]*{_w('until')}\s+{_ART}(?P<a>{P.DAYDATE})")
# the date first: "as of April 30, 2024 ytd", "al 30 de abril de 2024 en lo que va del año"
_DATE_TO = re.compile(rf"(?<!\w){_w('until')}\s+{_ART}(?P<a>{P.DAYDATE})[\s,]*{_UNIT}{_OF_YEAR}")
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "last")
_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_NTH = re.compile(
    r"(?<!\w)(?:" + "|".join(rf"(?P<{o}>{_w(o)})" for o in _ORDINALS) + r")\s+"
    r"(?:" + "|".join(rf"(?P<{d}>{_w(d)})" for d in _WEEKDAYS) + r")"
    rf"\s+(?:{_w('of_month')}\s+)?(?P<a>{P.MONYEAR})")
_YEAR = re.compile(rf"(?<![\d.,$])({P.Y})(?!\d)")


def _other_year(work: str, a: int, b: int) -> int | None:
    """A year written elsewhere in the question ("SPY 2024: ytd as of April 30")."""
    m = _YEAR.search(work[:a] + " " * (b - a) + work[b:])
    return int(m.group(1)) if m and len(m.group(1)) == 4 else None


def _latest(make: Callable[[int], date | None], today: date) -> date | None:
    """No year written: the latest such day up to today."""
    day = make(today.year)
    return day if day is not None and day <= today else make(today.year - 1)


def _as_of(m: re.Match[str], work: str, today: date, extract: Extract, us: bool) -> Period | None:
    dp = extract(m.group("a"), today, us)
    mon, d, y = dp.m, dp.d, dp.y
    if not mon or not d:
        return None
    written = [int(g) for g in (m.group("y"), m.groupdict().get("y0")) if g and len(g) == 4]
    year = y or (written[0] if written else _other_year(work, m.start(), m.end()))

    def make(yr: int) -> date | None:
        return date(yr, mon, d) if d <= month_days(yr, mon) else None
    end = make(year) if year else _latest(make, today)
    if end is None:
        return None
    unit = next(u for u in _UNITS if m.group(u))
    start = {"year": date(end.year, 1, 1), "quarter": date(end.year, (end.month - 1) // 3 * 3 + 1, 1),
             "month": end.replace(day=1)}[unit]
    return make_period(start, end)


def _nth(m: re.Match[str], work: str, today: date, extract: Extract, us: bool) -> Period | None:
    dp = extract(m.group("a"), today, us)
    mon, y = dp.m, dp.y
    if not mon or dp.d:
        return None
    n = next(i for i, o in enumerate(_ORDINALS) if m.group(o))
    wd = next(i for i, d in enumerate(_WEEKDAYS) if m.group(d))

    def make(yr: int) -> date | None:
        if n == len(_ORDINALS) - 1:
            last = date(yr, mon, month_days(yr, mon))
            return last - timedelta(days=(last.weekday() - wd) % 7)
        first = date(yr, mon, 1)
        day = first + timedelta(days=(wd - first.weekday()) % 7 + 7 * n)
        return day if day.month == mon else None      # no fifth Monday this month: not a day
    year = y or _other_year(work, m.start(), m.end())
    day = make(year) if year else _latest(make, today)
    return make_period(day, day) if day else None


def find(work: str, today: date, extract: Extract, us: bool = False) -> list[tuple[int, int, Period]]:
    """(start, end, period) of each to-date span ending on a date and each n-th weekday of a month
    in the month-tokenised text `work` (`extract`: periods.extract_dp)."""
    out: list[tuple[int, int, Period]] = []
    for rx, read in ((_TO_DATE, _as_of), (_DATE_TO, _as_of), (_NTH, _nth)):
        for m in rx.finditer(work):
            per = read(m, work, today, extract, us)
            if per is not None and not any(m.start() < b and a < m.end() for a, b, _p in out):
                out.append((m.start(), m.end(), per))
    return out
