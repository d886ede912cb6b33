"""A plan the data cannot run (a model planned VWAP or an hourly profile on SPX, daily bars only)
gets the capability registry's honest answer from the step's declaration, not 'try a shorter
period'. Only the planner is faked; the store, builder and graph are real."""
from __future__ import annotations

import pytest

from agent.llm.offline.provider import OfflineProvider
from agent.state import Plan
from query_builder.models import Step

SPX_2020 = {"symbol": "SPX", "start_date": "2020-01-01", "end_date": "2020-03-31"}


class PlansOnDailyOnly(OfflineProvider):
    """Plans what a model might: a step that needs intraday bars on a daily-only symbol."""

    def __init__(self, step: Step):
        super().__init__()
        self.step = step

    def plan(self, intent, ctx):
        return Plan(steps=[self.step], summary="one step")


@pytest.mark.parametrize("step,expected", [
    (Step(action="get_indicator", params={**SPX_2020, "indicator": "vwap"}),
     "VWAP needs intraday (1-min) bars, and SPX has daily bars only. The closest I can do: a moving average"),
    (Step(action="aggregate_patterns", params={**SPX_2020, "pattern": "hourly_profile"}),
     "Hourly profile needs intraday (1-min) bars, and SPX has daily bars only. The closest I can do: "
     "price and volume statistics"),
    (Step(action="get_intraday_data", params={**SPX_2020}),
     "Intraday data needs intraday (1-min) bars, and SPX has daily bars only."),
], ids=["vwap", "hourly_profile", "intraday"])
def test_daily_only_step_gets_the_registry_answer(session_with, step, expected):
    r = session_with(PlansOnDailyOnly(step)).ask("SPX stats for Q1 2020")
    assert expected in r.response, r.response
    assert "shorter period" not in r.response


def test_russian_registry_answer_names_the_symbol_in_a_sentence(session_with):
    # "а по этому инструменту есть только дневные" with the symbol put in: "а по SPX есть", not "а SPX есть"
    step = Step(action="get_indicator", params={**SPX_2020, "indicator": "vwap"})
    r = session_with(PlansOnDailyOnly(step)).ask("Статистика SPX за 1 квартал 2020")
    assert "VWAP: нужны внутридневные (минутные) бары, а по SPX есть только дневные." in r.response, r.response
