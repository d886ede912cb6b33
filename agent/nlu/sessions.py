"""US exchange sessions for the parser: weekdays less the NYSE holidays (pandas' holiday rules).

Used to name a window of N trading days ("10 trading days after October 15, 2008") by its real
last date. exchange_calendars knows every exchange exactly but loads in seconds; the query builder
counts the dates with data exactly, so this only has to name the same window.
"""
from __future__ import annotations

from datetime import date, timedelta
from functools import lru_cache

import numpy as np
from pandas.tseries.holiday import (
    AbstractHolidayCalendar,
    GoodFriday,
    Holiday,
    USLaborDay,
    USMartinLutherKingJr,
    USMemorialDay,
    USPresidentsDay,
    USThanksgivingDay,
    nearest_workday,
)


class _NYSE(AbstractHolidayCalendar):  # type: ignore[misc]  # pandas ships no type information here
    rules = [
        Holiday("New Year", month=1, day=1, observance=nearest_workday),
        USMartinLutherKingJr, USPresidentsDay, GoodFriday, USMemorialDay,
        Holiday("Juneteenth", month=6, day=19, start_date="2022-01-01", observance=nearest_workday),
        Holiday("Independence Day", month=7, day=4, observance=nearest_workday),
        USLaborDay, USThanksgivingDay,
        Holiday("Christmas", month=12, day=25, observance=nearest_workday),
    ]


@lru_cache(maxsize=256)
def _holidays(year: int) -> tuple[np.datetime64, ...]:
    days = _NYSE().holidays(date(year - 1, 12, 1), date(year + 1, 1, 31))
    return tuple(np.datetime64(d.date()) for d in days)


def nth_session_after(anchor: date, n: int) -> date:
    """The n-th US trading date after `anchor` (n >= 1)."""
    years = range(anchor.year, anchor.year + n // 200 + 2)
    hol = sorted({h for y in years for h in _holidays(y)})
    # counted from the last session on or before the anchor: from a holiday rolled forward, the day
    # after Thanksgiving was counted as the anchor and "the week after" ended a session late
    out = np.busday_offset(np.datetime64(anchor), n, roll="backward", holidays=hol)
    return date.fromisoformat(str(out)) if n > 0 else anchor + timedelta(days=1)


def session_on_or_before(day: date) -> date:
    """The last US trading date on or before `day` ("the last trading day of April")."""
    hol = sorted({h for y in (day.year - 1, day.year) for h in _holidays(y)})
    return date.fromisoformat(str(np.busday_offset(np.datetime64(day), 0, roll="backward", holidays=hol)))


def session_on_or_after(day: date) -> date:
    """The first US trading date on or after `day` ("the first trading day of March")."""
    hol = sorted({h for y in (day.year, day.year + 1) for h in _holidays(y)})
    return date.fromisoformat(str(np.busday_offset(np.datetime64(day), 0, roll="forward", holidays=hol)))
