"""Two periods compared, the second written without a year after a connective whose last word also
opens a range ("по сравнению с 30 ноября", "в сравнении с мартом", "from April 4", "desde marzo"):
the second is the compared day, week or month with the first one's year, answered on both engines
with values equal to pandas over the shared CSVs. Before, it was read as a range from that date to
today, and the answer compared one day with the last stored close."""
from __future__ import annotations

import pytest

from tests.agents.conftest import conversation
from tests.query_builder import reference as ref

_CHECKED = ("open", "close", "high", "low", "pct_change")   # each equals pandas for its period
NOW = "2026-11-29"   # long after the data: a range "from the date to today" cannot pass for the day

CASES = [
    # question, symbol, [(start, end, claim period label)], a period the reading names
    ("как закрылся NQ 1 декабря 2023 по сравнению с 30 ноября", "NQ",
     [("2023-12-01", "2023-12-01", "2023-12-01"), ("2023-11-30", "2023-11-30", "2023-11-30")], "30 ноября 2023 г."),
    ("закрытие NQ 4 декабря 2023 в сравнении с 1 декабря", "NQ",
     [("2023-12-04", "2023-12-04", "2023-12-04"), ("2023-12-01", "2023-12-01", "2023-12-01")], "1 декабря 2023 г."),
    ("SPY 5 апреля 2024 сравнительно с 4 апреля", "SPY",
     [("2024-04-05", "2024-04-05", "2024-04-05"), ("2024-04-04", "2024-04-04", "2024-04-04")], "4 апреля 2024 г."),
    ("сравни закрытие SPY 5 апреля 2024 с 4 апреля", "SPY",
     [("2024-04-05", "2024-04-05", "2024-04-05"), ("2024-04-04", "2024-04-04", "2024-04-04")], "4 апреля 2024 г."),
    ("SPY апрель 2024 по сравнению с мартом", "SPY",
     [("2024-04-01", "2024-04-30", "2024-04"), ("2024-03-01", "2024-03-31", "2024-03")], "март 2024"),
    ("SPY неделя 1 апреля 2024 по сравнению с неделей 25 марта", "SPY",
     [("2024-04-01", "2024-04-05", "2024-04-01..2024-04-05"), ("2024-03-25", "2024-03-29", "2024-03-25..2024-03-29")],
     "25 марта 2024 г. – 29 марта 2024 г."),
    ("how much did SPY gain on April 5 2024 from April 4", "SPY",
     [("2024-04-05", "2024-04-05", "2024-04-05"), ("2024-04-04", "2024-04-04", "2024-04-04")], "April 4, 2024"),
    ("NQ close on December 1 2023 compared with November 30", "NQ",
     [("2023-12-01", "2023-12-01", "2023-12-01"), ("2023-11-30", "2023-11-30", "2023-11-30")], "November 30, 2023"),
    ("SPY April 2024 relative to March", "SPY",
     [("2024-04-01", "2024-04-30", "2024-04"), ("2024-03-01", "2024-03-31", "2024-03")], "March 2024"),
    ("SPY the week of April 1 2024 compared to the week of March 25", "SPY",
     [("2024-04-01", "2024-04-05", "2024-04-01..2024-04-05"), ("2024-03-25", "2024-03-29", "2024-03-25..2024-03-29")],
     "March 25, 2024"),
    ("cierre del SPY el 5 de abril de 2024 respecto al 4 de abril", "SPY",
     [("2024-04-05", "2024-04-05", "2024-04-05"), ("2024-04-04", "2024-04-04", "2024-04-04")], "4 de abril de 2024"),
    ("¿cuánto cambió SPY en abril de 2024 desde marzo?", "SPY",
     [("2024-04-01", "2024-04-30", "2024-04"), ("2024-03-01", "2024-03-31", "2024-03")], "marzo de 2024"),
    ("SPY la semana del 1 de abril de 2024 comparada con la del 25 de marzo", "SPY",
     [("2024-04-01", "2024-04-05", "2024-04-01..2024-04-05"), ("2024-03-25", "2024-03-29", "2024-03-25..2024-03-29")],
     "25 de marzo de 2024"),
]


@pytest.mark.parametrize("q,symbol,periods,said", CASES, ids=[c[0][:45] for c in CASES])
def test_the_compared_period_is_the_day_week_or_month_written(session, q, symbol, periods, said):
    r = conversation(session, "cmpdate", NOW)(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    assert said in r["reading"] and "2026" not in r["reading"], r["reading"]
    assert not r["reading"].endswith(".."), r["reading"]
    claims = [c for c in r["claims"] if c["type"] in _CHECKED and c["symbol"] == symbol]
    assert {c["period"] for c in claims} == {label for _a, _b, label in periods}, r["response"]
    for start, end, label in periods:
        exp = ref.period_stats(symbol, start, end)
        for c in (c for c in claims if c["period"] == label):
            assert c["value"] == pytest.approx(exp[c["type"]]), (label, c)


def test_a_range_from_one_date_to_another_stays_one_range(session):
    """'from A to B' is a real range: one period, its change from A's open to B's close."""
    r = conversation(session, "cmpdate", NOW)("how did SPY change from April 4 to April 5 2024")
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    assert r["intent"]["analysis"] != "compare" and not r["intent"].get("compare_periods")
    exp = ref.period_stats("SPY", "2024-04-04", "2024-04-05")
    pct = [c["value"] for c in r["claims"] if c["type"] == "pct_change"]
    assert pct and pct[0] == pytest.approx(exp["pct_change"])
