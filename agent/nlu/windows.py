"""Time-of-day windows and bar sizes of a question (EN, RU, ES), read as typed values.

    parse_window(norm) -> Window | None      "between 9:30 and 10:00", "first hour", "last 30 minutes",
                                               "overnight", "RTH", "premarket", "с 10 до 11", "entre 9:30 y 10"
    parse_bar_size(norm) -> BarSize | None    "5-minute bars", "hourly candles", "5-минутные бары",
                                               "velas de 15 minutos"

Each returns the span it read, so coverage counts those words as used. Windows are wall-clock times
of the instrument's exchange (New York for US equities and CME futures): the query builder cuts
bars by local time (query_builder/actions/intraday.py). Session bounds are the US cash session's.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import time

RTH_OPEN, RTH_CLOSE = time(9, 30), time(16, 0)
OVERNIGHT_START, OVERNIGHT_END = time(18, 0), time(9, 30)

_CLOCK = r"(?P<{n}>\d{{1,2}})(?:[:h](?P<{n}m>\d{{2}}))?\s*(?P<{n}ap>a\.?m\.?|p\.?m\.?)?"
_BETWEEN = re.compile(
    r"(?<!\w)(?:between|from|между|с|со|entre|desde|de)\s+(?:las?\s+)?" + _CLOCK.format(n="a")
    + r"\s*(?:and|to|till|until|-|–|и|до|по|y|a|hasta)\s*(?:las?\s+)?" + _CLOCK.format(n="b") + r"(?!\d)")
# Two clocks with no "between"/"from" before them ("10:00-11:00", "9:30 to 10am", "14h-15h"): each
# end has minutes or am/pm, so no date or count reads the same. Unread, "SPY 10:00-11:00 high" gave
# the whole session's high.
_BARE = re.compile(
    r"(?<![\w:.])" + _CLOCK.format(n="a") + r"\s*(?:-|–|—|to|till|until|до|a|hasta)\s*" + _CLOCK.format(n="b")
    + r"(?![\d:])")
_FIRST_LAST = re.compile(
    r"(?<!\w)(?P<edge>first|opening|last|closing|перв\w*|последн\w*|primer[oa]?s?|ultim[oa]s?)\s+"
    r"(?:(?P<n>\d{1,3})\s+)?(?P<unit>hours?|minutes?|mins?|час\w*|минут\w*|horas?|minutos?)"
    r"(?:\s+(?:of\s+(?:the\s+)?(?:session|trading|day)|торгов\w*|сесси\w*|de\s+(?:la\s+)?(?:sesion|negociacion)))?"
    r"(?!\w)")
_NAMED = [
    ("rth", re.compile(r"(?<!\w)(?:rth|regular\s+(?:trading\s+)?(?:hours|session)|cash\s+session"
                       r"|основн\w+\s+сесси\w*|регулярн\w+\s+(?:сесси\w*|час\w*)|horario\s+regular"
                       r"|sesion\s+regular)(?!\w)")),
    # any form of the adjective ("ночной диапазон", "ночного максимума", "nocturnos"): said of a
    # market, night is the overnight session, never the whole day
    ("overnight", re.compile(r"(?<!\w)(?:overnight|over\s+night|eth|globex(?:\s+session)?|ночн\w*|ночью"
                             r"|овернайт\w*|sesion\s+nocturna|nocturn[oa]s?|de\s+noche)(?!\w)")),
    ("premarket", re.compile(r"(?<!\w)(?:pre-?\s?market|премаркет\w*|пре-?маркет\w*|preapertura"
                             r"|pre-?mercado)(?!\w)")),
    ("after_hours", re.compile(r"(?<!\w)(?:after-?\s?hours|post-?market|постмаркет\w*|после\s+закрытия"
                               r"|fuera\s+de\s+horario|post-?mercado)(?!\w)")),
]
_NAMED_TIMES = {"rth": (RTH_OPEN, RTH_CLOSE), "overnight": (OVERNIGHT_START, OVERNIGHT_END),
                "premarket": (time(4, 0), RTH_OPEN), "after_hours": (RTH_CLOSE, time(20, 0))}

_BAR = re.compile(
    r"(?<!\w)(?:(?P<n>\d{1,3})\s*[-‐]?\s*(?P<u>minutes?|mins?|m|hours?|h|минутн\w*|мин\w*|часов\w*|час\w*"
    r"|minutos?)\s*(?:bars?|candles?|candlesticks?|бар\w*|свеч\w*|velas?|barras?)"
    r"|(?:bars?|candles?|velas?|barras?|бар\w*|свеч\w*)\s+(?:of|de|по|в)\s+(?P<n2>\d{1,3})\s*"
    r"(?P<u2>minutes?|mins?|hours?|минут\w*|час\w*|minutos?|horas?)"
    r"|(?P<hourly>hourly|часов\w*|horari[oa]s?)\s+(?:bars?|candles?|бар\w*|свеч\w*|velas?|barras?)"
    # Russian trader slang: "на 15-минутках" (15-minute bars), "на часовиках" (hourly bars)
    r"|(?P<n3>\d{1,3})\s*[-‐]?\s*минутк\w*|(?P<h2>часовик\w*))(?!\w)")


@dataclass(frozen=True)
class Window:
    start: time | None
    end: time | None
    label: str                # "09:30-10:00", "rth", "first 60 min", ...
    span: tuple[int, int]
    extended: bool = False    # reaches outside the regular session (overnight, premarket)


@dataclass(frozen=True)
class BarSize:
    minutes: int
    span: tuple[int, int]


def _clock(m: re.Match[str], n: str) -> time | None:
    h, mm, ap = int(m.group(n)), int(m.group(n + "m") or 0), (m.group(n + "ap") or "").replace(".", "")
    if ap == "pm" and h < 12:
        h += 12
    if ap == "am" and h == 12:
        h = 0
    if not (0 <= h <= 23 and 0 <= mm <= 59):
        return None
    return time(h, mm)


def _plus(t: time, minutes: int) -> time:
    total = min(t.hour * 60 + t.minute + minutes, 23 * 60 + 59)
    return time(total // 60, total % 60)


def _minus(t: time, minutes: int) -> time:
    total = max(t.hour * 60 + t.minute - minutes, 0)
    return time(total // 60, total % 60)


def _has_clock_cue(m: re.Match[str]) -> bool:
    """'from 2019 to 2020' and 'с 10 по 20 марта' are dates, not clocks: a clock has minutes, am/pm,
    or hours that read as a trading day's hours (0-23) next to no month or year."""
    if m.group("am") or m.group("bm") or m.group("aap") or m.group("bap"):
        return True
    return False


def _both_clocks(m: re.Match[str]) -> bool:
    return bool((m.group("am") or m.group("aap")) and (m.group("bm") or m.group("bap")))


_HOUR_WORD = re.compile(r"\s*(?:h|hrs?|hours?|o'?clock|ч\.?|час\w*|horas?)(?!\w)")
_ENDS = re.compile(r"\s*(?:[?.!]\s*)?$")


def _bare_hours(m: re.Match[str], norm: str) -> bool:
    """'с 10 до 11' is hours when an hour word follows, or when it ends a question about bars
    ("15-минутки 28 ноября с 10 до 11"); 'с 10 до 11 ноября' stays days."""
    rest = norm[m.end():]
    return bool(_HOUR_WORD.match(rest) or (_ENDS.match(rest) and _BAR.search(norm)))


def parse_window(norm: str) -> Window | None:
    m = _BETWEEN.search(norm)
    if not (m and (_has_clock_cue(m) or _bare_hours(m, norm))):
        m = next((b for b in _BARE.finditer(norm) if _both_clocks(b)), None)
    if m:
        a, b = _clock(m, "a"), _clock(m, "b")
        if a is not None and b is not None:
            return Window(a, b, f"{a:%H:%M}-{b:%H:%M}", m.span(), extended=not (RTH_OPEN <= a <= RTH_CLOSE))
    m = _FIRST_LAST.search(norm)
    if m:
        n = int(m.group("n") or 1)
        minutes = n * 60 if re.match(r"h|час|hora", m.group("unit")) else n
        if 0 < minutes <= 390:
            first = bool(re.match(r"first|opening|перв|primer", m.group("edge")))
            if first:
                return Window(RTH_OPEN, _plus(RTH_OPEN, minutes), f"first {minutes} min", m.span())
            return Window(_minus(RTH_CLOSE, minutes), RTH_CLOSE, f"last {minutes} min", m.span())
    for name, rx in _NAMED:
        m = rx.search(norm)
        if m:
            a, b = _NAMED_TIMES[name]
            return Window(a, b, name, m.span(), extended=name != "rth")
    return None


def parse_bar_size(norm: str) -> BarSize | None:
    m = _BAR.search(norm)
    if not m:
        return None
    if m.group("hourly") or m.group("h2"):
        return BarSize(60, m.span())
    if m.group("n3"):
        return BarSize(int(m.group("n3")), m.span()) if 0 < int(m.group("n3")) <= 24 * 60 else None
    n, unit = (m.group("n"), m.group("u")) if m.group("n") else (m.group("n2"), m.group("u2"))
    minutes = int(n) * (60 if re.match(r"h|час", unit) else 1)
    return BarSize(minutes, m.span()) if 0 < minutes <= 24 * 60 else None
