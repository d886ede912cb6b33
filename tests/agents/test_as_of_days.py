"""A to-date span ending on a written date ("SPY ytd as of April 30 2024", "с начала года по 30 апреля
2024", "en lo que va de 2024 hasta el 30 de abril") is one period from the start of that year,
quarter or month to the date; the n-th weekday of a month ("the first Monday of April 2024") is that
day. Answered through the graph on both engines, the step's values equal pandas' over the CSV.

Before, the to-date words were today's span (declined: no data) and the date a single day, or the
year "2024" was compared with the day; the n-th weekday answered the whole month and declined
"first, Monday"."""
from __future__ import annotations

import pytest

from query_builder.models import Step
from query_builder.runner import run_step
from tests.agents.conftest import conversation
from tests.query_builder import reference as ref

SPANS = [
    # question, start, end of the period asked
    ("SPY return year to date as of April 30 2024", "2024-01-01", "2024-04-30"),
    ("what was SPY's performance YTD through April 30, 2024?", "2024-01-01", "2024-04-30"),
    ("SPY year-to-date to April 30", "2024-01-01", "2024-04-30"),
    ("SPY 2024 ytd until 2024-04-30", "2024-01-01", "2024-04-30"),
    ("SPY QTD as of May 15 2024", "2024-04-01", "2024-05-15"),
    ("how did SPY do month to date as of April 12 2024", "2024-04-01", "2024-04-12"),
    ("доходность SPY с начала года по 30 апреля 2024", "2024-01-01", "2024-04-30"),
    ("как изменился SPY с начала года на 30 апреля 2024", "2024-01-01", "2024-04-30"),
    ("изменение SPY с начала месяца по 12 апреля 2024", "2024-04-01", "2024-04-12"),
    ("¿cuál fue el rendimiento del SPY en lo que va de 2024 hasta el 30 de abril?", "2024-01-01", "2024-04-30"),
    ("variación del SPY en lo que va del año al 30 de abril de 2024", "2024-01-01", "2024-04-30"),
    ("SPY desde principios de año hasta el 30 de abril de 2024", "2024-01-01", "2024-04-30"),
    ("SPY en lo que va del trimestre hasta el 15 de mayo de 2024", "2024-04-01", "2024-05-15"),
    ("SPY YTD performance as at 30 April 2024", "2024-01-01", "2024-04-30"),
    ("SPY from the start of 2024 to April 30", "2024-01-01", "2024-04-30"),
    ("as of April 30, 2024, SPY year to date", "2024-01-01", "2024-04-30"),
    ("сколько SPY заработал с начала 2024 года по 30 апреля", "2024-01-01", "2024-04-30"),
    ("SPY con corte al 30 de abril de 2024 en lo que va del año", "2024-01-01", "2024-04-30"),
    ("SPY desde principios de 2024 hasta el 30 de abril", "2024-01-01", "2024-04-30"),
]


def _one_step(r: dict, action: str) -> Step:
    steps = [s for s in r["plan"]["steps"] if s["action"] == action]
    assert len(steps) == 1, r["plan"]
    return Step.model_validate(steps[0])


@pytest.mark.parametrize("q,start,end", SPANS, ids=[c[0][:45] for c in SPANS])
def test_a_to_date_span_ending_on_a_date_is_one_period(session, loaded_store, q, start, end):
    r = conversation(session, "asof", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    step = _one_step(r, "get_period_stats")
    assert (str(step.params.start_date), str(step.params.end_date)) == (start, end)
    assert r["response"].startswith(r["reading"])
    got = run_step(loaded_store, step).summary
    exp = ref.period_stats("SPY", start, end)
    assert got is not None and exp["last_date"] == end
    for key in ("open", "close", "pct_change", "high", "low"):
        assert got[key] == pytest.approx(exp[key]), key
    pct = f"{exp['pct_change']:+.2f}"
    assert pct in r["response"] or pct.replace(".", ",") in r["response"], r["response"]


DAYS = [
    # question, the calendar day
    ("SPY close on the first Monday of April 2024", "2024-04-01"),
    ("what did SPY close at on the second Tuesday of April 2024", "2024-04-09"),
    ("SPY close on the last Friday of April 2024", "2024-04-26"),
    ("SPY close the third Wednesday of March 2024", "2024-03-20"),
    ("закрытие SPY в первый понедельник апреля 2024", "2024-04-01"),
    ("цена закрытия SPY в последнюю пятницу апреля 2024", "2024-04-26"),
    ("закрытие SPY во второй вторник апреля 2024 года", "2024-04-09"),
    ("cierre del SPY el primer lunes de abril de 2024", "2024-04-01"),
    ("cierre del SPY el último viernes de abril de 2024", "2024-04-26"),
    ("cierre del SPY el tercer miércoles de marzo de 2024", "2024-03-20"),
]


@pytest.mark.parametrize("q,day", DAYS, ids=[c[0][:45] for c in DAYS])
def test_the_nth_weekday_of_a_month_is_that_day(session, loaded_store, q, day):
    r = conversation(session, "nthwd", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    step = _one_step(r, "get_period_stats")
    assert str(step.params.start_date) == day == str(step.params.end_date)
    close = ref.daily("SPY").loc[day, "close"]
    got = run_step(loaded_store, step).summary
    assert got is not None and got["close"] == pytest.approx(close)
    txt = f"{close:.2f}"
    assert txt in r["response"] or txt.replace(".", ",") in r["response"], r["response"]


@pytest.mark.parametrize("q", ["SPY close on the last Friday of March 2024",
                               "закрытие SPY в последнюю пятницу марта 2024",
                               "cierre del SPY el último viernes de marzo de 2024"])
def test_an_nth_weekday_without_a_session_says_there_is_no_data(session, q):
    """The last Friday of March 2024 is Good Friday (closed): that day, not the month's close."""
    r = conversation(session, "nthwd", "2024-06-01")(q)
    assert "2024-03-29" in r["response"] and "523" not in r["response"], r["response"]
