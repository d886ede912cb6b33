"""Follow-ups that change only the days of the previous period (EN, RU, ES).

    "NQ volume on November 27" + "and the 28th?" / "а 28-го?" / "¿y el día 28?"  -> November 28
    "SPY, first week of April" + "and the second?" / "а за вторую?" / "¿y la segunda?" -> the
    second week of April (and the same for halves of a month, quarters and halves of a year)

Without this the follow-up kept the previous period and answered it again as if it were the one
asked ('s blind probe). A day number alone is a day of the previous period's month; an
ordinal alone is the same kind of part (week, half, quarter) as the previous period, recognised by
re-reading the previous period as "the k-th <part> of <month or year>" with the period grammar.
"""
from __future__ import annotations

import re
from datetime import date

from agent import lang as packs
from agent.nlu import followup_shifts
from agent.nlu.lang import normalize
from agent.state import Period

# A day written alone ("the 28th", "28-го", "28 числа", "el día 28") and the ordinals written as words
# (any case or gender) or as 2nd: the packs' (agent/lang/_nlu).
_DAY = [re.compile(p) for c in packs.codes() for p in packs.get(c, "nlu_words", "followup_days", "day_patterns")]
_ORDINAL_RES = [(n, re.compile(r"(?<!\w)(?:" + "|".join(
    alt for c in packs.codes() for alt in packs.get(c, "nlu_words", "followup_days", "ordinals")[n - 1]) + r")(?!\w)"))
    for n in range(1, 6)]
_DAY_WORD = re.compile(packs.alternation("nlu_words", "followup_days", "day_words") or r"(?!)")
_ORD_EN = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
_MONTHS = ("January February March April May June July August September October November "
           "December").split()
# The parts a period can be the k-th of, as the period grammar reads them in English.
_OF_MONTH = ("{o} week of {m} {y}", "{o} half of {m} {y}")
_OF_YEAR = ("{o} quarter of {y}", "{o} half of {y}")


def _digits_all_in(norm: str, span: tuple[int, int]) -> bool:
    return not re.search(r"\d", norm[:span[0]] + " " + norm[span[1]:])


def day_number(norm: str) -> int | None:
    """A day of the month written alone in the text ("the 28th", "28-го", "el día 28"), else None."""
    hits = [(m.group(1), m.span()) for rx in _DAY for m in rx.finditer(norm)]
    if len({d for d, _s in hits}) != 1 or not _digits_all_in(norm, hits[0][1]):
        return None
    day = int(hits[0][0])
    return day if 1 <= day <= 31 else None


def ordinal(norm: str) -> int | None:
    found = {n for n, rx in _ORDINAL_RES if rx.search(norm)}
    return found.pop() if len(found) == 1 else None


def _read(text: str, today: date) -> Period | None:
    from agent.nlu.periods import parse_periods
    found = parse_periods(normalize(text), today)
    return found[0].resolved if len(found) == 1 else None


def _same(a: Period, b: Period) -> bool:
    return (a.start, a.end) == (b.start, b.end)


def _nth_part(prev: Period, n: int) -> Period | None:
    """The n-th part of the same kind as `prev`, when `prev` is the k-th part of a month or year."""
    y, m = prev.start.year, _MONTHS[prev.start.month - 1]
    for template in (*_OF_MONTH, *_OF_YEAR):
        for k in range(1, 6):
            text = template.format(o=_ORD_EN[k], m=m, y=y)
            seen = _read(text, prev.end)
            if seen is not None and _same(seen, prev):
                return _read(template.format(o=_ORD_EN[n], m=m, y=y), prev.end)
    return None


def _day_of(prev: Period, day: int) -> Period | None:
    if (prev.start.year, prev.start.month) != (prev.end.year, prev.end.month):
        return None                       # "the 28th" of which month: not guessed
    from agent.nlu.period_math import make_period
    try:
        d = prev.start.replace(day=day)
    except ValueError:                    # "the 31st" of a 30-day month
        return None
    return make_period(d, d)


def shifted(text: str, prev: Period, analysis: str | None = None) -> Period | None:
    """The previous period with only its days changed by the follow-up's text: `prev` itself when
    the text changes no days, None when it names a day that cannot be placed ("the 31st" of April,
    "the 28th" after a whole year): the period is then asked, never the old one answered again.
    After an event study "the next day" is its horizon, not a shift (followup_shifts)."""
    norm = normalize(text or "")
    n = ordinal(norm)
    if n is not None:
        part = _nth_part(prev, n)
        if part is not None:
            return part
    day = day_number(norm)
    if day is not None:
        return _day_of(prev, day)
    moved = None if analysis in ("events", "after_events") else followup_shifts.shift(text, prev)
    return moved or prev


def is_day_word(word: str) -> bool:
    """A word the day reading uses ("second", "вторую", "числа", "28th", "before"): never noted as unused."""
    norm = normalize(word)
    return (ordinal(norm) is not None or day_number(norm) is not None or bool(_DAY_WORD.fullmatch(norm))
            or followup_shifts.is_shift_word(norm))


def changes(text: str, prev: Period | None, analysis: str | None = None) -> bool:
    """The follow-up's text changes (or names) the previous period's days."""
    return prev is not None and shifted(text, prev, analysis) is not prev
