"""Follow-ups that move the previous period by one unit or widen it to its whole unit (issue 24's
conversation probe: they answered the previous period again), own phrasings in EN, RU and ES, at
the parser level and through the graph with values from pandas."""
from __future__ import annotations

from datetime import date

import pytest

from agent.llm.offline import OfflineProvider
from tests.agent.llm.offline_helpers import history as _history
from tests.agent.llm.offline_helpers import make_ctx
from tests.agent.llm.test_understanding_v2_answers import claim, spx, spy_daily
from tests.agents.conftest import conversation, make_session

P = OfflineProvider()



@pytest.mark.parametrize("turns,question,start,end", [
    (["SPY close on Thursday April 11 2024"], "what about the following day?", date(2024, 4, 12), date(2024, 4, 12)),
    (["SPY close on Friday April 12 2024"], "and the session after?", date(2024, 4, 15), date(2024, 4, 15)),
    (["Закрытие SPY 11 апреля 2024"], "а днём раньше?", date(2024, 4, 10), date(2024, 4, 10)),
    (["Cierre de SPY el 11 de abril de 2024"], "¿y el día anterior?", date(2024, 4, 10), date(2024, 4, 10)),
    (["SPY stats for March 2024"], "and the month after?", date(2024, 4, 1), date(2024, 4, 30)),
    (["SPY stats for April 2024"], "what about the preceding month?", date(2024, 3, 1), date(2024, 3, 31)),
    (["Статистика SPY за апрель 2024"], "а за предыдущий месяц?", date(2024, 3, 1), date(2024, 3, 31)),
    (["Estadísticas de SPY en abril de 2024"], "¿y el mes siguiente?", date(2024, 5, 1), date(2024, 5, 31)),
    (["SPX stats for 2009"], "and the year before?", date(2008, 1, 1), date(2008, 12, 31)),
    (["Статистика SPX за 2009 год"], "а через год?", date(2010, 1, 1), date(2010, 12, 31)),
    (["SPX en el segundo trimestre de 2009"], "¿y el trimestre siguiente?", date(2009, 7, 1), date(2009, 9, 30)),
    (["SPY stats for the second week of April 2024"], "and the entire month?", date(2024, 4, 1), date(2024, 4, 30)),
    (["SPY за вторую неделю апреля 2024"], "а за весь месяц?", date(2024, 4, 1), date(2024, 4, 30)),
    (["SPX en marzo de 2009"], "¿y el año completo?", date(2009, 1, 1), date(2009, 12, 31)),
])
def test_a_shift_or_a_whole_unit_moves_the_previous_period(turns, question, start, end):
    it = P.understand(question, _history(*turns), make_ctx())
    assert not it.needs_clarification
    assert (it.period.start, it.period.end) == (start, end)
    assert not it.notes, it.notes


@pytest.mark.parametrize("turns,question,label", [
    (["SPY stats for March 2024"], "what about last month?", "2024-04"),     # from today (2024-05-20)
    (["Статистика SPY за март 2024"], "а в прошлом месяце?", "2024-04"),
    (["Estadísticas de SPY en marzo de 2024"], "¿y el mes pasado?", "2024-04"),
])
def test_last_month_still_counts_from_today(turns, question, label):
    assert P.understand(question, _history(*turns), make_ctx()).period.label == label


@pytest.mark.parametrize("question", ["and the next day?", "а на следующий день?", "¿y al día siguiente?"])
def test_after_an_event_study_the_next_day_is_no_shift(question):
    it = P.understand(question, _history("What happened after SPX fell more than 4% in a day in 2011?"), make_ctx())
    assert it.period.label == "2011"


@pytest.fixture(scope="module")
def chat(loaded_store, tmp_path_factory):
    return conversation(make_session(loaded_store, tmp_path_factory.mktemp("shifts")), "s", "2025-06-02")


@pytest.mark.parametrize("turns", [("SPY close on April 12 2024", "and on the next trading day?"),
                                   ("Закрытие SPY 12 апреля 2024", "а на следующий день?"),
                                   ("Cierre de SPY el 12 de abril de 2024", "¿y al día siguiente?")])
def test_next_day_answers_mondays_close(chat, turns):
    out = chat(*turns)
    assert out["status"] == "answered", out["response"]
    assert claim(out, "close")["value"] == pytest.approx(spy_daily().loc["2024-04-15", "Close"], abs=0.01)


@pytest.mark.parametrize("turns", [("SPX return in 2009", "and the year before?"),
                                   ("Доходность SPX за 2009 год", "а годом раньше?"),
                                   ("Rendimiento de SPX en 2009", "¿y el año anterior?")])
def test_previous_year_answers_its_return(chat, turns):
    out = chat(*turns)
    df = spx()
    closes = df.loc["2008", "Close"]
    opens = df.loc["2008", "Open"]
    expected = (closes.iloc[-1] / opens.iloc[0] - 1) * 100
    assert claim(out, "pct_change")["value"] == pytest.approx(expected, abs=0.01)
