"""Issue 24, generalisation, end to end on the real data (both engines): a sample of the fresh
probe classes (tests/agent/llm/probes_v2.py) in EN, RU and ES, each expected value from an
independent pandas computation over ../shared/data (never the query builder's own numbers)."""
from __future__ import annotations

import pandas as pd
import pytest

from tests.agent.llm.test_understanding_v2_answers import ask, claim, claims, spx, spy_daily  # noqa: F401


def spx_pct(day: str) -> float:
    close = spx()["Close"]
    return float((close / close.shift(1) - 1).loc[day] * 100)


@pytest.mark.parametrize("question", [
    "SPY stats for the week commencing 4 March 2024",
    "Статистика SPY за неделю, начинающуюся 4 марта 2024",
    "Estadísticas de SPY en la semana que comienza el 4 de marzo de 2024",
])
def test_week_of_is_monday_to_friday(ask, question):
    week = spy_daily().loc["2024-03-04":"2024-03-08"]
    out = ask(question)
    assert claim(out, "trading_days")["value"] == len(week) == 5
    assert claim(out, "close")["value"] == pytest.approx(week["Close"].iloc[-1], abs=0.01)


@pytest.mark.parametrize("question", ["SPY stats Mar 24", "Статистика SPY в марте 24",
                                      "Estadísticas de SPY en marzo 24"])
def test_month_and_two_digit_year(ask, question):
    month = spy_daily().loc["2024-03"]
    out = ask(question)
    assert claim(out, "trading_days")["value"] == len(month)
    assert claim(out, "close")["value"] == pytest.approx(month["Close"].iloc[-1], abs=0.01)


@pytest.mark.parametrize("question", [
    "SPX return vs the previous year's close in 2019",
    "Доходность SPX в 2019 относительно закрытия прошлого года",
    "Rendimiento de SPX en 2019 respecto al cierre del año anterior",
])
def test_return_against_the_previous_years_close(ask, question):
    close = spx()["Close"]
    ref = (close.loc["2019"].iloc[-1] / close.loc["2018"].iloc[-1] - 1) * 100
    out = ask(question)
    assert claim(out, "return_prev_close")["value"] == pytest.approx(ref, abs=0.01)
    assert "2023" not in out["response"]            # "the previous year" is the reference, not a period


@pytest.mark.parametrize("question", ["SPX's move on Mar 16 2020", "Движение SPX 16 марта 2020",
                                      "¿Cuánto se movió SPX el 16 de marzo de 2020?"])
def test_a_named_days_move_is_close_to_close(ask, question):
    out = ask(question)
    assert claim(out, "return_prev_close")["value"] == pytest.approx(spx_pct("2020-03-16"), abs=0.01)


@pytest.mark.parametrize("question", ["Топ-1 падение SPX в 2020", "Самое большое падение SPX в 2020 году",
                                      "Top 1 drop of SPX in 2020"])
def test_top_one_is_one(ask, question):
    close = spx()["Close"]
    worst = ((close / close.shift(1) - 1) * 100).loc["2020"].min()
    out = ask(question)
    got = [c["value"] for c in claims(out, "daily_pct_change")]
    assert got == [pytest.approx(worst, abs=0.01)]


@pytest.mark.parametrize("question", ["How many sessions did SPX close higher in 2019?",
                                      "Сколько дней SPX закрылся в плюс в 2019 году",
                                      "¿Cuántas veces cerró SPX al alza en 2019?"])
def test_closed_higher_days(ask, question):
    year = spx().loc["2019"]
    out = ask(question)
    assert claim(out, "up_days")["value"] == int((year["Close"] > year["Open"]).sum())


@pytest.mark.parametrize("history,question", [
    ("Estadísticas de SPY en abril de 2024", "¿y del 1 al 5?"),
    ("Statistics of SPY for April 2024", "now for the first 5 days"),
    ("Статистика SPY за апрель 2024", "а с 1 по 5?"),
])
def test_follow_up_changing_only_the_days(ask, history, question):
    days = spy_daily().loc["2024-04-01":"2024-04-05"]
    out = ask(question, history=(history,))
    assert claim(out, "trading_days")["value"] == len(days)
    assert claim(out, "close")["value"] == pytest.approx(days["Close"].iloc[-1], abs=0.01)


@pytest.mark.parametrize("question", ["How many days did SPX close above 3,000 in 2019?",
                                      "¿Cuántos días cerró SPX por encima de 3.000 en 2019?"])
def test_price_level_count_is_answered(ask, question):
    closes = spx().loc["2019", "Close"]
    out = ask(question)
    assert out["status"] == "answered", out["response"]
    assert claim(out, "event_count")["value"] == int((closes > 3000).sum())


def test_a_never_loaded_symbol_with_its_own_period_is_said(ask):
    out = ask("SPY for April 2024 and CL for March 2024")
    assert claim(out, "close", symbol="SPY")["value"] == pytest.approx(spy_daily().loc["2024-04", "Close"].iloc[-1],
                                                                        abs=0.01)
    assert "CL" in out["response"] and not claims(out, "close", symbol="CL")
