"""Numbers the analyst wrote outside slots, and the dates it may write itself.

The analyst writes no number: every figure is a slot that code fills (agent/answer/slots.py). What is
left of the text once the slots are taken out may hold dates that lie inside the period in scope
("November 2023", "29 ноября", "2024-03-28", "Q1 2024") and nothing else with a digit: no `1e5`,
no `99999pts`, no year standing alone as a price ("finished November at 2023").
"""
from __future__ import annotations

import re
from datetime import date
from typing import Any, Iterable

from agent import lang as packs
from agent.answer.wording import metric_before
from agent.nlu.lang import MONTH, month_number, normalize

Span = tuple[date, date]

_M = rf"(?P<month>{MONTH})"
_Y = r"(?P<year>(?:19|20)\d\d)(?!\d)"
_D = r"(?P<day>[0-3]?\d)(?:" + packs.alternation("answer", "DAY_SUFFIXES") + ")?"
YEAR_AFTER = _YEAR_AFTER = r"(?:" + packs.alternation("answer", "YEAR_AFTER") + ")"   # "2008 год"
# Each pattern is tried in turn on normalised text; every match must name a date in scope.
DATE_PATTERNS = [re.compile(p) for p in (
    r"(?<![\d.])" + _Y + r"-(?P<mnum>[01]\d)(?:-(?P<dnum>[0-3]\d))?(?![\d-])",    # 2023-11(-29)
    r"(?<![\w.])" + _D + r"\s+(?:de\s+|of\s+)?" + _M + r"(?:,?\s+(?:de\s+|of\s+)?" + _Y + r")?(?!\w)",
    r"(?<![\w])" + _M + r"\s+" + _D + r"(?![\d])(?:,\s*" + _Y + r")?",          # November 29, 2023
    r"(?<![\w])" + _M + r",?\s+(?:de\s+|of\s+|del\s+)?" + _Y,                    # noviembre de 2023
    r"(?<![\w])q(?P<quarter>[1-4])\s*(?:of\s+|de\s+|del\s+)?" + _Y,               # Q1 2024
    r"(?<![\w])(?:" + packs.alternation("answer", "YEAR_BEFORE") + r")\s+" + _Y + r"(?:\s*" + _YEAR_AFTER + ")?",
    r"(?<![\d])" + _Y + r"\s*" + _YEAR_AFTER,                                    # 2008 год
    r"(?:(?<=['’]s )|(?<=\bthe ))" + _Y + r"(?=\s+[^\W\d_])",                       # SPX's 2019 high
    # A year standing as a label: "SPX, 2008: ...", "(2008)"; never after "at"/"to" as a price.
    r"(?:^|(?<=\n)|(?<=, )|(?<=: )|(?<=\())" + _Y + r"(?=\s*[:),;(.]|\s*$)",
)]
_TIME = re.compile(r"(?<![\d.,])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?![\d])")
# Instrument names that carry digits ("S&P 500"): names, not figures.
_NAMES = re.compile(r"s&p\s?500|nasdaq[- ]?100|russell\s?2000|dow\s?30|euro\s?stoxx\s?50|dax\s?40|"
                    r"ftse\s?100|nikkei\s?225", re.I)
_DIGIT = re.compile(r"[^\W_]*\d[\w.,]*", re.UNICODE)
# A year standing alone in a question ("SPX and DJI statistics for 2019") is a period, not a
# number the user typed, unless a comparison or a level word comes right before it ("above 2019").
_YEAR_ALONE = re.compile(r"(?<![\w.,])" + "".join(
    f"(?<!{w} )" for c in packs.codes() for w in packs.get(c, "answer", "LEVEL_BEFORE_YEAR"))
    + r"(?:19|20)\d\d(?![\w.,%])")
_QUESTION_NUMBER = re.compile(r"(?<![\w.])[-+−]?\d+(?:[.,]\d+)?")


def _span(m: re.Match[str]) -> Span | None:
    """The dates a matched expression can mean (year, month or day), None when unreadable."""
    g = m.groupdict()
    try:
        year = int(g["year"]) if g.get("year") else None
        month = int(g["mnum"]) if g.get("mnum") else (month_number(g["month"]) if g.get("month") else None)
        day = int(g["dnum"]) if g.get("dnum") else (int(g["day"]) if g.get("day") else None)
        if g.get("quarter"):
            q = int(g["quarter"])
            return date(year or 1, 3 * q - 2, 1), _month_end(year or 1, 3 * q)
        if year is None:
            return None            # a day and month without a year: checked against every year
        if month is None:
            return date(year, 1, 1), date(year, 12, 31)
        if day is None:
            return date(year, month, 1), _month_end(year, month)
        return date(year, month, day), date(year, month, day)
    except (TypeError, ValueError):
        return None


def _month_end(year: int, month: int) -> date:
    nxt = date(year + month // 12, month % 12 + 1, 1)
    return date.fromordinal(nxt.toordinal() - 1)


month_end = _month_end


def span_of(m: re.Match[str], years: list[int]) -> Span | None:
    """The dates a matched expression means; a month or day without a year spans `years`."""
    found = _span(m)
    if found is not None or not years:
        return found
    g = m.groupdict()
    month = month_number(g["month"]) if g.get("month") else None
    if not month:
        return None
    day = int(g["day"]) if g.get("day") else None
    try:
        return (date(years[0], month, day or 1),
                date(years[-1], month, day) if day else _month_end(years[-1], month))
    except ValueError:
        return None


def _in_scope(m: re.Match[str], scope: list[Span]) -> bool:
    span = _span(m)
    if span is None:
        g = m.groupdict()
        month = month_number(g["month"]) if g.get("month") else None
        if not month:
            return False
        years = {y for a, b in scope for y in range(a.year, b.year + 1)}
        day = int(g["day"]) if g.get("day") else 1
        for y in years:
            try:
                d = date(y, month, day)
            except ValueError:
                continue
            if any(a <= d <= b for a, b in scope):
                return True
        return False
    lo, hi = span
    return any(lo <= b and a <= hi for a, b in scope)


def strip_dates(text: str, scope: list[Span]) -> tuple[str, list[str]]:
    """(text with in-scope dates, times and instrument names blanked, the dates out of scope)."""
    norm = normalize(text)
    out_of_scope: list[str] = []
    chars = list(norm)
    for pattern in DATE_PATTERNS:
        for m in pattern.finditer("".join(chars)):
            if pattern is DATE_PATTERNS[-1] and metric_before(text, m.start()):
                continue         # "Close: 2023." is a price written as a year, not a label
            if not _in_scope(m, scope) and any(c.isdigit() for c in m.group(0)):
                out_of_scope.append(text[m.start():m.end()].strip())   # reported once, as a date
            chars[m.start():m.end()] = " " * (m.end() - m.start())
    blanked = "".join(chars)
    blanked = _TIME.sub(lambda m: " " * len(m.group(0)), blanked)
    blanked = _NAMES.sub(lambda m: " " * len(m.group(0)), blanked)
    return blanked, out_of_scope


def blank_symbols(text: str, symbols: Iterable[str]) -> str:
    """Instrument symbols are names, not figures ("6E", "M2K", "MES1!"): blanked, as whole words."""
    names = sorted({s for s in symbols if s and any(c.isdigit() for c in s)}, key=len, reverse=True)
    if not names:
        return text
    pattern = re.compile(r"(?<![\w])(?:" + "|".join(re.escape(n) for n in names) + r")(?![\w])", re.I)
    return pattern.sub(lambda m: " " * len(m.group(0)), text)


def stray_numbers(text: str, scope: list[Span], symbols: Iterable[str] = ()) -> tuple[list[str], list[str]]:
    """(numbers written outside slots, dates outside the period in scope) in slot-free text."""
    blanked, dates = strip_dates(blank_symbols(text, symbols), scope)
    # a year of the period in scope, alone after a verb ("closed 2008 at {close}"), names the period
    years = {y for lo, hi in scope for y in range(lo.year, hi.year + 1)}
    blanked = _YEAR_ALONE.sub(lambda m: " " * len(m.group(0)) if int(m.group(0)) in years else m.group(0),
                              blanked)
    if len(blanked) != len(text):        # normalisation changed the length: report as normalised
        text = blanked
    return [text[m.start():m.end()].rstrip(".,") for m in _DIGIT.finditer(blanked)], dates


def question_numbers(question: str) -> list[float]:
    """Numbers the user typed (dates taken out): thresholds, levels, windows, counts."""
    blanked, _ = strip_dates(question, [(date(1900, 1, 1), date(2100, 12, 31))])
    blanked = _YEAR_ALONE.sub(lambda m: " " * len(m.group(0)), blanked)
    out = []
    for m in _QUESTION_NUMBER.finditer(blanked):
        try:
            out.append(float(m.group(0).replace("−", "-").replace(",", ".")))
        except ValueError:
            continue
    return out


def scope_of(intent: dict[str, Any] | None, results: Iterable[dict[str, Any]]) -> list[Span]:
    """The periods an answer may name dates in: the intent's, every step's, the data's."""
    spans: list[Span] = []

    def add(a: object, b: object) -> None:
        try:
            lo, hi = date.fromisoformat(str(a)[:10]), date.fromisoformat(str(b)[:10])
        except (TypeError, ValueError):
            return
        spans.append((min(lo, hi), max(lo, hi)))

    intent = intent or {}
    for p in [intent.get("period"), *(intent.get("compare_periods") or [])]:
        if p:
            add(p.get("start"), p.get("end"))
    for res in results:
        params, summary = res.get("params") or {}, res.get("summary") or {}
        add(params.get("start_date"), params.get("upper_date") or params.get("end_date"))
        add(summary.get("first_date"), summary.get("last_date"))
        for k in range(8):
            add(params.get(f"start_date_{k}"), params.get(f"end_date_{k}"))
    return spans
