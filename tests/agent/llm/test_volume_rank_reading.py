"""Issue 24: "highest volume day" is read as a ranking of trading days by volume (count and
direction), in EN, RU and ES, with word orders, casing and the count written in words; a volume
superlative about a price level or an hour is not one. Paraphrases must read the same."""
from __future__ import annotations

import pytest

from agent.llm.offline.plan import plan
from agent.nlu.understand import understand
from tests.agent.llm.offline_helpers import make_ctx


def it(q: str):
    return understand(q, [], make_ctx())


RANKINGS = [
    # (question, n, direction)
    ("highest volume day for SPY in March 2024", 1, "up"),
    ("Which day had the most volume for SPY in March 2024?", 1, "up"),
    ("SPY March 2024: the day with the highest trading volume", 1, "up"),
    ("top 3 volume days of NQ in Nov 2023", 3, "up"),
    ("NQ Nov 2023 top 3 sessions by volume", 3, "up"),
    ("the three highest-volume days of NQ in November 2023", 3, "up"),
    ("LOWEST VOLUME DAY OF SPY IN MARCH 2024", 1, "down"),
    ("the 2 days with the least volume for NQ in November 2023", 2, "down"),
    ("день с максимальным объёмом SPY в марте 2024", 1, "up"),
    ("три дня с наибольшим объёмом NQ в ноябре 2023", 3, "up"),
    ("топ 3 дня по объёму NQ за ноябрь 2023", 3, "up"),
    ("день с минимальным объемом SPY в марте 2024", 1, "down"),
    ("el día de mayor volumen de SPY en marzo de 2024", 1, "up"),
    ("los 3 días de mayor volumen de NQ en noviembre de 2023", 3, "up"),
    ("top 3 días por volumen de NQ en noviembre de 2023", 3, "up"),
    ("el día de menor volumen de SPY en marzo de 2024", 1, "down"),
    ("higest volume day SPY March 2024", 1, "up"),                            # a typo, read as meant
    ("SPY: which session had the lowest volume in March 2024?", 1, "down"),
    ("NQ November 2023: the 4 days ranked by volume", 4, "up"),
    ("самый объёмный день SPY в марте 2024", 1, "up"),
    ("три наименее объёмных дня NQ в ноябре 2023", 3, "down"),
    ("¿cuál fue el día de mayor volumen de SPY en marzo 2024?", 1, "up"),
    ("los 3 días ordenados por volumen de NQ en noviembre de 2023", 3, "up"),
]


@pytest.mark.parametrize("q,n,direction", RANKINGS)
def test_volume_rankings_are_read_and_planned(q, n, direction):
    got = it(q)
    assert got.analysis == "volume_rank" and got.top_n == n and got.direction == direction, got
    assert not got.needs_clarification and got.period is not None
    steps = plan(got, make_ctx()).steps
    assert [s.action for s in steps] == ["rank_volume_days"]               # never best and worst day
    assert (steps[0].params.top_n, steps[0].params.direction) == (n, direction)
    assert not any("volume" in n.lower() or "объ" in n or "volumen" in n for n in got.notes), got.notes
    assert all("I read" in n for n in got.notes), got.notes                 # no word left unused


@pytest.mark.parametrize("a,b", [
    ("highest volume day for SPY in March 2024", "SPY March 2024 highest-volume day"),
    ("top 3 volume days of NQ in Nov 2023", "the 3 days with the highest volume for NQ in November 2023"),
    ("три дня с наибольшим объёмом NQ в ноябре 2023", "топ 3 дня по объему NQ в ноябре 2023"),
    ("los 3 días de mayor volumen de NQ en noviembre de 2023", "top 3 días por volumen de NQ en noviembre de 2023"),
])
def test_paraphrases_read_the_same(a, b):
    x, y = it(a), it(b)
    keys = ("analysis", "symbol", "period", "top_n", "direction")
    assert {k: getattr(x, k) for k in keys} == {k: getattr(y, k) for k in keys}


@pytest.mark.parametrize("q,analysis", [
    ("highest volume price of NQ in November 2023", None),     # a price level, not a day
    ("busiest hour of SPY in March 2024 by highest volume hour", None),
    ("volume profile of SPY in March 2024", "volume_profile"),
    ("total volume of SPY in March 2024", "volume"),
    ("the largest daily falls of SPX in 2020", "top_moves"),
])
def test_other_volume_and_top_questions_are_not_a_ranking(q, analysis):
    got = it(q)
    assert got.analysis != "volume_rank" and (analysis is None or got.analysis == analysis), got
