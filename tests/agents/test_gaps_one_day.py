"""Gaps asked of one day ("did SPY gap up on April 1 2024?") where no gap passes the threshold: the
count (0) is said in every language. Before, the summary named a fill rate, averages and sessions
checked that no row gave, and the whole answer was hidden as unverified."""
from __future__ import annotations

import pytest

from tests.agents.conftest import conversation
from tests.query_builder import reference as ref

CASES = [("did SPY gap up on April 1 2024?", "en"), ("был ли гэп у SPY 1 апреля 2024?", "ru"),
         ("¿SPY abrió con gap el 1 de abril de 2024?", "es")]


@pytest.mark.parametrize("q,lang", CASES, ids=[c[1] for c in CASES])
def test_no_gap_on_the_day_is_said(session, q, lang):
    d = ref.with_changes(ref.daily("SPY"))
    gap = (d.loc["2024-04-01", "open"] / d.loc["2024-04-01", "prev_close"] - 1) * 100
    assert abs(gap) < 0.5                       # the data: no gap beyond the default threshold
    r = conversation(session, "gap-day", "2024-06-01")(q)
    assert r["status"] == "answered" and r["validation"]["status"] == "ok", r["response"]
    said = [ln for ln in r["response"].splitlines() if "0.50" in ln or "0,50" in ln]
    assert len(said) == 1 and said[0].rstrip(".").endswith(" 0"), r["response"]
