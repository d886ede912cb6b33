"""File formats the loader accepts; each is checked against the same bars loaded the plain way."""
from __future__ import annotations

import gzip
from datetime import date, datetime

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from agent.market.ingest import load_file, localize
from tests.agent.market.helpers import NQ_1MIN, NY, SPY_1MIN, frame
from tests.conftest import ENGINES

BARS = "SELECT ts, trading_date, in_session, open, high, low, close, volume FROM ohlcv_1min " \
       "WHERE symbol = :s ORDER BY ts"
NQ_ARGS = {"tz": NY, "session": "cme"}


@pytest.fixture(scope="module")
def nq():
    return pd.read_csv(NQ_1MIN).iloc[:3000]


@pytest.fixture(params=ENGINES)
def store(request, make_store):
    """A store with the first 3000 NQ bars loaded plainly as REF."""
    s = make_store(request.param)
    return s


def _ref(store, nq, tmp_path):
    nq.to_csv(tmp_path / "ref.csv", index=False)
    load_file(store, tmp_path / "ref.csv", "REF", **NQ_ARGS)
    return frame(store, BARS, s="REF")


def _same_bars(store, nq, tmp_path, path, symbol="X", **kwargs):
    ref = _ref(store, nq, tmp_path)
    report = load_file(store, path, symbol, **{**NQ_ARGS, **kwargs})
    pd.testing.assert_frame_equal(frame(store, BARS, s=symbol), ref)
    return report


def test_headerless_with_columns(store, nq, tmp_path):
    nq[["volume", "timestamp", "open", "high", "low", "close"]].to_csv(
        tmp_path / "raw.csv", index=False, header=False)
    _same_bars(store, nq, tmp_path, tmp_path / "raw.csv",
               columns=["volume", "timestamp", "open", "high", "low", "close"])


def test_headerless_default_layout(store, nq, tmp_path):
    nq.to_csv(tmp_path / "raw.csv", index=False, header=False)
    _same_bars(store, nq, tmp_path, tmp_path / "raw.csv")


def test_columns_rename_header_and_skip(store, nq, tmp_path):
    nq.assign(extra="x").rename(columns=dict(zip(nq.columns, "abcdef"))).to_csv(
        tmp_path / "odd.csv", index=False)
    _same_bars(store, nq, tmp_path, tmp_path / "odd.csv",
               columns=["Date Time", "o", "h", "l", "c", "vol", "-"])


def test_synonyms_case_and_ignored_columns(store, nq, tmp_path):
    df = nq.rename(columns={"timestamp": "DateTime", "open": "Open", "high": "HIGH", "low": "l",
                            "close": "Close", "volume": "Volume"})
    df.assign(**{"Adj Close": df["Close"], "VWAP": 1.0, "transactions": 3, "Open Interest": 9}) \
        .to_csv(tmp_path / "syn.csv", index=False, sep=";")
    _same_bars(store, nq, tmp_path, tmp_path / "syn.csv")


def test_date_and_time_columns_with_month_day_year(store, nq, tmp_path):
    local = pd.to_datetime(nq["timestamp"])
    df = nq.drop(columns="timestamp")
    df.insert(0, "Time", local.dt.strftime("%H:%M"))
    df.insert(0, "Date", [f"{t.month}/{t.day}/{t.year}" for t in local])
    df.to_csv(tmp_path / "split.csv", index=False)
    _same_bars(store, nq, tmp_path, tmp_path / "split.csv")


def test_timestamps_at_bar_end(store, nq, tmp_path):
    ends = pd.to_datetime(nq["timestamp"]) + pd.Timedelta(minutes=1)
    nq.assign(timestamp=ends.dt.strftime("%Y-%m-%d %H:%M:%S")).to_csv(tmp_path / "end.csv", index=False)
    _same_bars(store, nq, tmp_path, tmp_path / "end.csv", timestamp="end")


def test_offsets_and_epoch_seconds(store, nq, tmp_path):
    utc = pd.to_datetime(nq["timestamp"]).dt.tz_localize(NY)
    nq.assign(timestamp=utc.map(lambda t: t.isoformat())).to_csv(tmp_path / "iso.csv", index=False)
    _same_bars(store, nq, tmp_path, tmp_path / "iso.csv")
    epoch = (utc - pd.Timestamp("1970-01-01", tz="UTC")) // pd.Timedelta(seconds=1)
    nq.assign(timestamp=epoch).to_csv(tmp_path / "epoch.csv", index=False)
    load_file(store, tmp_path / "epoch.csv", "EPOCH", **NQ_ARGS)
    pd.testing.assert_frame_equal(frame(store, BARS, s="EPOCH"), frame(store, BARS, s="REF"))


@pytest.mark.parametrize("kind", ["naive", "aware", "string"])
def test_parquet(store, nq, tmp_path, kind):
    local = pd.to_datetime(nq["timestamp"])
    stamps = {"naive": local, "aware": local.dt.tz_localize(NY), "string": nq["timestamp"]}[kind]
    pq.write_table(pa.Table.from_pandas(nq.assign(timestamp=stamps), preserve_index=False),
                   tmp_path / "bars.parquet")
    r = _same_bars(store, nq, tmp_path, tmp_path / "bars.parquet")
    assert r.inserted == 3000


def test_gzip_identical_duplicates_and_unsorted_rows(store, nq, tmp_path):
    shuffled = pd.concat([nq, nq.iloc[:50]]).sample(frac=1.0, random_state=7)
    with gzip.open(tmp_path / "bars.csv.gz", "wt") as f:
        shuffled.to_csv(f, index=False)
    r = _same_bars(store, nq, tmp_path, tmp_path / "bars.csv.gz")
    assert r.rows == 3000      # identical repeats dropped


def test_spy_parquet_matches_csv(make_store, tmp_path):
    store = make_store("duckdb")
    load_file(store, SPY_1MIN, "SPY")
    df = pd.read_csv(SPY_1MIN)
    df["datetime"] = pd.to_datetime(df["datetime"], utc=True)
    pq.write_table(pa.Table.from_pandas(df, preserve_index=False), tmp_path / "spy.parquet")
    load_file(store, tmp_path / "spy.parquet", "SPYP", tz=NY, session="rth")
    days = "SELECT trading_date, open, high, low, close, volume, bars FROM ohlcv_1d " \
           "WHERE symbol = :s ORDER BY trading_date"
    pd.testing.assert_frame_equal(frame(store, days, s="SPYP"), frame(store, days, s="SPY"))


# ---- daylight saving: the policy documented in agent/market/ingest.py ----

def _ns(*stamps: str) -> np.ndarray:
    return pd.to_datetime(list(stamps)).to_numpy("datetime64[ns]").view(np.int64)


def test_repeated_fall_back_hour_first_is_daylight_then_standard():
    naive = _ns("2024-11-03 00:59", "2024-11-03 01:00", "2024-11-03 01:59", "2024-11-03 01:00",
                "2024-11-03 01:59", "2024-11-03 02:00")
    utc = localize(naive, NY).view("datetime64[ns]")
    assert list(pd.to_datetime(utc).strftime("%H:%M")) == ["04:59", "05:00", "05:59", "06:00",
                                                           "06:59", "07:00"]


def test_missing_spring_forward_hour_uses_the_offset_before_the_switch():
    naive = _ns("2024-03-10 01:59", "2024-03-10 02:30", "2024-03-10 03:00")
    utc = localize(naive, NY).view("datetime64[ns]")
    assert list(pd.to_datetime(utc).strftime("%H:%M")) == ["06:59", "07:30", "07:00"]


@pytest.mark.parametrize("engine", ENGINES)
def test_continuous_naive_file_across_fall_back_keeps_every_bar(make_store, engine, tmp_path):
    utc = pd.date_range("2024-11-03 03:00", "2024-11-03 07:59", freq="1min")
    local = utc.tz_localize("UTC").tz_convert(NY).tz_localize(None)
    n = len(utc)
    price = 100 + np.arange(n) * 0.25
    pd.DataFrame({"timestamp": local.strftime("%Y-%m-%d %H:%M:%S"), "open": price,
                  "high": price + 1, "low": price - 1, "close": price, "volume": 1.0}) \
        .to_csv(tmp_path / "dst.csv", index=False)
    store = make_store(engine)
    r = load_file(store, tmp_path / "dst.csv", "DSTX", tz=NY)
    assert (r.rows, r.inserted, r.first, r.last) == (300, 300, utc[0].to_pydatetime(),
                                                     utc[-1].to_pydatetime())
    stored = frame(store, "SELECT ts, open FROM ohlcv_1min WHERE symbol = 'DSTX' ORDER BY ts")
    assert (pd.to_datetime(stored["ts"]).to_numpy() == utc.to_numpy()).all()
    assert (stored["open"].to_numpy() == price).all()
    days = frame(store, "SELECT trading_date, bars FROM ohlcv_1d WHERE symbol = 'DSTX'")
    assert days.to_dict("records") == [{"trading_date": date(2024, 11, 2), "bars": 60},
                                       {"trading_date": date(2024, 11, 3), "bars": 240}]


def test_progress_is_reported_for_large_files(make_store, tmp_path):
    from agent.market.demo import write_synthetic_csv

    n = write_synthetic_csv(tmp_path / "big.csv", "DEMO_BTC", date(2023, 1, 1), date(2023, 8, 31))
    assert (tmp_path / "big.csv").stat().st_size > 16 << 20
    seen: list[str] = []
    r = load_file(make_store("duckdb"), tmp_path / "big.csv", "DEMO_BTC", progress=seen.append)
    assert r.inserted == n
    assert any("reading big.csv: " in m for m in seen) and any("writing" in m for m in seen)
    assert datetime(2023, 1, 1) <= r.first < r.last < datetime(2023, 9, 1)
