"""find_events and get_periods_after against pandas (both engines)."""
from __future__ import annotations

import numpy as np
import pytest

from tests.query_builder import reference as ref
from tests.query_builder.util import close, run


def cond(op: str, threshold: float, metric: str = "daily_pct_change") -> dict:
    return {"metric": metric, "op": op, "threshold": threshold}


@pytest.mark.parametrize("symbol,start,end,op,threshold,expected", [
    ("SPX", "2008-01-01", "2008-12-31", "lt", -3, 23),
    ("SPX", "2020-01-01", "2020-12-31", "gte", 4, 8),
    ("BTCUSD", "2022-01-01", "2022-01-31", "lt", -5, 2),
    ("SPY", "2024-02-20", "2024-05-17", "gt", 1, None),
    ("NQ", "2023-11-20", "2023-12-04", "lte", -0.3, None),
])
def test_find_events_match_pandas(loaded_store, symbol, start, end, op, threshold, expected):
    res = run(loaded_store, "find_events", symbol=symbol, start_date=start, end_date=end,
              condition=cond(op, threshold))
    ev = ref.events(symbol, start, end, op, threshold)
    if expected is not None:
        assert len(ev) == expected
    assert res.summary["event_count"] == len(ev) == res.row_count
    assert [r["trading_date"] for r in res.rows] == [d.date().isoformat() for d in ev.index]
    for row, (_, exp) in zip(res.rows, ev.iterrows()):
        for key in ("open", "high", "low", "close", "prev_close", "pct_change"):
            assert close(row[key], float(exp[key]))


def test_first_day_of_period_has_a_change(loaded_store):
    res = run(loaded_store, "find_events", symbol="SPX", start_date="2020-03-16",
              end_date="2020-03-31", condition=cond("lt", -10))
    assert [r["trading_date"] for r in res.rows] == ["2020-03-16"]
    assert res.rows[0]["pct_change"] == pytest.approx(-11.98, abs=0.005)


def test_top_gains_all_history(loaded_store):
    res = run(loaded_store, "find_events", symbol="SPX", top_n=5, condition=cond("gt", 0))
    got = [(r["trading_date"], round(r["pct_change"], 6)) for r in res.rows]
    assert got == [("1933-03-15", 16.609589), ("1929-10-30", 12.530592), ("1931-10-06", 12.358277),
                   ("1939-09-05", 11.858407), ("1932-09-21", 11.811024)]
    top = ref.with_changes(ref.daily("SPX"))["pct_change"].nlargest(5)
    assert [r["pct_change"] for r in res.rows] == pytest.approx(top.tolist())
    no_cond = run(loaded_store, "find_events", symbol="SPX", top_n=5, direction="up")
    assert no_cond.rows == res.rows


def test_top_falls_in_a_year(loaded_store):
    res = run(loaded_store, "find_events", symbol="SPX", start_date="2008-01-01",
              end_date="2008-12-31", top_n=3, condition=cond("lt", 0))
    got = [(r["trading_date"], round(r["pct_change"], 6)) for r in res.rows]
    assert got == [("2008-10-15", -9.034978), ("2008-12-01", -8.929524), ("2008-09-29", -8.806776)]
    assert res.summary["event_count"] == 3
    down = run(loaded_store, "find_events", symbol="SPX", start_date="2008-01-01",
               end_date="2008-12-31", top_n=3, direction="down")
    assert down.rows == res.rows


def test_other_metrics(loaded_store):
    res = run(loaded_store, "find_events", symbol="SPY", condition=cond("gte", 0.5, "gap_pct"))
    d = ref.with_changes(ref.daily("SPY"))
    gap = (d["open"] / d["prev_close"] - 1) * 100
    assert [r["trading_date"] for r in res.rows] == [x.date().isoformat() for x in d.index[gap >= 0.5]]
    assert [r["gap_pct"] for r in res.rows] == pytest.approx(gap[gap >= 0.5].tolist())
    res = run(loaded_store, "find_events", symbol="NQ", condition=cond("gt", 1.2, "range_pct"))
    d = ref.with_changes(ref.daily("NQ"))
    rng = (d["high"] - d["low"]) / d["prev_close"] * 100
    assert [r["range_pct"] for r in res.rows] == pytest.approx(rng[rng > 1.2].tolist())


@pytest.mark.parametrize("start,op,threshold,n,count,avg,win", [
    ("1950-01-01", "gt", 5, 5, 22, -1.729875, 40.909091),
    ("1990-01-01", "lt", -4, 10, 41, 0.197862, 58.536585),
])
def test_periods_after_reference(loaded_store, start, op, threshold, n, count, avg, win):
    res = run(loaded_store, "get_periods_after", symbol="SPX", start_date=start,
              condition=cond(op, threshold), horizon_days=n)
    s = res.summary
    assert s["event_count"] == count and s["horizon_days"] == n
    assert s["avg_return_after"] == pytest.approx(avg, abs=1e-6)
    assert s["win_rate_after"] == pytest.approx(win, abs=1e-6)
    exp = ref.after("SPX", start, None, op, threshold, n)
    rets = exp["return_pct"].dropna()
    assert s["events_with_window"] == len(rets)
    assert s["avg_return_after"] == pytest.approx(rets.mean())
    assert s["median_return_after"] == pytest.approx(rets.median())
    assert s["win_rate_after"] == pytest.approx((rets > 0).mean() * 100)
    for row, (day, e) in zip(res.rows, exp.iterrows()):
        assert row["event_date"] == day.date().isoformat()
        assert row["exit_date"] == e["exit_date"].date().isoformat()
        assert close(row["return_pct"], e["return_pct"]) and close(row["event_close"], e["close"])
        assert close(row["event_pct_change"], e["pct_change"])


def test_periods_after_window_crosses_period_end_and_data_end(loaded_store):
    # the exit may fall after the period's end ...
    res = run(loaded_store, "get_periods_after", symbol="SPX", start_date="2008-12-01",
              end_date="2008-12-31", condition=cond("lt", -3), horizon_days=25)
    assert res.rows and all(r["exit_date"] is not None for r in res.rows)
    assert any(r["exit_date"] > "2008-12-31" for r in res.rows)
    # ... but events without N later days are excluded from the stats and counted
    res = run(loaded_store, "get_periods_after", symbol="SPY", condition=cond("lt", -0.5),
              horizon_days=20)
    exp = ref.after("SPY", None, None, "lt", -0.5, 20)
    without = int(exp["return_pct"].isna().sum())
    assert without > 0
    assert res.summary["events_without_window"] == without
    assert res.summary["events_with_window"] == len(exp) - without
    assert res.summary["avg_return_after"] == pytest.approx(np.nanmean(exp["return_pct"]))
    assert [r["exit_date"] for r in res.rows[-without:]] == [None] * without
