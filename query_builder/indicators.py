"""Technical indicators on daily bars (numpy/pandas), computed after SQL fetched enough warm-up.

Conventions (what the answers and the validator assume):
- RSI: Wilder, default 14; averages seeded with the simple mean of the first `n` changes, then
  Wilder smoothing (alpha = 1/n). With >= 500 bars of warm-up the seed no longer matters.
- MACD: EMA(12) - EMA(26) of closes, signal EMA(9) of MACD, histogram = MACD - signal
  (EMAs: alpha = 2 / (span + 1), seeded with the first value).
- Bollinger: SMA(20) +- 2 population standard deviations (ddof 0) of closes.
- SMA / EMA: default window 20.  ATR: Wilder(14) of the true range.
- ADX: Wilder(14): +DI, -DI from smoothed directional movement / true range, ADX = Wilder mean of DX.
- OBV: cumulative signed volume from the first day of the requested period (0 before it).
- VWAP: per trading date, sum(typical price x volume) / sum(volume) over the session's 1-min bars.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from query_builder import declare

MACD_FAST, MACD_SLOW, MACD_SIGNAL = 12, 26, 9
BOLLINGER_K = 2.0
WARMUP_BARS = 500


def warmup_bars(indicator: str, window: int | None) -> int:
    """Trading days of history read before the period's first day."""
    if indicator == "vwap":
        return 0
    return max(WARMUP_BARS, 10 * (window or 0))


def wilder(x: np.ndarray, n: int) -> np.ndarray:
    """Wilder smoothing: seed with the mean of the first n valid values, then alpha = 1/n."""
    out = np.full(len(x), np.nan)
    valid = np.flatnonzero(np.isfinite(x))
    if len(valid) < n:
        return out
    first = valid[0]
    seed_at = first + n - 1
    import pandas as pd  # lazy: ~0.5 s of start-up for the questions that need no indicator

    s = pd.Series(np.where(np.arange(len(x)) > seed_at, x, np.nan))
    s.iloc[seed_at] = np.mean(x[first:seed_at + 1])
    out[seed_at:] = s.iloc[seed_at:].ewm(alpha=1.0 / n, adjust=False).mean().to_numpy()
    return out


def ema(x: np.ndarray, span: int) -> np.ndarray:
    import pandas as pd

    return np.asarray(pd.Series(x).ewm(span=span, adjust=False).mean().to_numpy())


def sma(x: np.ndarray, n: int) -> np.ndarray:
    import pandas as pd

    return np.asarray(pd.Series(x).rolling(n).mean().to_numpy())


def rsi(close: np.ndarray, n: int = 14) -> dict[str, np.ndarray]:
    delta = np.r_[np.nan, np.diff(close)]
    gain = np.where(np.isnan(delta), np.nan, np.clip(delta, 0, None))
    loss = np.where(np.isnan(delta), np.nan, np.clip(-delta, 0, None))
    ag, al = wilder(gain, n), wilder(loss, n)
    with np.errstate(divide="ignore", invalid="ignore"):
        value = np.where(al == 0, np.where(ag == 0, 50.0, 100.0), 100.0 - 100.0 / (1.0 + ag / al))
    return {"rsi": np.where(np.isnan(ag) | np.isnan(al), np.nan, value)}


def macd(close: np.ndarray) -> dict[str, np.ndarray]:
    line = ema(close, MACD_FAST) - ema(close, MACD_SLOW)
    signal = ema(line, MACD_SIGNAL)
    return {"macd": line, "signal": signal, "histogram": line - signal}


def bollinger(close: np.ndarray, n: int = 20) -> dict[str, np.ndarray]:
    import pandas as pd

    s = pd.Series(close)
    mid = s.rolling(n).mean().to_numpy()
    sd = s.rolling(n).std(ddof=0).to_numpy()
    return {"middle": mid, "upper": mid + BOLLINGER_K * sd, "lower": mid - BOLLINGER_K * sd}


def true_range(high: np.ndarray, low: np.ndarray, close: np.ndarray) -> np.ndarray:
    prev = np.r_[np.nan, close[:-1]]
    return np.asarray(np.fmax(high - low, np.fmax(np.abs(high - prev), np.abs(low - prev))))


def atr(high: np.ndarray, low: np.ndarray, close: np.ndarray, n: int = 14) -> dict[str, np.ndarray]:
    return {"atr": wilder(true_range(high, low, close), n)}


def adx(high: np.ndarray, low: np.ndarray, close: np.ndarray, n: int = 14) -> dict[str, np.ndarray]:
    up = np.r_[np.nan, np.diff(high)]
    down = np.r_[np.nan, -np.diff(low)]
    plus_dm = np.where((up > down) & (up > 0), up, 0.0)
    minus_dm = np.where((down > up) & (down > 0), down, 0.0)
    plus_dm[0] = minus_dm[0] = np.nan
    tr = true_range(high, low, close)
    tr[0] = np.nan
    s_tr, s_plus, s_minus = wilder(tr, n), wilder(plus_dm, n), wilder(minus_dm, n)
    with np.errstate(divide="ignore", invalid="ignore"):
        plus_di = 100.0 * s_plus / s_tr
        minus_di = 100.0 * s_minus / s_tr
        dx = 100.0 * np.abs(plus_di - minus_di) / (plus_di + minus_di)
    return {"adx": wilder(dx, n), "plus_di": plus_di, "minus_di": minus_di}


def obv(close: np.ndarray, volume: np.ndarray, start: int) -> dict[str, np.ndarray]:
    """OBV accumulated from index `start` (the period's first day; its change uses the close before)."""
    step = np.sign(np.r_[0.0, np.diff(close)]) * volume
    step[:start] = 0.0
    if start == 0:
        step[0] = 0.0
    out = np.cumsum(step)
    out[:start] = np.nan
    return {"obv": out}


def compute(indicator: str, bars: dict[str, np.ndarray], window: int | None,
            start: int = 0) -> dict[str, np.ndarray]:
    """Indicator columns over the fetched daily bars; `start` = index of the period's first day.
    Dispatches to the indicator's declaration (query_builder/declarations.py)."""
    decl = declare.indicators()[indicator]
    n = window or decl.window or 0      # 0: macd, obv and vwap take no window
    return decl.compute(bars, n, start)


def __getattr__(name: str) -> Any:
    """DEFAULT_WINDOW and COLUMNS (indicator -> default window / output columns, the first one the
    headline value): views of the declarations, for the callers that read them as tables."""
    if name == "DEFAULT_WINDOW":
        return {n: d.window for n, d in declare.indicators().items()}
    if name == "COLUMNS":
        return {n: d.columns for n, d in declare.indicators().items()}
    raise AttributeError(name)
