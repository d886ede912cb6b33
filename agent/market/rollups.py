"""Daily and hourly rollups of a symbol's bars, computed column-wise with numpy.

For a Postgres load whose bars are all new (nothing stored on their trading dates), the rollups are
computed from the columns being loaded and written with binary COPY, instead of rebuilt in SQL
from the one-minute table: Postgres has no arg_min/arg_max, so the SQL rebuild aggregates, then
fetches each group's first and last bar by primary key (2 x 87,648 lookups for 10 years of hours):
1.2 s daily + 5.9 s hourly of an 18 s load of 5.26M bars. Here: one pass over sorted columns.

The bars must be sorted by ts (the loader guarantees it: sorted, unique); then trading dates and
hours are runs of equal keys, and each rollup row is a reduction over its run: open of the first
bar, close of the last, max high, min low, summed volume, bar count. Only in-session bars count,
as in the SQL rebuild (agent/market/postgres_store.py REBUILD_1D / REBUILD_1H).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

_HOUR_NS = 3_600 * 10**9
Rollups = tuple[dict[str, np.ndarray], dict[str, np.ndarray]]   # (daily, hourly) columns


def _runs(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Start and end (inclusive) index of each run of equal keys; None when keys go backwards."""
    if len(keys) and (keys[1:] < keys[:-1]).any():
        return None
    starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]]) if len(keys) else np.array([], np.int64)
    ends = np.r_[starts[1:], len(keys)] - 1
    return starts, ends


def _reduce(cols: dict[str, np.ndarray], starts: np.ndarray, ends: np.ndarray) -> dict[str, np.ndarray]:
    if not len(starts):
        return {k: np.array([], dtype=np.float64) for k in ("open", "high", "low", "close", "volume")} | {
            "bars": np.array([], dtype=np.int32)}
    return {"open": cols["open"][starts], "high": np.maximum.reduceat(cols["high"], starts),
            "low": np.minimum.reduceat(cols["low"], starts), "close": cols["close"][ends],
            "volume": np.add.reduceat(cols["volume"], starts), "bars": (ends - starts + 1).astype(np.int32)}


def compute(bars: pd.DataFrame, tz: str) -> Rollups | None:
    """(daily, hourly) rollup columns of the in-session bars; None when the bars are not in
    trading-date order (the caller rebuilds in SQL)."""
    import pandas as pd

    session = bars["in_session"].to_numpy(np.bool_)
    ts = bars["ts"].to_numpy("datetime64[ns]")[session]
    days = bars["trading_date"].to_numpy("datetime64[D]")[session]
    cols = {k: bars[k].to_numpy(np.float64)[session] for k in ("open", "high", "low", "close", "volume")}
    by_day = _runs(days.view(np.int64))
    hours = ts.view(np.int64) // _HOUR_NS
    by_hour = _runs(hours)
    if by_day is None or by_hour is None:
        return None
    (d0, d1), (h0, h1) = by_day, by_hour
    daily = {"trading_date": days[d0], **_reduce(cols, d0, d1), "first_ts": ts[d0], "last_ts": ts[d1]}
    starts = (hours[h0] * _HOUR_NS).astype("datetime64[ns]")
    local = pd.DatetimeIndex(starts).tz_localize("UTC").tz_convert(tz).tz_localize(None)
    hourly = {"ts": starts, "ts_local": local.to_numpy("datetime64[ns]"),
              # an hour's trading date is its first bar's (the SQL rebuild's min(trading_date))
              "trading_date": days[h0], **_reduce(cols, h0, h1)}
    return daily, hourly
