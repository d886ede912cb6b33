"""Day-only and ordinal follow-ups answered through the real graph on the real data: the figures
are the new days', each from an independent pandas computation (never the previous answer again)."""
from __future__ import annotations

import pandas as pd
import pytest

from tests.agent.llm.test_understanding_v2_answers import claim, spy_daily
from tests.agents.conftest import conversation, make_session

NOW = "2025-06-02"


@pytest.fixture(scope="module")
def chat(loaded_store, tmp_path_factory):
    return conversation(make_session(loaded_store, tmp_path_factory.mktemp("days")), "d", NOW)


@pytest.mark.parametrize("turns,day", [
    (("SPY closing price on April 2 2024", "and the 10th?"), "2024-04-10"),
    (("Цена закрытия SPY 2 апреля 2024", "а 11-го?"), "2024-04-11"),
    (("Cierre de SPY el 2 de abril de 2024", "¿y el día 12?"), "2024-04-12"),
])
def test_a_day_follow_up_answers_the_new_day(chat, turns, day):
    out = chat(*turns)
    assert out["status"] == "answered", out["response"]
    daily = spy_daily()
    assert claim(out, "close")["value"] == pytest.approx(daily.loc[day, "Close"], abs=0.01)
    assert claim(out, "close")["value"] != pytest.approx(daily.loc["2024-04-02", "Close"], abs=0.001)


@pytest.mark.parametrize("turns", [
    ("SPY volume in the first week of May 2024", "and in the second?"),
    ("Объём SPY за первую неделю мая 2024", "а за вторую?"),
    ("Volumen de SPY en la primera semana de mayo de 2024", "¿y en la segunda?"),
])
def test_an_ordinal_follow_up_answers_the_next_week(chat, turns):
    out = chat(*turns)
    assert out["status"] == "answered", out["response"]
    week = spy_daily().loc["2024-05-08":"2024-05-14"]
    assert len(week) == 5
    assert claim(out, "total_volume")["value"] == pytest.approx(float(week["Volume"].sum()), rel=1e-9)
    assert out["intent"]["period"]["start"] == "2024-05-08"


@pytest.mark.parametrize("turns", [("SPY stats for March 2024", "so?"), ("Статистика SPY за март 2024", "и?"),
                                   ("Estadísticas de SPY en marzo de 2024", "¿y pues?")])
def test_a_half_question_gets_a_clarification_not_the_last_answer(chat, turns):
    out = chat(*turns)
    assert out["status"] == "clarification", out["response"]
    assert not out["claims"]
