"""How much an instrument gained or lost over a period ("сколько процентов потерял биткоин за январь
2022", "how much has SPY gained", "cuántos puntos porcentuales perdió") is the period's change, in
points when points are asked; a count of days ("сколько дней SPY рос", "how many days did it fall",
"cuántas veces cayó") stays a count. Both engines, values against pandas. Before, the Russian and
several Spanish and English phrasings of the size were answered with the number of up or down days."""
from __future__ import annotations

import pytest

from tests.agents.conftest import conversation
from tests.query_builder import reference as ref

JAN22 = ("BTCUSD", "2022-01-01", "2022-01-31", "2022-01")
MAR24 = ("SPY", "2024-03-01", "2024-03-31", "2024-03")
APR24 = ("SPY", "2024-04-01", "2024-04-30", "2024-04")

SIZE = [
    # question, (symbol, start, end, period label), the change asked
    ("сколько процентов потерял биткоин за январь 2022", JAN22, "pct_change"),
    ("сколько процентов прибавил SPY в марте 2024", MAR24, "pct_change"),
    ("сколько потерял биткоин в январе 2022", JAN22, "pct_change"),
    ("Сколько % скинул биткоин в январе 2022?", JAN22, "pct_change"),
    ("насколько процентов подешевел биткоин в январе 2022", JAN22, "pct_change"),
    ("насколько сильно упал SPY в апреле 2024", APR24, "pct_change"),
    ("сколько заработал SPY в марте 2024", MAR24, "pct_change"),
    ("сколько SPY прибавил в процентах в марте 2024", MAR24, "pct_change"),
    ("сколько процентов составил рост SPY в марте 2024", MAR24, "pct_change"),
    ("сколько процентных пунктов потерял биткоин в январе 2022", JAN22, "pct_change"),
    ("сколько пунктов потерял SPY в апреле 2024", APR24, "change_points"),
    ("сколько потерял SPY в пунктах в апреле 2024", APR24, "change_points"),
    ("how much has SPY gained in March 2024", MAR24, "pct_change"),
    ("How much did bitcoin shed in January 2022?", JAN22, "pct_change"),
    ("by how much did SPY fall in April 2024", APR24, "pct_change"),
    ("how many percentage points did bitcoin lose in January 2022", JAN22, "pct_change"),
    ("how much did bitcoin lose in points in January 2022", JAN22, "change_points"),
    ("cuánto perdió bitcoin en enero de 2022", JAN22, "pct_change"),
    ("¿cuántos por ciento ganó SPY en marzo de 2024?", MAR24, "pct_change"),
    ("¿cuántos puntos porcentuales perdió bitcoin en enero de 2022?", JAN22, "pct_change"),
    ("¿en cuánto bajó SPY en abril de 2024?", APR24, "pct_change"),
    ("¿qué tanto cayó bitcoin en enero de 2022?", JAN22, "pct_change"),
    ("cuánto se revalorizó SPY en marzo de 2024", MAR24, "pct_change"),
    ("cuánto bajó bitcoin en puntos en enero de 2022", JAN22, "change_points"),
]


def _change(metric: str, symbol: str, start: str, end: str) -> float:
    s = ref.period_stats(symbol, start, end)
    return float(s["pct_change"] if metric == "pct_change" else s["close"] - s["open"])


@pytest.mark.parametrize("q,where,metric", SIZE, ids=[c[0][:45] for c in SIZE])
def test_the_size_of_a_move_is_the_periods_change(session, q, where, metric):
    symbol, start, end, label = where
    r = conversation(session, "size", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    assert r["intent"]["analysis"] == "stats" and r["intent"]["metrics"] == [metric], r["intent"]
    assert not any(s["action"] == "find_events" for s in r["plan"]["steps"]), r["plan"]
    claims = {c["type"]: c["value"] for c in r["claims"] if c["symbol"] == symbol and c["period"] == label}
    assert claims[metric] == pytest.approx(_change(metric, symbol, start, end)), r["response"]
    assert "event_count" not in claims and r["response"].startswith(r["reading"])


COUNT = [
    # question, (symbol, start, end, period label), up or down days
    ("сколько дней SPY рос в марте 2024", MAR24, "up"),
    ("сколько раз биткоин падал в январе 2022", JAN22, "down"),
    ("сколько торговых дней SPY снижался в апреле 2024", APR24, "down"),
    ("how many days did bitcoin fall in January 2022", JAN22, "down"),
    ("how many sessions did SPY gain in March 2024", MAR24, "up"),
    ("cuántos días subió SPY en marzo de 2024", MAR24, "up"),
    ("¿cuántas veces cayó bitcoin en enero de 2022?", JAN22, "down"),
    ("cuántas sesiones perdió SPY en abril de 2024", APR24, "down"),
]


@pytest.mark.parametrize("q,where,direction", COUNT, ids=[c[0][:45] for c in COUNT])
def test_a_count_of_days_stays_a_count(session, q, where, direction):
    symbol, start, end, _label = where
    r = conversation(session, "count", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    assert "pct_change" not in r["intent"]["metrics"] and "change_points" not in r["intent"]["metrics"]
    days = ref.events(symbol, start, end, "gt" if direction == "up" else "lt", 0.0)
    counted = [c["value"] for c in r["claims"] if c["type"] in ("event_count", f"{direction}_days")]
    assert counted and counted[0] == len(days), r["response"]


def test_the_size_asked_after_a_count_is_the_change(session):
    """After "сколько дней SPY рос в марте", "а сколько он прибавил?" asks the month's change."""
    r = conversation(session, "follow", "2024-06-01")("сколько дней SPY рос в марте 2024", "а сколько он прибавил?")
    assert r["status"] == "answered" and r["intent"]["metrics"] == ["pct_change"], r["response"]
    change = next(c["value"] for c in r["claims"] if c["type"] == "pct_change")
    assert change == pytest.approx(_change("pct_change", "SPY", "2024-03-01", "2024-03-31"))
