"""A deterministic synthetic data set for a first run with no data (`askbar demo`) and benchmarks.

Everything is vectorised numpy seeded per symbol, so the same call always yields the same bars.
Instruments are flagged synthetic=True so every answer built on them can say so.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.csv as pacsv

from agent.market.instruments import NY, Instrument
from agent.market.sessions import SessionRule, assign_sessions
from agent.market.store import IngestReport, MarketStore


@dataclass(frozen=True)
class DemoSpec:
    name: str
    asset_class: str
    timezone: str
    session: SessionRule
    price: float            # starting price
    tick: float
    vol: float              # annualised volatility
    volume: float           # median volume per bar
    calendar: str | None = None      # exchange_calendars name: trading dates and early closes
    multiplier: float | None = None  # contract multiplier for paper P&L (the real contract's)


SPECS: dict[str, DemoSpec] = {
    "DEMO_NQ": DemoSpec("Synthetic Nasdaq-100 futures", "future", NY, "cme", 15000.0, 0.25, 0.22, 400,
                        "CMES", 20.0),           # like NQ: CME equity calendar, 20 USD per point
    "DEMO_SPY": DemoSpec("Synthetic S&P 500 ETF", "equity", NY, "rth", 450.0, 0.01, 0.16, 60000, "XNYS"),
    "DEMO_BTC": DemoSpec("Synthetic bitcoin", "crypto", "UTC", "24h", 40000.0, 0.5, 0.60, 25),
    "DEMO_SPX": DemoSpec("Synthetic S&P 500 index", "index", NY, "daily", 4500.0, 0.01, 0.16, 3.5e9, "XNYS"),
}
# Fixed window (not relative to today) so the demo answers never drift between runs.
DEMO_START, DEMO_END = date(2023, 1, 1), date(2024, 12, 31)
DAILY_START = date(2015, 1, 1)
_HOLIDAYS = {(1, 1), (7, 4), (12, 25)}   # closed days of a symbol without an exchange calendar


def demo_instrument(symbol: str) -> Instrument:
    s = SPECS[symbol]
    return Instrument(symbol=symbol, name=s.name, asset_class=s.asset_class, timezone=s.timezone,
                      session=s.session, synthetic=True, source="askbar demo (synthetic, seeded)",
                      multiplier=s.multiplier)


def _schedule(spec: DemoSpec, start: date, end: date) -> pd.DataFrame | None:
    """The exchange's sessions start..end (index: trading date; close: UTC), or None without one."""
    if spec.calendar is None:
        return None
    from agent.market.calendars import exchange_calendar

    # a week either side: the calendar wants start < end, and one day is a valid request here
    cal = exchange_calendar(spec.calendar, (start - timedelta(days=7)).isoformat(),
                            (end + timedelta(days=7)).isoformat())
    return cal.schedule.loc[str(start):str(end)]


def _seed(symbol: str) -> int:
    return zlib.crc32(symbol.encode())


def _spec(symbol: str) -> DemoSpec:
    # Unknown symbols get a CME-like futures profile, so benchmarks can ask for any name.
    return SPECS.get(symbol.upper(), SPECS["DEMO_NQ"])


def _open_minutes(spec: DemoSpec, start: date, end: date) -> pd.DatetimeIndex:
    """Naive-UTC bar starts of every minute the synthetic market is open, start..end inclusive."""
    utc = pd.date_range(pd.Timestamp(start) - pd.Timedelta(days=1), pd.Timestamp(end) + pd.Timedelta(days=1),
                        freq="1min", inclusive="left")
    td, in_session = assign_sessions(pd.Series(utc), spec.timezone, spec.session)
    local = utc.tz_localize("UTC").tz_convert(spec.timezone).tz_localize(None)
    minute = local.hour * 60 + local.minute
    dow = td.dt.day_of_week.to_numpy()
    keep = (dow < 5) if spec.session != "24h" else np.ones(len(utc), dtype=bool)
    if spec.session == "cme":
        keep &= (minute < 17 * 60) | (minute >= 18 * 60)   # daily maintenance break 17:00-18:00
    elif spec.session == "rth":
        keep &= in_session
    schedule = _schedule(spec, start, end)
    if schedule is None:
        month_day = td.dt.month.to_numpy() * 100 + td.dt.day.to_numpy()
        keep &= ~np.isin(month_day, [m * 100 + d for m, d in _HOLIDAYS]) | (spec.session == "24h")
    else:   # the exchange's trading dates only (no bars on its holidays); regular hours end at its close
        sessions = schedule.index.to_numpy().astype("datetime64[ns]")
        keep &= np.isin(td.to_numpy().astype("datetime64[ns]"), sessions)
        if spec.session == "rth":
            close = pd.Series(schedule["close"].dt.tz_convert(None).to_numpy(), index=sessions)
            keep &= utc.to_numpy() < close.reindex(td.to_numpy().astype("datetime64[ns]")).to_numpy()
    dates = td.to_numpy()
    keep &= (dates >= np.datetime64(start)) & (dates <= np.datetime64(end))
    return utc[keep]


def _ohlcv(n: int, spec: DemoSpec, sigma: float, rng: np.random.Generator) -> dict[str, np.ndarray]:
    """Random-walk closes; open = previous close; high/low wrap both; all on the tick grid."""
    returns = rng.standard_normal(n) * sigma + sigma * sigma * 0.02
    close = np.round(spec.price * np.exp(np.cumsum(returns)) / spec.tick) * spec.tick
    open_ = np.concatenate(([spec.price], close[:-1]))
    wick = np.abs(rng.standard_normal((2, n))) * sigma * 0.6 * close
    high = np.maximum(open_, close) + np.ceil(wick[0] / spec.tick) * spec.tick
    low = np.minimum(open_, close) - np.ceil(wick[1] / spec.tick) * spec.tick
    volume = np.round(rng.lognormal(np.log(spec.volume), 0.6, n))
    decimals = max(0, int(-np.floor(np.log10(spec.tick))) + 1)
    return {"open": open_.round(decimals), "high": high.round(decimals), "low": low.round(decimals),
            "close": close.round(decimals), "volume": volume}


def synthetic_bars(symbol: str, start: date, end: date, freq: str = "1min",
                   seed: int | None = None) -> pd.DataFrame:
    """Bars for `symbol` from start to end (trading dates, inclusive).

    freq="1min": columns ts (naive UTC bar start), open, high, low, close, volume, following the
    symbol's session calendar (CME-like for unknown symbols). freq="1D": trading_date instead of ts.
    """
    spec = _spec(symbol)
    rng = np.random.default_rng(_seed(symbol) if seed is None else seed)
    if freq == "1D":
        schedule = _schedule(spec, start, end)
        days = pd.bdate_range(start, end) if schedule is None else pd.DatetimeIndex(schedule.index)
        if schedule is None:
            days = days[~np.isin(days.month * 100 + days.day, [m * 100 + d for m, d in _HOLIDAYS])]
        cols = _ohlcv(len(days), spec, spec.vol / np.sqrt(252), rng)
        return pd.DataFrame({"trading_date": days, **cols})
    if freq != "1min":
        raise ValueError(f"unsupported freq {freq!r}: use '1min' or '1D'")
    ts = _open_minutes(spec, start, end)
    per_year = max(len(ts) / max((end - start).days / 365.25, 1e-9), 1.0)
    cols = _ohlcv(len(ts), spec, spec.vol / np.sqrt(per_year), rng)
    return pd.DataFrame({"ts": ts, **cols})


def write_synthetic_csv(path: str | Path, symbol: str, start: date, end: date,
                        local_time: bool = True, seed: int | None = None) -> int:
    """Write 1-min synthetic bars as a vendor-style CSV; returns the number of bars.

    local_time=True writes naive wall-clock times in the symbol's timezone (like FirstRate files),
    which exercises the loader's DST handling; False writes UTC with a Z offset.
    """
    bars = synthetic_bars(symbol, start, end, seed=seed)
    ts = bars["ts"].dt.tz_localize("UTC")
    ts = ts.dt.tz_convert(_spec(symbol).timezone).dt.tz_localize(None) if local_time else ts
    table = pa.table({"timestamp": pa.array(ts, pa.timestamp("s")), **{c: pa.array(bars[c]) for c in
                                                     ("open", "high", "low", "close", "volume")}})
    pacsv.write_csv(table, str(path))
    return len(bars)


def seed_demo(store: MarketStore, progress: Callable[[str], None] | None = None) -> list[IngestReport]:
    """Load the synthetic set into the store (idempotent: a second run changes nothing)."""
    reports = []
    for symbol, spec in SPECS.items():
        if progress:
            progress(f"generating {symbol}")
        inst = demo_instrument(symbol)
        if spec.session == "daily":
            reports.append(store.ingest(inst, synthetic_bars(symbol, DAILY_START, DEMO_END, "1D"), "daily"))
            continue
        bars = synthetic_bars(symbol, DEMO_START, DEMO_END)
        td, mask = assign_sessions(bars["ts"], spec.timezone, spec.session)
        bars = bars.assign(trading_date=td, in_session=mask)
        reports.append(store.ingest(inst.model_copy(update={"bar_seconds": 60}), bars, "intraday"))
    return reports
