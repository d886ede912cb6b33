"""Follow-ups that move the previous period by one unit, or widen it to its whole unit (EN, RU, ES).

    "SPY close on April 10" + "and the next day?" / "а на следующий день?" / "¿y al día siguiente?"
        -> April 11 (weekends skipped)
    "SPY stats for April" + "and the previous month?" / "а за предыдущий месяц?" / "¿y el mes
        anterior?" -> March; "the week before" -> the seven days before; "a year later" -> the year after
    "SPY, first week of April" + "and the whole month?" / "а за весь месяц?" / "¿y todo el mes?" -> April

Without this such a follow-up answered the previous period again as if it were the one asked
('s conversation probe). A direction word and a unit word are read together; a text with a
number ("the next 5 days") is a window or horizon, never a shift.
"""
from __future__ import annotations

import re
from datetime import date, timedelta

from agent import lang as packs
from agent.nlu.lang import normalize
from agent.nlu.period_math import add_months, make_period
from agent.state import Period


def _word_rx(*key: str) -> re.Pattern[str]:
    """A whole word of the packs' shift words under `key` (agent/lang/_nlu)."""
    return re.compile(r"(?<!\w)(?:" + packs.alternation("nlu_words", "followup_shifts", *key) + r")(?!\w)")


_UNIT_RES = [(name, _word_rx("units", name)) for name in ("day", "week", "month", "quarter", "year")]
# "last / прошлый / pasado" count back from today (the period grammar's), never from the period asked
_RX = {name: _word_rx(name) for name in ("next", "prev", "whole")}


def _unit(norm: str) -> str | None:
    found = [name for name, rx in _UNIT_RES if rx.search(norm)]
    return found[0] if len(found) == 1 else None


def _weekday(d: date, step: int) -> date:
    d += timedelta(days=step)
    while d.weekday() >= 5:            # a weekend day has no session for most instruments
        d += timedelta(days=step)
    return d


def _month(d: date) -> Period:
    first = d.replace(day=1)
    return make_period(first, add_months(first, 1) - timedelta(days=1))


def _quarter(d: date) -> Period:
    first = date(d.year, 3 * ((d.month - 1) // 3) + 1, 1)
    return make_period(first, add_months(first, 3) - timedelta(days=1))


def _moved(prev: Period, unit: str, step: int) -> Period:
    if unit == "day":
        anchor = prev.end if step > 0 else prev.start
        day = _weekday(anchor, step)
        return make_period(day, day)
    if unit == "week":
        span = (prev.end - prev.start).days + 1
        if span != 7:                  # "the week after" a day or a month: the seven days next to it
            start = prev.end + timedelta(days=1) if step > 0 else prev.start - timedelta(days=7)
            return make_period(start, start + timedelta(days=6))
        return make_period(prev.start + timedelta(days=7 * step), prev.end + timedelta(days=7 * step))
    if unit == "month":
        return _month(add_months((prev.end if step > 0 else prev.start).replace(day=1), step))
    if unit == "quarter":
        return _quarter(add_months((prev.end if step > 0 else prev.start).replace(day=1), 3 * step))
    year = (prev.end if step > 0 else prev.start).year + step
    return make_period(date(year, 1, 1), date(year, 12, 31))


def _whole(prev: Period, unit: str) -> Period | None:
    if unit == "month":
        return _month(prev.start)
    if unit == "quarter":
        return _quarter(prev.start)
    if unit == "year":
        return make_period(date(prev.start.year, 1, 1), date(prev.start.year, 12, 31))
    return None


def shift(text: str, prev: Period) -> Period | None:
    """The previous period moved by one unit or widened to its whole unit, else None."""
    norm = normalize(text or "")
    unit = _unit(norm)
    if unit is None or re.search(r"\d", norm):
        return None
    nxt, before, whole = (bool(_RX[k].search(norm)) for k in ("next", "prev", "whole"))
    if whole and not (nxt or before):
        return _whole(prev, unit)
    if nxt != before:
        return _moved(prev, unit, 1 if nxt else -1)
    return None


def is_shift_word(word: str) -> bool:
    norm = normalize(word)
    return any(rx.fullmatch(norm) for rx in _RX.values()) or _unit(norm) is not None


def from_previous(text: str, found_kinds: list[str], prev: Period) -> Period | None:
    """"the previous month" / "el mes anterior" / "предыдущий месяц" after a period: counted from
    that period (the period grammar alone counts it from today, a silent other month)."""
    norm = normalize(text or "")
    if found_kinds != ["fixed"] or not (_RX["prev"].search(norm) or _RX["next"].search(norm)):
        return None
    return shift(text, prev)
