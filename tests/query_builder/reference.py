"""Independent pandas reference computations over the raw CSVs in shared/data.

Nothing here imports the code under test: session rules are applied from scratch
(CME 18:00-17:00 New York with trading date = closing date; SPY regular hours 09:30-16:00 New York;
BTC UTC days; SPX daily as given), and every statistic is recomputed with pandas/numpy.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import pandas as pd

from tests.conftest import DATA

NY = "America/New_York"


@lru_cache(maxsize=None)
def minutes(symbol: str) -> pd.DataFrame:
    """1-min bars: ts (naive UTC start), local, trading_date (Timestamp), in_session, OHLCV."""
    if symbol == "NQ":
        df = pd.read_csv(DATA / "nq_1min_firstrate/NQ_1min_sample.csv")
        local = pd.to_datetime(df["timestamp"]).dt.tz_localize(NY)
    elif symbol == "SPY":
        df = pd.read_csv(DATA / "spy_1min_2024/SPY_1min.csv")
        local = pd.to_datetime(df["datetime"], utc=True).dt.tz_convert(NY)
    elif symbol == "BTCUSD":
        df = pd.read_csv(DATA / "btc_perp_1min/btc-perp-20211231-20220201_1m.csv")
        local = pd.to_datetime(df["timestamp"]).dt.tz_localize("UTC")
    else:
        raise KeyError(symbol)
    out = pd.DataFrame({
        "ts": local.dt.tz_convert("UTC").dt.tz_localize(None),
        "local": local.dt.tz_localize(None),
        **{c: df[c].astype(float) for c in ("open", "high", "low", "close", "volume")},
    })
    if symbol == "NQ":  # the session opening at 18:00 belongs to the next calendar date
        out["trading_date"] = (out["local"] + pd.Timedelta(hours=6)).dt.normalize()
        out["in_session"] = True
    elif symbol == "SPY":
        out["trading_date"] = out["local"].dt.normalize()
        minute = out["local"].dt.hour * 60 + out["local"].dt.minute
        out["in_session"] = (minute >= 9 * 60 + 30) & (minute < 16 * 60)
    else:
        out["trading_date"] = out["local"].dt.normalize()
        out["in_session"] = True
    return out.sort_values("ts").reset_index(drop=True)


@lru_cache(maxsize=None)
def daily(symbol: str) -> pd.DataFrame:
    """Daily bars indexed by trading date (Timestamp)."""
    if symbol == "SPX":
        df = pd.read_csv(DATA / "sp500_daily/chainins_GSPC.csv")
        idx = pd.to_datetime(df["Date"], format="%m/%d/%Y")
        return pd.DataFrame({c.lower(): df[c].astype(float).to_numpy()
                             for c in ("Open", "High", "Low", "Close", "Volume")},
                            index=pd.DatetimeIndex(idx, name="trading_date")).sort_index()
    m = minutes(symbol)
    g = m[m["in_session"]].groupby("trading_date")
    return pd.DataFrame({"open": g["open"].first(), "high": g["high"].max(), "low": g["low"].min(),
                         "close": g["close"].last(), "volume": g["volume"].sum()})


@lru_cache(maxsize=None)
def hourly(symbol: str) -> pd.DataFrame:
    """Hourly bars of in-session minutes, by UTC hour start; local hour start alongside."""
    m = minutes(symbol)
    m = m[m["in_session"]].copy()
    m["h"] = m["ts"].dt.floor("h")
    g = m.groupby("h")
    out = pd.DataFrame({"trading_date": g["trading_date"].min(), "open": g["open"].first(),
                        "high": g["high"].max(), "low": g["low"].min(), "close": g["close"].last(),
                        "volume": g["volume"].sum()})
    tz = "UTC" if symbol == "BTCUSD" else NY
    out["ts_local"] = out.index.tz_localize("UTC").tz_convert(tz).tz_localize(None)
    return out


def with_changes(d: pd.DataFrame) -> pd.DataFrame:
    """prev_close and close-to-close % change over the FULL series."""
    d = d.copy()
    d["prev_close"] = d["close"].shift(1)
    d["pct_change"] = (d["close"] / d["prev_close"] - 1) * 100
    return d


def period(symbol: str, start: str, end: str) -> pd.DataFrame:
    d = with_changes(daily(symbol))
    return d.loc[start:end]


def period_stats(symbol: str, start: str, end: str) -> dict:
    p = period(symbol, start, end)
    n = len(p)
    return {
        "first_date": p.index[0].date().isoformat(), "last_date": p.index[-1].date().isoformat(),
        "open": p["open"].iloc[0], "close": p["close"].iloc[-1],
        "high": p["high"].max(), "high_date": p["high"].idxmax().date().isoformat(),
        "low": p["low"].min(), "low_date": p["low"].idxmin().date().isoformat(),
        "pct_change": (p["close"].iloc[-1] / p["open"].iloc[0] - 1) * 100,
        "total_volume": p["volume"].sum(), "avg_daily_volume": p["volume"].sum() / n,
        "trading_days": n, "avg_daily_range": (p["high"] - p["low"]).mean(),
        "up_days": int((p["close"] > p["open"]).sum()),
        "down_days": int((p["close"] < p["open"]).sum()),
        "volatility": p["pct_change"].dropna().std(ddof=1),
    }


def events(symbol: str, start: str | None, end: str | None, op: str, threshold: float) -> pd.DataFrame:
    d = with_changes(daily(symbol)).loc[start:end]
    cmp = {"gt": d["pct_change"] > threshold, "gte": d["pct_change"] >= threshold,
           "lt": d["pct_change"] < threshold, "lte": d["pct_change"] <= threshold}[op]
    return d[cmp]


def after(symbol: str, start: str | None, end: str | None, op: str, threshold: float,
          n: int) -> pd.DataFrame:
    d = with_changes(daily(symbol))
    d["exit_close"] = d["close"].shift(-n)
    d["exit_date"] = pd.Series(d.index, index=d.index).shift(-n)
    d["return_pct"] = (d["exit_close"] / d["close"] - 1) * 100
    ev = events(symbol, start, end, op, threshold)
    return d.loc[ev.index]


def wilder_loop(x: np.ndarray, n: int) -> np.ndarray:
    """Wilder's smoothing written as the textbook loop (seed: mean of the first n values)."""
    out = np.full(len(x), np.nan)
    first = int(np.flatnonzero(~np.isnan(x))[0])
    avg = np.mean(x[first:first + n])
    out[first + n - 1] = avg
    for i in range(first + n, len(x)):
        avg = (avg * (n - 1) + x[i]) / n
        out[i] = avg
    return out


def rsi(close: pd.Series, n: int = 14) -> pd.Series:
    delta = close.diff().to_numpy()
    gain, loss = np.where(delta > 0, delta, 0.0), np.where(delta < 0, -delta, 0.0)
    gain[0] = loss[0] = np.nan
    ag, al = wilder_loop(gain, n), wilder_loop(loss, n)
    return pd.Series(100 - 100 / (1 + ag / al), index=close.index)


def price_levels(symbol: str, start: str | None, end: str | None, tolerance_pct: float = 0.5) -> dict:
    """Support and resistance as the price_levels pattern states its method, recomputed: swing
    highs/lows = the high (low) equal to the max (min) of the 5 sessions centred on it inside the
    period; the swing prices sorted ascending and grouped while within tolerance % of the group's
    lowest; a level = the group's mean; below the last close support, else resistance."""
    d = daily(symbol).loc[start:end]
    hi = d["high"].rolling(5, center=True, min_periods=5).max()
    lo = d["low"].rolling(5, center=True, min_periods=5).min()
    points = [(float(v), day) for day, v in d["high"][d["high"] >= hi].items()]
    points += [(float(v), day) for day, v in d["low"][d["low"] <= lo].items()]
    groups: list[list[tuple[float, pd.Timestamp]]] = []
    for price, day in sorted(points):
        if groups and price <= groups[-1][0][0] * (1 + tolerance_pct / 100):
            groups[-1].append((price, day))
        else:
            groups.append([(price, day)])
    close = float(d["close"].iloc[-1])
    levels = [{"level": float(np.mean([p for p, _ in g])), "touches": len(g),
               "last_date": max(day for _, day in g).date().isoformat()} for g in groups]
    return {"close": close, "points": len(points), "sessions": len(d),
            "support": sorted((x for x in levels if x["level"] < close), key=lambda x: -x["level"]),
            "resistance": sorted((x for x in levels if x["level"] >= close), key=lambda x: x["level"])}
