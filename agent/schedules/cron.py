"""Cron expressions (croniter: five fields, minute to weekday, or a macro such as @daily) read in an
IANA time zone; next run times in UTC as the canonical text the schedules table stores and compares
(one format on SQLite and Postgres, so text order is time order)."""
from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from croniter import croniter

STAMP = "%Y-%m-%dT%H:%M:%S+00:00"
MACROS = ("@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly")


class CronError(ValueError):
    """A schedule or time zone that cannot be read: the message names it."""


def check_schedule(expr: object) -> str:
    if not isinstance(expr, str) or not expr.strip():
        raise CronError("'schedule' is required: a cron expression such as \"0 17 * * 5\"")
    text = " ".join(expr.split())
    if len(text) > 120:
        raise CronError("'schedule' is longer than 120 characters")
    if not (text.lower() in MACROS or len(text.split(" ")) == 5) or not croniter.is_valid(text):
        raise CronError(f"'schedule' {text!r} is not a cron expression of five fields (minute hour "
                        "day-of-month month day-of-week, e.g. \"0 17 * * 5\") or a macro such as @daily")
    return text


def check_timezone(name: object) -> str:
    if not isinstance(name, str) or not name or len(name) > 64:
        raise CronError(f"'timezone' {str(name)[:64]!r} is not an IANA time zone such as America/New_York")
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise CronError(f"'timezone' {name!r} is not an IANA time zone such as America/New_York") from None
    return name


def next_run(expr: str, tz: str, after: datetime) -> datetime:
    """The first time after `after` the expression fires, read on the wall clock of `tz` (a
    17:00 schedule stays at 17:00 local across daylight saving), in UTC."""
    local = after.astimezone(ZoneInfo(tz))
    return croniter(expr, local).get_next(datetime).astimezone(timezone.utc)


def stamp(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime(STAMP)


def parse_stamp(text: str) -> datetime:
    return datetime.strptime(text, STAMP).replace(tzinfo=timezone.utc)
