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

from agent.nlu.numbers import CARDINAL_WORD, count_value

COUNT = rf"(?:\d{{1,2}}(?!\d)|{CARDINAL_WORD})"     # "3", "three", "три": never a year
_UP = (r"highest|largest|biggest|heaviest|most|max(?:imum|imal)?|наибольш\w*|максимальн\w*|самы\w+\s+больш\w*"
       r"|mayor(?:es)?|maxim[oa]s?|mas")
_DOWN = (r"lowest|smallest|lightest|least|min(?:imum|imal)?|наименьш\w*|минимальн\w*|самы\w+\s+(?:мал\w*|низк\w*)"
         r"|menor(?:es)?|minim[oa]s?|menos")
_VOL = r"(?:trading\s+)?(?:volume|объем\w*|volumen)"
_DAY = (r"(?:trading\s+)?(?:days?|sessions?)|(?:торгов\w+\s+)?(?:день|дн(?:я|ей|и)|сесси\w*)"
        r"|(?:dias?|sesion(?:es)?)(?:\s+de\s+(?:negociacion|mercado))?")
_NOT_DAYS = r"(?!\s*(?:price|level|node|bin|area|hours?|minutes?|цен\w*|уров\w*|час\w*|precio|nivel|horas?))"
_LEAD = (rf"(?:(?:the\s+|los\s+|las\s+|el\s+|la\s+)?(?P<n0>{COUNT})?\s*(?:{_DAY})\s+"
         rf"(?:(?:with|of|having|had|has|saw|de|con|с|со)\s+(?:the\s+|el\s+|la\s+)?)?)?")
_RANK = re.compile(
    rf"(?<!\w)(?:{_LEAD}(?:the\s+)?(?P<n1>{COUNT}\s+)?(?P<sup>{_UP}|{_DOWN})[\s-]+{_VOL}{_NOT_DAYS}"
    rf"(?:\s+(?P<noun>{_DAY}))?"
    rf"|(?:top|топ)[\s-]*(?P<n2>{COUNT})?\s+(?:(?:{_VOL})\s+(?P<noun2>{_DAY})|(?P<noun3>{_DAY})\s+(?:by|по|por)\s+{_VOL})"
    rf"|(?P<n3>{COUNT}\s+)?(?:{_DAY})\s+(?:ranked|sorted|ordered|ordenad[oa]s|clasificad[oa]s|отсортированн\w*)\s+(?:by|по|por)\s+{_VOL}"
    rf"|(?P<n4>{COUNT}\s+)?(?P<adj>(?:самы\w+|наиболее|наименее)\s+)?объ[её]мн\w+\s+(?:{_DAY}))"
    r"(?!\w)")
_DOWN_RE = re.compile(rf"^(?:{_DOWN})$")
_PLURAL = re.compile(r"days|sessions|дн(?:ей|и)|дня|сесси[йи]|dias|sesiones")
_SINGULAR = re.compile(r"(?<!\w)(?:день|day|dia|session|sesion)(?!\w)")


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
    down = bool(sup and _DOWN_RE.match(sup)) or (m.group("adj") or "").startswith("наименее")
    counts = (m.group("n0"), m.group("n1"), m.group("n2"), m.group("n3"), m.group("n4"))
    n = count_value(next((g.strip() for g in counts if g), None))
    if n is None:       # "highest volume days": several, as the top moves read them; else one day
        phrase = m.group(0)
        n = 5 if _PLURAL.search(phrase) and not _SINGULAR.search(phrase) else 1
    return VolumeRank(n=max(1, min(n, 100)), direction="down" if down else "up", span=m.span())
