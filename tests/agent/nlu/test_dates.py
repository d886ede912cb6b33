"""Dates in every notation: two-digit years, halves of a month, day.month.year ranges read as one
range (never two days compared), EN/RU/ES."""
from __future__ import annotations

import pytest

from agent.nlu.understand import understand
from tests.agent.llm.offline_helpers import make_ctx


@pytest.mark.parametrize("q,label", [
    ("SPY stats for may 3 '24", "2024-05-03"), ("SPY 3 мая '24", "2024-05-03"), ("SPY el 3 de mayo del '24", "2024-05-03"),
    ("NQ nov 30 '23", "2023-11-30"), ("SPY in H2 of feb '24", "2024-02-16..2024-02-29"),
    ("SPY march '24", "2024-03"),
    ("SPY 01.03.2024-15.03.2024", "2024-03-01..2024-03-15"),
    ("SPY 01.03.2024 – 15.03.2024", "2024-03-01..2024-03-15"),
    ("SPY с 01.03.2024 по 15.03.2024", "2024-03-01..2024-03-15"),
    ("статистика SPY 01.03.2024-15.03.2024", "2024-03-01..2024-03-15"),
    ("SPY del 01.03.2024 al 15.03.2024", "2024-03-01..2024-03-15"),
    ("estadísticas de SPY 01.03.2024-15.03.2024", "2024-03-01..2024-03-15"),
    ("SPY 01/03/2024 - 15/03/2024", "2024-03-01..2024-03-15"),      # 15 proves day first for both ends
    ("SPY 03/01/2024 - 03/15/2024", "2024-03-01..2024-03-15"),
    ("SPY 01.03.24-15.03.24", "2024-03-01..2024-03-15"),
    # a range's ends written as a period's edges: one range, not a day and a month
    ("SPY from the start of 2024 to April 2024", "2024-01-01..2024-04-30"),
    ("how did QQQ do from the beginning of February through the end of March 2024", "2024-02-01..2024-03-31"),
    ("SPY с начала 2024 по конец апреля 2024", "2024-01-01..2024-04-30"),
    ("доходность SPY с начала марта по конец апреля 2024", "2024-03-01..2024-04-30"),
    ("SPY desde principios de 2024 hasta finales de abril de 2024", "2024-01-01..2024-04-30"),
    ("SPY desde el inicio de marzo hasta el final de abril de 2024", "2024-03-01..2024-04-30"),
])
def test_dates_read_as_one_period(q, label):
    it = understand(q, None, make_ctx("2024-06-01"))
    assert it.period is not None and it.period.label == label and not it.compare_periods, (it.period, it.compare_periods)
    assert it.analysis != "compare"


@pytest.mark.parametrize("q,label", [
    ("SPY highest close of Q1 2024 and when", "2024-Q1"), ("SPY lowest close of March 2024", "2024-03"),
    ("average close of April 2024 for SPY", "2024-04"),
    ("el mayor cierre de SPY del primer trimestre de 2024", "2024-Q1"),
    ("el peor cierre de SPY de marzo de 2024", "2024-03"),
])
def test_a_measure_of_closes_over_a_period_is_not_its_end(q, label):
    """"the highest close of Q1" was read as "the close of Q1" (its last day, a holiday here)."""
    it = understand(q, None, make_ctx("2024-06-01"))
    assert it.period is not None and it.period.label == label, it.period


@pytest.mark.parametrize("q", ["SPY at the close of March 2024", "SPY al cierre de marzo de 2024"])
def test_the_close_of_a_period_is_still_its_end(q):
    it = understand(q, None, make_ctx("2024-06-01"))
    assert it.period is not None and it.period.start == it.period.end, it.period
