"""Independent figures for the export tests, computed here with pandas from the raw files in
../shared/data (never through AskBar's loader or query builder)."""
from __future__ import annotations

import pandas as pd

from tests.conftest import DATA


def nq_days(month: str = "2023-11") -> pd.DataFrame:
    """NQ daily bars of a month: CME sessions 18:00-17:00 New York dated by the session's close
    (the sample's timestamps are New York wall clock, so +6 h moves a session onto its date)."""
    bars = pd.read_csv(DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv", parse_dates=["timestamp"])
    bars = bars.sort_values("timestamp")
    bars["d"] = (bars["timestamp"] + pd.Timedelta(hours=6)).dt.strftime("%Y-%m-%d")
    days = bars.groupby("d").agg(open=("open", "first"), high=("high", "max"), low=("low", "min"),
                                 close=("close", "last"), volume=("volume", "sum"))
    return days[days.index.str.startswith(month)]


def nq_claims(month: str = "2023-11") -> dict[str, float]:
    d = nq_days(month)
    return {"open": d["open"].iloc[0], "close": d["close"].iloc[-1], "high": d["high"].max(),
            "low": d["low"].min(), "total_volume": d["volume"].sum(), "trading_days": float(len(d)),
            "up_days": float((d["close"] > d["open"]).sum()), "down_days": float((d["close"] < d["open"]).sum()),
            "avg_daily_range": (d["high"] - d["low"]).mean(),
            "pct_change": (d["close"].iloc[-1] / d["open"].iloc[0] - 1) * 100}


def spx_falls(year: str, threshold: float) -> pd.DataFrame:
    """SPX days of `year` whose close fell more than `threshold` % from the previous close."""
    raw = pd.read_csv(DATA / "sp500_daily" / "chainins_GSPC.csv")
    raw.columns = [c.strip().lower() for c in raw.columns]
    date_col = next(c for c in raw.columns if "date" in c)
    raw["d"] = pd.to_datetime(raw[date_col]).dt.strftime("%Y-%m-%d")
    raw = raw.sort_values("d").reset_index(drop=True)
    raw["ret"] = (raw["close"] / raw["close"].shift(1) - 1) * 100
    return raw[raw["d"].str.startswith(year) & (raw["ret"] < -threshold)]
