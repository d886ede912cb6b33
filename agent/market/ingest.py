"""Load a bar file into the store: read, validate, place in time, assign sessions, ingest.

Everything is checked before the store is touched, and the store writes in one transaction, so a
LoadError (or any failure) leaves the store as it was. Reloading the same file changes nothing.

Time-zone policy for naive timestamps (wall-clock in --tz or the instrument's zone):
- a time that occurs twice (daylight-saving fall-back) is taken in file order: the first occurrence
  is daylight time (the earlier instant), a repeat is standard time; that is how a continuous market
  records the repeated hour, and it keeps both bars instead of calling them duplicates;
- a time that does not exist (spring-forward gap) uses the offset in force before the switch
  (PEP 495 fold=0): 2024-03-10 02:30 New York is 07:30 UTC.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Callable, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import numpy as np
import pandas as pd

from agent.market.errors import LoadError
from agent.market.instruments import Instrument, default_instrument
from agent.market.reader import ParsedBars, read_bars
from agent.market.sessions import SESSION_RULES, SessionRule, assign_sessions, session_clock
from agent.market.store import BarKind, IngestReport, MarketStore

_NS = 10**9
_DAY = 86_400 * _NS
_EPOCH = datetime(1970, 1, 1)
_QUIET_BELOW = 200_000   # bars


@dataclass
class Prepared:
    kind: BarKind
    frame: pd.DataFrame          # intraday: ts + OHLCV (sorted, unique); daily: trading_date + OHLCV
    bar_seconds: int | None      # detected interval (None for daily, or a single intraday bar)


def load_file(store: MarketStore, path: str | Path, symbol: str, *, tz: str | None = None,
              session: SessionRule | None = None, timestamp: Literal["start", "end"] = "start",
              columns: list[str] | None = None,
              progress: Callable[[str], None] | None = None,
              multiplier: float | None = None) -> IngestReport:
    symbol = _check_flags(symbol, tz, session, timestamp)
    stored = store.get_instrument(symbol)
    base = stored or default_instrument(symbol)
    file_tz = tz or base.timezone          # --tz: how to read the file's naive timestamps, nothing more
    inst = base.model_copy(update={k: v for k, v in {
        "session": session, "multiplier": multiplier,
        # an instrument with no known exchange has no clock of its own: the file's zone is its clock
        "timezone": tz if base.asset_class == "other" else None}.items() if v})
    inst = inst.model_copy(update={"source": _source(inst.source if stored else None, path)})
    parsed = read_bars(path, columns, progress)
    if len(parsed.ts) < _QUIET_BELOW:
        progress = None   # small files load in a blink: no progress chatter
    if progress:
        progress(f"checking {len(parsed.ts):,} bars")
    bars = prepare(parsed, file_tz, timestamp, session_clock(inst.session, inst.timezone))
    del parsed   # the frame owns the bars now; keeps peak memory to one copy during the write
    _check_compatible(path, symbol, stored, bars)
    if bars.kind == "daily":
        inst = inst.model_copy(update={"bar_seconds": None,
                                       "session": session or (stored.session if stored else "daily")})
        return store.ingest(inst, bars.frame, "daily")
    inst = _intraday_instrument(inst, session, bars.bar_seconds or (stored and stored.bar_seconds) or 60)
    frame = with_sessions(bars.frame, inst)
    if stored and stored.bar_seconds and (stored.timezone, stored.session) != (inst.timezone, inst.session):
        frame = _merge_stored(store, inst, frame)   # re-date the stored bars in the same transaction
    if progress:
        progress(f"writing {len(frame):,} bars to {store.engine}")
    return store.ingest(inst, frame, "intraday")


def _check_flags(symbol: str, tz: str | None, session: str | None, timestamp: str) -> str:
    symbol = (symbol or "").strip().upper()
    if not symbol or len(symbol) > 32 or any(ch.isspace() for ch in symbol):
        raise LoadError(None, f"invalid symbol {symbol!r}: up to 32 characters, no spaces")
    if tz:
        try:
            ZoneInfo(tz)
        except (ZoneInfoNotFoundError, ValueError):
            raise LoadError(None, f"unknown time zone {tz!r} (use an IANA name such as "
                            "America/New_York or UTC)") from None
    if session and session not in SESSION_RULES:
        raise LoadError(None, f"unknown session {session!r} (one of {', '.join(SESSION_RULES)})")
    if timestamp not in ("start", "end"):
        raise LoadError(None, f"--timestamp must be start or end, not {timestamp!r}")
    return symbol


def _source(previous: str | None, path) -> str:
    name = Path(path).name
    if previous and name in previous.split("; "):
        return previous
    return "; ".join(filter(None, [previous, name]))[-500:]


def prepare(p: ParsedBars, tz: str, timestamp: str = "start", clock: str | None = None) -> Prepared:
    """Whole-file checks: daily or intraday, time zone, duplicates, interval, --timestamp end.
    `tz` reads naive timestamps; `clock` (default `tz`) dates daily bars stamped with offsets."""
    if _looks_daily(p):
        return _daily(p, clock or tz)
    utc = p.ts if p.aware else localize(p.ts, tz)
    order = dedupe(p, utc)
    ts = utc if order is None else utc[order]
    step = bar_interval(ts)
    if step is not None and (step > 3600 or 3600 % step):
        raise LoadError(p.path, f"unsupported bar interval of {step} s: intraday bars must divide "
                        "the hour (1 s to 1 h), or be daily")
    if timestamp == "end":
        ts = ts - (step or 60) * _NS   # bars stamped at their end: move them to their start
    frame = pd.DataFrame({"ts": ts.view("datetime64[ns]"), **_ohlcv(p, order)}, copy=False)
    return Prepared("intraday", frame, step)


def _looks_daily(p: ParsedBars) -> bool:
    if not (p.ts % _DAY).any():
        return True    # every stamp at midnight: dates
    # Most files are sorted (either way), so file-order gaps tell daily from intraday without a sort.
    step = bar_interval(np.abs(np.diff(p.ts)), diffs=True)
    return step is not None and step >= 86_400


def _daily(p: ParsedBars, tz: str) -> Prepared:
    days = p.ts
    if p.aware and (p.ts % _DAY).any():
        # offsets given with times of day: the trading date is the date in the instrument's zone
        days = localize_back(p.ts, tz)
    dates = days - days % _DAY
    order = dedupe(p, dates)
    dates = dates if order is None else dates[order]
    frame = pd.DataFrame({"trading_date": dates.view("datetime64[ns]"), **_ohlcv(p, order)}, copy=False)
    return Prepared("daily", frame, None)


def _ohlcv(p: ParsedBars, order: np.ndarray | None) -> dict[str, np.ndarray]:
    cols = ("open", "high", "low", "close", "volume")
    return {k: getattr(p, k) if order is None else getattr(p, k)[order] for k in cols}


def localize(naive: np.ndarray, tz: str) -> np.ndarray:
    """Naive wall-clock ns in `tz` -> UTC ns, with the DST policy in the module docstring."""
    if tz == "UTC":
        return naive
    local = pd.DatetimeIndex(naive.view("datetime64[ns]")).tz_localize(
        tz, ambiguous="NaT", nonexistent="NaT")
    utc = local.asi8.copy()
    odd = np.flatnonzero(local.isna())
    if odd.size:   # only the DST hours: resolved one by one with zoneinfo folds
        utc[odd] = _resolve_folds(naive[odd], ZoneInfo(tz))
    return utc


def _resolve_folds(naive: np.ndarray, zone: ZoneInfo) -> np.ndarray:
    seen: Counter[int] = Counter()
    out = np.empty(len(naive), dtype=np.int64)
    for i, v in enumerate(naive.tolist()):
        wall = _EPOCH + timedelta(microseconds=v // 1000)
        exists = (wall.replace(tzinfo=zone).astimezone(ZoneInfo("UTC"))
                  .astimezone(zone).replace(tzinfo=None) == wall)
        fold = min(seen[v], 1) if exists else 0     # repeated hour: first = DST, repeat = standard
        seen[v] += 1
        offset = wall.replace(tzinfo=zone, fold=fold).utcoffset()
        assert offset is not None                     # an aware time always has one
        out[i] = v - int(offset.total_seconds()) * _NS
    return out


def localize_back(utc: np.ndarray, tz: str) -> np.ndarray:
    """UTC ns -> naive wall-clock ns in `tz`."""
    return pd.DatetimeIndex(utc.view("datetime64[ns]")).tz_localize("UTC").tz_convert(tz) \
        .tz_localize(None).asi8


def dedupe(p: ParsedBars, key: np.ndarray) -> np.ndarray | None:
    """Row order sorted by key without identical repeats (None: file order already is that);
    a repeat with other values is an error."""
    if len(key) < 2 or (key[1:] > key[:-1]).all():
        return None                             # the usual case: sorted, unique, no copies needed
    order = np.argsort(key, kind="stable")      # stable: equal keys stay in file order
    k = key[order]
    dup = np.flatnonzero(k[1:] == k[:-1])
    if not dup.size:
        return order
    a, b = order[dup], order[dup + 1]
    same = np.ones(dup.size, dtype=bool)
    for name in ("open", "high", "low", "close", "volume"):
        col = getattr(p, name)
        same &= col[a] == col[b]
    if not same.all():
        j = np.flatnonzero(~same)
        first = j[np.argmin(b[j])]               # the conflict that comes first in the file
        when = pd.Timestamp(int(p.ts[b[first]])).isoformat() + (" UTC" if p.aware else "")
        other, unit = p.locate(int(a[first]))
        raise p.error(b[first], f"duplicate timestamp {when} with values different from {unit} {other}")
    keep = np.ones(len(order), dtype=bool)
    keep[dup + 1] = False
    return order[keep]


def bar_interval(values: np.ndarray, diffs: bool = False) -> int | None:
    """Most common gap in seconds between consecutive sorted stamps (or given diffs); > 1 week ignored."""
    gaps = (values if diffs else np.diff(values)) // _NS
    gaps = gaps[(gaps > 0) & (gaps <= 7 * 86_400)]
    return int(np.bincount(gaps).argmax()) if gaps.size else None


def _label(seconds: int) -> str:
    return f"{seconds // 60}-minute" if seconds % 60 == 0 else f"{seconds}-second"


def _check_compatible(path, symbol: str, stored: Instrument | None, bars: Prepared) -> None:
    """One symbol holds one kind of bars: daily-only, or intraday of one interval."""
    if stored is None:
        return
    if bars.kind == "daily" and stored.bar_seconds:
        raise LoadError(path, f"{symbol} already holds {_label(stored.bar_seconds)} bars and its "
                        f"daily bars are built from them; load this daily file under another "
                        f"symbol, e.g. --symbol {symbol}D")
    if bars.kind == "intraday" and not stored.bar_seconds:
        raise LoadError(path, f"{symbol} holds daily bars only; load these intraday bars under "
                        f"another symbol, e.g. --symbol {symbol}{(bars.bar_seconds or 60) // 60}M")
    if bars.kind == "intraday" and bars.bar_seconds and stored.bar_seconds and bars.bar_seconds != stored.bar_seconds:
        raise LoadError(path, f"{symbol} holds {_label(stored.bar_seconds)} bars but this file has "
                        f"{_label(bars.bar_seconds)} bars; load it under another symbol, e.g. "
                        f"--symbol {symbol}{bars.bar_seconds // 60 or bars.bar_seconds}")


def _intraday_instrument(inst: Instrument, session: str | None, bar_seconds: int) -> Instrument:
    if session == "daily":
        raise LoadError(None, f"--session daily is for daily bar files; this file has "
                        f"{_label(bar_seconds)} bars (use cme, rth or 24h)")
    rule = inst.session
    if rule == "daily":   # an index known for daily history, now with intraday bars: cash hours
        rule = "rth" if inst.asset_class in ("index", "equity") else "24h"
    return inst.model_copy(update={"session": rule, "bar_seconds": bar_seconds,
                                   "timezone": session_clock(rule, inst.timezone)})


def with_sessions(frame: pd.DataFrame, inst: Instrument) -> pd.DataFrame:
    trading_date, in_session = assign_sessions(frame["ts"], inst.timezone, inst.session)
    return frame.assign(trading_date=trading_date.to_numpy(), in_session=in_session)


def _merge_stored(store: MarketStore, inst: Instrument, frame: pd.DataFrame) -> pd.DataFrame:
    """The file's bars plus every stored bar not in it, all dated by the new tz/session."""
    stored = store.intraday_bars(inst.symbol)
    rest = stored[~stored["ts"].isin(frame["ts"])]
    if rest.empty:
        return frame
    merged = pd.concat([frame, with_sessions(rest.reset_index(drop=True), inst)], ignore_index=True)
    return merged.sort_values("ts", kind="stable", ignore_index=True)
