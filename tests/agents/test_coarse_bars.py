"""Weekly and monthly candles asked as a bar size ("SPY weekly candles for March 2024", "недельные
свечи", "velas mensuales"): read, planned as get_period_stats at that granularity, stated in the
reading, and the bars the step returns equal pandas' aggregation of the daily bars (both engines).
Before, the size was dropped without a word and the month's summary answered as if it were asked."""
from __future__ import annotations

import pandas as pd
import pytest

from query_builder.models import Step
from query_builder.runner import run_step
from tests.agents.conftest import conversation
from tests.query_builder import reference as ref

CASES = [
    # question, symbol, start, end, granularity, what the reading says
    ("SPY weekly candles for March 2024", "SPY", "2024-03-01", "2024-03-31", "weekly", "weekly bars"),
    ("show me SPY week by week in April 2024", "SPY", "2024-04-01", "2024-04-30", "weekly", "weekly bars"),
    ("недельные свечи SPY за март 2024", "SPY", "2024-03-01", "2024-03-31", "weekly", "недельные бары"),
    ("SPY velas semanales de abril de 2024", "SPY", "2024-04-01", "2024-04-30", "weekly", "barras semanales"),
    ("S&P 500 monthly candles for 2019", "SPX", "2019-01-01", "2019-12-31", "monthly", "monthly bars"),
    ("месячные свечи SPX за 2008 год", "SPX", "2008-01-01", "2008-12-31", "monthly", "месячные бары"),
    ("SPX velas mensuales de 2017", "SPX", "2017-01-01", "2017-12-31", "monthly", "barras mensuales"),
]


def _pandas(symbol: str, start: str, end: str, granularity: str) -> pd.DataFrame:
    p = ref.period(symbol, start, end)
    key = p.index.to_period("W-SUN" if granularity == "weekly" else "M")
    return p.groupby(key).agg(open=("open", "first"), high=("high", "max"), low=("low", "min"),
                              close=("close", "last"))


@pytest.mark.parametrize("q,symbol,start,end,gran,said", CASES, ids=[c[0][:40] for c in CASES])
def test_weekly_and_monthly_candles_are_read_planned_and_stated(session, loaded_store, q, symbol, start,
                                                               end, gran, said):
    r = conversation(session, "coarse", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    assert said in r["reading"] and r["response"].startswith(r["reading"])
    steps = [s for s in r["plan"]["steps"] if s["action"] == "get_period_stats"]
    assert steps and all(s["params"]["granularity"] == gran for s in steps)
    res = run_step(loaded_store, Step.model_validate(steps[0]))
    exp = _pandas(symbol, start, end, gran)
    assert [b["period_start"] for b in res.bars] == [k.start_time.date().isoformat() for k in exp.index]
    for col in ("open", "high", "low", "close"):
        assert [b[col] for b in res.bars] == pytest.approx(exp[col].tolist())


def test_a_coarse_size_the_plan_does_not_apply_is_declined_by_name(loaded_store):
    """A plan that ignores the size asked (a model's plan) gets the size declined, never silence."""
    from agent.nlu import declines
    from agent.nlu.windows import WEEK_MINUTES
    from query_builder.models import StepParams

    steps = [Step(action="get_period_stats", params=StepParams(symbol="SPY", start_date="2024-03-01",
                                                               end_date="2024-03-31"))]
    out = declines._bars(WEEK_MINUTES, steps, ["SPY"], None, "en")
    assert out is not None and "weekly bars" in str(out)
    steps[0].params.granularity = "weekly"
    assert declines._bars(WEEK_MINUTES, steps, ["SPY"], None, "en") is None
