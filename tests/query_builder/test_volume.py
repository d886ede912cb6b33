"""get_volume_profile against a numpy binning of the raw bars (both engines)."""
from __future__ import annotations

import numpy as np
import pytest

from tests.query_builder import reference as ref
from tests.query_builder.util import run


def profile(bars, nbins: int):
    lo, hi = bars["low"].min(), bars["high"].max()
    price = (bars["high"] + bars["low"] + bars["close"]) / 3
    idx = np.clip(np.floor((price - lo) / (hi - lo) * nbins), 0, nbins - 1).astype(int)
    vol = np.bincount(idx, weights=bars["volume"], minlength=nbins)
    return lo, hi, vol


def value_area(vol, share=0.7):
    """Textbook value area: grow from the POC towards the larger neighbour."""
    poc = int(np.argmax(vol))
    lo = hi = poc
    while vol[lo:hi + 1].sum() < share * vol.sum():
        below = vol[lo - 1] if lo > 0 else -1
        above = vol[hi + 1] if hi + 1 < len(vol) else -1
        if above >= below:
            hi += 1
        else:
            lo -= 1
    return poc, lo, hi


@pytest.mark.parametrize("symbol,start,end,bins,source", [
    ("SPY", "2024-03-01", "2024-03-31", None, "1min"),
    ("NQ", "2023-11-20", "2023-12-04", 40, "1min"),
    ("BTCUSD", "2021-12-31", "2022-02-01", 12, "hourly"),
])
def test_volume_profile_matches_numpy(loaded_store, symbol, start, end, bins, source):
    params = dict(symbol=symbol, start_date=start, end_date=end)
    if bins:
        params["bins"] = bins
    res = run(loaded_store, "get_volume_profile", **params)
    nbins = bins or 24
    if source == "1min":
        b = ref.minutes(symbol)
        b = b[b["in_session"]]
    else:
        b = ref.hourly(symbol)
    b = b[(b["trading_date"] >= start) & (b["trading_date"] <= end)]
    lo, hi, vol = profile(b, nbins)
    assert res.granularity == source and res.row_count == nbins
    assert res.rows[0]["price_low"] == pytest.approx(lo)
    assert res.rows[-1]["price_high"] == pytest.approx(hi)
    assert [r["volume"] for r in res.rows] == pytest.approx(vol.tolist())
    poc, va_lo, va_hi = value_area(vol)
    width = (hi - lo) / nbins
    s = res.summary
    assert s["total_volume"] == pytest.approx(b["volume"].sum())
    assert s["poc_price"] == pytest.approx(lo + (poc + 0.5) * width)
    assert s["value_area_low"] == pytest.approx(lo + va_lo * width)
    assert s["value_area_high"] == pytest.approx(lo + (va_hi + 1) * width)


def test_volume_profile_daily_for_long_or_daily_only(loaded_store):
    res = run(loaded_store, "get_volume_profile", symbol="SPX", start_date="2000-01-01",
              end_date="2009-12-31")
    d = ref.daily("SPX").loc["2000":"2009"]
    lo, hi, vol = profile(d, 24)
    assert res.granularity == "daily"
    assert [r["volume"] for r in res.rows] == pytest.approx(vol.tolist())
    assert "ohlcv_1min" not in res.sql and "ohlcv_1h" not in res.sql
    empty = run(loaded_store, "get_volume_profile", symbol="SPY", start_date="2010-01-01",
                end_date="2010-01-31")
    assert empty.row_count == 0 and empty.summary["total_volume"] == 0
