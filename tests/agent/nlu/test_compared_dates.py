"""A date after a comparison connective that ends in a range word ("по сравнению с", "в сравнении
с", "сравни X с Y", "X from Y", "X desde Y") is the compared period with the other date's year; a
real start ("с 1 марта 2024", "from November 30 2023", "в 2024 году с марта") stays a range to today."""
from __future__ import annotations

from datetime import date

import pytest

from agent.nlu.lang import normalize
from agent.nlu.periods import parse_periods

TODAY = date(2026, 11, 29)

COMPARED = [
    ("как закрылся NQ 1 декабря 2023 по сравнению с 30 ноября", ["2023-12-01", "2023-11-30"]),
    ("по сравнению с 30 ноября как закрылся NQ 1 декабря 2023", ["2023-11-30", "2023-12-01"]),
    ("закрытие NQ 1 декабря 2023 в сравнении со 2 декабря", ["2023-12-01", "2023-12-02"]),
    ("закрытие NQ 4 декабря 2023 сравнительно с 1 декабря", ["2023-12-04", "2023-12-01"]),
    ("сравни закрытие NQ 1 декабря 2023 с 30 ноября", ["2023-12-01", "2023-11-30"]),
    ("SPY март 2024 по сравнению с февралём", ["2024-03-01..2024-03-31", "2024-02-01..2024-02-29"]),
    ("сравни SPY 2024 год с 2023", ["2024-01-01..2024-12-31", "2023-01-01..2023-12-31"]),
    # a month after the anchor's stays in the anchor's year (no year is written for it)
    ("SPY январь 2024 по сравнению с декабрём", ["2024-01-01..2024-01-31", "2024-12-01..2024-12-31"]),
    ("SPY неделя 1 апреля 2024 по сравнению с неделей 25 марта", ["2024-04-01..2024-04-05", "2024-03-25..2024-03-29"]),
    ("how much did NQ gain on December 1 2023 from November 30", ["2023-12-01", "2023-11-30"]),
    ("SPY April 2024 from March", ["2024-04-01..2024-04-30", "2024-03-01..2024-03-31"]),
    ("SPY abril de 2024 desde marzo", ["2024-04-01..2024-04-30", "2024-03-01..2024-03-31"]),
    ("cierre del SPY el 5 de abril de 2024 respecto al 4 de abril", ["2024-04-05", "2024-04-04"]),
]

RANGES = [
    ("доходность SPY с 1 марта 2024", ["2024-03-01..2026-11-29"]),
    ("what was the change in NQ from November 30 2023", ["2023-11-30..2026-11-29"]),
    ("SPY в 2024 году с марта", ["2024-01-01..2024-12-31", "2024-03-01..2026-11-29"]),
    ("SPY 2024 from March", ["2024-01-01..2024-12-31", "2024-03-01..2026-11-29"]),
    ("сравни доходность SPY с 1 марта 2024 и с 1 апреля 2024", ["2024-03-01..2026-11-29", "2024-04-01..2026-11-29"]),
    ("how did SPY change from April 4 to April 5 2024", ["2024-04-04..2024-04-05"]),
    ("SPY desde marzo de 2024", ["2024-03-01..2026-11-29"]),
]


def _labels(text: str) -> list[str]:
    out = []
    for f in parse_periods(normalize(text), TODAY, us_dates=True):
        a, b = f.resolved.start, f.resolved.end
        out.append(a.isoformat() if a == b else f"{a}..{b}")
    return out


@pytest.mark.parametrize("text,labels", COMPARED + RANGES, ids=[t for t, _ in COMPARED + RANGES])
def test_a_compared_date_is_a_period_and_a_start_stays_a_range(text, labels):
    assert _labels(text) == labels
