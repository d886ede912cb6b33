"""Shared helpers of the live-data tests: real 1-minute bars of the shared data as LiveBars, and
the stored tables read back for comparison."""
from __future__ import annotations

from datetime import datetime

import pandas as pd

from agent.live.bars import LiveBar
from tests.agent.trading.helpers import utc_bars
from tests.conftest import DATA

SPY = DATA / "spy_1min_2024/SPY_1min.csv"
NQ = DATA / "nq_1min_firstrate/NQ_1min_sample.csv"
BTC = DATA / "btc_perp_1min/btc-perp-20211231-20220201_1m.csv"


def real_bars(path, symbol: str, start: str, end: str, naive_tz: str = "America/New_York") -> pd.DataFrame:
    """The file's bars (ts naive UTC, OHLCV) with start <= ts < end, read with pandas; naive
    stamps are wall clock in `naive_tz`."""
    raw = pd.read_csv(path)
    col = raw.columns[0]
    if naive_tz == "UTC":
        bars = pd.DataFrame({"ts": pd.to_datetime(raw[col]), **{k: raw[k] for k in ("open", "high", "low", "close")}})
        bars["volume"] = raw["volume"].astype(float)
        sel = bars[(bars["ts"] >= pd.Timestamp(start)) & (bars["ts"] < pd.Timestamp(end))]
        return sel.sort_values("ts").reset_index(drop=True).assign(symbol=symbol)
    bars = utc_bars(path)
    vol = raw.set_index(_ts(raw[col]))["volume"]
    bars["volume"] = bars["ts"].map(vol).astype(float)
    sel = bars[(bars["ts"] >= pd.Timestamp(start)) & (bars["ts"] < pd.Timestamp(end))]
    return sel.reset_index(drop=True).assign(symbol=symbol)


def _ts(col: pd.Series) -> pd.Series:
    if str(col.iloc[0])[-6] in "+-":
        return pd.to_datetime(col, utc=True).dt.tz_convert(None)
    return pd.to_datetime(col).dt.tz_localize("America/New_York", ambiguous="infer").dt.tz_convert(None)


def live(frame: pd.DataFrame) -> list[LiveBar]:
    return [LiveBar(symbol=r.symbol, ts=r.ts.to_pydatetime(), open=r.open, high=r.high, low=r.low,
                    close=r.close, volume=r.volume) for r in frame.itertuples(index=False)]


def table(store, name: str, symbol: str) -> pd.DataFrame:
    key = "trading_date" if name == "ohlcv_1d" else "ts"
    cols = {"ohlcv_1min": "ts, trading_date, in_session, open, high, low, close, volume",
            "ohlcv_1h": "ts, trading_date, open, high, low, close, volume, bars",
            "ohlcv_1d": "trading_date, open, high, low, close, volume, bars, first_ts, last_ts"}[name]
    rows = store.query(f"SELECT {cols} FROM {name} WHERE symbol = %(s)s ORDER BY {key}"
                       if store.engine == "postgres" else
                       f"SELECT {cols} FROM {name} WHERE symbol = $s ORDER BY {key}", {"s": symbol})
    df = pd.DataFrame(rows)
    for c in df.columns:
        if c in ("ts", "first_ts", "last_ts", "trading_date"):
            df[c] = pd.to_datetime(df[c])
        elif c not in ("in_session",):
            df[c] = df[c].astype(float)
    return df


def at(s: str) -> datetime:
    return datetime.fromisoformat(s)


def write_csv(frame: pd.DataFrame, path) -> None:
    """Bars (ts naive UTC) as a CSV with offsets, as `askbar load` reads it."""
    out = frame.assign(timestamp=frame["ts"].dt.strftime("%Y-%m-%dT%H:%M:%S+00:00"))
    out[["timestamp", "open", "high", "low", "close", "volume"]].to_csv(path, index=False)
