"""Test helpers shared by the market tests: engine-neutral SQL and store fingerprints."""
from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from tests.conftest import DATA

NQ_1MIN = DATA / "nq_1min_firstrate/NQ_1min_sample.csv"
NQ_5MIN = DATA / "nq_1min_firstrate/NQ_5min_sample.csv"
NQ_1DAY = DATA / "nq_1min_firstrate/NQ_1day_sample.csv"
SPY_1MIN = DATA / "spy_1min_2024/SPY_1min.csv"
BTC_1MIN = DATA / "btc_perp_1min/btc-perp-20211231-20220201_1m.csv"
SPX_1DAY = DATA / "sp500_daily/chainins_GSPC.csv"
NY = "America/New_York"

_PARAM = re.compile(r"(?<![:\w]):([a-z_]\w*)")


def run(store, sql: str, **params) -> list[dict]:
    """Run SQL written with :name placeholders in the store's own parameter style."""
    style = r"$\1" if store.engine == "duckdb" else r"%(\1)s"
    return store.query(_PARAM.sub(style, sql), params)


def frame(store, sql: str, **params) -> pd.DataFrame:
    return pd.DataFrame(run(store, sql, **params))


def fingerprint(store) -> dict:
    """Counts and value checksums of every market table: equal before and after = untouched."""
    out = {}
    for table, key in (("ohlcv_1min", "ts"), ("ohlcv_1h", "ts"), ("ohlcv_1d", "trading_date")):
        out[table] = run(store, f"""
            SELECT count(*) AS n, sum(open + 2 * high + 3 * low + 5 * close) AS px,
                   sum(volume) AS vol, min({key}) AS k0, max({key}) AS k1
            FROM {table}""")[0]
    out["instruments"] = [i.model_dump() for i in store.instruments()]
    return out


def write_csv(path: Path, text: str) -> Path:
    path.write_text(text.lstrip("\n"))
    return path


def vendor_1min(path: Path = NQ_1MIN, tz: str = NY) -> pd.DataFrame:
    """The vendor file read independently with pandas, ts as naive UTC bar starts."""
    df = pd.read_csv(path)
    local = pd.to_datetime(df["timestamp"])
    df["local"] = local
    df["ts"] = local.dt.tz_localize(tz).dt.tz_convert("UTC").dt.tz_localize(None)
    return df
