"""A date after a comparison connective is the compared period, never the start of a range to today.

Some comparison connectives end in a word that also opens a range ("по сравнению с 30 ноября", "в
сравнении со 2 декабря"), and "сравни март 2024 с февралём", "Dec 1 2023 from Nov 30" put that word
right after the other date. Read as a range, the second period ran from that date to today and the
answer compared one day with months of data. Read here as a point, it takes its year from the other
date like any point without one (periods._year_for): "Dec 1 2023 vs Nov 30" is November 30, 2023.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from agent import lang as packs

_LEAD = re.compile(r"(?<!\w)(?:" + packs.alternation("nlu_words", "periods", "compare_lead") + r")\s*$")
_ADJACENT = re.compile(r"[\s,]*")
# what a compared date stands beside: one day, week or month, never a range or a relative period
_ANCHORS = ("point", "week", "week_end", "nth_week", "end_of", "start_of", "end_session", "start_session")


def _is_compared(i: int, found: list[Any], norm: str) -> bool:
    f = found[i]
    if f.kind != "since" or f.period is None:
        return False
    if _LEAD.search(norm[:f.pos]):
        return True
    prev = found[i - 1] if i else None
    if prev is None or prev.kind not in _ANCHORS or prev.period is None:
        return False
    if not _ADJACENT.fullmatch(norm[prev.end:f.pos]):
        return False
    # "в 2024 году с марта": a start inside the period beside it narrows that period, compares nothing
    return not prev.period.start <= f.period.start <= prev.period.end


def as_points(found: list[Any], norm: str, resolve: Callable[[int], Any]) -> None:
    """Each 'since' of `found` (resolved, in text order) that is a compared date, made a point and
    resolved again by `resolve(i)`."""
    for i in range(len(found)):
        if _is_compared(i, found, norm):
            found[i].kind, found[i].period = "point", None
            found[i].period = resolve(i)
