"""Session rules: which trading date a bar belongs to, and whether it counts toward daily stats.

- cme:   CME Globex futures, 18:00-17:00 New York; the trading date is the date the session closes,
         so a bar at 18:00 or later belongs to the next calendar date.
- rth:   US equities/ETFs; the trading date is the New York date; only 09:30-16:00 bars count toward
         daily and hourly rollups (extended-hours bars stay in ohlcv_1min).
- 24h:   crypto; the trading date is the date in the instrument's timezone (UTC by default).
- daily: daily bars as given (index history); the file's date is the trading date.
Daylight-saving switches are handled by converting each UTC bar start to local time (zoneinfo).

The exchange's clock decides the session, never the file's: cme and rth sessions are New York hours
whatever time zone the file's timestamps are written in (`--tz` only says how to read them).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import numpy as np

if TYPE_CHECKING:  # pandas is imported by the loading paths only (~0.5 s of CLI start-up)
    import pandas as pd

SessionRule = Literal["cme", "rth", "24h", "daily"]
SESSION_RULES: tuple[str, ...] = ("cme", "rth", "24h", "daily")

# CME's session opens at 18:00 the evening before: shifting local time by +6 h maps 18:00 to
# midnight of the closing date, so the trading date is just the shifted local date.
_CME_SHIFT = np.timedelta64(6, "h")
_RTH_OPEN_MIN = 9 * 60 + 30
# Rules tied to an exchange's clock; the others (24h, daily) use the instrument's own time zone.
EXCHANGE_CLOCK: dict[str, str] = {"cme": "America/New_York", "rth": "America/New_York"}


def session_clock(rule: str, instrument_tz: str) -> str:
    """The time zone a session rule reads bar times in."""
    return EXCHANGE_CLOCK.get(rule, instrument_tz)
_RTH_CLOSE_MIN = 16 * 60


def assign_sessions(ts_utc: pd.Series, tz: str, rule: SessionRule) -> tuple[pd.Series, np.ndarray]:
    """Trading date (datetime64 at midnight) and in-session mask for naive-UTC bar starts."""
    local = ts_utc.dt.tz_localize("UTC").dt.tz_convert(tz).dt.tz_localize(None)
    if rule == "cme":
        return (local + _CME_SHIFT).dt.normalize(), np.ones(len(local), dtype=bool)
    if rule == "rth":
        minutes = local.dt.hour.to_numpy() * 60 + local.dt.minute.to_numpy()
        mask = (minutes >= _RTH_OPEN_MIN) & (minutes < _RTH_CLOSE_MIN)
        return local.dt.normalize(), mask
    return local.dt.normalize(), np.ones(len(local), dtype=bool)


def local_time(ts_utc: pd.Series, tz: str) -> pd.Series:
    """Naive local wall-clock time for naive-UTC timestamps."""
    return ts_utc.dt.tz_localize("UTC").dt.tz_convert(tz).dt.tz_localize(None)
