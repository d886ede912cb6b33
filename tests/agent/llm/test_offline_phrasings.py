"""Generality: phrasings beyond the public evaluation, in English, Russian and Spanish.

Other symbols (aliases, a made-up ZETA), months in other grammatical cases, other years, quarters,
halves, weeks, ranges, relative periods, thresholds, windows and top-N words. Today is 2024-05-20.
"""
from __future__ import annotations

import pytest

from agent.nlu.understand import understand
from tests.agent.llm.offline_helpers import make_ctx

S, P, A = "symbol", "period", "analysis"

CASES: list[tuple[str, dict]] = [
    # --- Russian ---
    ("Статистика насдака за октябрь 2023", {S: "NQ", P: "2023-10", A: "stats", "lang": "ru"}),
    ("Какой был максимум NQ в ноябре 2023 года?", {S: "NQ", P: "2023-11", "metrics": ["high"]}),
    ("Покажи минимум SPY в феврале 2024", {S: "SPY", P: "2024-02", "metrics": ["low"]}),
    ("Объём торгов SPY за первую неделю апреля 2024", {S: "SPY", P: "2024-04-01..2024-04-07", A: "volume"}),
    ("Средний дневной объём биткоина в январе 2022", {S: "BTCUSD", "metrics": ["avg_daily_volume"]}),
    ("Волатильность SPX в 2008 году", {S: "SPX", P: "2008", "metrics": ["volatility"]}),
    ("Сколько дней SPX вырос более чем на 3% в 2009 году?",
     {S: "SPX", P: "2009", A: "events", "condition": ("gt", 3.0)}),
    ("Что было с SPX через 5 дней после падения на 5% и более с 1980 года?",
     {S: "SPX", "start": "1980-01-01", A: "after_events", "condition": ("lte", -5.0), "horizon": 5}),
    ("Пять самых сильных дневных ростов SPX", {S: "SPX", P: None, A: "top_moves", "top_n": 5, "direction": "up"}),
    ("Сравни SPX за 2019 и 2020 годы", {S: "SPX", A: "compare", "compare": ["2019", "2020"]}),
    ("RSI SPX на 15 марта 2020", {S: "SPX", A: "indicator", "indicator_date": "2020-03-15", "window": 14}),
    ("Что такое полосы Боллинджера?", {"type": "concept", "concept": "bollinger"}),
    ("Статистика ZETA с 1 по 15 марта 2024", {S: "ZETA", P: "2024-03-01..2024-03-15"}),
    ("SPY за второй квартал 2024", {S: "SPY", P: "2024-Q2"}),
    ("SPX за 3 квартал 2019", {S: "SPX", P: "2019-Q3"}),
    ("SPX за первое полугодие 2020", {S: "SPX", P: "2020-H1"}),
    ("Статистика SPY за последний месяц", {S: "SPY", P: "2024-04-21..2024-05-20"}),
    ("Покажи SPX с 2000 по 2002 год", {S: "SPX", P: "2000-01-01..2002-12-31"}),
    ("Статистика по зете за март 2024", {S: "ZETA", P: "2024-03"}),
    ("Сколько было дней роста у SPY в марте 2024?", {S: "SPY", P: "2024-03", "metrics": ["up_days"]}),
    ("Статистика SPY в мае", {S: "SPY", P: "2024-05"}),
    ("Статистика SPY в декабре", {S: "SPY", P: "2023-12"}),
    ("SPX с 20 по 30 ноября 2018", {S: "SPX", P: "2018-11-20..2018-11-30"}),
    ("Три крупнейших падения биткоина за январь 2022", {S: "BTCUSD", A: "top_moves", "top_n": 3,
                                                       "direction": "down", P: "2022-01"}),
    ("Статистика золотодобытчиков за 2023 год", {S: "GLDX", P: "2023"}),
    # --- English ---
    ("NQ stats for Dec 2023", {S: "NQ", P: "2023-12", "lang": "en"}),
    ("What was the lowest price of SPX in 2002?", {S: "SPX", P: "2002", "metrics": ["low"]}),
    ("SPY average daily range in February 2024", {S: "SPY", P: "2024-02", "metrics": ["avg_daily_range"]}),
    ("How volatile was bitcoin in January 2022?", {S: "BTCUSD", P: "2022-01", "metrics": ["volatility"]}),
    ("How many days did SPX fall more than 7% since 1929?",
     {S: "SPX", "start": "1929-01-01", A: "events", "condition": ("lt", -7.0)}),
    ("What happened to SPX over the next 10 trading days after it gained more than 6% in a day?",
     {S: "SPX", P: None, A: "after_events", "condition": ("gt", 6.0), "horizon": 10}),
    ("Top 3 biggest daily drops of SPX in 2020", {S: "SPX", P: "2020", "top_n": 3, "direction": "down"}),
    ("Compare SPX 2007 vs 2008", {S: "SPX", A: "compare", "compare": ["2007", "2008"]}),
    ("What was the 7-day RSI of SPX at the end of 2018?",
     {S: "SPX", A: "indicator", "window": 7, "indicator_date": "2018-12-31"}),
    ("What is the ATR?", {"type": "concept", "concept": "atr"}),
    ("ZETA performance in Q1 2024", {S: "ZETA", P: "2024-Q1", A: "stats"}),
    ("SPX stats for H2 2019", {S: "SPX", P: "2019-H2"}),
    ("Total volume of SPY from March 4 to March 8, 2024",
     {S: "SPY", P: "2024-03-04..2024-03-08", "metrics": ["total_volume"]}),
    ("SPY stats for the past 2 weeks", {S: "SPY", P: "2024-05-07..2024-05-20"}),
    ("Show SPX from 1995 to 1999", {S: "SPX", P: "1995-01-01..1999-12-31"}),
    ("nasdaq futures stats for the week of November 20, 2023", {S: "NQ", P: "2023-11-20..2023-11-24"}),
    ("SPY stats for last week", {S: "SPY", P: "2024-05-13..2024-05-17"}),
    ("SPY this year", {S: "SPY", P: "2024-01-01..2024-05-20"}),
    ("How many days did SPX rise in 2019?", {S: "SPX", A: "events", "condition": ("gt", 0.0)}),
    ("What was SPX's biggest single-day gain in 2008?", {S: "SPX", A: "top_moves", "top_n": 1, "direction": "up"}),
    ("Days in 2020 when SPX dropped 5% or more", {S: "SPX", P: "2020", A: "events", "condition": ("lte", -5.0)}),
    ("SPX RSI(21) on 31.12.2019", {S: "SPX", "window": 21, "indicator_date": "2019-12-31"}),
    ("SPY stats for 2024-03-01..2024-03-15", {S: "SPY", P: "2024-03-01..2024-03-15"}),
    ("S&P 500 last week of March 2020", {S: "SPX", P: "2020-03-25..2020-03-31"}),
    ("What is gamma exposure?", {"type": "concept", "concept": "gamma exposure"}),
    ("Will SPX rise next month?", {"type": "concept", "unsupported": "forecast"}),
    # --- Spanish ---
    ("Estadísticas de SPX en marzo de 2020", {S: "SPX", P: "2020-03", "lang": "es"}),
    ("¿Cuál fue el mínimo de SPY en abril de 2024?", {S: "SPY", P: "2024-04", "metrics": ["low"]}),
    ("Volumen medio diario de SPY en marzo de 2024", {S: "SPY", "metrics": ["avg_daily_volume"]}),
    ("¿Cuántos días subió el SPX más de un 5% desde 1950?",
     {S: "SPX", "start": "1950-01-01", A: "events", "condition": ("gt", 5.0)}),
    ("¿Qué pasó con el SPX en los 10 días siguientes tras una caída de más del 6%?",
     {S: "SPX", A: "after_events", "condition": ("lt", -6.0), "horizon": 10}),
    ("Las cinco peores caídas diarias del SPX en 2008", {S: "SPX", P: "2008", "top_n": 5, "direction": "down"}),
    ("Compara SPY en marzo y abril de 2024", {S: "SPY", A: "compare", "compare": ["2024-03", "2024-04"]}),
    ("RSI del SPX a finales de febrero de 2020", {S: "SPX", "indicator_date": "2020-02-29"}),
    ("¿Qué es el contango?", {"type": "concept", "concept": "contango"}),
    ("SPX en el primer trimestre de 2009", {S: "SPX", P: "2009-Q1"}),
    ("Estadísticas del bitcoin en enero de 2022", {S: "BTCUSD", P: "2022-01"}),
    ("Estadísticas de SPY el mes pasado", {S: "SPY", P: "2024-04"}),
    ("SPY del 1 al 15 de marzo de 2024", {S: "SPY", P: "2024-03-01..2024-03-15"}),
    ("Explica el ADX", {"type": "concept", "concept": "adx"}),
    ("Estadísticas de GLDX en 2023", {S: "GLDX", P: "2023"}),
    ("SPY la semana pasada", {S: "SPY", P: "2024-05-13..2024-05-17"}),
    ("SPX en el segundo semestre de 2010", {S: "SPX", P: "2010-H2"}),
    ("¿Cuántos días cayó el bitcoin al menos un 4% en enero de 2022?",
     {S: "BTCUSD", A: "events", "condition": ("lte", -4.0)}),
    ("Las 4 mayores subidas diarias del SPX desde 2000", {S: "SPX", "start": "2000-01-01", "top_n": 4}),
    ("SPX de 2001 a 2003", {S: "SPX", P: "2001-01-01..2003-12-31"}),
    ("ZETA en los últimos 3 meses", {S: "ZETA", P: "2024-02-21..2024-05-20"}),
    ("¿Cuántos días alcistas y bajistas tuvo el SPX en 2019?", {S: "SPX", "metrics": ["up_days", "down_days"]}),
    ("¿Qué pasó con el SPX 10 días después de caer más de un 4% en un día desde 1990?",
     {S: "SPX", "start": "1990-01-01", A: "after_events", "condition": ("lt", -4.0), "horizon": 10}),
    # --- more, mixed ---
    ("Сколько было растущих и падающих дней у SPX в 2019 году?", {S: "SPX", "metrics": ["up_days", "down_days"]}),
    ("Волатильность SPX в 2017 году (стандартное отклонение дневных доходностей)",
     {S: "SPX", "metrics": ["volatility"]}),
    ("After SPX jumped more than 5% in one day since 1950, how did it do over the following 5 sessions?",
     {S: "SPX", A: "after_events", "condition": ("gt", 5.0), "horizon": 5}),
    ("ES stats for March 2024", {S: "ES", P: "2024-03"}),
    ("Что было с NQ на следующей неделе после падения на 1%?",
     {S: "NQ", A: "after_events", "condition": ("lte", -1.0), "horizon": 5}),
    ("Общий объём NQ за неделю с 27 ноября 2023", {S: "NQ", P: "2023-11-27..2023-12-01", "metrics": ["total_volume"]}),
]


def _check(intent, exp: dict) -> None:
    for key, want in exp.items():
        if key == P:
            assert (intent.period.label if intent.period else None) == want
        elif key == "start":
            assert intent.period.start.isoformat() == want and intent.period.end.isoformat() == "2024-05-20"
        elif key == "condition":
            assert (intent.condition.op, intent.condition.threshold) == want
        elif key == "horizon":
            assert intent.horizon_days == want
        elif key == "window":
            assert intent.indicator_window == want
        elif key == "indicator_date":
            assert intent.indicator_date.isoformat() == want
        elif key == "compare":
            assert [p.label for p in intent.compare_periods] == want
        else:
            assert getattr(intent, key) == want, key


def test_enough_phrasings():
    assert len(CASES) >= 40
    langs = {"ru": 0, "en": 0, "es": 0}
    for q, _ in CASES:
        langs[understand(q, None, make_ctx()).lang] += 1
    assert min(langs.values()) >= 15


@pytest.mark.parametrize("question,exp", CASES, ids=[q[:40] for q, _ in CASES])
def test_phrasing(question, exp):
    intent = understand(question, None, make_ctx("2024-05-20"))
    assert not intent.needs_clarification, (intent.missing, intent.clarifying_questions)
    _check(intent, exp)
