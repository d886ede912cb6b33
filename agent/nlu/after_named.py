"""A window after a named day: "the week after Thanksgiving 2023", "3 sessions after Black Monday",
"неделя после Дня благодарения 2023", "la semana después de Navidad de 2021". The named day is
read first (named_days.py) and its words blanked, so the window's words before it were left
alone and the answer was the holiday itself, a different question. The window's words are the
packs' own AFTER_DATE patterns, up to where the date would stand."""
from __future__ import annotations

import re
from datetime import date

from agent import lang as packs
from agent.nlu.numbers import COUNT, count_value
from agent.nlu.period_math import window_unit
from agent.state import Period

_DATE_AT = "(?P<a>{DAYDATE})"


def _prefix(code: str) -> re.Pattern[str]:
    template = packs.get(code, "offline_periods", "AFTER_DATE")
    head = template.split(_DATE_AT)[0]
    return re.compile(r"(?<!\w)(?:" + head.replace("{COUNT}", COUNT) + r")$")


_PREFIXES = [_prefix(code) for code in packs.codes()]


def window_before(norm: str, at: int) -> re.Match[str] | None:
    """The window words ("the week after ") ending right where a named day starts at `at`."""
    head = norm[:at]
    return next((m for rx in _PREFIXES if (m := rx.search(head))), None)


Window = tuple[int, int, date, int, str]     # (start, end, the named day, N, unit) of "N units after"


def windows_after(norm: str, days: list[tuple[int, int, Period]]) -> tuple[list[tuple[int, int, Period]], list[Window]]:
    """The named days left as days, and a window for each one-day named day with window words
    right before it."""
    kept: list[tuple[int, int, Period]] = []
    windows: list[Window] = []
    for a, b, per in days:
        m = window_before(norm, a) if per.start == per.end else None
        if m is None:
            kept.append((a, b, per))
            continue
        windows.append((m.start(), b, per.start, count_value(m.group("n"), 1) or 1, window_unit(m.group("u"))))
    return kept, windows
