"""rank_volume_days against pandas (both engines): the trading days of a period ranked by their
session volume (tests/query_builder/reference.py applies the session rules from scratch)."""
from __future__ import annotations

import pytest

from tests.query_builder import reference as ref
from tests.query_builder.util import run


def _expected(symbol: str, start: str | None, end: str | None, n: int, direction: str):
    d = ref.daily(symbol)
    if start:
        d = d[(d.index >= start) & (d.index <= end)]
    v = d["volume"].sort_values(ascending=direction == "down", kind="stable")   # ties: earlier date first
    return [(t.date().isoformat(), float(x)) for t, x in v.iloc[:n].items()], len(d)


@pytest.mark.parametrize("symbol,start,end,n,direction", [
    ("SPY", "2024-03-01", "2024-03-31", 1, "up"),
    ("SPY", "2024-03-01", "2024-03-31", 5, "down"),
    ("NQ", "2023-11-01", "2023-11-30", 3, "up"),
    ("NQ", "2023-11-01", "2023-11-30", 2, "down"),
    ("SPX", "2008-01-01", "2008-12-31", 4, "up"),
    ("BTCUSD", None, None, 3, "up"),                 # no period: the whole history
])
def test_days_ranked_by_volume(loaded_store, symbol, start, end, n, direction):
    params = {"symbol": symbol, "top_n": n, "direction": direction}
    if start:
        params.update(start_date=start, end_date=end)
    res = run(loaded_store, "rank_volume_days", **params)
    want, days = _expected(symbol, start, end, n, direction)
    assert [(r["trading_date"], r["volume"]) for r in res.rows] == [(d, pytest.approx(v)) for d, v in want]
    assert [r["volume_rank"] for r in res.rows] == list(range(1, n + 1))
    assert res.summary == {"direction": direction, "ranked_count": n, "days_ranked": days}


def test_default_is_the_single_highest_day(loaded_store):
    res = run(loaded_store, "rank_volume_days", symbol="SPY", start_date="2024-03-01", end_date="2024-03-31")
    want, _ = _expected("SPY", "2024-03-01", "2024-03-31", 1, "up")
    assert [(r["trading_date"], r["volume"]) for r in res.rows] == want


def test_a_period_without_data_ranks_nothing(loaded_store):
    res = run(loaded_store, "rank_volume_days", symbol="SPY", start_date="2019-01-01", end_date="2019-12-31")
    assert res.rows == [] and res.summary["days_ranked"] == 0
