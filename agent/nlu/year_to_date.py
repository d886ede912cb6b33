"""'YTD 2020', '2020 year-to-date': the to-date of the year written beside it, not this year's.

The relative pattern reads "ytd" as this year to today; beside an explicit year it only says how far
into that year (to its end, or to today in the current year), which the year's own period already
gives. Read as two periods, "SPX ytd 2020" answered 2020 and declined "January 1 - November 28, 2026".
"""
from __future__ import annotations

import re
from typing import Any

from agent import lang as packs

_TO_DATE = re.compile(r"(?:ytd|year[\s-]to[\s-]date|en\s+lo\s+que\s+va\s+(?:del?\s+)?(?:ano)?)")
_GAP = re.compile(r"[\s,(]*(?:" + packs.alternation("nlu_words", "year_to_date", "of") + r")?[\s,(]*")


def _bare_year(f: Any) -> bool:
    a = f.a
    return f.kind == "point" and a is not None and a.y is not None and not (a.m or a.q or a.h or a.d)


def of_named_year(found: list[Any], norm: str) -> list[Any]:
    """`found` without a to-date period that stands next to a bare year (the year's period stays,
    its span widened over the to-date words)."""
    drop = []
    for f in found:
        if f.kind != "fixed" or not _TO_DATE.fullmatch(norm[f.pos:f.end].strip()):
            continue
        for g in found:
            gap = norm[f.end:g.pos] if g.pos >= f.end else norm[g.end:f.pos]
            if g is not f and _bare_year(g) and _GAP.fullmatch(gap):
                g.pos, g.end = min(f.pos, g.pos), max(f.end, g.end)   # its words are the year's, used
                drop.append(f)
                break
    return [f for f in found if f not in drop]
