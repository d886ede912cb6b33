"""get_indicator against textbook implementations over the FULL history (both engines).

The builder reads only >= 500 bars of warm-up before the period; the references below start from
the first bar of the file, so matching them shows the warm-up is enough for Wilder/EMA to converge.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from query_builder import CapabilityUnavailable
from tests.query_builder import reference as ref
from tests.query_builder.util import run

TOL = 1e-6


def values(res, key):
    return pd.Series([r[key] for r in res.rows], index=pd.to_datetime([r["trading_date"] for r in res.rows]),
                     dtype=float)


def check(res, expected: pd.Series, key: str, start: str, end: str, tol: float = TOL):
    exp = expected.loc[start:end]
    got = values(res, key)
    assert list(got.index) == list(exp.index)
    assert got.to_numpy() == pytest.approx(exp.to_numpy(), rel=tol, abs=tol, nan_ok=True)
    assert res.summary["date"] == exp.index[-1].date().isoformat()
    assert res.summary[key] == pytest.approx(exp.iloc[-1], rel=tol, abs=tol)


def test_rsi_reference_values(loaded_store):
    res = run(loaded_store, "get_indicator", symbol="SPX", indicator="rsi", window=14,
              start_date="2019-12-01", end_date="2019-12-31")
    assert res.summary["rsi"] == pytest.approx(70.74366, abs=1e-5)
    assert res.summary["value"] == res.summary["rsi"] and res.summary["window"] == 14
    check(res, ref.rsi(ref.daily("SPX")["close"]), "rsi", "2019-12-01", "2019-12-31")
    res = run(loaded_store, "get_indicator", symbol="SPX", indicator="rsi",
              start_date="2020-03-01", end_date="2020-03-31")
    assert res.summary["rsi"] == pytest.approx(45.385447, abs=1e-5)


def test_moving_averages_bollinger_macd(loaded_store):
    close = ref.daily("SPX")["close"]
    start, end = "2020-01-01", "2020-06-30"
    res = run(loaded_store, "get_indicator", symbol="SPX", indicator="sma", window=50,
              start_date=start, end_date=end)
    check(res, close.rolling(50).mean(), "sma", start, end)
    res = run(loaded_store, "get_indicator", symbol="SPX", indicator="ema", window=20,
              start_date=start, end_date=end)
    check(res, close.ewm(span=20, adjust=False).mean(), "ema", start, end)
    res = run(loaded_store, "get_indicator", symbol="SPX", indicator="bollinger",
              start_date=start, end_date=end)
    mid, sd = close.rolling(20).mean(), close.rolling(20).std(ddof=0)
    check(res, mid, "middle", start, end)
    check(res, mid + 2 * sd, "upper", start, end)
    check(res, mid - 2 * sd, "lower", start, end)
    res = run(loaded_store, "get_indicator", symbol="SPX", indicator="macd",
              start_date=start, end_date=end)
    line = close.ewm(span=12, adjust=False).mean() - close.ewm(span=26, adjust=False).mean()
    signal = line.ewm(span=9, adjust=False).mean()
    check(res, line, "macd", start, end)
    check(res, signal, "signal", start, end)
    check(res, line - signal, "histogram", start, end)


def _true_range(d: pd.DataFrame) -> np.ndarray:
    prev = d["close"].shift(1)
    return pd.concat([d["high"] - d["low"], (d["high"] - prev).abs(), (d["low"] - prev).abs()],
                     axis=1).max(axis=1).to_numpy(copy=True)


def test_atr_adx_obv(loaded_store):
    d = ref.daily("SPX")
    start, end = "2019-06-01", "2020-06-30"
    res = run(loaded_store, "get_indicator", symbol="SPX", indicator="atr",
              start_date=start, end_date=end)
    check(res, pd.Series(ref.wilder_loop(_true_range(d), 14), index=d.index), "atr", start, end)

    up, down = d["high"].diff(), -d["low"].diff()
    plus = np.where((up > down) & (up > 0), up, 0.0)
    minus = np.where((down > up) & (down > 0), down, 0.0)
    plus[0] = minus[0] = np.nan
    tr = _true_range(d)
    tr[0] = np.nan
    s_tr = ref.wilder_loop(tr, 14)
    pdi = 100 * ref.wilder_loop(plus, 14) / s_tr
    mdi = 100 * ref.wilder_loop(minus, 14) / s_tr
    dx = 100 * np.abs(pdi - mdi) / (pdi + mdi)
    res = run(loaded_store, "get_indicator", symbol="SPX", indicator="adx",
              start_date=start, end_date=end)
    check(res, pd.Series(ref.wilder_loop(dx, 14), index=d.index), "adx", start, end)
    check(res, pd.Series(pdi, index=d.index), "plus_di", start, end)

    res = run(loaded_store, "get_indicator", symbol="SPY", indicator="obv",
              start_date="2024-03-01", end_date="2024-03-31")
    s = ref.daily("SPY")
    step = (np.sign(s["close"].diff()) * s["volume"]).loc["2024-03-01":"2024-03-31"]
    check(res, step.cumsum(), "obv", "2024-03-01", "2024-03-31")


def test_vwap_from_minute_bars(loaded_store):
    res = run(loaded_store, "get_indicator", symbol="SPY", indicator="vwap",
              start_date="2024-03-01", end_date="2024-03-31")
    m = ref.minutes("SPY")
    m = m[m["in_session"] & (m["trading_date"] >= "2024-03-01") & (m["trading_date"] <= "2024-03-31")]
    tp = (m["high"] + m["low"] + m["close"]) / 3
    vwap = (tp * m["volume"]).groupby(m["trading_date"]).sum() / m.groupby("trading_date")["volume"].sum()
    check(res, vwap, "vwap", "2024-03-01", "2024-03-31", tol=1e-9)
    nq = run(loaded_store, "get_indicator", symbol="NQ", indicator="vwap",
             start_date="2023-11-20", end_date="2023-11-30")
    assert nq.row_count == 9


@pytest.mark.parametrize("symbol,start,end,t0,t1", [
    ("SPY", "2024-03-01", "2024-03-31", "10:00", "11:00"),
    ("NQ", "2023-11-20", "2023-11-30", "09:30", "10:30"),
    ("NQ", "2023-11-20", "2023-11-30", "20:00", "02:00"),     # a window across midnight
])
def test_vwap_of_a_clock_window(loaded_store, symbol, start, end, t0, t1):
    """Each date's VWAP over the minutes of a local wall-clock window [t0, t1), not the session's."""
    res = run(loaded_store, "get_indicator", symbol=symbol, indicator="vwap", start_date=start,
              end_date=end, start_time=t0, end_time=t1)
    m = ref.minutes(symbol)
    t, a, b = m["local"].dt.time, pd.Timestamp(t0).time(), pd.Timestamp(t1).time()
    inside = ((t >= a) & (t < b)) if a < b else ((t >= a) | (t < b))
    m = m[m["in_session"] & inside & (m["trading_date"] >= start) & (m["trading_date"] <= end)]
    tp = (m["high"] + m["low"] + m["close"]) / 3
    vwap = (tp * m["volume"]).groupby(m["trading_date"]).sum() / m.groupby("trading_date")["volume"].sum()
    check(res, vwap, "vwap", start, end, tol=1e-9)


def test_vwap_unavailable_for_daily_only(loaded_store):
    with pytest.raises(CapabilityUnavailable) as err:
        run(loaded_store, "get_indicator", symbol="SPX", indicator="vwap",
            start_date="2020-01-01", end_date="2020-01-31")
    assert err.value.capability == "vwap" and err.value.alternative == "sma"


def test_short_history_and_no_data(loaded_store):
    res = run(loaded_store, "get_indicator", symbol="NQ", indicator="rsi", window=5,
              start_date="2023-11-20", end_date="2023-12-04")
    close = ref.daily("NQ")["close"]
    check(res, ref.rsi(close, 5), "rsi", "2023-11-20", "2023-12-04")
    assert res.rows[0]["rsi"] is None  # not enough bars yet
    empty = run(loaded_store, "get_indicator", symbol="NQ", indicator="sma",
                start_date="2010-01-01", end_date="2010-12-31")
    assert empty.row_count == 0 and empty.summary["indicator"] == "sma"
