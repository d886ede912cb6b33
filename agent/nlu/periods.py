"""Periods in questions, resolved against today (and, for follow-ups, the period talked about before).

parse_periods(norm_text, today, ref) -> [Found] in text order. A month or day without a year takes
the year written elsewhere in the question ("March and April 2024"), else the instance nearest to
the reference period of the conversation ("А за декабрь?" after November 2023), else the most
recent one that has started by today.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date, timedelta

from agent import lang as packs
from agent.nlu import compared
from agent.nlu import period_patterns as P
from agent.nlu.lang import month_in, tokenize_months
from agent.nlu.numbers import count_value, word_number
from agent.nlu.period_math import add_months, make_period, month_days, trading_days, window_period, window_unit
from agent.nlu.relative import relative_period, trailing_sessions
from agent.nlu.subperiods import SUB, Cut, apply, cut_of, relative_cuts, vague
from agent.state import Period


@dataclass
class DP:
    """A date part: any of year, month, day, quarter, half (half with month = half of that month)."""
    y: int | None = None
    m: int | None = None
    d: int | None = None
    q: int | None = None
    h: int | None = None

    def start(self) -> date:
        y = self.y or 2000
        if self.q:
            return date(y, (self.q - 1) * 3 + 1, 1)
        if self.h and not self.m:
            return date(y, 1 if self.h == 1 else 7, 1)
        if self.m:
            day = self.d or (16 if self.h == 2 else 1)
            return date(y, self.m, min(day, month_days(y, self.m)))
        return date(y, 1, 1)

    def end(self) -> date:
        y = self.y or 2000
        if self.q:
            return date(y, self.q * 3, month_days(y, self.q * 3))
        if self.h and not self.m:
            return date(y, 6, 30) if self.h == 1 else date(y, 12, 31)
        if self.m:
            last = month_days(y, self.m)
            day = self.d or (15 if self.h == 1 else last)
            return date(y, self.m, min(day, last))
        return date(y, 12, 31)


@dataclass
class Found:
    pos: int
    end: int
    kind: str                 # point | range | since | week | end_of | start_of | fixed
    a: DP | None = None
    b: DP | None = None
    period: Period | None = None
    explicit_year: bool = False
    window: tuple[int, str] | None = None   # kind "after": (N, unit) of the window after the date
    sub: Cut | None = None                  # kind "sub": the part at the edge of the period `a`

    @property
    def resolved(self) -> Period:
        """The period of a Found that parse_periods returned (it resolves every one)."""
        assert self.period is not None
        return self.period

    @property
    def single_day(self) -> bool:
        return self.period is not None and self.period.start == self.period.end


# ---- extraction of a date part from a matched fragment ---------------------------------------

def _words(key: str) -> str:   # the packs' period words (agent/lang/_nlu)
    return packs.alternation("nlu_words", "periods", key)


_Q_WORDS = {stem: i + 1 for code in packs.codes()
            for i, stems in enumerate(packs.get(code, "nlu_words", "periods", "ordinal_stems")) for stem in stems}
_Q_WORDS |= {"i": 1, "ii": 2, "iii": 3, "iv": 4}
_LAST_PART, _LAST_WEEK = re.compile(_words("last_part")), re.compile(_words("last_week"))
_QUARTER = re.compile(r"(?<!\w)(?:[qt][1-4]|[1-4][qt])(?!\w)|" + _words("quarter"))
_QUARTER_ORDINAL = r"(?<!\w)(\d|" + _words("quarter_ordinals") + r"|iv|i{1,3})"
_HALF = re.compile(r"(?<!\w)(?:h[12]|[12]h)(?!\w)|" + _words("half"))
_HALF_ORDINAL = r"(?<!\w)(\d|" + _words("half_ordinals") + ")"
_SESSION_WORD = re.compile(_words("session_words"))
_BETWEEN = re.compile(rf"(?:{_words('between')})\s")


def _ordinal(s: str, pat: str) -> int | None:
    m = re.search(pat, s)
    if not m:
        return None
    tok = next((g for g in m.groups() if g), None)
    if tok is None:
        return None
    if tok.isdigit():
        return int(tok)
    for stem, n in _Q_WORDS.items():
        if tok == stem or (len(stem) > 3 and tok.startswith(stem)):
            return n
    return word_number(tok)


def _last_part(s: str, today: date, kind: str) -> int | None:
    """'last quarter' / 'последний квартал' inside a QUARTER match: the last one started by today."""
    if not _LAST_PART.search(s):
        return None
    return (today.month - 1) // 3 + 1 if kind == "q" else (1 if today.month <= 6 else 2)


def year_value(tok: str, today: date) -> int:
    """'2023' -> 2023; "'23" -> 2023, "'87" -> 1987 (the century that is not in the future)."""
    tok = tok.strip().lstrip("'")
    if len(tok) == 4:
        return int(tok)
    y = 2000 + int(tok)
    return y if y <= today.year else y - 100


def _numeric_date(s: str, today: date, us_first: bool) -> DP | None:
    """10/19/1987 (US), 19/10/1987 and 19.10.1987 (European): a part over 12 decides the order;
    otherwise '/' reads month first in an English question and '.' always reads day first."""
    m = re.search(r"(\d{1,2})([./])(\d{1,2})[./](\d{4}|\d{2})(?!\d)", s)
    if not m:
        return None
    a, sep, b, y = int(m.group(1)), m.group(2), int(m.group(3)), year_value(m.group(4), today)
    month_first = b > 12 or (a <= 12 and sep == "/" and us_first)
    return DP(y, a, b) if month_first else DP(y, b, a)


def extract_dp(s: str, today: date, us_first: bool = False) -> DP:
    """The date part written in a fragment matched by one of the DATE patterns."""
    s = s.strip()
    m = re.search(r"(\d{4})-(\d{1,2})(?:-(\d{1,2}))?", s)
    if m:
        return DP(int(m.group(1)), int(m.group(2)), int(m.group(3)) if m.group(3) else None)
    num = _numeric_date(s, today, us_first)
    if num:
        return num
    dp = DP()
    ym = re.search(rf"(?<!\d)({P.Y})(?!\d)", s)
    if ym:
        dp.y = year_value(ym.group(1), today)
        s = s[:ym.start()] + " " + s[ym.end():]
    # "q3", "3q", "t3", "3t" as whole tokens: the "4t" of "March 4th" is a day, not a quarter
    if _QUARTER.search(s):
        dp.q = _ordinal(s, r"(?:q|t)([1-4])|([1-4])[qt](?!\w)") or _ordinal(
            s, _QUARTER_ORDINAL) or _last_part(s, today, "q")
        return dp
    if _HALF.search(s):
        dp.h = _ordinal(s, r"h([12])|([12])h(?!\w)") or _ordinal(s, _HALF_ORDINAL)
    dp.m = month_in(s)
    if dp.m and not dp.h:        # "2nd half of Apr": the ordinal is the half's, never a day
        dd = re.search(r"(?<!\d)(\d{1,2})(?!\d)", s)
        dp.d = int(dd.group(1)) if dd else None
    return dp


def _fill(dst: DP, src: DP) -> DP:
    """Range ends share what only one of them says: 'с 1 по 15 марта 2024', 'Nov 21 to 28'."""
    out = replace(dst)
    if out.m is None and out.d is not None and src.m is not None:
        out.m = src.m
    if out.y is None and src.y is not None and (out.m or out.q or out.h):
        out.y = src.y
    return out


# ---- scanning ---------------------------------------------------------------------------------

_MAY_OK = re.compile(r"(?:in|of|for|and|since|from|to|until|through|during|vs|early|late|mid|end"
                     r"|beginning|,)\s+$")


def mask_may(norm: str) -> str:
    """English 'may' is a month only next to a date word ('in May', 'May 2024', 'May 3')."""
    def repl(m: re.Match[str]) -> str:
        before = norm[:m.start()]
        after = norm[m.end():]
        if _MAY_OK.search(before) or re.match(r"\s*(?:\d|of\b|,\s*\d)", after) or not before.strip():
            return m.group(0)
        return "   "
    return re.sub(r"(?<!\w)may(?!\w)", repl, norm)


_UNTIL = re.compile(P.UNTIL + r"\s+$")   # "since 2020 until" before "today"


def _blank(text: str, a: int, b: int) -> str:
    return text[:a] + " " * (b - a) + text[b:]


# Coordinated ordinals share one noun: "the first and second half of January 2024", "в первой и
# второй половине января", "la primera y la segunda mitad de enero" (each half its own period).
_COORD_HALF = re.compile(
    rf"(?<!\w)(?:{_words('coord_first')})\s+(?:{_words('coord_and')})\s+"
    rf"(?:{_words('coord_article')})?(?:{_words('coord_second')})\s+"
    rf"(?:{_words('coord_halves')})\s+(?:{_words('coord_of')})?(?P<a>{P.MONYEAR}|{P.YEAR})")


def _scan(norm: str, today: date, us: bool = False) -> list[Found]:
    found: list[Found] = []
    work = tokenize_months(mask_may(norm))
    for m in SUB.finditer(work):              # "the last 5 days of March": before "last 5 days"
        if (c := cut_of(m)) is not None:
            a = extract_dp(m.group("a"), today, us)
            found.append(Found(m.start(), m.end(), "sub", a=a, explicit_year=a.y is not None, sub=c))
            work = _blank(work, m.start(), m.end())
        elif (v := vague(m)) is not None:     # "the last days of 2008": declined by name, not "last days"
            work = _blank(work, *v)
    for a0, b0, c in relative_cuts(work, today):   # "the last 5 days of last month"
        assert c.base is not None
        found.append(Found(a0, b0, "sub", period=apply(c.base, c), sub=c))
        work = _blank(work, a0, b0)
    for kind, pat in P.RELATIVE:
        for m in pat.finditer(work):
            if kind == "day0" and _UNTIL.search(work[:m.start()]):
                continue                      # "since 2020 until today": part of the since range
            per = relative_period(kind, m, today, make_period, add_months)
            last = trailing_sessions(kind, m)
            found.append(Found(m.start(), m.end(), "fixed", period=per, explicit_year=False,
                               window=(last, "last") if last else None))
            work = _blank(work, m.start(), m.end())
    for m in _COORD_HALF.finditer(work):      # "first and second half of January": two periods
        for i, word in enumerate(("first", "second")):
            a = extract_dp(f"{word} half {m.group('a')}", today, us)
            found.append(Found(m.start() + i, m.end(), "point", a=a, explicit_year=a.y is not None))
        work = _blank(work, m.start(), m.end())
    groups = (("after", P.AFTER_DATE), ("range", P.RANGES), ("iso_week", P.ISO_WEEK), ("nth_week", P.NTH_WEEK),
              ("week_end", P.WEEK_END), ("week", P.WEEK), ("end_of", P.END_OF),
              ("start_of", P.START_OF), ("since", P.SINCE), ("point", P.POINTS))
    for kind, pats in groups:
        for pat in pats:
            for m in pat.finditer(work):
                if not m.group(0).strip():
                    continue
                found.append(_found(kind, m, today, us))
                work = _blank(work, m.start(), m.end())
    found.sort(key=lambda f: f.pos)
    return found


def _group0(m: re.Match[str] | None) -> str:
    """Group 0 of a match the enclosing pattern already guarantees."""
    assert m is not None
    return m.group(0)


def _day_first(*ends: str) -> bool:
    """Some end of a range of numeric dates is written day first (its first number is over 12)."""
    return any((m := re.search(r"(?<!\d)(\d{1,2})[/.]\d{1,2}[/.]\d", e)) and int(m.group(1)) > 12 for e in ends)


def _found(kind: str, m: re.Match[str], today: date, us: bool = False) -> Found:
    gd = m.groupdict()
    if kind == "point":
        a = extract_dp(m.group(0), today, us)
        return Found(m.start(), m.end(), kind, a=a, explicit_year=a.y is not None)
    if kind == "iso_week":
        y = year_value(_group0(re.search(rf"{P.Y}", m.group("a"))), today)
        monday = date.fromisocalendar(y, int(m.group("w")), 1)
        return Found(m.start(), m.end(), "fixed", period=make_period(monday, monday + timedelta(days=4)),
                     explicit_year=True)
    if kind == "after":
        a = extract_dp(m.group("a"), today, us)
        n = count_value(m.group("n"), 1) or 1
        return Found(m.start(), m.end(), kind, a=a, explicit_year=a.y is not None,
                     window=(n, window_unit(m.group("u"))))
    if gd.get("b") and _day_first(gd["a"], gd["b"]):
        us = False                    # "01/03/2024 - 15/03/2024": both ends in the order one of them proves
    a = extract_dp(gd["a"], today, us)
    if kind in ("end_of", "start_of") and _SESSION_WORD.search(m.group(0)):
        return Found(m.start(), m.end(), kind.replace("_of", "_session"), a=a, explicit_year=a.y is not None)
    if kind == "nth_week":
        a.d = _nth_week(gd["o"])
        return Found(m.start(), m.end(), kind, a=a, explicit_year=a.y is not None)
    b = extract_dp(gd["b"], today, us) if gd.get("b") else None
    if gd.get("m"):                                   # "Nov 20-30, 2023"
        assert b is not None                          # the pattern with a month has both ends
        mon = month_in(gd["m"])
        yr = extract_dp(gd.get("y") or "", today).y
        a, b = DP(yr, mon, a.d or int(gd["a"][:2].strip("-"))), DP(yr, mon, b.d or int(_group0(re.match(
            r"\d+", gd["b"]))))
    elif kind == "range" and a.y is None and a.m is None and a.d is None and re.match(r"\d", gd["a"]):
        a = DP(d=int(_group0(re.match(r"\d+", gd["a"]))))
    if b is not None:
        a, b = _fill(a, b), _fill(b, a)
    explicit = a.y is not None or (b is not None and b.y is not None)
    return Found(m.start(), m.end(), kind, a=a, b=b, explicit_year=explicit)


def _nth_week(word: str) -> int:
    """Encoded as a negative day: -1 first week ... -4 fourth, -9 last (resolved in _period)."""
    if _LAST_WEEK.match(word):
        return -9
    n = _ordinal(word, r"(\w+)") or 1
    return -min(max(n, 1), 4)


def _choose_year(dp: DP, today: date, ref: Period | None) -> int:
    """No year written anywhere: nearest to the conversation's period, else latest started."""
    if ref is not None:
        target = ref.start
        cands = [target.year - 1, target.year, target.year + 1]
        return min(cands, key=lambda y: (abs((replace(dp, y=y).start() - target).days), -y))
    y = today.year
    return y if replace(dp, y=y).start() <= today else y - 1


def _resolve_dp(dp: DP, year: int | None, today: date, ref: Period | None) -> DP:
    if dp.y is not None:
        return dp
    if dp.m is None and dp.q is None and dp.h is None:   # a bare day: this month or the last
        base = ref.start if ref else today
        out = DP(base.year, base.month, dp.d)
        if out.start() > today and ref is None:
            prev = add_months(date(base.year, base.month, 1), -1)
            out = DP(prev.year, prev.month, dp.d)
        return out
    return replace(dp, y=year if year is not None else _choose_year(dp, today, ref))


def _period(f: Found, today: date, ref: Period | None, year: int | None) -> Period:
    if f.period is not None:
        return f.period
    assert f.a is not None                            # every kind without a fixed period has a start
    nth = f.a.d if f.kind == "nth_week" else None
    a = _resolve_dp(replace(f.a, d=None) if nth else f.a, year, today, ref)
    if f.kind == "range":
        assert f.b is not None
        # without a written year the END is the latest one started, and the start precedes it
        b = _resolve_dp(f.b, year, today, ref) if f.b.m or f.b.q or f.b.h else \
            _resolve_dp(f.b, a.y, today, ref)
        if f.a.y is None and (f.a.m or f.a.q or f.a.h):
            a = replace(a, y=b.y)
        start, end = a.start(), b.end()
        if start > end and f.a.y is None:
            assert a.y is not None                    # _resolve_dp always sets the year
            start = replace(a, y=a.y - 1).start()
        return make_period(start, max(start, end))
    if f.kind == "since":
        return make_period(a.start(), max(a.start(), today))
    if f.sub is not None:
        f.sub.base = make_period(a.start(), a.end())
        return apply(f.sub.base, f.sub)
    if f.kind == "after" and f.window:
        return window_period(a.start(), trading_days(*f.window, calendar=False))
    if nth:
        if nth == -9:
            return make_period(a.end() - timedelta(days=6), a.end())
        first = a.start() + timedelta(days=7 * (-nth - 1))
        return make_period(first, min(first + timedelta(days=6), a.end()))
    if f.kind == "week_end":
        return make_period(a.start() - timedelta(days=6), a.start())
    if f.kind == "week":
        monday = a.start() - timedelta(days=a.start().weekday())
        return make_period(monday, monday + timedelta(days=4))
    if f.kind in ("end_session", "start_session"):      # "the last trading day of": a session
        from agent.nlu.sessions import session_on_or_after, session_on_or_before
        day = session_on_or_before(a.end()) if f.kind == "end_session" else session_on_or_after(a.start())
        return make_period(day, day)
    if f.kind == "end_of":
        return make_period(a.end(), a.end())
    if f.kind == "start_of":
        return make_period(a.start(), a.start())
    return make_period(a.start(), a.end())


def _year_for(i: int, found: list[Found]) -> int | None:
    """The year written nearest after (else before) the i-th expression in the question."""
    def year_of(f: Found) -> int | None:
        return (f.a.y if f.a and f.a.y else None) or (f.b.y if f.b and f.b.y else None)
    for f in found[i + 1:]:
        if f.kind != "fixed" and year_of(f):
            return year_of(f)
    for f in reversed(found[:i]):
        if f.kind != "fixed" and year_of(f):
            return year_of(f)
    return None


def _split(f: Found, norm: str) -> list[Found]:
    if f.kind != "range" or f.a is None or f.b is None or not _BETWEEN.match(norm[f.pos:f.end]):
        return [f]
    mid = f.pos + (f.end - f.pos) // 2
    return [Found(f.pos, mid, "point", a=f.a, explicit_year=f.a.y is not None),
            Found(mid, f.end, "point", a=f.b, explicit_year=f.b.y is not None)]


def parse_periods(norm: str, today: date, ref: Period | None = None,
                  us_dates: bool = False, split_between: bool = False) -> list[Found]:
    """Every period written in a normalised question, resolved, in text order. `us_dates`: read
    an ambiguous 05/03/2020 month first (an English question)."""
    from agent.nlu import after_named, as_of_days, named_days, ref_days, year_to_date
    days = as_of_days.find(tokenize_months(mask_may(norm)), today, extract_dp, us_dates)   # "ytd as of April 30"
    days += ref_days.find(norm, ref, make_period)   # "and only the 1st to the 5th?" of the period before
    days, after = after_named.windows_after(norm, days + named_days.find(norm, today, make_period))
    windows = [Found(a, b, "after", a=DP(d.year, d.month, d.day), explicit_year=True, window=(n, unit))
               for a, b, d, n, unit in after]
    for a, b in [(a, b) for a, b, _per in days] + [(w.pos, w.end) for w in windows]:
        norm = _blank(norm, a, b)
    found = _scan(norm, today, us_dates) + windows + [Found(a, b, "fixed", period=per, explicit_year=True)
                                                      for a, b, per in days]
    found.sort(key=lambda f: f.pos)
    found = year_to_date.of_named_year(found, norm)
    if split_between:   # "compare ... between 2006 and 2009": two periods, not one range
        found = [g for f in found for g in _split(f, norm)]
    def resolve(i: int) -> Period | None:
        try:
            return _period(found[i], today, ref, None if found[i].explicit_year else _year_for(i, found))
        except ValueError:               # e.g. 31 February
            return None
    for i, f in enumerate(found):
        if f.period is None:
            f.period = resolve(i)
    compared.as_points(found, norm, resolve)   # "1 декабря 2023 по сравнению с 30 ноября": no range
    return [f for f in found if f.period is not None]
