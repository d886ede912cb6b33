"""aggregate_patterns "price_levels" (support and resistance) against pandas, both engines: the
swing points, their grouping into levels, which side of the last close each level is on."""
from __future__ import annotations

import pytest

from tests.query_builder import reference as ref
from tests.query_builder.util import run


@pytest.mark.parametrize("symbol,start,end,threshold", [
    ("SPY", "2024-03-01", "2024-03-31", None), ("SPX", "2019-01-01", "2019-12-31", None),
    ("NQ", None, None, 0.2), ("SPX", "2008-01-01", "2008-12-31", 2.0), ("BTCUSD", None, None, None)])
def test_levels_match_pandas(loaded_store, symbol, start, end, threshold):
    params = dict(symbol=symbol, pattern="price_levels")
    if start:
        params.update(start_date=start, end_date=end)
    if threshold is not None:
        params["threshold"] = threshold
    res = run(loaded_store, "aggregate_patterns", **params)
    want = ref.price_levels(symbol, start, end, 0.5 if threshold is None else threshold)
    s = res.summary
    assert s["close"] == pytest.approx(want["close"]) and s["sessions"] == want["sessions"]
    assert s["swing_point_count"] == want["points"] > 0
    for side in ("support", "resistance"):
        got = [r for r in res.rows if r["side"] == side]
        got = sorted(got, key=lambda r: r["level"], reverse=side == "support")
        assert [r["level"] for r in got] == pytest.approx([x["level"] for x in want[side]])
        assert [r["touches"] for r in got] == [x["touches"] for x in want[side]]
        assert [r["last_date"] for r in got] == [x["last_date"] for x in want[side]]
        assert s[f"{side}_count"] == len(want[side])
        assert s[f"nearest_{side}"] == (pytest.approx(want[side][0]["level"]) if want[side] else None)
    # rows top to bottom, as on a chart
    assert [r["level"] for r in res.rows] == sorted((r["level"] for r in res.rows), reverse=True)


def test_too_short_a_period_has_no_levels(loaded_store):
    """Four sessions: none has two sessions on each side inside the period."""
    res = run(loaded_store, "aggregate_patterns", symbol="SPY", pattern="price_levels",
              start_date="2024-03-04", end_date="2024-03-07")
    assert res.rows == [] and res.summary["swing_point_count"] == 0 and res.summary["sessions"] == 4
