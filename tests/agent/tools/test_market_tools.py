"""Market tools against independent pandas computations on ../shared/data, on both engines."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from agent.identity.models import LOCAL_USER
from tests.conftest import DATA

NY = "America/New_York"


@pytest.fixture(scope="module")
def raw():
    spy = pd.read_csv(DATA / "spy_1min_2024/SPY_1min.csv")
    spy["ts"] = pd.to_datetime(spy["datetime"], utc=True)
    spy["local"] = spy["ts"].dt.tz_convert(NY)
    btc = pd.read_csv(DATA / "btc_perp_1min/btc-perp-20211231-20220201_1m.csv")
    btc["ts"] = pd.to_datetime(btc["timestamp"]).dt.tz_localize("UTC")
    nq = pd.read_csv(DATA / "nq_1min_firstrate/NQ_1min_sample.csv")
    nq["local"] = pd.to_datetime(nq["timestamp"]).dt.tz_localize(NY)
    nq["ts"] = nq["local"].dt.tz_convert("UTC")
    spx = pd.read_csv(DATA / "sp500_daily/chainins_GSPC.csv")
    spx = spx.rename(columns=str.lower)
    spx["date"] = pd.to_datetime(spx["date"], format="%m/%d/%Y")
    return {"spy": spy, "btc": btc, "nq": nq, "spx": spx}


def call(ex, name, **params):
    r = ex.execute(name, params, LOCAL_USER)
    assert r["success"], r["error"]
    return r["data"]


def test_price_spy_is_last_bar_vs_previous_rth_close(loaded_store, executor_for, raw):
    spy = raw["spy"]
    last = spy.iloc[-1]
    rth = spy[(spy["local"].dt.strftime("%H:%M") >= "09:30") & (spy["local"].dt.strftime("%H:%M") < "16:00")]
    prev_day = rth[rth["local"].dt.date < last["local"].date()]
    prev_close = prev_day.iloc[-1]["close"]
    d = call(executor_for(loaded_store), "get_price", symbol="spy")
    assert d["price"] == pytest.approx(last["close"])
    assert d["as_of"] == last["ts"].strftime("%Y-%m-%dT%H:%MZ")
    assert d["previous_date"] == str(prev_day.iloc[-1]["local"].date())
    assert d["previous_close"] == pytest.approx(prev_close)
    assert d["change_pct"] == pytest.approx((last["close"] / prev_close - 1) * 100, abs=1e-4)
    assert "as of" in d["text"]


def test_price_nq_uses_the_cme_session_close(loaded_store, executor_for, raw):
    nq = raw["nq"].copy()
    nq["trading_date"] = (nq["local"] + pd.Timedelta(hours=6)).dt.date   # 18:00 belongs to the next day
    last = nq.iloc[-1]
    prev = nq[nq["trading_date"] < last["trading_date"]].iloc[-1]
    d = call(executor_for(loaded_store), "get_price", symbol="NQ")
    assert d["price"] == pytest.approx(last["close"])
    assert d["trading_date"] == str(last["trading_date"])
    assert d["previous_date"] == str(prev["trading_date"])
    assert d["change"] == pytest.approx(last["close"] - prev["close"])


def test_price_daily_only_index(loaded_store, executor_for, raw):
    spx = raw["spx"]
    d = call(executor_for(loaded_store), "get_price", symbol="SPX")
    assert d["bar"] == "1d" and d["as_of"] == spx.iloc[-1]["date"].date().isoformat()
    assert d["price"] == pytest.approx(spx.iloc[-1]["close"])
    assert d["change_pct"] == pytest.approx((spx.iloc[-1]["close"] / spx.iloc[-2]["close"] - 1) * 100,
                                            abs=1e-4)


def _resample(df: pd.DataFrame, rule: str) -> pd.DataFrame:
    g = df.set_index("ts").resample(rule, origin="epoch")
    out = pd.DataFrame({"open": g["open"].first(), "high": g["high"].max(), "low": g["low"].min(),
                        "close": g["close"].last(), "volume": g["volume"].sum(),
                        "n": g["close"].count()})
    return out[out["n"] > 0]


def _assert_candles(got: list[dict], want: pd.DataFrame, fmt: str) -> None:
    assert len(got) == len(want)
    assert [c["ts"] for c in got] == [t.strftime(fmt) for t in want.index]
    for k in ("open", "high", "low", "close"):
        np.testing.assert_allclose([c[k] for c in got], want[k].to_numpy(), rtol=1e-9)
    np.testing.assert_allclose([c["volume"] for c in got], want["volume"].to_numpy(), rtol=1e-6)


@pytest.mark.parametrize("timeframe,rule", [("1m", "1min"), ("5m", "5min"), ("15m", "15min"),
                                            ("1h", "1h"), ("4h", "4h")])
def test_ohlcv_btc_intraday(loaded_store, executor_for, raw, timeframe, rule):
    d = call(executor_for(loaded_store), "get_ohlcv", symbol="BTCUSD", timeframe=timeframe, limit=60)
    _assert_candles(d["candles"], _resample(raw["btc"], rule).tail(60), "%Y-%m-%dT%H:%M")


def test_ohlcv_spy_15m_regular_session_only(loaded_store, executor_for, raw):
    spy = raw["spy"]
    hm = spy["local"].dt.strftime("%H:%M")
    rth = spy[(hm >= "09:30") & (hm < "16:00")]
    d = call(executor_for(loaded_store), "get_ohlcv", symbol="SPY", timeframe="15m", limit=500)
    _assert_candles(d["candles"], _resample(rth, "15min").tail(500), "%Y-%m-%dT%H:%M")


def test_ohlcv_daily_and_weekly(loaded_store, executor_for, raw):
    spx = raw["spx"].set_index("date")
    ex = executor_for(loaded_store)
    d = call(ex, "get_ohlcv", symbol="SPX", timeframe="1d", limit=30)
    _assert_candles(d["candles"], spx.tail(30), "%Y-%m-%d")
    wk = spx.groupby(spx.index - pd.to_timedelta(spx.index.day_of_week, unit="D")).agg(
        open=("open", "first"), high=("high", "max"), low=("low", "min"), close=("close", "last"),
        volume=("volume", "sum"))
    w = call(ex, "get_ohlcv", symbol="SPX", timeframe="1w", limit=12)
    _assert_candles(w["candles"], wk.tail(12), "%Y-%m-%d")


def test_ohlcv_refusals(loaded_store, executor_for):
    ex = executor_for(loaded_store)
    r = ex.execute("get_ohlcv", {"symbol": "SPX", "timeframe": "1h"}, LOCAL_USER)
    assert r["error"]["code"] == "VALIDATION_ERROR" and "daily bars only" in r["error"]["message"]
    r = ex.execute("get_ohlcv", {"symbol": "NQ", "timeframe": "1h", "limit": 501}, LOCAL_USER)
    assert r["error"]["code"] == "VALIDATION_ERROR" and "limit" in r["error"]["message"]


def _wilder_rsi(close: pd.Series, n: int = 14) -> float:
    delta = close.diff()
    up = delta.clip(lower=0).ewm(alpha=1 / n, adjust=False).mean()
    down = (-delta.clip(upper=0)).ewm(alpha=1 / n, adjust=False).mean()
    return float(100 - 100 / (1 + up.iloc[-1] / down.iloc[-1]))


def _expected(df: pd.DataFrame) -> dict[str, float]:
    c, h, lo = df["close"], df["high"], df["low"]
    ema = lambda s, span: s.ewm(span=span, adjust=False).mean()
    macd = ema(c, 12) - ema(c, 26)
    tr = pd.concat([h - lo, (h - c.shift()).abs(), (lo - c.shift()).abs()], axis=1).max(axis=1)
    return {"rsi": _wilder_rsi(c), "sma": float(c.tail(20).mean()), "ema": float(ema(c, 20).iloc[-1]),
            "macd": float(macd.iloc[-1]), "signal": float(ema(macd, 9).iloc[-1]),
            "middle": float(c.tail(20).mean()), "upper": float(c.tail(20).mean() + 2 * c.tail(20).std(ddof=0)),
            "atr": float(tr.iloc[1:].ewm(alpha=1 / 14, adjust=False).mean().iloc[-1])}


def _check_indicators(d: dict, want: dict[str, float]) -> None:
    ind = d["indicators"]
    assert ind["RSI"]["rsi"] == pytest.approx(want["rsi"], abs=1e-4)
    assert ind["SMA"]["sma"] == pytest.approx(want["sma"], rel=1e-9)
    assert ind["EMA"]["ema"] == pytest.approx(want["ema"], rel=1e-6)
    assert ind["MACD"]["macd"] == pytest.approx(want["macd"], abs=1e-4)
    assert ind["MACD"]["signal"] == pytest.approx(want["signal"], abs=1e-4)
    assert ind["BB"]["middle"] == pytest.approx(want["middle"], rel=1e-9)
    assert ind["BB"]["upper"] == pytest.approx(want["upper"], rel=1e-9)
    assert ind["ATR"]["atr"] == pytest.approx(want["atr"], rel=1e-4)


ALL = ["RSI", "SMA", "EMA", "MACD", "BB", "ATR"]


def test_indicators_daily(loaded_store, executor_for, raw):
    d = call(executor_for(loaded_store), "get_indicators", symbol="SPX", indicators=ALL, timeframe="1d")
    assert d["as_of"] == "2020-11-30" and d["bars_used"] == 501
    _check_indicators(d, _expected(raw["spx"]))


def test_indicators_hourly_and_4h(loaded_store, executor_for, raw):
    ex = executor_for(loaded_store)
    for tf, rule in (("1h", "1h"), ("4h", "4h")):
        d = call(ex, "get_indicators", symbol="BTCUSD", indicators=ALL, timeframe=tf)
        bars = _resample(raw["btc"], rule)
        assert d["as_of"] == bars.index[-1].strftime("%Y-%m-%dT%H:%M")
        _check_indicators(d, _expected(bars))


def test_vwap_is_the_last_sessions(loaded_store, executor_for, raw):
    spy = raw["spy"]
    hm = spy["local"].dt.strftime("%H:%M")
    day = spy.iloc[-1]["local"].date()
    rth = spy[(hm >= "09:30") & (hm < "16:00") & (spy["local"].dt.date == day)]
    tp = (rth["high"] + rth["low"] + rth["close"]) / 3
    d = call(executor_for(loaded_store), "get_indicators", symbol="SPY", indicators=["VWAP"])
    assert d["indicators"]["VWAP"]["vwap"] == pytest.approx(float((tp * rth["volume"]).sum() / rth["volume"].sum()),
                                                            rel=1e-9)
    r = executor_for(loaded_store).execute("get_indicators", {"symbol": "SPX", "indicators": ["VWAP"]},
                                           LOCAL_USER)
    assert r["error"]["code"] == "VALIDATION_ERROR"


def test_a_null_indicator_says_why(loaded_store, executor_for, raw):
    """The README's example: NQ has too few daily bars for RSI(14) and SMA(20); each null value
    carries its reason with the bars it needs (pandas: the first defined value of a 20-bar mean
    and of Wilder's RSI over 14 changes) and the bars stored (NQ's CME trading dates)."""
    nq = raw["nq"]
    days = (nq["local"].dt.tz_localize(None) + pd.Timedelta(hours=6)).dt.date.nunique()
    closes = pd.Series(np.linspace(100, 120, 60) + np.sin(np.arange(60)))
    need_sma = int(closes.rolling(20).mean().first_valid_index()) + 1
    change = closes.diff()
    gain = change.clip(lower=0).iloc[1:].rolling(14).mean()          # Wilder's seed: 14 changes
    need_rsi = int(gain.first_valid_index()) + 1
    d = call(executor_for(loaded_store), "get_indicators", symbol="NQ", indicators=["RSI", "SMA", "EMA"])
    assert d["bars_used"] == days
    assert d["indicators"]["RSI"]["rsi"] is None and d["indicators"]["SMA"]["sma"] is None
    assert d["indicators"]["RSI"]["reason"] == f"needs {need_rsi} 1d bars, {days} available"
    assert d["indicators"]["SMA"]["reason"] == f"needs {need_sma} 1d bars, {days} available"
    assert d["indicators"]["EMA"]["ema"] is not None and "reason" not in d["indicators"]["EMA"]
