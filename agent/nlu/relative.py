"""Relative periods against today: last/this month, week, quarter, year, trailing N units, days."""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from datetime import date, timedelta

from agent import lang as packs
from agent.nlu.numbers import count_value
from agent.state import Period

# The unit of a relative period's word, by how it starts (the packs' offline_periods.UNIT_NAMES,
# trading days first: "trading days" is not "days").
_UNITS: list[tuple[str, re.Pattern[str]]] = [(key, re.compile(packs.alternation("offline_periods", "UNIT_NAMES", key)))
                                             for key in packs.get(packs.BASE, "offline_periods", "UNIT_NAMES")]

# period_math's add_months and make_period, passed in by the caller
AddMonths = Callable[[date, int], date]
MakePeriod = Callable[[date, date], Period]


def _unit(u: str) -> str:
    u = u.lower()
    for key, rx in _UNITS:
        if rx.match(u):
            return key
    return "day"


def _quarter_start(d: date) -> date:
    return date(d.year, (d.month - 1) // 3 * 3 + 1, 1)


# "The last 3000 years" means all the history there is: a trailing span never starts before this
# (no market data here is older; 1927 is the oldest bar), and never overflows the calendar.
EARLIEST = date(1900, 1, 1)


def _trailing(today: date, n: int, unit: str, add_months: AddMonths) -> date:
    try:
        return max(EARLIEST, _trailing_raw(today, n, unit, add_months))
    except (OverflowError, ValueError):   # before year 1: all the history there is
        return EARLIEST


def _trailing_raw(today: date, n: int, unit: str, add_months: AddMonths) -> date:
    if unit == "day":
        return today - timedelta(days=n - 1)
    if unit == "tday":            # trading days -> calendar days, weekends included
        return today - timedelta(days=math.ceil(n * 7 / 5) - 1)
    if unit == "week":
        return today - timedelta(days=7 * n - 1)
    months = {"month": n, "quarter": 3 * n, "year": 12 * n}[unit]
    return add_months(today, -months) + timedelta(days=1)


def _previous(today: date, unit: str, add_months: AddMonths) -> tuple[date, date]:
    if unit in ("day", "tday"):
        d = today - timedelta(days=1)
        return d, d
    if unit == "week":
        monday = today - timedelta(days=today.weekday() + 7)
        return monday, monday + timedelta(days=4)
    if unit == "month":
        first = today.replace(day=1)
        return add_months(first, -1), first - timedelta(days=1)
    if unit == "quarter":
        first = _quarter_start(today)
        return add_months(first, -3), first - timedelta(days=1)
    return date(today.year - 1, 1, 1), date(today.year - 1, 12, 31)


def _current(today: date, unit: str) -> date:
    if unit == "week":
        return today - timedelta(days=today.weekday())
    if unit == "month":
        return today.replace(day=1)
    if unit == "quarter":
        return _quarter_start(today)
    if unit == "year":
        return date(today.year, 1, 1)
    return today


def relative_period(kind: str, m: re.Match[str], today: date, make_period: MakePeriod,
                    add_months: AddMonths) -> Period:
    """The period a RELATIVE pattern match stands for."""
    groups = m.groupdict()
    unit = _unit(groups.get("u") or groups.get("u2") or "day")
    if kind == "trail":
        n = count_value(groups.get("n"), 1) or 1
        return make_period(_trailing(today, n, unit, add_months), today)
    if kind == "trail1":
        return make_period(_trailing(today, 1, unit, add_months), today)
    if kind == "prev":
        return make_period(*_previous(today, unit, add_months))
    if kind == "this":
        return make_period(_current(today, unit), today)
    back = {"day0": 0, "day1": 1, "day2": 2}[kind]
    d = today - timedelta(days=back)
    return make_period(d, d)


def trailing_sessions(kind: str, m: re.Match[str]) -> int | None:
    """N of "the last N sessions / trading days": counted in trading dates, not calendar days."""
    groups = m.groupdict()
    if kind != "trail" or _unit(groups.get("u") or "") != "tday":
        return None
    return count_value(groups.get("n"), 1) or 1
