"""aggregate_patterns (gaps, volume spikes, hourly profile) against pandas (both engines)."""
from __future__ import annotations

import pytest

from query_builder import CapabilityUnavailable
from tests.query_builder import reference as ref
from tests.query_builder.util import run


@pytest.mark.parametrize("symbol,start,end,threshold", [
    ("SPY", None, None, None), ("NQ", None, None, 0.1), ("SPX", "2008-01-01", "2008-12-31", 1.0)])
def test_gaps(loaded_store, symbol, start, end, threshold):
    params = dict(symbol=symbol, pattern="gaps")
    if start:
        params.update(start_date=start, end_date=end)
    if threshold is not None:
        params["threshold"] = threshold
    res = run(loaded_store, "aggregate_patterns", **params)
    d = ref.with_changes(ref.daily(symbol)).loc[start:end]
    d = d[d["prev_close"].notna()]
    gap = (d["open"] / d["prev_close"] - 1) * 100
    hit = d[gap.abs() >= (0.5 if threshold is None else threshold)]
    g = gap[hit.index]
    filled = ((g > 0) & (hit["low"] <= hit["prev_close"])) | ((g <= 0) & (hit["high"] >= hit["prev_close"]))
    assert [r["trading_date"] for r in res.rows] == [x.date().isoformat() for x in hit.index]
    assert [r["gap_pct"] for r in res.rows] == pytest.approx(g.tolist())
    assert [bool(r["filled"]) for r in res.rows] == filled.tolist()
    s = res.summary
    assert s["gap_count"] == len(hit) and s["filled_count"] == int(filled.sum())
    assert s["gap_up_count"] == int((g > 0).sum())
    if len(hit):
        assert s["days_checked"] == len(d)


@pytest.mark.parametrize("symbol,start,end,threshold", [
    ("SPX", "2008-01-01", "2008-12-31", 1.5), ("SPY", None, None, 1.3), ("SPX", "2019-01-01", "2019-12-31", None)])
def test_volume_spikes(loaded_store, symbol, start, end, threshold):
    params = dict(symbol=symbol, pattern="volume_spikes")
    if start:
        params.update(start_date=start, end_date=end)
    if threshold is not None:
        params["threshold"] = threshold
    res = run(loaded_store, "aggregate_patterns", **params)
    d = ref.daily(symbol).copy()
    d["avg20"] = d["volume"].shift(1).rolling(20).mean()
    d = d.loc[start:end]
    d = d[d["avg20"] > 0]
    hit = d[d["volume"] >= (threshold or 2.0) * d["avg20"]]
    assert [r["trading_date"] for r in res.rows] == [x.date().isoformat() for x in hit.index]
    assert [r["avg_volume_20"] for r in res.rows] == pytest.approx(hit["avg20"].tolist())
    assert [r["ratio"] for r in res.rows] == pytest.approx((hit["volume"] / hit["avg20"]).tolist())
    assert res.summary["spike_count"] == len(hit)


@pytest.mark.parametrize("symbol", ["NQ", "SPY", "BTCUSD"])
def test_hourly_profile(loaded_store, symbol):
    res = run(loaded_store, "aggregate_patterns", symbol=symbol, pattern="hourly_profile")
    h = ref.hourly(symbol).copy()
    h["hour"] = h["ts_local"].dt.hour
    h["ret"] = (h["close"] / h["open"] - 1) * 100
    h["rng"] = h["high"] - h["low"]
    g = h.groupby("hour")
    assert [r["hour"] for r in res.rows] == g.size().index.tolist()
    assert [r["bars"] for r in res.rows] == g.size().tolist()
    assert [r["avg_volume"] for r in res.rows] == pytest.approx(g["volume"].mean().tolist())
    assert [r["avg_range"] for r in res.rows] == pytest.approx(g["rng"].mean().tolist())
    assert [r["avg_return_pct"] for r in res.rows] == pytest.approx(g["ret"].mean().tolist())
    assert res.summary["busiest_hour"] == int(g["volume"].mean().idxmax())
    if symbol == "SPY":  # regular hours only: 9 (09:30-09:59) to 15
        assert [r["hour"] for r in res.rows] == list(range(9, 16))


def test_hourly_profile_unavailable_for_daily_only(loaded_store):
    with pytest.raises(CapabilityUnavailable) as err:
        run(loaded_store, "aggregate_patterns", symbol="SPX", pattern="hourly_profile")
    assert err.value.alternative == "get_period_stats"


@pytest.mark.parametrize("symbol", ["NQ", "SPY", "BTCUSD"])
def test_hourly_profile_labels_partial_hours(loaded_store, symbol):
    """SPY's first regular hour is 09:30-10:00: labelled as the part of an hour it is (pandas:
    the mean count of in-session minutes per local hour); full hours are spanned whole."""
    res = run(loaded_store, "aggregate_patterns", symbol=symbol, pattern="hourly_profile")
    m = ref.minutes(symbol)
    m = m[m["in_session"]].copy()
    m["h"] = m["ts"].dt.floor("h")
    per_hour = m.groupby("h").size()
    h = ref.hourly(symbol).copy()
    h["n"] = per_hour.reindex(h.index).to_numpy()
    mean_minutes = h.groupby(h["ts_local"].dt.hour)["n"].mean().round().astype(int)
    partial = {int(k): int(v) for k, v in mean_minutes.items() if v < 55}
    got = {p["hour"]: p for p in res.summary["partial_hours"]}
    assert {k: v["minutes"] for k, v in got.items()} == partial
    if symbol == "SPY":
        assert got[9]["span"] == "09:30-10:00" and res.rows[0]["span"] == "09:30-10:00"
        assert res.rows[1]["span"] == "10:00-11:00"
