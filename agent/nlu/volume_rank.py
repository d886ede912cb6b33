"""A ranking of trading days by volume in a question (EN, RU, ES), read as a typed value.

    parse_volume_rank(norm) -> VolumeRank | None
        "highest volume day", "the 3 days with the lowest volume", "top 3 volume days",
        "день с максимальным объемом", "три дня с наименьшим объемом", "топ 3 дня по объему",
        "el dia de mayor volumen", "los 3 dias de menor volumen", "top 3 dias por volumen"

The span covers the day noun too, so coverage counts every word of the phrase as used. A volume
superlative about a price level ("highest volume price" = the volume profile's point of control) or
an hour ("highest volume hour" = the hourly profile) is not a ranking of days.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from agent import lang as packs
from agent.nlu.numbers import RANK_COUNT, count_value


def _w(key: str) -> str:
    """One alternation of the packs' volume-rank words under `key` (agent/lang/_nlu)."""
    return packs.alternation("nlu_words", "volume_rank", key)


COUNT = RANK_COUNT
_UP, _DOWN = _w("up"), _w("down")
_VOL = rf"(?:{_w('volume_lead')})?(?:{_w('volume')})"
_DAY = _w("day")
_NOT_DAYS = rf"(?!\s*(?:{_w('not_days')}))"
_LEAD = (rf"(?:(?:{_w('lead_article')})?(?P<n0>{COUNT})?\s*(?:{_DAY})\s+"
         rf"(?:(?:{_w('lead_with')})\s+(?:{_w('with_article')})?)?)?")
# "самые объёмные дни": an adjective of volume before the day (where a language has one)
_ADJ = (rf"|(?P<n4>{COUNT}\s+)?(?P<adj>(?:{_w('most_adj')})\s+)?(?:{_w('voluminous')})\s+(?:{_DAY})"
        if _w("voluminous") else "")
_RANK = re.compile(
    rf"(?<!\w)(?:{_LEAD}(?:{_w('rank_article')})?(?P<n1>{COUNT}\s+)?(?P<sup>{_UP}|{_DOWN})[\s-]+{_VOL}{_NOT_DAYS}"
    rf"(?:\s+(?P<noun>{_DAY}))?"
    rf"|(?:{_w('top')})[\s-]*(?P<n2>{COUNT})?\s+(?:(?:{_VOL})\s+(?P<noun2>{_DAY})|(?P<noun3>{_DAY})\s+(?:{_w('by')})\s+{_VOL})"
    rf"|(?P<n3>{COUNT}\s+)?(?:{_DAY})\s+(?:{_w('ranked')})\s+(?:{_w('by')})\s+{_VOL}"
    + _ADJ + r")(?!\w)")
_DOWN_RE = re.compile(rf"^(?:{_DOWN})$")
_LEAST_ADJ = re.compile(_w("least_adj") or r"(?!)")
_PLURAL = re.compile(_w("plural_days"))
_SINGULAR = re.compile(rf"(?<!\w)(?:{_w('singular_day')})(?!\w)")


@dataclass(frozen=True)
class VolumeRank:
    n: int
    direction: Literal["up", "down"]     # up: highest volume first; down: lowest first
    span: tuple[int, int]


def parse_volume_rank(norm: str) -> VolumeRank | None:
    m = _RANK.search(norm)
    if not m:
        return None
    sup = re.sub(r"\s+", " ", m.group("sup") or "")
    g = m.groupdict()
    down = bool(sup and _DOWN_RE.match(sup)) or bool(_LEAST_ADJ.match(g.get("adj") or ""))
    counts = (g["n0"], g["n1"], g["n2"], g["n3"], g.get("n4"))
    n = count_value(next((g.strip() for g in counts if g), None))
    if n is None:       # "highest volume days": several, as the top moves read them; else one day
        phrase = m.group(0)
        n = 5 if _PLURAL.search(phrase) and not _SINGULAR.search(phrase) else 1
    return VolumeRank(n=max(1, min(n, 100)), direction="down" if down else "up", span=m.span())
