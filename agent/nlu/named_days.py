"""Named days: "Good Friday 2020", "Thanksgiving 2023", "Black Monday", "Чёрный понедельник",
"viernes santo de 2020". Read as that one date, never as the whole year written beside them (the
year was the only period the parser saw, so the answer was the year's statistics).

Holidays move with the year: their dates come from the US exchange holiday rules in pandas
(the rules exchange_calendars' NYSE calendar is built from; importing exchange_calendars costs
0.56 s, measured, against 0.4 ms CPU per holiday named and 0.02 ms for a question naming none,
load 1.0), without the observance shift: the named
day itself ("Christmas 2021" is Saturday, December 25). A closed day has no bars, so the answer
says there is no data for it. Market days are one fixed date each ("Black Monday" is 1987-10-19).
The words are the packs' (offline_periods.NAMED_HOLIDAYS / NAMED_MARKET_DAYS).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from pandas.tseries.holiday import (
    GoodFriday,
    Holiday,
    USLaborDay,
    USMartinLutherKingJr,
    USMemorialDay,
    USPresidentsDay,
    USThanksgivingDay,
)

from agent import lang as packs
from agent.state import Period


def _rule(h: Holiday) -> Callable[[int], date]:
    return lambda y: h.dates(date(y, 1, 1), date(y, 12, 31))[0].date()


def _fixed(month: int, day: int) -> Callable[[int], date]:
    return lambda y: date(y, month, day)


HOLIDAYS: dict[str, Callable[[int], date]] = {
    "good_friday": _rule(GoodFriday), "thanksgiving": _rule(USThanksgivingDay),
    "black_friday": lambda y: _rule(USThanksgivingDay)(y) + timedelta(days=1),
    "memorial_day": _rule(USMemorialDay), "labor_day": _rule(USLaborDay),
    "mlk_day": _rule(USMartinLutherKingJr), "presidents_day": _rule(USPresidentsDay),
    "christmas_eve": _fixed(12, 24), "christmas": _fixed(12, 25), "new_years_eve": _fixed(12, 31),
    "new_years_day": _fixed(1, 1), "independence_day": _fixed(7, 4), "juneteenth": _fixed(6, 19),
}
MARKET_DAYS: dict[str, date] = {
    "black_monday": date(1987, 10, 19), "black_tuesday": date(1929, 10, 29),
    "black_thursday": date(1929, 10, 24), "flash_crash": date(2010, 5, 6),
}
# the year written after the name: "Good Friday 2020", "of 2020", "в 2020 году", "de 2020"
_YEAR = (r"(?:\s*,?\s*(?:" + packs.alternation("words", "named_days", "YEAR_PREPOSITIONS") + r")?(?P<y>(?:19|20)\d\d)"
         r"(?:\s*(?:" + packs.alternation("words", "named_days", "YEAR_SUFFIXES") + r")(?!\w))?)")


def _table(name: str) -> list[tuple[str, re.Pattern[str]]]:
    out = []
    for key in packs.get("en", "offline_periods", name):
        alts = "|".join(a for code in packs.codes() for a in packs.get(code, "offline_periods", name).get(key, []))
        out.append((key, re.compile(rf"(?<!\w)(?:{alts})(?!\w){_YEAR}?")))
    return out


_HOLIDAY_RES = _table("NAMED_HOLIDAYS")
_MARKET_RES = _table("NAMED_MARKET_DAYS")


def _holiday(key: str, year: int | None, today: date) -> date:
    rule = HOLIDAYS[key]
    if year is not None:
        return rule(year)
    day = rule(today.year)          # no year: the latest one up to today
    return day if day <= today else rule(today.year - 1)



def find(norm: str, today: date, make_period: Callable[[date, date], Period]) -> list[tuple[int, int, Period]]:
    """(start, end, one-day period) of each named day in the text, the longest reading first ("the
    day after Thanksgiving" is not Thanksgiving). A market day with another year written beside it
    ("black monday 2020") is not that day: left to the other readers."""
    cands: list[tuple[int, int, date]] = []
    for key, rx in _MARKET_RES:
        for m in rx.finditer(norm):
            day = MARKET_DAYS[key]
            if m.group("y") is None or int(m.group("y")) == day.year:
                cands.append((m.start(), m.end(), day))
    for key, rx in _HOLIDAY_RES:
        for m in rx.finditer(norm):
            cands.append((m.start(), m.end(), _holiday(key, int(m.group("y")) if m.group("y") else None, today)))
    out: list[tuple[int, int, Period]] = []
    for a, b, day in sorted(cands, key=lambda c: (c[0], c[0] - c[1])):
        if not any(a < y and x < b for x, y, _p in out):
            out.append((a, b, make_period(day, day)))
    return out
