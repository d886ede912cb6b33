"""A window after a named day ("the week after Thanksgiving 2023", "неделя после Дня благодарения",
"la semana después de Acción de Gracias") is that window, answered with its own figures on both
engines (values against pandas over the shared CSVs). Before, the named day was read first and the
window's words were left: the holiday alone was answered, or "after" made it an event study asking
how big a move. The window counts sessions after the holiday (a closed day is not the first of
them), and no note says the window was not applied."""
from __future__ import annotations

from datetime import date

import pytest

from agent.nlu.sessions import nth_session_after
from tests.agents.conftest import conversation
from tests.query_builder import reference as ref

CASES = [
    # question, symbol, first and last date of the window
    ("how did NQ do in the week after Thanksgiving 2023", "NQ", "2023-11-24", "2023-11-30"),
    ("NQ 3 sessions after Thanksgiving 2023", "NQ", "2023-11-24", "2023-11-28"),
    ("which rose more, SPY or NQ, in the week after Thanksgiving 2023", "NQ", "2023-11-24", "2023-11-30"),
    ("NQ неделя после Дня благодарения 2023", "NQ", "2023-11-24", "2023-11-30"),
    ("что было с NQ за 2 дня после дня благодарения 2023 года", "NQ", "2023-11-24", "2023-11-27"),
    ("NQ la semana después de Acción de Gracias de 2023", "NQ", "2023-11-24", "2023-11-30"),
    ("SPX the day after Black Monday", "SPX", "1987-10-20", "1987-10-20"),
    ("S&P 500 в первые 5 сессий после черного понедельника", "SPX", "1987-10-20", "1987-10-26"),
    ("BTCUSD in the 3 days after New Year's Day 2022", "BTCUSD", "2022-01-02", "2022-01-04"),
    ("BTC 2 недели после Нового года 2022", "BTCUSD", "2022-01-02", "2022-01-15"),
    ("bitcoin los 3 días después de Año Nuevo de 2022", "BTCUSD", "2022-01-02", "2022-01-04"),
]


@pytest.mark.parametrize("q,symbol,start,end", CASES, ids=[c[0][:50] for c in CASES])
def test_a_window_after_a_named_day_is_answered(session, q, symbol, start, end):
    r = conversation(session, "after-named", "2024-06-01")(q)
    assert r["status"] == "answered", r["response"]
    assert not any(d["part"] in ("horizon", "condition") or "horizon" in d["part"] for d in r["declined"]), r["declined"]
    exp = ref.period_stats(symbol, start, end)
    assert (exp["first_date"], exp["last_date"]) == (start, end)
    claims = {c["type"]: c for c in r["claims"] if c.get("symbol") in (None, symbol)}
    assert claims["close"]["value"] == pytest.approx(exp["close"])
    assert claims["high"]["value"] == pytest.approx(exp["high"]) and claims["high"]["date"] == exp["high_date"]
    assert claims["low"]["value"] == pytest.approx(exp["low"]) and claims["low"]["date"] == exp["low_date"]
    assert claims["pct_change"]["value"] == pytest.approx(exp["pct_change"], abs=0.01)


@pytest.mark.parametrize("anchor,n,nth", [
    (date(2023, 11, 23), 5, date(2023, 11, 30)),   # Thanksgiving: closed, the next session is the first
    (date(2023, 11, 22), 1, date(2023, 11, 24)),
    (date(2023, 11, 25), 1, date(2023, 11, 27)),   # a Saturday
    (date(2020, 3, 16), 10, date(2020, 3, 30)),
    (date(2021, 12, 24), 1, date(2021, 12, 27)),   # Christmas observed on Friday the 24th
])
def test_the_nth_session_after_a_closed_day(anchor, n, nth):
    assert nth_session_after(anchor, n) == nth
