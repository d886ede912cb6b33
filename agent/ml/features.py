"""Features from daily bars, each computed only from that day and earlier (trailing windows), and
the target: did the NEXT trading day close above this one (1) or not (0).

Features: close-to-close returns over 1/2/5/10/20 days, the day's range and its 5-day mean, the
opening gap, where the close sits in the day's range, 20-day volatility, Wilder RSI(14), distance
from the 10- and 50-day means, and volume against its 20-day mean (0 when the data has no volume).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

FEATURES: tuple[str, ...] = (
    "ret_1", "ret_2", "ret_5", "ret_10", "ret_20", "range", "range_5", "gap", "close_pos",
    "vol_20", "rsi_14", "sma_10_gap", "sma_50_gap", "volume_ratio")
WARMUP = 50           # rows before every feature is defined (the 50-day mean)


def _rsi(close: pd.Series, n: int = 14) -> pd.Series:
    delta = close.diff()
    up = delta.clip(lower=0).ewm(alpha=1 / n, adjust=False, min_periods=n).mean()
    down = (-delta.clip(upper=0)).ewm(alpha=1 / n, adjust=False, min_periods=n).mean()
    rs = up / down.replace(0, np.nan)
    return (100 - 100 / (1 + rs)).fillna(100.0).where(up.notna())


def build_features(bars: pd.DataFrame) -> pd.DataFrame:
    """One row per trading date: FEATURES, `target` (NaN on the last date), `next_close`."""
    c, h, low, o, v = (bars[k].astype(float) for k in ("close", "high", "low", "open", "volume"))
    f = pd.DataFrame({"trading_date": bars["trading_date"].to_numpy()})
    ret = c.pct_change()
    for n in (1, 2, 5, 10, 20):
        f[f"ret_{n}"] = (c / c.shift(n) - 1).to_numpy()
    rng = ((h - low) / c)
    f["range"] = rng.to_numpy()
    f["range_5"] = rng.rolling(5).mean().to_numpy()
    f["gap"] = (o / c.shift(1) - 1).to_numpy()
    span = (h - low).replace(0, np.nan)
    f["close_pos"] = ((c - low) / span).fillna(0.5).to_numpy()
    f["vol_20"] = ret.rolling(20).std().to_numpy()
    f["rsi_14"] = _rsi(c).to_numpy() / 100
    f["sma_10_gap"] = (c / c.rolling(10).mean() - 1).to_numpy()
    f["sma_50_gap"] = (c / c.rolling(50).mean() - 1).to_numpy()
    vmean = v.rolling(20).mean()
    f["volume_ratio"] = np.where(vmean > 0, np.log((v + 1) / (vmean + 1)), 0.0)
    nxt = c.shift(-1)
    f["next_close"] = nxt.to_numpy()
    f["close"] = c.to_numpy()
    f["target"] = np.where(nxt.isna(), np.nan, (nxt > c).astype(float))
    return f.iloc[WARMUP:].reset_index(drop=True)
