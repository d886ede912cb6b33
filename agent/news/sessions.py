"""Which trading session a headline counts for.

A headline published before the session's close counts for that day's session; after the close it
counts for the next session (it can only move the next day's prices). Weekends and holidays roll
forward to the next trading date, taken from the symbol's stored daily bars (beyond the stored data:
the next weekday, or the next day for 24-hour markets). Closes, in the instrument's time zone:
US equities and index daily bars 16:00, CME futures 17:00 (their session ends then), crypto at
midnight of its time zone (the UTC day). A date without a time of day counts for that date's session.
"""
from __future__ import annotations

import bisect
from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from agent.market.instruments import Instrument

RTH_CLOSE = time(16, 0)
CME_CLOSE = time(17, 0)


def session_close(inst: Instrument) -> time | None:
    """Local close of the session, or None when the trading date is the whole calendar day."""
    if inst.session == "cme":
        return CME_CLOSE
    if inst.session == "rth" or (inst.session == "daily" and inst.asset_class in ("index", "equity")):
        return RTH_CLOSE
    return None


def _next_day(d: date, weekdays_only: bool) -> date:
    d += timedelta(days=1)
    while weekdays_only and d.weekday() >= 5:
        d += timedelta(days=1)
    return d


def _roll(candidate: date, trading_dates: Sequence[date], weekdays_only: bool) -> date:
    i = bisect.bisect_left(trading_dates, candidate)
    if i < len(trading_dates):
        return trading_dates[i]
    while weekdays_only and candidate.weekday() >= 5:
        candidate += timedelta(days=1)
    return candidate


def session_date(published_at: str, has_time: bool, inst: Instrument,
                 trading_dates: Sequence[date]) -> date:
    """The trading date a headline published at `published_at` (stored form) counts for."""
    close = session_close(inst)
    weekdays_only = close is not None
    if not has_time:
        return _roll(date.fromisoformat(published_at[:10]), trading_dates, weekdays_only)
    utc = datetime.strptime(published_at, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    local = utc.astimezone(ZoneInfo(inst.timezone))
    candidate = local.date()
    if close is not None and local.time() >= close:
        candidate = _next_day(candidate, False)
    return _roll(candidate, trading_dates, weekdays_only)
