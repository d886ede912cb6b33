"""Period parsing against a fixed today (2024-05-20) and a reference period for follow-ups."""
from __future__ import annotations

from datetime import date

import pytest

from agent.nlu.lang import detect_language, month_number, normalize
from agent.nlu.period_math import make_period
from agent.nlu.periods import parse_periods

TODAY = date(2024, 5, 20)

PERIODS = [
    ("NQ stats for November 2023", ["2023-11"]),
    ("ноябрь 2023", ["2023-11"]), ("ноября 2023 года", ["2023-11"]), ("в ноябре 2023", ["2023-11"]),
    ("noviembre de 2023", ["2023-11"]), ("Nov 2023", ["2023-11"]), ("2023-11", ["2023-11"]),
    ("в декабре", ["2023-12"]), ("в мае", ["2024-05"]), ("in March", ["2024-03"]),
    ("for 1987", ["1987"]), ("в 2008 году", ["2008"]), ("за 2010 год", ["2010"]), ("en 2019", ["2019"]),
    ("Q1 2020", ["2020-Q1"]), ("первый квартал 2020 года", ["2020-Q1"]), ("primer trimestre de 2021", ["2021-Q1"]),
    ("I квартал 2020", ["2020-Q1"]), ("the fourth quarter of 2019", ["2019-Q4"]), ("2020 Q3", ["2020-Q3"]),
    ("H2 2019", ["2019-H2"]), ("первое полугодие 2020", ["2020-H1"]), ("segundo semestre de 2018", ["2018-H2"]),
    ("first half of March 2024", ["2024-03-01..2024-03-15"]),
    ("с 1 по 15 марта", ["2024-03-01..2024-03-15"]), ("del 1 al 15 de marzo de 2023", ["2023-03-01..2023-03-15"]),
    ("from Nov 21 to Nov 28, 2023", ["2023-11-21..2023-11-28"]), ("Nov 20-30, 2023", ["2023-11-20..2023-11-30"]),
    ("20-30 ноября 2023", ["2023-11-20..2023-11-30"]), ("с марта по май 2024", ["2024-03-01..2024-05-31"]),
    ("from 2008 to 2010", ["2008-01-01..2010-12-31"]), ("2008-2010", ["2008-01-01..2010-12-31"]),
    ("between 2008 and 2010", ["2008-01-01..2010-12-31"]), ("с декабря по февраль", ["2023-12-01..2024-02-29"]),
    ("the week of November 27, 2023", ["2023-11-27..2023-12-01"]),
    ("la semana del 27 de noviembre de 2023", ["2023-11-27..2023-12-01"]),
    ("первая неделя апреля 2024", ["2024-04-01..2024-04-07"]), ("last week of March 2024", ["2024-03-25..2024-03-31"]),
    ("since 1950", ["1950-01-01..2024-05-20"]), ("с 1990 года", ["1990-01-01..2024-05-20"]),
    ("desde 2000", ["2000-01-01..2024-05-20"]), ("since March 2020 until today", ["2020-03-01..2024-05-20"]),
    ("last month", ["2024-04"]), ("за прошлый месяц", ["2024-04"]), ("el mes pasado", ["2024-04"]),
    ("за последний месяц", ["2024-04-21..2024-05-20"]), ("the past year", ["2023-05-21..2024-05-20"]),
    ("last week", ["2024-05-13..2024-05-17"]), ("la semana pasada", ["2024-05-13..2024-05-17"]),
    ("this year", ["2024-01-01..2024-05-20"]), ("в этом году", ["2024-01-01..2024-05-20"]),
    ("yesterday", ["2024-05-19"]), ("last year", ["2023"]), ("в прошлом году", ["2023"]),
    ("за последние 3 месяца", ["2024-02-21..2024-05-20"]), ("los últimos 30 días", ["2024-04-21..2024-05-20"]),
    ("on 2019-12-31", ["2019-12-31"]), ("31.12.2019", ["2019-12-31"]), ("on December 31, 2019", ["2019-12-31"]),
    ("el 31 de diciembre de 2019", ["2019-12-31"]), ("на конец марта 2020", ["2020-03-31"]),
    ("at the end of 2019", ["2019-12-31"]), ("a finales de febrero de 2020", ["2020-02-29"]),
    ("March and April 2024", ["2024-03", "2024-04"]), ("de 2008 con el de 2009", ["2008", "2009"]),
    ("it may rise 5% in 2 days", []), ("May 2024", ["2024-05"]), ("rose more than 5% in a day", []),
    ("14-day RSI", []), ("SMA 200", []), ("через 10 торговых дней", []),
]


@pytest.mark.parametrize("text,labels", PERIODS, ids=[t for t, _ in PERIODS])
def test_periods(text, labels):
    assert [f.period.label for f in parse_periods(normalize(text), TODAY)] == labels


def test_bare_month_follows_the_conversation_period():
    nov_2023 = make_period(date(2023, 11, 1), date(2023, 11, 30))
    dec_2023 = make_period(date(2023, 12, 1), date(2023, 12, 31))
    assert parse_periods(normalize("А за декабрь?"), TODAY, nov_2023)[0].period.label == "2023-12"
    assert parse_periods(normalize("and January?"), TODAY, dec_2023)[0].period.label == "2024-01"
    assert parse_periods(normalize("y marzo"), TODAY, make_period(date(2008, 1, 1), date(2008, 12, 31)))[0] \
        .period.label == "2008-03"


def test_month_words_in_every_case():
    for word in ("январь", "января", "январе", "январём", "enero", "January", "Jan."):
        assert month_number(normalize(word)) == 1
    for word in ("май", "мая", "мае", "mayo", "May"):
        assert month_number(normalize(word)) == 5


def test_language_detection():
    assert detect_language("Статистика NQ за ноябрь 2023") == "ru"
    assert detect_language("¿Qué es el MACD?") == "es"
    assert detect_language("BTCUSD en 2019") == "es"
    assert detect_language("Explain VWAP") == "en"
    assert detect_language("and April?") == "en"


def test_absurd_trailing_spans_mean_all_the_history_there_is():
    """'the last 99999999 days' / 'last 3000 years' never overflow the calendar (probe fault)."""
    from datetime import date

    from agent.nlu.periods import parse_periods
    from agent.nlu.relative import EARLIEST

    for text in ("last 99999999 days", "last 3000 years", "последние 5000 лет"):
        found = parse_periods(text, date(2024, 6, 15), None)
        period = found[0].resolved if found else None
        assert period and period.start == EARLIEST and period.end == date(2024, 6, 15), text
