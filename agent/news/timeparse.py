"""Publication times as news files write them, to UTC.

Seen in real files (shared/data/news/README.txt):
- ISO 8601, with or without an offset ("2022-01-05T14:30:00Z", "2022-01-05 14:30");
- CNBC: " 7:51  PM ET Fri, 17 July 2020" (12-hour clock, US/Eastern, full, short or "Sept" month);
- Guardian: "18-Jul-20" (a date only) and "Jul-18" (month and year only: no day, so undatable);
- crypto news: "5-7-2022 04:24" (day-month-year, 24 h).
Naive times are read in the file's time zone (`--tz`, default UTC). A date without a time stays a
calendar date (has_time False): its session is decided later from the date alone.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from functools import lru_cache
from zoneinfo import ZoneInfo

_US_ZONES = {"ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
             "CT": "America/Chicago", "GMT": "UTC", "UTC": "UTC", "BST": "Europe/London"}
_CNBC = re.compile(r"^(\d{1,2}):(\d{2})\s*(AM|PM)\s+([A-Z]{2,3})\s+(?:[A-Za-z]{3},?\s+)?(.+)$")
_MONTH_ONLY = re.compile(r"^[A-Za-z]{3}-\d{2}$")
_DATE_FORMATS = ("%d %B %Y", "%d %b %Y", "%d-%b-%y", "%d-%b-%Y", "%d %b %y", "%B %d, %Y",
                 "%b %d, %Y", "%d.%m.%Y", "%m/%d/%Y")
_DATETIME_FORMATS = ("%d-%m-%Y %H:%M", "%d-%m-%Y %H:%M:%S", "%d.%m.%Y %H:%M", "%m/%d/%Y %H:%M",
                     "%m/%d/%Y %H:%M:%S", "%m/%d/%Y %I:%M %p", "%b %d, %Y %I:%M %p",
                     "%d %b %Y %H:%M", "%Y/%m/%d %H:%M")


class TimeParseError(ValueError):
    """The text is not a time this module can read (the message says why)."""


class NoDayError(TimeParseError):
    """A month and year without a day ("Jul-18"): real, but not datable to a session."""


@dataclass(frozen=True)
class Published:
    value: str          # 'YYYY-MM-DDTHH:MM:SSZ' (UTC) or 'YYYY-MM-DD' (calendar date, no time)
    has_time: bool


def _utc(dt: datetime, tz: str) -> Published:
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=ZoneInfo(tz))
    dt = dt.astimezone(UTC)
    return Published(dt.strftime("%Y-%m-%dT%H:%M:%SZ"), True)


def _date_part(text: str) -> date:
    text = re.sub(r"\bSept\b", "Sep", text)
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise TimeParseError(f"unreadable date {text!r}")


def _cnbc(m: re.Match) -> Published:
    hour, minute, ampm, zone, rest = m.groups()
    if zone not in _US_ZONES:
        raise TimeParseError(f"unknown time zone {zone!r}")
    day = _date_part(rest.strip())
    h = int(hour) % 12 + (12 if ampm == "PM" else 0)
    return _utc(datetime(day.year, day.month, day.day, h, int(minute)), _US_ZONES[zone])


def parse_published(text: str, tz: str = "UTC") -> Published:
    """One publication time; raises TimeParseError naming what could not be read."""
    return _parse(" ".join(str(text).split()), tz)


@lru_cache(maxsize=65536)
def _parse(s: str, tz: str) -> Published:
    """Cached: news files repeat dates (Guardian: 17,800 rows, 772 dates) and trying formats
    with strptime cost ~1 ms a row (Guardian 17 s to read before the cache)."""
    if not s:
        raise TimeParseError("empty publication time")
    if _MONTH_ONLY.match(s):
        raise NoDayError(f"{s!r} gives a month and year but no day")
    m = _CNBC.match(s)
    if m:
        return _cnbc(m)
    try:
        dt = datetime.fromisoformat(s)      # Python 3.11 reads a trailing Z
    except ValueError:
        pass
    else:
        if len(s) <= 10:
            return Published(dt.date().isoformat(), False)
        return _utc(dt, tz)
    for fmt in _DATETIME_FORMATS:
        try:
            return _utc(datetime.strptime(s, fmt), tz)
        except ValueError:
            continue
    return Published(_date_part(s).isoformat(), False)
