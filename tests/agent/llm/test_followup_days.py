"""Follow-ups that change only the days of the previous period, and half-questions after an answer
(issue 24's conversation probe), at the parser level: own phrasings in EN, RU and ES.

A day number alone is a day of the previous period's month; an ordinal alone is the same kind of
part (week, half, quarter) as the previous period; a day that cannot be placed asks for the period;
a follow-up that names nothing to change is asked about, never answered with the last answer again.
"""
from __future__ import annotations

from datetime import date

import pytest

from agent.llm.offline import OfflineProvider
from agent.nlu.followup_days import day_number, ordinal
from tests.agent.llm.offline_helpers import history as _history
from tests.agent.llm.offline_helpers import make_ctx

P = OfflineProvider()



def understand(question: str, *turns: str):
    return P.understand(question, _history(*turns), make_ctx())


@pytest.mark.parametrize("turns,question,start,end", [
    (["SPY closing price on March 6 2024"], "what about the 11th?", "2024-03-11", "2024-03-11"),
    (["SPY closing price on March 6 2024"], "And on the 13th", "2024-03-13", "2024-03-13"),
    (["Объём SPY 4 апреля 2024"], "а 9-го?", "2024-04-09", "2024-04-09"),
    (["Объём SPY 4 апреля 2024"], "и 12 числа?", "2024-04-12", "2024-04-12"),
    (["Volumen de SPY el 4 de abril de 2024"], "¿y el día 10?", "2024-04-10", "2024-04-10"),
    (["Volumen de SPY el 4 de abril de 2024"], "¿y el 16?", "2024-04-16", "2024-04-16"),
    (["NQ stats for November 2023"], "and the 24th?", "2023-11-24", "2023-11-24"),
])
def test_a_day_alone_is_a_day_of_the_previous_month(turns, question, start, end):
    it = understand(question, *turns)
    assert not it.needs_clarification
    assert (it.period.start.isoformat(), it.period.end.isoformat()) == (start, end)
    assert it.symbol == P.understand(turns[0], None, make_ctx()).symbol
    assert not any("11th" in n or "9-го" in n or "числа" in n for n in it.notes)


def test_a_day_follow_up_keeps_the_measure():
    it = understand("and the 8th?", "What was the volume of SPY on April 3 2024?")
    assert (it.analysis, it.period.start) == ("volume", date(2024, 4, 8))
    ru = understand("а закрытие?", "Объём SPY 4 апреля 2024", "а 9-го?")
    assert ru.metrics == ["close"] and ru.period.start == date(2024, 4, 9)


@pytest.mark.parametrize("turns,question,start,end", [
    (["SPY stats for the third week of March 2024"], "and the fourth?", date(2024, 3, 22), date(2024, 3, 28)),
    (["Статистика SPY за вторую неделю мая 2024"], "а за третью?", date(2024, 5, 15), date(2024, 5, 21)),
    (["Estadísticas de SPY en la segunda semana de mayo de 2024"], "¿y la cuarta?",
     date(2024, 5, 22), date(2024, 5, 28)),
    (["SPX stats for the second quarter of 2015"], "and the third one?", date(2015, 7, 1), date(2015, 9, 30)),
    (["SPX за первое полугодие 2016"], "а второе?", date(2016, 7, 1), date(2016, 12, 31)),
    (["SPX en el primer trimestre de 2017"], "¿y el segundo?", date(2017, 4, 1), date(2017, 6, 30)),
])
def test_an_ordinal_alone_is_the_same_kind_of_part(turns, question, start, end):
    it = understand(question, *turns)
    assert not it.needs_clarification
    assert (it.period.start, it.period.end) == (start, end)
    assert not any(w in " ".join(it.notes) for w in ("fourth", "третью", "cuarta", "third", "второе", "segundo"))


@pytest.mark.parametrize("turns,question", [
    (["SPY stats for April 2 2024"], "and the 31st?"),             # April has 30 days
    (["Статистика SPX за 2011 год"], "а 14-го?"),                   # which month of the year: not guessed
    (["Estadísticas de SPX en 2012"], "¿y el día 3?"),
])
def test_a_day_that_cannot_be_placed_asks_for_the_period(turns, question):
    it = understand(question, *turns)
    assert it.needs_clarification and it.missing == ["period"]


@pytest.mark.parametrize("turns,question,lang", [
    (["SPX stats for 2012"], "well?", "en"),
    (["SPX stats for 2012"], "and then?", "en"),
    (["Статистика SPX за 2012 год"], "и что?", "ru"),
    (["Статистика SPX за 2012 год"], "ну?", "ru"),
    (["Estadísticas de SPX en 2012"], "¿y entonces?", "es"),
    (["Estadísticas de SPX en 2012"], "¿y qué?", "es"),
])
def test_a_half_question_after_an_answer_is_asked_about(turns, question, lang):
    it = understand(question, *turns)
    assert it.needs_clarification and it.lang == lang
    assert it.period is None and it.symbol is None             # nothing of the last answer repeated


@pytest.mark.parametrize("text,day", [("and the 3rd?", 3), ("а 17-е?", 17), ("¿y el día 21?", 21),
                                      ("на 5 число", 5), ("top 5 days", None), ("RSI 14", None),
                                      ("and the 3rd and the 4th?", None), ("¿y el 5%?", None)])
def test_day_numbers(text, day):
    assert day_number(text.lower()) == day


@pytest.mark.parametrize("text,n", [("the second", 2), ("вторую", 2), ("la tercera", 3), ("первое", 1),
                                    ("first and second", None), ("last", None)])
def test_ordinals(text, n):
    assert ordinal(text) == n
