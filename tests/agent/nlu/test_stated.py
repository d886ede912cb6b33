"""The reading stated (agent/nlu/stated.py) and checked against the plan (agent/nlu/declines.py):
built from typed values, offline plans and hand-written (model-like) plans alike."""
from __future__ import annotations

from datetime import date, time

import pytest

from agent.llm.offline import OfflineProvider
from agent.market.instruments import Instrument
from agent.nlu import declines, stated
from agent.nlu.understand import understand
from agent.state import Intent, Period, Plan, TimeWindow
from query_builder.models import EventCondition, Step, StepParams
from tests.agent.llm.offline_helpers import make_ctx


def ctx():
    """The evaluation symbols, NQ/SPY/BTCUSD with intraday bars, SPX daily only."""
    c = make_ctx("2024-06-01")
    c.instruments = [i.model_copy(update={"bar_seconds": None if i.symbol == "SPX" else 60})
                     if isinstance(i, Instrument) else i for i in c.instruments]
    return c


def read(q: str):
    c = ctx()
    it = understand(q, None, c)
    plan = OfflineProvider().plan(it, c)
    return it, plan, stated.reading_line(it, plan, c), declines.check(it, plan, c)


@pytest.mark.parametrize("q,bits", [
    ("NQ high and low between 14:00 and 15:00 on November 30, 2023",
     ["NQ", "November 30, 2023", "14:00–15:00 America/New_York", "1-minute bars"]),
    ("NQ 5-minute bars from 10:00 to 11:00 on Nov 28 2023", ["10:00–11:00 America/New_York", "5-minute bars"]),
    ("BTCUSD between 10:00 and 12:00 on January 10 2022", ["10:00–12:00 UTC"]),
    ("NQ stats for November 2023", ["NQ", "November 2023", "stored data November 20, 2023 – November 30, 2023"]),
    ("статистика NQ за ноябрь 2023", ["Ответ на: NQ", "ноябрь 2023", "данные с 20 ноября 2023 г. по 30 ноября 2023 г."]),
    ("máximo de SPY entre las 10:00 y las 11:00 el 5 de abril de 2024", ["Respuesta a: SPY", "10:00–11:00 America/New_York"]),
    ("what happened to SPX 5 days after a drop of more than 3% in 2008",
     ["SPX", "2008", "days with a close-to-close change below -3.00%", "the 5 trading days after each"]),
])
def test_the_reading_names_what_the_plan_answers(q, bits):
    _it, _plan, line, found = read(q)
    assert line and all(b in line for b in bits), line
    assert found == [], found


def test_a_window_on_daily_only_data_is_declined_by_name_and_not_claimed():
    _it, _plan, line, found = read("SPX from 14:00 to 15:00 on March 16 2020")
    assert line.startswith("Answered: SPX, March 16, 2020") and "14:00" not in line
    assert [(d.part, d.reason) for d in found] == [("the 14:00–15:00 America/New_York window",
                                                    "SPX has daily bars only")]
    assert declines.sentences(found, "en") == [
        "Not applied: the 14:00–15:00 America/New_York window (SPX has daily bars only)."]


def _intent(**kw) -> Intent:
    base = dict(type="data", symbol="SPY", symbols=["SPY"], analysis="indicator",
                period=Period(start=date(2024, 5, 1), end=date(2024, 5, 1), label="2024-05-01"))
    return Intent(**{**base, **kw})


def _step(**kw) -> Step:
    return Step(action=kw.pop("action", "get_indicator"),
                params=StepParams(symbol="SPY", start_date=date(2024, 5, 1), end_date=date(2024, 5, 1), **kw))


def test_a_plan_that_computes_a_measure_over_another_window_is_caught():
    """A model's plan with SMA over 10 for "SMA 100 and EMA 10": declined, SMA 100 by name."""
    it = _intent(indicators=["sma", "ema"], indicator_windows=[100, 10])
    bad = Plan(steps=[_step(indicator="sma", window=10), _step(indicator="ema", window=10)])
    found = declines.check(it, bad, ctx())
    assert [(d.part, d.reason) for d in found] == [("SMA 100", "computed over 10 instead")]
    good = Plan(steps=[_step(indicator="sma", window=100), _step(indicator="ema", window=10)])
    assert declines.check(it, good, ctx()) == []
    assert "SMA 100, EMA 10" in stated.reading_line(it, good, ctx())


def test_a_plan_without_the_window_condition_or_horizon_declines_each():
    it = _intent(analysis="after_events", time_window=TimeWindow(start=time(14), end=time(15), label="14:00-15:00"),
                 condition=EventCondition(op="gt", threshold=2.0), horizon_days=5, bar_minutes=15)
    plan = Plan(steps=[_step(action="get_period_stats")])
    parts = [d.part for d in declines.check(it, plan, ctx())]
    assert parts == ["the 14:00–15:00 America/New_York window", "the 15-minute bars",
                     "the condition (days with a close-to-close change above +2.00%)",
                     "the horizon (the 5 trading days after each)"]


@pytest.mark.parametrize("q,lang,words", [("SPX calmar ratio for 2015", "en", "calmar"),
                                          ("Коэффициент Кальмара SPX за 2015", "ru", "кальмара"),
                                          ("Ratio de Calmar del SPX en 2015", "es", "calmar")])
def test_unread_words_are_declined_as_a_part_never_listed_bare(q, lang, words):
    it, _plan, _line, found = read(q)
    assert not any("did not use" in n or "не учёл" in n or "No utilicé" in n for n in it.notes)
    assert len(found) == 1 and words in found[0].part.lower()
    prefix = {"en": "Not applied: the words", "ru": "Не применено: слова", "es": "No aplicado: las palabras"}[lang]
    assert declines.sentences(found, lang)[0].startswith(prefix)
