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
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from agent import lang as packs
from agent.nlu.lang import MONTH_B

RTH_OPEN, RTH_CLOSE = time(9, 30), time(16, 0)
OVERNIGHT_START, OVERNIGHT_END = time(18, 0), time(9, 30)


def _w(*key: str) -> str:
    return packs.alternation("windows", *key)


def _any(*alts: str) -> str:
    """The alternatives that are not empty (a pack part no language fills adds nothing)."""
    return "|".join(a for a in alts if a)


# A clock: "14:00", "2pm", "14h30", "9.30" (a dot only before :00/:15/:30/:45, so "1.03" stays a
# day and month), "noon", "midnight", and an hour with the part of the day that says am or pm ("11
# in the morning", "11 утра", "11 de la mañana"). The words are the packs' (agent/lang/_windows).
_AM = packs.alternation("windows", "am")
_PM = packs.alternation("windows", "pm")
_AMPM = r"a\.?m\.?|p\.?m\.?|" + _AM + "|" + _PM
_CLOCK = (r"(?:(?P<{n}>\d{{1,2}})(?:[:h](?P<{n}m>\d{{2}})|\.(?P<{n}d>00|15|30|45)(?!\d))?\s*(?P<{n}ap>"
          + _AMPM.replace("{", "{{").replace("}", "}}") + r")?|(?P<{n}w>"
          + (packs.alternation("windows", "noon") + "|" + packs.alternation("windows", "midnight"))
          + r")(?!\w))")
_ARTICLE = r"(?:(?:" + packs.alternation("windows", "articles") + r")\s+)?"   # "desde el mediodía"
_NOON = re.compile(packs.alternation("windows", "noon"))
_AM_RX, _PM_RX = re.compile(r"a\.?m\.?$|" + _AM), re.compile(r"p\.?m\.?$|" + _PM)
_BETWEEN = re.compile(
    rf"(?<!\w)(?:{_w('between_from')})\s+" + _ARTICLE + _CLOCK.format(n="a")
    + rf"\s*(?:{_w('between_and')})\s*" + _ARTICLE + _CLOCK.format(n="b") + r"(?!\d|\.\d|\s*%)")
# Two clocks with no "between"/"from" before them ("10:00-11:00", "9:30 to 10am", "14h-15h"): each
# end has minutes or am/pm, so no date or count reads the same. Unread, "SPY 10:00-11:00 high" gave
# the whole session's high.
_BARE = re.compile(
    r"(?<![\w:.])" + _CLOCK.format(n="a") + rf"\s*(?:{_w('bare_to')})\s*" + _CLOCK.format(n="b")
    + r"(?![\d:]|\.\d|\s*%)")
_FIRST_LAST = re.compile(
    rf"(?<!\w)(?P<edge>{_w('edge_first')}|{_w('edge_last')})\s+"
    rf"(?:(?P<n>\d{{1,3}})\s+)?(?P<unit>{_w('edge_units')})(?:\s+(?:{_w('edge_tail')}))?(?!\w)")
_EDGE_FIRST, _HOUR_UNIT = re.compile(_w("edge_first")), re.compile(_w("hour_prefix"))
# A time zone said after a clock window ("2 to 3 p.m. Eastern", "1-2pm ET", "hora de Nueva York",
# "по UTC", "MSK", "CET"): the window is in that zone (IANA name), converted to the exchange's.
_ZONES = [(zone, _w("zones", zone))
          for zone in ("America/New_York", "UTC", "Europe/Moscow", "Europe/Berlin", "America/Chicago")]
_ZONE = re.compile(rf"\s*(?:,\s*)?(?:\(\s*)?(?:{_w('zone_lead')})?(?:{_w('zone_article')})?(?:"
                   + "|".join(f"(?P<z{i}>{rx})" for i, (_n, rx) in enumerate(_ZONES)) + r")(?:\s*\))?(?!\w)")


def zone_after(norm: str, end: int) -> tuple[str, int] | None:
    """(IANA zone, end of the phrase) of a time zone written right after position `end`."""
    m = _ZONE.match(norm, end)
    if not m:
        return None
    i = next(int(k[1:]) for k, v in m.groupdict().items() if v)
    return _ZONES[i][0], m.end()


# Named windows; the opening range is the session's first 30 minutes (its usual definition), the
# closing range alike
_NAMED = [(name, re.compile(rf"(?<!\w)(?:{_w('named', name)})(?!\w)"))
          for name in ("opening_range", "closing_range", "rth", "overnight", "premarket", "after_hours")]
_HALF_HOUR = re.compile(_w("half_hour"))
_NAMED_TIMES = {"opening_range": (RTH_OPEN, time(10, 0)), "closing_range": (time(15, 30), RTH_CLOSE),"rth": (RTH_OPEN, RTH_CLOSE), "overnight": (OVERNIGHT_START, OVERNIGHT_END),
                "premarket": (time(4, 0), RTH_OPEN), "after_hours": (RTH_CLOSE, time(20, 0))}

_BAR = re.compile(r"(?<!\w)(?:" + _any(
    rf"(?P<n>\d{{1,3}})\s*[-‐]?\s*(?P<u>{_w('bar_units')})\s*(?:{_w('bar_words')})",
    rf"(?:{_w('bar_of_words')})\s+(?:{_w('bar_of')})\s+(?P<n2>\d{{1,3}})\s*(?P<u2>{_w('bar_of_units')})",
    rf"(?P<hourly>{_w('hourly')})\s+(?:{_w('bar_of_words')})",
    _w("hourly_after") and rf"(?:{_w('bars_before_hourly')})\s+(?P<hourly2>{_w('hourly_after')})",
    # trader slang: "на 15-минутках" (15-minute bars), "на часовиках" (hourly bars)
    _w("minute_slang") and rf"(?P<n3>\d{{1,3}})\s*[-‐]?\s*(?:{_w('minute_slang')})",
    _w("hour_slang") and rf"(?P<h2>{_w('hour_slang')})") + r")(?!\w)")


_ONE_CLOCK = r"(?P<c>\d{1,2})(?::(?P<cm>\d{2})|\s*(?P<cap>a\.?m\.?|p\.?m\.?))\s*"
_CANDLE_AFTER = re.compile(r"(?<![\w:.])" + _ONE_CLOCK
                           + r"(?P<bar>(?:\d{1,3}\s*[-‐]?\s*(?:minutes?|mins?|m|hours?|h)\s*|hourly\s+)(?:bar|candle|candlestick)s?)(?!\w)")
_CANDLE_BEFORE = re.compile(
    r"(?<!\w)(?P<bar>" + _any(rf"(?:\d{{1,3}}\s*[-‐]?\s*(?:{_w('candle_units')})\s*|{_w('candle_hourly')})"
                              rf"(?:{_w('candle_word')})", _w("candle_phrase")) + ")"
    + rf"\s+(?:(?:{_w('candle_at')})\s+)?" + _ONE_CLOCK + r"(?!\d)"
    # "hourly candle 13:00" names one bar; "hourly candles 10:00-12:00" is a range of bars
    r"(?!\s*(?:" + packs.alternation("windows", "range_to") + r")\s*\d)")


@dataclass(frozen=True)
class Window:
    start: time | None
    end: time | None
    label: str                # "09:30-10:00", "rth", "first 60 min", ...
    span: tuple[int, int]
    extended: bool = False    # reaches outside the regular session (overnight, premarket)
    tz: str | None = None     # the zone the clocks were written in, when the question names one
    anchor: str = ""          # "open" / "close": that end is the session's, set per instrument (anchored)


@dataclass(frozen=True)
class BarSize:
    minutes: int
    span: tuple[int, int]


def _ap(m: re.Match[str], n: str) -> str:
    said = m.groupdict().get(n + "ap") or ""
    return "" if not said else "pm" if _PM_RX.match(said) else "am"


def _clock(m: re.Match[str], n: str, inherit: str = "") -> time | None:
    """The clock of group `n`; a bare hour takes the other end's am/pm ("2 to 3 p.m.", "1-2pm")."""
    g = m.groupdict()
    if g.get(n + "w"):
        return time(12) if _NOON.fullmatch(g[n + "w"]) else time(0)
    h, mm = int(g[n]), int(g.get(n + "m") or g.get(n + "d") or 0)
    ap = _ap(m, n) or inherit
    if ap == "pm" and h < 12:
        h += 12
    if ap == "am" and h == 12:
        h = 0
    if not (0 <= h <= 23 and 0 <= mm <= 59):
        return None
    return time(h, mm)


def _ends(m: re.Match[str]) -> tuple[time | None, time | None]:
    """Both clocks of a range; the start with no am/pm of its own inherits the end's ("2 to 3 p.m.",
    "2:30-3pm", "с 10 до 11 утра") when it reads as an hour of the same half-day (never "11 to 1pm"
    as 23:00)."""
    b_ap = _ap(m, "b")
    if m.group("aw") or m.group("bw") or _ap(m, "a") or not b_ap:
        return _clock(m, "a"), _clock(m, "b")
    a, b = int(m.group("a")), int(m.group("b"))
    same_half = a <= b % 12 + (12 if b == 12 else 0) and not (b_ap == "pm" and a == 12)
    return _clock(m, "a", b_ap if same_half else ""), _clock(m, "b")


def _plus(t: time, minutes: int) -> time:
    total = min(t.hour * 60 + t.minute + minutes, 23 * 60 + 59)
    return time(total // 60, total % 60)


def _minus(t: time, minutes: int) -> time:
    total = max(t.hour * 60 + t.minute - minutes, 0)
    return time(total // 60, total % 60)


def _has_clock_cue(m: re.Match[str]) -> bool:
    """'from 2019 to 2020' and 'с 10 по 20 марта' are dates, not clocks: a clock has minutes, am/pm,
    or hours that read as a trading day's hours (0-23) next to no month or year."""
    return any(m.group(g) for g in ("am", "bm", "ad", "bd", "aap", "bap", "aw", "bw"))


def _both_clocks(m: re.Match[str], norm: str) -> bool:
    """Each end has minutes or am/pm ("10:00-11:00", "9:30 to 10am"), or the end has am/pm and the
    start is a bare hour ("2 to 3 p.m.", "1-2pm"), or a time zone follows ("9-11 UTC")."""
    a_set = any(m.group(g) for g in ("am", "ad", "aap", "aw"))
    if a_set and any(m.group(g) for g in ("bm", "bd", "bap", "bw")):
        return True
    return bool(m.group("bap") or m.group("bw") or ((m.group("bm") or m.group("bd")) and zone_after(norm, m.end())))


_HOUR_WORD = re.compile(rf"\s*(?:{_w('hour_words')})(?!\w)")
_ENDS = re.compile(r"\s*(?:[?.!]\s*)?$")


def _bare_hours(m: re.Match[str], norm: str) -> bool:
    """'с 10 до 11' is hours when an hour word follows, or when it ends a question about bars
    ("15-минутки 28 ноября с 10 до 11"); 'с 10 до 11 ноября' stays days."""
    rest = norm[m.end():]
    return bool(_HOUR_WORD.match(rest) or zone_after(norm, m.end()) or (_ENDS.match(rest) and _BAR.search(norm)))


def _zoned(w: Window, norm: str) -> Window:
    """The window with the time zone written after it (its span grown to cover the phrase)."""
    z = zone_after(norm, w.span[1])
    if z is None:
        return w
    return Window(w.start, w.end, w.label, (w.span[0], z[1]), w.extended, z[0], w.anchor)


def _clock_range(norm: str) -> Window | None:
    m = _BETWEEN.search(norm)
    if not (m and (_has_clock_cue(m) or _bare_hours(m, norm))):
        m = next((b for b in _BARE.finditer(norm) if _both_clocks(b, norm)), None)
    if not m:
        return None
    a, b = _ends(m)
    if a is None or b is None:
        return None
    return _zoned(Window(a, b, f"{a:%H:%M}-{b:%H:%M}", m.span(), extended=not (RTH_OPEN <= a <= RTH_CLOSE)), norm)


def _edge(norm: str) -> Window | None:
    """First / last N minutes or hours of the session ("last half hour", "первые 2 часа")."""
    m = _FIRST_LAST.search(norm)
    if not m:
        return None
    unit = m.group("unit")
    n = int(m.group("n") or 1)
    minutes = 30 if _HALF_HOUR.fullmatch(unit) else n * 60 if _HOUR_UNIT.match(unit) else n
    if not 0 < minutes <= 390:
        return None
    if _EDGE_FIRST.match(m.group("edge")):
        return Window(RTH_OPEN, _plus(RTH_OPEN, minutes), f"first {minutes} min", m.span())
    return Window(_minus(RTH_CLOSE, minutes), RTH_CLOSE, f"last {minutes} min", m.span())


def _candle(norm: str) -> Window | None:
    """One bar at a time: "the 15:00 hourly candle", "the 10:30 5-minute bar", "часовая свеча в
    15:00", "la vela horaria de las 15:00": the window of that bar, [clock, clock + size)."""
    for rx in (_CANDLE_AFTER, _CANDLE_BEFORE):
        m = rx.search(norm)
        if m is None:
            continue
        bar = parse_bar_size(m.group("bar"))
        t = _clock(m, "c")
        if bar is None or t is None or bar.minutes > 240:
            continue
        end = _plus(t, bar.minutes)
        return _zoned(Window(t, end, f"{t:%H:%M}-{end:%H:%M}", m.span(), extended=not (RTH_OPEN <= t < RTH_CLOSE)),
                      norm)
    return None


# One end the session's open or close, the other a clock ("from the open to 11:00", "open to noon",
# "from 3pm into the close", "с открытия до 11:00", "de las 14:00 al cierre"). A bare hour ("until
# 11") needs the lead word and no month after it ("до 11 ноября" stays a date).
_LEAD = rf"(?:(?P<lead>{_w('anchor_from')})\s+)?"
_TO = rf"[\s-]*(?:{_w('anchor_to')})[\s-]*"     # "open-to-noon" too
_FROM_OPEN = re.compile(rf"(?<!\w){_LEAD}(?:{_w('session_open')}){_TO}{_ARTICLE}" + _CLOCK.format(n="b")
                        + rf"(?![\d:]|\.\d|\s*%|\s*(?:(?:{_w('month_lead')})\s+)?{MONTH_B})"
                        + rf"(?:\s*(?:{_w('hour_words')})(?!\w))?")
_TO_CLOSE = re.compile(rf"(?<!\w){_LEAD}{_ARTICLE}" + _CLOCK.format(n="a")
                       + rf"{_TO}(?:{_w('session_close')})(?!\w)")


def _anchored_window(norm: str) -> Window | None:
    """The session's open to a clock, or a clock to its close, at the US cash session's bounds
    (`anchored` sets them per instrument). An hour with no am/pm that is one of the session's
    afternoon hours only ("to 2", "from 3:30") is the afternoon's."""
    for rx, n, anchor, pm in ((_FROM_OPEN, "b", "open", 4), (_TO_CLOSE, "a", "close", 3)):
        m = rx.search(norm)
        if m is None or not (m.group("lead") or any(m.group(n + g) for g in ("m", "d", "ap", "w"))):
            continue
        t = _clock(m, n, "pm" if not m.group(n + "w") and 1 <= int(m.group(n) or 0) <= pm else "")
        if t is None:
            continue
        a, b = (RTH_OPEN, t) if anchor == "open" else (t, RTH_CLOSE)
        return _zoned(Window(a, b, f"{a:%H:%M}-{b:%H:%M}", m.span(), not RTH_OPEN <= a <= RTH_CLOSE, anchor=anchor),
                      norm)
    return None


def anchored(w: Window, start: time | None, end: time | None, session: str | None) -> tuple[time | None, time | None]:
    """The window's ends with the one named as the session's open or close at the instrument's: the
    whole (UTC) day for crypto, open at 00:00 and closing at the next midnight; the US cash session
    (09:30-16:00 New York, NQ's regular hours too) otherwise."""
    if w.anchor == "open":
        return (time(0) if session == "24h" else RTH_OPEN), end
    if w.anchor == "close":
        return start, (time(0) if session == "24h" else RTH_CLOSE)
    return start, end


def parse_window(norm: str) -> Window | None:
    for read in (_anchored_window, _candle, _clock_range, _edge):
        w = read(norm)
        if w is not None:
            return w
    for name, rx in _NAMED:
        m = rx.search(norm)
        if m:
            a, b = _NAMED_TIMES[name]
            span = m.span()
            if name in ("opening_range", "closing_range") and (sized := _range_minutes(norm, m)) is not None:
                minutes, span = sized               # "the 5-minute opening range": its own length
                a, b = (a, _plus(a, minutes)) if name == "opening_range" else (_minus(b, minutes), b)
            return Window(a, b, name, span, extended=name not in ("rth", "opening_range", "closing_range"))
    return None


# "5-minute opening range", "15 min OR", "диапазон открытия 5 минут", "rango de apertura de 15 minutos"
_RANGE_BEFORE = re.compile(rf"(?P<n>\d{{1,3}})\s*[-‐]?\s*(?P<u>{_w('bar_units')})\s*$")
_RANGE_AFTER = re.compile(rf"\s*(?:\(|,)?\s*(?:[^\W\d]+\s+){{0,2}}?(?P<n>\d{{1,3}})\s*[-‐]?\s*(?P<u>{_w('bar_units')})(?!\w)")


def _range_minutes(norm: str, m: re.Match[str]) -> tuple[int, tuple[int, int]] | None:
    """The length in minutes written beside an opening or closing range, with the words read."""
    before = _RANGE_BEFORE.search(norm[max(0, m.start() - 16):m.start()])
    after = None if before else _RANGE_AFTER.match(norm, m.end())
    found = before or after
    if found is None:
        return None
    n = int(found.group("n"))
    minutes = n * 60 if _HOUR_UNIT.match(found.group("u")) else n
    if not 1 <= minutes <= 390:
        return None
    if before:
        return minutes, (m.start() - len(before.group(0)), m.end())
    assert after is not None
    return minutes, (m.start(), after.end())


_SEGMENT_NAMES = ("rth", "overnight", "premarket", "after_hours")
_CONTRAST = re.compile(r"\s*(?:" + packs.alternation("windows", "segment_tail") + r")?\s*(?:,\s*)?(?:"
                       + packs.alternation("windows", "contrast") + r")\s+(?:(?:"
                       + packs.alternation("windows", "articles") + r")\s+)?")
_REGULAR_SHORT = re.compile(r"(?:" + packs.alternation("windows", "regular_short") + r")(?!\w)")


def _segment(name: str, span: tuple[int, int]) -> Window:
    a, b = _NAMED_TIMES[name]
    return Window(a, b, name, span, extended=name != "rth")


def parse_segments(norm: str) -> tuple[list[Window], list[tuple[int, int]]]:
    """Two session segments asked side by side ("overnight vs regular hours", "pre-market vs the
    regular session", "ночная сессия против основной", "after hours frente a la sesión regular"):
    each segment its own window, in the order written, and the words joining them. The regular
    session may be named short after the contrast ("против основной", "vs regular"). Fewer than two
    distinct segments: none (a single one is parse_window's)."""
    found: dict[str, Window] = {}
    for name, rx in _NAMED:
        if name in _SEGMENT_NAMES and name not in found and (m := rx.search(norm)):
            found[name] = _segment(name, m.span())
    joins: list[tuple[int, int]] = []
    if len(found) == 1 and "rth" not in found:
        only = next(iter(found.values()))
        c = _CONTRAST.match(norm, only.span[1])
        r = _REGULAR_SHORT.match(norm, c.end()) if c else None
        if c and r:
            found["rth"] = _segment("rth", r.span())
            joins.append((only.span[1], c.end()))
    if len(found) < 2:
        return [], []
    ordered = sorted(found.values(), key=lambda w: w.span[0])
    for a, b in zip(ordered, ordered[1:]):
        c = _CONTRAST.match(norm, a.span[1])
        if c and c.end() == b.span[0]:
            joins.append((a.span[1], c.end()))
    return ordered, list(dict.fromkeys(joins))


DAY_MINUTES = 1440
# Weekly and monthly bars are aggregated from daily bars (get_period_stats' granularity); as a size
# they are a week and a (nominal) month of minutes, only ever compared with these constants.
WEEK_MINUTES, MONTH_MINUTES = 7 * DAY_MINUTES, 30 * DAY_MINUTES
COARSE = {WEEK_MINUTES: "weekly", MONTH_MINUTES: "monthly"}
_DAY_SIZES = [(re.compile(r"(?<!\w)(?:" + packs.alternation("windows", key) + r")(?!\w)"), minutes)
              for key, minutes in (("daily_bars", DAY_MINUTES), ("weekly_bars", WEEK_MINUTES),
                                   ("monthly_bars", MONTH_MINUTES))]


def _day_size(norm: str) -> BarSize | None:
    """"daily candles" (the size daily answers are computed at), "weekly candles", "month by month"."""
    for rx, minutes in _DAY_SIZES:
        d = rx.search(norm)
        if d:
            return BarSize(minutes, d.span())
    return None


def parse_bar_size(norm: str) -> BarSize | None:
    m = _BAR.search(norm)
    if not m:
        return _day_size(norm)
    if m.group("hourly") or m.group("hourly2") or m.group("h2"):
        return BarSize(60, m.span())
    if m.group("n3"):
        return BarSize(int(m.group("n3")), m.span()) if 0 < int(m.group("n3")) <= 24 * 60 else None
    n, unit = (m.group("n"), m.group("u")) if m.group("n") else (m.group("n2"), m.group("u2"))
    minutes = int(n) * (60 if _HOUR_UNIT.match(unit) else 1)
    return BarSize(minutes, m.span()) if 0 < minutes <= 24 * 60 else None


def to_zone(start: time, end: time, src: str, dst: str, day: date) -> tuple[time, time]:
    """A window written in zone `src` as wall-clock times of zone `dst` on `day` ("14:00-15:00 UTC"
    is 10:00-11:00 New York in summer, 09:00-10:00 in winter)."""
    def move(t: time) -> time:
        return datetime.combine(day, t, ZoneInfo(src)).astimezone(ZoneInfo(dst)).time()
    return move(start), move(end)
