"""Days by their range ("SPY days with a range above 1% in April 2024", "дни с размахом не более
0,5%", "días con un rango superior al 2%"): a day's range is (high - low) over the previous close,
unsigned, so its bound is read above or below and nothing is asked back (before: "Rises or
falls?"). Counts and each listed day's range against pandas on both engines."""
from __future__ import annotations

import pytest

from tests.agents.conftest import conversation
from tests.query_builder import reference as ref

CASES = [
    # question, symbol, period, op, threshold
    ("SPY days with a range above 1% in April 2024", "SPY", ("2024-04-01", "2024-04-30"), "gt", 1.0),
    ("how many days in March 2024 did SPY have a daily range of less than 0.5%", "SPY",
     ("2024-03-01", "2024-03-31"), "lt", 0.5),
    ("SPX sessions in 2008 with a high-low range of at least 5%", "SPX", ("2008-01-01", "2008-12-31"), "gte", 5.0),
    ("SPY дни с диапазоном больше 1,5% в апреле 2024", "SPY", ("2024-04-01", "2024-04-30"), "gt", 1.5),
    ("сколько дней в марте 2024 размах SPY был не более 0,5%", "SPY", ("2024-03-01", "2024-03-31"), "lte", 0.5),
    ("SPY días con un rango superior al 2% en abril de 2024", "SPY", ("2024-04-01", "2024-04-30"), "gt", 2.0),
    ("días de BTC en enero de 2022 con una amplitud de menos del 3%", "BTCUSD", ("2022-01-01", "2022-01-31"), "lt", 3.0),
]


def _expected(symbol: str, start: str, end: str, op: str, t: float):
    d = ref.with_changes(ref.daily(symbol))
    d["range_pct"] = (d["high"] - d["low"]) / d["prev_close"] * 100
    d = d.loc[start:end]
    keep = {"gt": d["range_pct"] > t, "gte": d["range_pct"] >= t, "lt": d["range_pct"] < t,
            "lte": d["range_pct"] <= t}[op]
    return d[keep]


@pytest.mark.parametrize("q,symbol,period,op,t", CASES, ids=[c[0][:50] for c in CASES])
def test_days_by_their_range(session, q, symbol, period, op, t):
    r = conversation(session, "range-days", "2024-06-01")(q)
    assert r["status"] == "answered", r["response"]
    cond = r["intent"]["condition"]
    assert (cond["metric"], cond["op"], cond["threshold"]) == ("range_pct", op, t)
    exp = _expected(symbol, *period, op, t)
    claims = r["claims"]
    assert next(c for c in claims if c["type"] == "event_count")["value"] == len(exp)
    listed = {c["date"]: c["value"] for c in claims if c["type"] == "day_range_pct"}
    assert listed, r["response"]
    for day, value in listed.items():
        assert value == pytest.approx(exp.loc[day, "range_pct"], abs=1e-6)
    assert "+" not in r["response"].split("\n", 2)[-1], r["response"]     # a range has no sign
    assert r["declined"] == [], r["declined"]


RANKED = [
    ("SPY day with the widest range in April 2024", "SPY", ("2024-04-01", "2024-04-30"), 1),
    ("the 3 days with the largest daily range for SPY in March 2024", "SPY", ("2024-03-01", "2024-03-31"), 3),
    ("which session in 2008 had the S&P 500's biggest high-low range", "SPX", ("2008-01-01", "2008-12-31"), 1),
    ("SPY самый большой дневной диапазон в апреле 2024", "SPY", ("2024-04-01", "2024-04-30"), 1),
    ("3 дня с наибольшим размахом у биткоина в январе 2022", "BTCUSD", ("2022-01-01", "2022-01-31"), 3),
    ("los 3 días con mayor amplitud de SPY en abril de 2024", "SPY", ("2024-04-01", "2024-04-30"), 3),
    ("el día de mayor rango de SPY en marzo de 2024", "SPY", ("2024-03-01", "2024-03-31"), 1),
]


@pytest.mark.parametrize("q,symbol,period,n", RANKED, ids=[c[0][:50] for c in RANKED])
def test_days_ranked_by_their_range(session, q, symbol, period, n):
    """"The day with the widest range" was declined ("widest") and the month's average range answered."""
    r = conversation(session, "range-rank", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    exp = _expected(symbol, *period, "gte", 0.0).sort_values("range_pct", ascending=False).head(n)
    listed = [(c["date"], c["value"]) for c in r["claims"] if c["type"] == "day_range_pct"]
    assert [d for d, _v in listed] == [d.date().isoformat() for d in exp.index], r["response"]
    assert [v for _d, v in listed] == pytest.approx(list(exp["range_pct"]))
    assert "0.00" not in r["reading"] and "0,00" not in r["reading"], r["reading"]
