"""The longest streak of a period ("SPY longest losing streak in April 2024", "самая длинная серия
роста SPX в 2008 году", "¿cuántas sesiones seguidas subió SPY como máximo?"): the most sessions in a
row closing above (below) the close before, with the run's first and last days, on both engines
against a pandas loop over the daily closes. Before, the streak words were declined and the period's
figures answered."""
from __future__ import annotations

import pytest

from tests.agents.conftest import conversation
from tests.query_builder import reference as ref

CASES = [
    ("SPY longest losing streak in April 2024", "SPY", "2024-04-01", "2024-04-30", "down"),
    ("most up days in a row for SPX in 2008", "SPX", "2008-01-01", "2008-12-31", "up"),
    ("what was the S&P 500's longest winning streak in 2017?", "SPX", "2017-01-01", "2017-12-31", "up"),
    ("SPY за март 2024: сколько было дней роста подряд максимум?", "SPY", "2024-03-01", "2024-03-31", "up"),
    ("самая длинная серия падения SPX в 2008 году", "SPX", "2008-01-01", "2008-12-31", "down"),
    ("¿Cuántas sesiones seguidas subió SPY como máximo en abril de 2024?", "SPY", "2024-04-01", "2024-04-30", "up"),
    ("racha bajista más larga del bitcoin en enero de 2022", "BTCUSD", "2022-01-01", "2022-01-31", "down"),
]


def _longest(symbol: str, start: str, end: str, way: str) -> tuple[int, str, str]:
    d = ref.with_changes(ref.daily(symbol)).loc[start:end]
    best, first, last, run = 0, "", "", 0
    for i, (day, chg) in enumerate(d["pct_change"].items()):
        run = run + 1 if (chg > 0 if way == "up" else chg < 0) else 0
        if run > best:
            best, last = run, day.date().isoformat()
            first = d.index[i - run + 1].date().isoformat()
    return best, first, last


@pytest.mark.parametrize("q,symbol,start,end,way", CASES, ids=[c[0][:50] for c in CASES])
def test_the_longest_streak_is_answered(session, q, symbol, start, end, way):
    r = conversation(session, "streak", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    n, first, last = _longest(symbol, start, end, way)
    claim = next(c for c in r["claims"] if c["type"] == f"longest_{way}_streak")
    assert (claim["value"], claim["date"], claim["context"]) == (n, last, first), r["response"]
    assert "I could not verify" not in r["response"]
