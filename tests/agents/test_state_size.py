"""Checkpointed state stays small: a ten-year question's checkpoint is measured in the checkpointer
itself (SQLite, as `askbar ask` uses it), and the chart still gets its series."""
from __future__ import annotations

import sqlite3

import pandas as pd
import pytest

from agent.storage.checkpoint import open_checkpointer
from agent.answer.compact import CHART_POINTS, chart_rows
from agent.deps import build_deps
from agent.server.chart import chart_payload
from agent.service import Session
from agent.settings import Settings
from tests.conftest import DATA

LIMIT_BYTES = 50_000


def _spx_decade() -> pd.DataFrame:
    df = pd.read_csv(DATA / "sp500_daily" / "chainins_GSPC.csv")
    df.columns = [c.lower() for c in df.columns]
    date_col = next(c for c in df.columns if "date" in c)
    df["d"] = pd.to_datetime(df[date_col]).dt.strftime("%Y-%m-%d")
    return df[(df["d"] >= "2000-01-01") & (df["d"] <= "2009-12-31")]


@pytest.mark.parametrize("loaded_store", ["duckdb"], indirect=True)
def test_ten_year_question_checkpoint_is_under_50_kb(loaded_store, tmp_path):
    deps = build_deps(Settings(home=tmp_path), store=loaded_store)
    with open_checkpointer(deps.settings) as saver:
        session = Session(deps, saver)
        r = session.ask("SPX stats from 2000 to 2009", now="2024-06-01")
        values = session.graph.get_state(session._config(r.thread_id)).values
    assert r.status == "answered"
    days = _spx_decade()
    assert any(c["type"] == "trading_days" and c["value"] == len(days) for c in r.claims)
    assert any(c["type"] == "close" and c["value"] == pytest.approx(days["close"].iloc[-1]) for c in r.claims)
    conn = sqlite3.connect(tmp_path / "checkpoints.sqlite")
    sizes = [n for (n,) in conn.execute(
        "SELECT length(checkpoint) + length(metadata) FROM checkpoints WHERE thread_id = ?", (r.thread_id,))]
    writes = conn.execute("SELECT coalesce(sum(length(value)), 0) FROM writes WHERE thread_id = ?",
                          (r.thread_id,)).fetchone()[0]
    print(f"checkpoints {len(sizes)}, largest {max(sizes)} B, all {sum(sizes)} B, writes {writes} B")
    assert max(sizes) < LIMIT_BYTES
    assert values["data"]["total_rows"] >= len(days)            # the count of what was read stays
    series = chart_payload(values)["series"]
    assert series and len(series[0]["x"]) <= CHART_POINTS


def test_chart_rows_merge_bars_without_losing_the_extremes():
    rows = [{"trading_date": f"d{i}", "open": i, "high": i + 5, "low": i - 5, "close": i + 1,
             "volume": 10} for i in range(1000)]
    merged = chart_rows(rows)
    assert len(merged) <= CHART_POINTS
    assert merged[0]["open"] == 0 and max(m["high"] for m in merged) == 1004
    assert min(m["low"] for m in merged) == -5 and merged[-1]["close"] == 1000
    assert sum(m["volume"] for m in merged) == 10_000
    size = 1000 // len(merged) + (1000 % len(merged) > 0)
    assert [m["trading_date"] for m in merged[:2]] == ["d0", f"d{size}"]  # dated by the first bar
    assert merged[1]["open"] == size


def test_weekly_bars_merge_from_columns_as_from_dicts():
    """Weekly bars of real SPX daily data (2000-2019, 1,043 weeks, a gap-free column path) merged
    from their columns give the same candles as merged from their dicts, each dated by its first
    week; checked against pandas' weekly resample of the file."""
    import numpy as np

    from query_builder.convert import LazyRows
    from query_builder.stats import Daily, aggregate_bars

    df = pd.read_csv(DATA / "sp500_daily" / "chainins_GSPC.csv")
    df.columns = [c.lower() for c in df.columns]
    df["d"] = pd.to_datetime(df[next(c for c in df.columns if "date" in c)])
    df = df[(df["d"] >= "2000-01-01") & (df["d"] <= "2019-12-31")].sort_values("d")
    d = Daily(df["d"].to_numpy().astype("datetime64[D]"), *(df[k].to_numpy(float) for k in
              ("open", "high", "low", "close", "volume")), np.r_[np.nan, df["close"].to_numpy(float)[:-1]])
    bars = aggregate_bars(d, "weekly")
    assert isinstance(bars, LazyRows) and bars._rows is None
    from_columns = chart_rows(bars)
    assert bars._rows is None                                  # merged without building the weeks
    from_dicts = chart_rows(list(bars))
    assert from_columns == from_dicts and len(from_columns) <= CHART_POINTS
    weeks = df.set_index("d").resample("W-MON", label="left", closed="left").agg(
        {"open": "first", "high": "max", "low": "min", "close": "last", "volume": "sum"}).dropna()
    size = -(-len(weeks) // CHART_POINTS)
    first = weeks.iloc[:size]
    assert len(weeks) == len(bars) and from_columns[0]["period_start"] == first.index[0].strftime("%Y-%m-%d")
    assert from_columns[0]["open"] == pytest.approx(first["open"].iloc[0])
    assert from_columns[0]["high"] == pytest.approx(first["high"].max())
    assert from_columns[0]["low"] == pytest.approx(first["low"].min())
    assert from_columns[0]["close"] == pytest.approx(first["close"].iloc[-1])
    assert from_columns[0]["volume"] == pytest.approx(first["volume"].sum())
