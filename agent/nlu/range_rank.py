"""Days ranked by their range in a question (EN, RU, ES), read as a typed value.

    parse_range_rank(norm) -> RangeRank | None
        "the day with the widest range", "the 3 largest daily ranges", "biggest high-low range",
        "день с наибольшим диапазоном", "самый большой дневной диапазон",
        "el día de mayor rango", "los 3 días con mayor amplitud"

A day's range is (high - low) over the previous close, in percent (find_events' range_pct): days
ranked by it, widest first. Before, the superlative was declined and the month's average range was
answered: another question.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from agent import lang as packs
from agent.nlu.numbers import RANK_COUNT, count_value

_RANK = [re.compile(r"(?<!\w)" + p.replace("{COUNT}", RANK_COUNT) + r"(?!\w)")
         for code in packs.codes() for p in packs.get(code, "nlu_words", "range_rank", "patterns")]
_PLURAL = re.compile(r"(?<!\w)(?:" + packs.alternation("nlu_words", "range_rank", "plural_days") + r")(?!\w)")


@dataclass(frozen=True)
class RangeRank:
    n: int
    span: tuple[int, int]


def parse_range_rank(norm: str) -> RangeRank | None:
    for rx in _RANK:
        m = rx.search(norm)
        if m is None:
            continue
        said = next((g for g in (m.groupdict().get("n"), m.groupdict().get("n2")) if g), None)
        n = count_value(said) if said else None
        if n is None:
            n = 5 if _PLURAL.search(m.group(0)) else 1
        return RangeRank(n=max(1, min(n, 100)), span=(m.start(), m.end()))
    return None
