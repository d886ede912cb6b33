"""Granularity by period length, and date/time bounds (each action picks the table its granularity
reads: ohlcv_1min, ohlcv_1h, ohlcv_1d).

Rule (DESIGN.md): > 1 year weekly, 1-12 months daily, 1-7 days hourly, < 1 day 1 min. Spans are
counted in calendar days over the trading dates asked for, both ends inclusive:
  1 day (a single trading date)  -> 1min
  2..7 days                      -> hourly
  8..366 days (up to a year)     -> daily
  > 366 days                     -> weekly
An explicit step granularity wins. Symbols with daily bars only cannot go below daily.
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta

from agent.market.instruments import Instrument
from query_builder.models import Granularity, StepParams

# Open-ended periods: the whole history.
MIN_DATE = date(1, 1, 1)
MAX_DATE = date(9999, 12, 31)

# Bar sizes below a day, in minutes: "1min" and "hourly" are stored tables, the others are
# aggregated from 1-minute bars (AGGREGATED). Each divides a day, so bars align to local midnight.
BAR_MINUTES: dict[str, int] = {"1min": 1, "2min": 2, "3min": 3, "5min": 5, "10min": 10, "15min": 15,
                               "20min": 20, "30min": 30, "hourly": 60, "2h": 120, "4h": 240}
INTRADAY: frozenset[str] = frozenset(BAR_MINUTES)
AGGREGATED: frozenset[str] = INTRADAY - {"1min", "hourly"}
YEAR_DAYS = 366
WEEK_DAYS = 7


def bounds(params: StepParams) -> tuple[date, date]:
    """The trading-date range asked for; missing ends mean the whole history."""
    return params.start_date or MIN_DATE, params.end_date or MAX_DATE


def span_days(start: date | None, end: date | None) -> int | None:
    """Calendar days from start to end inclusive; None when the period is open-ended."""
    if start is None or end is None:
        return None
    return (end - start).days + 1


def by_period(start: date | None, end: date | None) -> Granularity:
    span = span_days(start, end)
    if span is None or span > YEAR_DAYS:
        return "weekly"
    if span > WEEK_DAYS:
        return "daily"
    if span > 1:
        return "hourly"
    return "1min"


def daily_only(instrument: Instrument | None) -> bool:
    """True when the symbol has no intraday bars (index history loaded as daily bars)."""
    if instrument is None:
        return False
    return instrument.session == "daily" or instrument.bar_seconds is None


def choose(params: StepParams, instrument: Instrument | None = None) -> tuple[Granularity, list[str]]:
    """(granularity, notes): explicit wins, else by period; degraded to daily for daily-only data."""
    gran: Granularity = params.granularity or by_period(params.start_date, params.end_date)
    notes: list[str] = []
    if gran in INTRADAY and instrument is not None and daily_only(instrument):
        notes.append(f"{instrument.symbol} has daily bars only: {gran} bars are not available, "
                     "daily bars used instead")
        gran = "daily"
    return gran, notes


def of_minutes(minutes: int) -> tuple[Granularity, bool]:
    """(the bar size for N minutes, exact?): N itself when it is a size bars are built at, else the
    largest size below it (a 7-minute question gets 5-minute bars, and the answer says so)."""
    exact = [g for g, n in BAR_MINUTES.items() if n == minutes]
    if exact:
        return exact[0], True  # type: ignore[return-value]
    below = [g for g, n in BAR_MINUTES.items() if n < minutes]
    return (below[-1] if below else "1min"), False  # type: ignore[return-value]


def ts_window(start: date, end: date) -> tuple[datetime, datetime]:
    """A UTC bar-start window [lo, hi) that surely holds every bar of trading dates start..end.

    A trading date's bars lie within a day of its calendar date in UTC for any timezone and for the
    CME rule (the session opens the evening before), so one day either side is enough. The window
    lets both engines use the (symbol, ts) primary key; the trading_date filter does the exact cut.
    """
    lo = datetime.combine(max(start, MIN_DATE + timedelta(days=2)), time()) - timedelta(days=2)
    hi = datetime.combine(min(end, MAX_DATE - timedelta(days=3)), time()) + timedelta(days=2)
    return lo, hi


def horizon_bound(end: date, horizon_days: int) -> date:
    """Last calendar date that can hold the exit N trading days after `end` (generous margin)."""
    if end >= MAX_DATE - timedelta(days=2 * horizon_days + 60):
        return MAX_DATE
    return end + timedelta(days=2 * horizon_days + 60)
