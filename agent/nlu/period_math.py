"""Period arithmetic: months added with the day clipped, labels ('2024-03', '2020-Q1'), a span cut
into months / weeks / quarters / years, windows of trading dates after an anchor."""
from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from agent import lang as packs
from agent.state import Period

# A window's unit by the start of its word, in every language ("weeks", "недели", "semanas")
_WEEK = packs.alternation("words", "period_math", "WEEK")
_MONTH = packs.alternation("words", "period_math", "MONTH")


def month_days(y: int, m: int) -> int:
    return calendar.monthrange(y, m)[1]


def add_months(d: date, n: int) -> date:
    y, m = divmod(d.month - 1 + n, 12)
    y, m = d.year + y, m + 1
    return date(y, m, min(d.day, month_days(y, m)))


def window_unit(u: str) -> str:
    u = u.lower()
    return ("week" if re.match(_WEEK, u) else "month" if re.match(_MONTH, u)
            else "day")


def trading_days(n: int, unit: str, calendar: bool) -> int:
    """Trading dates in N units: a week is 5 (7 for a market open every day), a month 21 (30)."""
    per = {"week": 7 if calendar else 5, "month": 30 if calendar else 21}.get(unit, 1)
    return max(1, min(n * per, 260))


def split_period(span: Period, unit: str, seven_days: bool = False) -> list[Period]:
    """Calendar months / Monday weeks / quarters / years inside `span` (clipped to it)."""
    out: list[Period] = []
    if unit == "week":
        start = span.start - timedelta(days=span.start.weekday())
        while start <= span.end:
            a, b = max(start, span.start), min(start + timedelta(days=6 if seven_days else 4), span.end)
            if a <= b:
                out.append(make_period(a, b))
            start += timedelta(days=7)
        return out
    months = {"month": 1, "quarter": 3, "year": 12}.get(unit, 1)
    first = date(span.start.year, (span.start.month - 1) // months * months + 1 if months < 12 else 1, 1)
    while first <= span.end:
        nxt = add_months(first, months)
        a, b = max(first, span.start), min(nxt - timedelta(days=1), span.end)
        out.append(make_period(a, b))
        first = nxt
    return out


def cover(periods: list[Period]) -> Period:
    """The one period from the earliest start to the latest end."""
    return make_period(min(p.start for p in periods), max(p.end for p in periods))


def window_period(anchor: date, days: int, calendar_days: bool = False) -> Period:
    """The first `days` trading dates after `anchor` (US exchange holidays skipped, pandas' holiday
    rules; exchange_calendars costs seconds to load, too slow for the parser). The query builder
    still keeps the first `days` dates with data, so the period named is the one computed."""
    if calendar_days:
        return make_period(anchor + timedelta(days=1), anchor + timedelta(days=days))
    from agent.nlu.sessions import nth_session_after
    return make_period(anchor + timedelta(days=1), nth_session_after(anchor, days))


def label_for(start: date, end: date) -> str:
    """'2024-03', '2008', '2020-Q1', '2020-H1', '2019-12-31', else 'start..end'."""
    if start == end:
        return start.isoformat()
    if start.day == 1 and end == date(end.year, end.month, month_days(end.year, end.month)) \
            and start.year == end.year:
        months = end.month - start.month + 1
        if months == 1:
            return f"{start.year}-{start.month:02d}"
        if months == 12:
            return f"{start.year}"
        if months == 3 and start.month % 3 == 1:
            return f"{start.year}-Q{start.month // 3 + 1}"
        if months == 6 and start.month in (1, 7):
            return f"{start.year}-H{1 if start.month == 1 else 2}"
    return f"{start.isoformat()}..{end.isoformat()}"


def make_period(start: date, end: date) -> Period:
    return Period(start=start, end=end, label=label_for(start, end))
