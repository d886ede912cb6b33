"""Days counted against a price level ("how many times did SPY close above 520 in March 2024",
"сколько дней SPY торговался ниже 500", "¿cuántos días cerró SPY por encima de 520?"): the day's
close (high for "traded above", low for "traded below") past the level, counted and listed on both
engines against pandas. Before, every such question was asked back ("I can count days by their
percent move, not against a price level"). A move in points is still asked about."""
from __future__ import annotations

import pytest

from tests.agents.conftest import conversation
from tests.query_builder import reference as ref

CASES = [
    # question, symbol, period, price, op, level
    ("how many times did SPY close above 520 in March 2024", "SPY", ("2024-03-01", "2024-03-31"), "close", "gt", 520.0),
    ("how many days did SPY trade below 500 in April 2024", "SPY", ("2024-04-01", "2024-04-30"), "low", "lt", 500.0),
    ("SPX days closed at or above 1,000 in 2008", "SPX", ("2008-01-01", "2008-12-31"), "close", "gte", 1000.0),
    ("in how many sessions of 2008 did the S&P 500 trade above 1,400?", "SPX", ("2008-01-01", "2008-12-31"),
     "high", "gt", 1400.0),
    ("сколько дней SPY закрылся выше 520 в марте 2024", "SPY", ("2024-03-01", "2024-03-31"), "close", "gt", 520.0),
    ("дни, когда SPY закрывался не ниже 510 в апреле 2024", "SPY", ("2024-04-01", "2024-04-30"), "close", "gte", 510.0),
    ("сколько дней SPY торговался ниже 500 в апреле 2024", "SPY", ("2024-04-01", "2024-04-30"), "low", "lt", 500.0),
    ("¿cuántos días cerró SPY por encima de 520 en marzo de 2024?", "SPY", ("2024-03-01", "2024-03-31"),
     "close", "gt", 520.0),
    ("días de enero de 2022 en que el bitcoin cotizó por debajo de 40.000", "BTCUSD", ("2022-01-01", "2022-01-31"),
     "low", "lt", 40000.0),
]


@pytest.mark.parametrize("q,symbol,period,price,op,level", CASES, ids=[c[0][:50] for c in CASES])
def test_days_against_a_price_level(session, q, symbol, period, price, op, level):
    r = conversation(session, "level-days", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    cond = r["intent"]["condition"]
    assert (cond["metric"], cond["op"], cond["threshold"]) == (f"{price}_level", op, level)
    d = ref.daily(symbol).loc[period[0]:period[1]]
    v = d[price]
    keep = {"gt": v > level, "gte": v >= level, "lt": v < level, "lte": v <= level}[op]
    assert next(c for c in r["claims"] if c["type"] == "event_count")["value"] == int(keep.sum())


def test_a_move_in_points_is_still_asked_about(session):
    r = conversation(session, "level-days", "2024-06-01")("how many days did NQ rise more than 100 points in November 2023")
    assert r["status"] == "clarification", r["response"]
