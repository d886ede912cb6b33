"""Market status per instrument from exchange calendars (exchange_calendars).

CME futures use "CMES" (CME equity futures: Globex 17:00-16:00 Chicago, holiday early closes),
US equities, ETFs and daily indices "XNYS" (regular hours, with pre-market from 04:00 and after
hours to 20:00 New York), crypto and anything on a 24h session are always open. Calendars are
built once per process (about 0.5 s each); a status is then a few index lookups.
"""
from __future__ import annotations

from datetime import UTC, datetime, time
from functools import lru_cache

import pandas as pd

from agent.market.instruments import default_instrument
from agent.memory.models import Closure, InstrumentStatus, MarketState

CALENDAR_BY_SESSION = {"cme": "CMES", "rth": "XNYS", "daily": "XNYS"}
ALWAYS_OPEN = "24/7"
PRE_MARKET_FROM = time(4, 0)       # XNYS extended hours (New York)
AFTER_HOURS_UNTIL = time(20, 0)
EXTENDED_HOURS = {"XNYS"}          # calendars with pre-market / after-hours sessions
UPCOMING_DAYS = 14                 # closures and early closes said in the context


def calendar(name: str):
    from agent.market.calendars import exchange_calendar

    return exchange_calendar(name)


def calendar_for(symbol: str, session: str | None = None) -> str:
    """The calendar name for an instrument (its session rule, else the built-in default's)."""
    rule = session or default_instrument(symbol).session
    return CALENDAR_BY_SESSION.get(rule, ALWAYS_OPEN)


def _iso(ts) -> str | None:
    return None if ts is None else pd.Timestamp(ts).tz_convert("UTC").isoformat()


def _utc(now: datetime) -> pd.Timestamp:
    ts = pd.Timestamp(now)
    return ts.tz_localize("UTC") if ts.tzinfo is None else ts.tz_convert("UTC")


def _extended(cal, name: str, now: pd.Timestamp) -> MarketState:
    """Outside regular hours on an exchange with extended sessions: pre-market, after hours or closed."""
    if name not in EXTENDED_HOURS:
        return "closed"
    local = now.tz_convert(cal.tz)
    day = local.normalize().tz_localize(None)
    if not cal.is_session(day):
        return "closed"
    open_, close = cal.session_open(day), cal.session_close(day)
    if now < open_ and local.time() >= PRE_MARKET_FROM:
        return "pre_market"
    if now >= close and local.time() < AFTER_HOURS_UNTIL:
        return "after_hours"
    return "closed"


def instrument_status(symbol: str, now: datetime, session: str | None = None) -> InstrumentStatus:
    """Open / closed / pre-market / after-hours at `now`, with the next open and close (UTC)."""
    return _status(symbol, _utc(now).floor("min"), session).model_copy()


@lru_cache(maxsize=1024)
def _status(symbol: str, ts: pd.Timestamp, session: str | None) -> InstrumentStatus:
    # Statuses change at most once a minute: cached per (symbol, minute), since the calendar
    # lookups cost ~0.5 ms per instrument and a context names up to 10 of them.
    name = calendar_for(symbol, session)
    if name == ALWAYS_OPEN:
        return InstrumentStatus(symbol=symbol, calendar=name, status="open", session=ts.date().isoformat())
    cal = calendar(name)
    is_open = cal.is_open_on_minute(ts)
    sess = cal.minute_to_session(ts, direction="next")
    return InstrumentStatus(
        symbol=symbol, calendar=name, status="open" if is_open else _extended(cal, name, ts),
        session=sess.date().isoformat(), early_close=bool(sess in cal.early_closes),
        next_open=_iso(cal.next_open(ts)), next_close=_iso(cal.next_close(ts)),
        upcoming=upcoming_closures(cal, ts))


def upcoming_closures(cal, ts: pd.Timestamp, days: int = UPCOMING_DAYS) -> list[Closure]:
    """Weekday holidays and early closes of the calendar in the `days` after `ts` (a trader asking
    on a Wednesday before Thanksgiving should hear that Thursday is closed and Friday ends early)."""
    start = ts.tz_convert(cal.tz).normalize().tz_localize(None)
    end = start + pd.Timedelta(days=days)
    if end > cal.last_session:
        end = cal.last_session
    sessions = cal.sessions_in_range(start, end) if start <= end else pd.DatetimeIndex([])
    out = []
    for day in pd.bdate_range(start, end):        # weekdays without a session: holidays
        if day not in sessions:
            out.append(Closure(date=day.date().isoformat(), kind="closed"))
    for day in sessions.intersection(cal.early_closes):
        out.append(Closure(date=day.date().isoformat(), kind="early_close",
                           close=_iso(cal.session_close(day))))
    return sorted(out, key=lambda c: c.date)


def market_statuses(symbols: list[str], now: datetime | None = None,
                    sessions: dict[str, str] | None = None) -> list[InstrumentStatus]:
    now = now or datetime.now(UTC)
    return [instrument_status(s, now, (sessions or {}).get(s)) for s in dict.fromkeys(symbols)]
