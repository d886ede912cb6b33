"""Days of the period the conversation is already about: a follow-up that changes only the days.

"Statistics of SPY for April 2024" then "and only the 1st to the 5th?" / "а с 1 по 5?" / "¿y del 1
al 5?" is April 1-5; "now the first 10 days" is April 1-10 and "the first 5 sessions" the first five
trading dates. Read only with a reference period (the previous turn's); without one a bare day
number is not a period. The words are the packs' (offline_periods.REF_DAY_RANGE / REF_FIRST).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date, timedelta

from agent import lang as packs
from agent.nlu.lang import MONTH_B
from agent.nlu.numbers import COUNT, count_value
from agent.state import Period


def _words(key: str) -> str:   # the packs' day words (agent/lang/_nlu)
    return packs.alternation("nlu_words", "ref_days", key)


_D = r"(?:3[01]|[12]\d|0?[1-9])(?:" + _words("day_suffixes") + r")?(?![\d%.,:/]|\s*%)"
# ...never when a month or a year follows: "from 1 to 5 March" is a dated range of its own
_NO_MONTH = rf"(?!\s*(?:de\s+|of\s+)?(?:{MONTH_B}|\x02|\d))"
# period_math.make_period, passed in by the caller
MakePeriod = Callable[[date, date], Period]


def _compile(name: str) -> list[re.Pattern[str]]:
    out = []
    for code in packs.codes():
        for pat in packs.get(code, "offline_periods").get(name, []):
            out.append(re.compile(r"(?<!\w)" + pat.replace("{D}", _D).replace("{COUNT}", COUNT) + _NO_MONTH))
    return out


_RANGES = _compile("REF_DAY_RANGE")
_FIRST = _compile("REF_FIRST")
_HALF = _compile("REF_HALF")
_NTH_WEEK = _compile("REF_NTH_WEEK")
_ORDINAL = tuple(tuple(w for c in packs.codes() for w in packs.get(c, "nlu_words", "ref_days", "week_ordinals")[i])
                 for i in range(4))
_SESSION_UNIT, _SECOND = re.compile(_words("session_units")), re.compile(_words("second_half"))


def _day(tok: str) -> int:
    return int(re.match(r"\d+", tok).group(0))  # type: ignore[union-attr]


def _clip(ref: Period, start: date, end: date, make: MakePeriod) -> Period | None:
    start, end = max(start, ref.start), min(end, ref.end)
    return make(start, end) if start <= end else None


def find(norm: str, ref: Period | None, make: MakePeriod) -> list[tuple[int, int, Period]]:
    """(start, end, period) of each day expression read against `ref` (none without a ref)."""
    if ref is None:
        return []
    out: list[tuple[int, int, Period]] = []
    for rx, read in ((_RANGES, _day_range), (_FIRST, _first_days), (_NTH_WEEK, _nth_week), (_HALF, _half)):
        for m in rx_iter(rx, norm):
            per = read(m, ref, make)
            if per:
                out.append((m.start(), m.end(), per))
    return out


def rx_iter(patterns: list[re.Pattern[str]], norm: str) -> Iterator[re.Match[str]]:
    for rx in patterns:
        yield from rx.finditer(norm)


def _day_range(m: re.Match[str], ref: Period, make: MakePeriod) -> Period | None:
    """"the 1st to the 5th", "с 1 по 5", "del 1 al 5": those days of the period's first month.

    A period inside one month ("April 1-12") names the month the talk is about, so "and the 15th
    to the 26th?" moves to other days of that month; a longer period keeps the days inside it."""
    a, b = _day(m.group("a")), _day(m.group("b"))
    try:
        start, end = ref.start.replace(day=a), ref.start.replace(day=b)
    except ValueError:
        return None
    if a > b:
        return None
    if (ref.start.year, ref.start.month) == (ref.end.year, ref.end.month):
        return make(start, end)
    return _clip(ref, start, end, make)


def _first_days(m: re.Match[str], ref: Period, make: MakePeriod) -> Period | None:
    """"the first 10 days" (calendar) or "the first 5 sessions" (trading dates)."""
    n = count_value(m.group("n")) or 0
    if not 1 <= n <= 366:
        return None
    if _SESSION_UNIT.match(m.group("u")):
        from agent.nlu.sessions import nth_session_after
        end = nth_session_after(ref.start - timedelta(days=1), n)
    else:
        end = ref.start + timedelta(days=n - 1)
    return _clip(ref, ref.start, end, make)


def _nth_week(m: re.Match[str], ref: Period, make: MakePeriod) -> Period | None:
    """"the first week": days 1-7, 8-14, ...; "the last week of the month": its last 7 days."""
    word = m.group("o")
    nth = next((i for i, forms in enumerate(_ORDINAL) if word.startswith(forms)), None)
    start = ref.end - timedelta(days=6) if nth is None else ref.start + timedelta(days=7 * nth)
    return _clip(ref, start, start + timedelta(days=6), make) if ref.start.month == ref.end.month else None


def _half(m: re.Match[str], ref: Period, make: MakePeriod) -> Period | None:
    """"the first half of the month": 1-15; the second: 16 to the month's end."""
    mid = ref.start.replace(day=15)
    second = _SECOND.match(m.group("h"))
    start, end = (mid + timedelta(days=1), ref.end) if second else (ref.start, mid)
    return _clip(ref, start, end, make) if ref.start.month == ref.end.month else None
