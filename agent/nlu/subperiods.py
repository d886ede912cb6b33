"""A part at the edge of a named period: "the last 5 days of March 2024", "последние две недели
января 2022", "los primeros 10 días de abril de 2024", "the final two weeks of 2008", "opening week
of April". Read as that part: without it the period alone was found and the whole of it answered
without a word (or "the last 2 weeks" was read as the two weeks up to today).

What the units mean (the reading names it, see text()):
- days, trading days, sessions: trading sessions. A trader's "the last 5 days of March" is its last
  five sessions, not March 27-31 (a weekend would leave two or three). US exchange sessions name the
  dates (agent/nlu/sessions.py); a market open every day counts calendar days (for_market).
  "calendar days" are calendar days.
- weeks, months: calendar spans from the edge: "the last two weeks of January" is January 18-31.
- a half: of a year six months, of a month days 1-15 / 16 to the end (the HALF pattern's split).
The words are the packs' (nlu_words.subperiods); "the first half" is left to the HALF pattern.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from agent import lang as packs
from agent.nlu import period_patterns as P
from agent.nlu.numbers import COUNT, count_value
from agent.nlu.period_math import add_months, make_period
from agent.nlu.relative import relative_period
from agent.state import Period

UNITS = ("calendar_days", "sessions", "weeks", "months", "halves")


def _w(key: str) -> str:
    return "(?:" + packs.alternation("nlu_words", "subperiods", key) + ")"


_UNIT = "|".join(f"(?P<{u}>{_w(u)})" for u in UNITS)
_BASE = rf"(?:{P.QUARTER}|{P.HALF}|{P.MONYEAR}|{P.YEAR})"
_HEAD = (rf"(?<!\w)(?:(?P<n1>{COUNT})\s+)?(?:(?P<first>{_w('first')})|(?P<last>{_w('last')}))\s+"
         rf"(?:(?P<n2>{COUNT})\s+)?(?:{_UNIT})(?!\w)\s+(?P<of>{_w('of')}\s+)?")
SUB = re.compile(rf"{_HEAD}(?:{_w('year')}\s+)?(?P<a>{_BASE})")
HEAD = re.compile(_HEAD)
# a period named relative to today: "the first two weeks of last month", "последняя неделя прошлого
# месяца", "la primera semana del mes pasado" (its article may be inside the "of": "del")
_RELATIVE_BASES = ("prev", "this", "trail1")

_PLURAL = re.compile(_w("plural"))


@dataclass
class Cut:
    edge: str                  # first | last
    n: int
    unit: str                  # one of UNITS
    base: Period | None = None   # the named period, once resolved

    def code(self, part: Period) -> str:
        """How the intent keeps it (Intent.period_cut): '<edge> <n> <unit> <the part's label>' (the
        label: said only while the intent's period is still that part, see text)."""
        return f"{self.edge} {self.n} {self.unit} {part.label}"


def vague(m: re.Match[str]) -> tuple[int, int] | None:
    """The words of a part whose size is not said ("the closing days of 2008", "последние дни", "los
    últimos días"): left unread, so they are declined by name, never read as the close or as a
    trailing window up to today."""
    unit = next(u for u in UNITS if m.group(u))
    if m.group("n1") or m.group("n2") or not _PLURAL.search(m.string[m.start():m.end(unit)]):
        return None
    return m.start("first") if m.group("first") else m.start("last"), m.end(unit)


def vague_spans(work: str) -> list[tuple[int, int]]:
    """vague() of every part in a text whose months are tokens (lang.tokenize_months)."""
    return [v for m in SUB.finditer(work) if (v := vague(m))]


def cut_of(m: re.Match[str]) -> Cut | None:
    """The cut a SUB match asks for; None for "the first half" (the HALF pattern reads it) and for a
    plural without a count ("the last days of March": how many is not said)."""
    unit = next(u for u in UNITS if m.group(u))
    edge = "first" if m.group("first") else "last"
    if unit == "halves" and edge == "first":
        return None
    if vague(m) is not None:
        return None
    n = count_value(m.group("n1") or m.group("n2"), 1) or 1
    return Cut(edge, max(1, min(n, 400)), unit)


def relative_cuts(work: str, today: date) -> list[tuple[int, int, Cut]]:
    """(start, end, cut with its base) of each part of a relative period: the relative patterns are
    tried right after the part's words, from the start of its "of" on."""
    out: list[tuple[int, int, Cut]] = []
    for m in HEAD.finditer(work):
        c = cut_of(m)
        starts = range(m.start("of"), m.end() + 1) if m.group("of") else (m.end(),)
        hit = next(((k, r) for k, pat in P.RELATIVE if k in _RELATIVE_BASES
                    for at in starts if (r := pat.match(work, at))), None)
        if c is None or hit is None:
            continue
        c.base = relative_period(hit[0], hit[1], today, make_period, add_months)
        out.append((m.start(), hit[1].end(), c))
    return out


def _sessions(base: Period, c: Cut) -> Period:
    from agent.nlu.sessions import nth_session_after, session_on_or_after, session_on_or_before
    if c.edge == "first":
        a = session_on_or_after(base.start)
        b = nth_session_after(a, c.n - 1) if c.n > 1 else a
    else:
        b = a = session_on_or_before(base.end)
        for _ in range(c.n - 1):
            a = session_on_or_before(a - timedelta(days=1))
    a, b = max(a, base.start), min(b, base.end)
    return make_period(a, b) if a <= b else base


def _days(base: Period, edge: str, days: int) -> Period:
    if edge == "first":
        return make_period(base.start, min(base.start + timedelta(days=days - 1), base.end))
    return make_period(max(base.end - timedelta(days=days - 1), base.start), base.end)


def _months(base: Period, edge: str, n: int) -> Period:
    if edge == "first":
        return make_period(base.start, min(add_months(base.start, n) - timedelta(days=1), base.end))
    return make_period(max(add_months(base.end + timedelta(days=1), -n), base.start), base.end)


def _whole_months(base: Period) -> int:
    """The calendar months a period is made of (0 when it does not start and end on their edges)."""
    if base.start.day != 1 or (base.end + timedelta(days=1)).day != 1:
        return 0
    return (base.end.year - base.start.year) * 12 + base.end.month - base.start.month + 1


def apply(base: Period, c: Cut, every_day: bool = False) -> Period:
    """The part of `base` the cut names; `every_day`: a market open every day (sessions are days)."""
    if c.unit == "sessions" and not every_day:
        return _sessions(base, c)
    if c.unit in ("sessions", "calendar_days", "weeks"):
        return _days(base, c.edge, c.n * (7 if c.unit == "weeks" else 1))
    if c.unit == "months":
        return _months(base, c.edge, c.n)
    months = _whole_months(base)
    if months > 1 and months % 2 == 0:
        return _months(base, c.edge, months // 2)
    if months == 1:                    # the second half of a month: the 16th to its end
        return make_period(date(base.start.year, base.start.month, 16), base.end)
    return _days(base, c.edge, ((base.end - base.start).days + 1) // 2)


def for_market(it: Any, periods: list[Any], every_day: bool) -> None:
    """Intent.period_cut for the intent's period when it is a cut; a market open every day counts
    its sessions as calendar days (the period is cut again from the named one)."""
    for f in periods:
        c = getattr(f, "sub", None)
        if c is None or c.base is None or it.period is None or it.period != f.period:
            continue
        if every_day and c.unit == "sessions":    # said as calendar days, which they are there
            base = c.base
            c = Cut(c.edge, c.n, "calendar_days", base)
            it.period = f.period = apply(base, c)
        it.period_cut = c.code(it.period)
        return


def text(code: str | None, period: Period, lang: str) -> str | None:
    """The cut as the reading says it ("the last 5 trading days", "последние 2 календарные недели"),
    None when the period is no longer the part cut (a follow-up or a resume changed it)."""
    if not code or code.split()[-1] != period.label:
        return None
    edge, n, unit, _label = code.split()
    forms = packs.get(lang, "reading", "cuts", unit)[edge]
    return packs.plural(lang, forms, int(n))
