"""The size of a move against a count of days (agent/nlu/magnitude.py): the question word asks the
period's change unless a day noun follows it, in every language; phrasings no graph test runs."""
from __future__ import annotations

import pytest

from agent.nlu.understand import understand
from tests.agent.llm.offline_helpers import make_ctx


def _read(q: str) -> tuple[str | None, list[str], bool]:
    it = understand(q, None, make_ctx("2024-06-01"))
    return it.analysis, list(it.metrics), it.condition is not None


@pytest.mark.parametrize("q,metric", [
    ("на какой процент вырос SPY в марте 2024", "pct_change"),
    ("сколько в итоге потерял биткоин за январь 2022", "pct_change"),
    ("сколько за 2022 год потерял биткоин", "pct_change"),
    ("сколько процентов составил рост SPY в марте 2024", "pct_change"),
    ("на сколько пунктов просел SPY в апреле 2024", "change_points"),
    ("how much of a drop did bitcoin have in January 2022", "pct_change"),
    ("how much did SPY go up in March 2024", "pct_change"),
    ("how much did NQ give up in points from November 20 to 30 2023", "change_points"),
    ("¿de cuánto fue la caída de bitcoin en enero de 2022?", "pct_change"),
    ("¿qué tanto cayó bitcoin en enero de 2022?", "pct_change"),
    ("cuántos puntos perdió el SPX en 2008", "change_points"),
])
def test_the_size_of_the_move_is_asked(q, metric):
    analysis, metrics, counted = _read(q)
    assert (analysis, metrics, counted) == ("stats", [metric], False), q


@pytest.mark.parametrize("q", [
    "сколько было растущих и падающих дней у SPY в марте 2024",
    "сколько дней подряд рос SPY в марте 2024",
    "сколько раз SPY вырос больше чем на 1% в марте 2024",
    "how many up days did SPY have in March 2024",
    "how many months did SPX rise in 2019",
    "how often did SPY rise in March 2024",
    "¿cuántas jornadas cerró en rojo bitcoin en enero de 2022?",
    "cuántos días cayó más de un 2% bitcoin en enero de 2022",
])
def test_a_count_of_days_is_no_size(q):
    _analysis, metrics, _counted = _read(q)
    assert not {"pct_change", "change_points"} & set(metrics), q
