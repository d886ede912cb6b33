"""The live ingest path: bars appended one at a time (or in small batches, out of order, repeated,
revised) leave the same 1-minute table and rollups as loading the file at once, on both engines;
the market-data version moves with every batch that changes something."""
from __future__ import annotations

import random

import pandas as pd
import pytest

from agent.live.append import append_bars
from agent.live.bars import BarError, LiveBar
from agent.market.ingest import load_file
from tests.agent.live.helpers import SPY, live, real_bars, table
from tests.agent.market.conftest import new_store
from tests.conftest import ENGINES

# two SPY sessions with extended hours (in and out of session bars, two trading dates)
START, END = "2024-03-05 09:00", "2024-03-07 01:00"


@pytest.fixture(params=ENGINES)
def pair(request, tmp_path_factory, pg_database_factory):
    """(live store, reference store loaded from the same bars as a file)."""
    a = new_store(request.param, tmp_path_factory, pg_database_factory)
    b = new_store(request.param, tmp_path_factory, pg_database_factory)
    yield a, b
    a.close()
    b.close()


def _reference(store, frame: pd.DataFrame, tmp_path) -> None:
    path = tmp_path / "spy.csv"
    out = frame.assign(timestamp=frame["ts"].dt.strftime("%Y-%m-%dT%H:%M:%S+00:00"))
    out[["timestamp", "open", "high", "low", "close", "volume"]].to_csv(path, index=False)
    load_file(store, path, "SPY")


def _same(a, b, symbol="SPY"):
    for name in ("ohlcv_1min", "ohlcv_1h", "ohlcv_1d"):
        pd.testing.assert_frame_equal(table(a, name, symbol), table(b, name, symbol), check_dtype=False)


def test_bar_by_bar_equals_a_file_load(pair, tmp_path):
    live_store, ref = pair
    frame = real_bars(SPY, "SPY", START, END)
    assert len(frame) > 1000
    bars = live(frame)
    versions = []
    # first a batch, then bar by bar for a stretch, then the rest in shuffled batches of 7
    append_bars(live_store, bars[:500])
    for b in bars[500:560]:
        (r,) = append_bars(live_store, [b])
        assert (r.inserted, r.updated) == (1, 0)
        versions.append(live_store.coverage_version())
    rest = bars[560:]
    random.Random(7).shuffle(rest)
    for i in range(0, len(rest), 7):
        append_bars(live_store, rest[i:i + 7])
    assert versions == sorted(set(versions))          # each new bar moved the market-data version
    _reference(ref, frame, tmp_path)
    _same(live_store, ref)
    summary = {s.symbol: s for s in live_store.summary()}["SPY"]
    assert summary.bars_1min == len(frame)


def test_repeat_changes_nothing_and_a_revision_replaces(pair, tmp_path):
    live_store, ref = pair
    frame = real_bars(SPY, "SPY", START, END)
    bars = live(frame)
    append_bars(live_store, bars)
    version = live_store.coverage_version()
    (r,) = append_bars(live_store, bars[100:200])
    assert (r.inserted, r.updated, r.unchanged) == (0, 0, 100)
    # a revised bar (the vendor corrected its high and volume) replaces the stored one
    i = 300
    old = bars[i]
    revised = old.model_copy(update={"high": old.high + 5.0, "volume": old.volume + 1000})
    (r,) = append_bars(live_store, [revised])
    assert (r.inserted, r.updated) == (0, 1)
    assert live_store.coverage_version() > version
    frame.loc[i, "high"] += 5.0
    frame.loc[i, "volume"] += 1000
    _reference(ref, frame, tmp_path)
    _same(live_store, ref)


def test_a_late_bar_is_accepted(pair, tmp_path):
    live_store, ref = pair
    frame = real_bars(SPY, "SPY", START, END)
    bars = live(frame)
    late = bars[50]
    append_bars(live_store, bars[:50] + bars[51:])
    (r,) = append_bars(live_store, [late])
    assert r.inserted == 1
    _reference(ref, frame, tmp_path)
    _same(live_store, ref)


def test_a_daily_only_symbol_refuses_live_bars(pair, tmp_path):
    live_store, _ = pair
    path = tmp_path / "spx.csv"
    path.write_text("Date,Open,High,Low,Close,Volume\n2024-03-04,5100,5120,5090,5110,1\n"
                    "2024-03-05,5110,5130,5100,5105,1\n")
    load_file(live_store, path, "SPX")
    bar = LiveBar(symbol="SPX", ts="2024-03-06T15:00:00Z", open=1, high=2, low=1, close=2)
    with pytest.raises(BarError, match="SPX holds daily bars only"):
        append_bars(live_store, [bar])
