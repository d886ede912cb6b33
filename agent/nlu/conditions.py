"""Event conditions ("rose more than 5% in a day"), post-event windows and top-N largest moves."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from agent import lang as packs
from agent.nlu.numbers import CARDINAL_WORD, COUNT, NUM, count_value, to_float
from query_builder.models import EventCondition

Direction = Literal["up", "down"]


def _words(key: str) -> str:
    """One alternation of the packs' condition words under `key` (agent/lang/_nlu)."""
    return packs.alternation("nlu_words", "conditions", key)


def _templates(key: str) -> list[str]:
    """The packs' window patterns under `key`, English first, then the others."""
    return [t for code in packs.codes() for t in packs.get(code, "nlu_words", "conditions", key)]


UP = _words("up")
DOWN = _words("down")
MOVE = _words("move")
_UP_RE = re.compile(rf"(?<!\w)(?:{UP})")
_DOWN_RE = re.compile(rf"(?<!\w)(?:{DOWN})")
_MOVE_RE = re.compile(rf"(?<!\w)(?:{MOVE})")
_PCT = re.compile(rf"(?P<sign>[-+])?\s*(?P<n>{NUM}|{CARDINAL_WORD})\s*(?:%|{_words('percent')})")
_GTE = re.compile(_words("gte") + r"|>=|≥")
_GT = re.compile(_words("gt") + r"|>")
_GAP = re.compile(rf"(?<!\w)(?:{_words('gap')})")
_RANGE = re.compile(rf"(?<!\w)(?:{_words('range')})(?!\w)")
_AT_MOST = re.compile(rf"(?<!\w)(?:{_words('at_most')})(?!\w)")
_LESS = re.compile(rf"(?<!\w)(?:{_words('less')})(?!\w)")
# the bound words of a percent ("less than 0.5%", "не более 1%"): used words (coverage.py) only there
BOUND_OF_PERCENT = re.compile(rf"(?<!\w)(?:{_words('less')}|{_words('at_most')})(?=\s*(?:{_words('gt')})?\s*[-+]?\d[\d.,]*\s*(?:%|{_words('percent')}))")


@dataclass
class ConditionParse:
    condition: EventCondition | None = None
    direction: str | None = None      # up | down | None
    has_threshold: bool = False
    ambiguous_direction: bool = False
    size: tuple[str, float] | None = None   # (metric, size) of a move whose direction is not said


def _nearest_direction(text: str, pos: int) -> tuple[str | None, int]:
    """The move word nearest to a percent at `pos` (up, down, or 'move' when direction-less)."""
    best: tuple[str | None, int] = (None, 10 ** 6)
    for kind, rx in (("up", _UP_RE), ("down", _DOWN_RE), ("move", _MOVE_RE)):
        for m in rx.finditer(text):
            dist = pos - m.end() if m.end() <= pos else m.start() - pos
            if dist < best[1]:
                best = (kind, dist)
    return best


def parse_condition(norm: str) -> ConditionParse:
    """A daily %-move condition; direction from the nearest move word, op from qualifiers.

    With several percents (a question completed by a clarification answer) the last one with a
    clear direction wins.
    """
    direction = text_direction(norm)
    found: ConditionParse | None = None
    for m in _PCT.finditer(norm):
        one = _one_condition(norm, m)
        if one.condition is not None or found is None:
            found = one
    return found or ConditionParse(direction=direction)


def _range_condition(norm: str, m: re.Match[str], n: float) -> ConditionParse | None:
    """"Days with a range above 1%": a day's range (high - low over the previous close) has no
    direction, so its bound is above or below and nothing is asked back."""
    before = norm[max(0, m.start() - 40):m.start()]
    if not _RANGE.search(before) or _GAP.search(before):
        return None
    window = before[-25:] + norm[m.end():m.end() + 15]
    if _AT_MOST.search(window):
        op = "lte"
    elif _LESS.search(window):
        op = "lt"
    else:
        op = "gte" if _GTE.search(window) or not _GT.search(window) else "gt"
    return ConditionParse(condition=EventCondition(metric="range_pct", op=op, threshold=abs(n)), has_threshold=True)


def _one_condition(norm: str, m: re.Match[str]) -> ConditionParse:
    n = count_value(m.group("n")) if not re.match(r"\d", m.group("n")) else to_float(m.group("n"))
    if n is not None and (ranged := _range_condition(norm, m, float(n))) is not None:
        return ranged
    kind, dist = _nearest_direction(norm, m.start())
    if m.group("sign") == "-" and kind != "up":
        kind = "down"
    metric = "gap_pct" if _GAP.search(norm) else "daily_pct_change"
    if kind in (None, "move") or dist > 60 or n is None:
        return ConditionParse(direction=None, has_threshold=True,
                              ambiguous_direction=kind == "move" or m.group("sign") is None,
                              size=(metric, abs(float(n))) if n is not None else None)
    window = norm[max(0, m.start() - 30):m.start()] + norm[m.end():m.end() + 15]
    inclusive = bool(_GTE.search(window)) or not _GT.search(window)
    thr = abs(float(n))
    if kind == "up":
        cond = EventCondition(metric=metric, op="gte" if inclusive else "gt", threshold=thr)
    else:
        cond = EventCondition(metric=metric, op="lte" if inclusive else "lt", threshold=-thr)
    return ConditionParse(condition=cond, direction=kind, has_threshold=True)


def text_direction(norm: str) -> Direction | None:
    """'up' or 'down' when only one kind of move word is present."""
    up, down = bool(_UP_RE.search(norm)), bool(_DOWN_RE.search(norm))
    return "up" if up and not down else "down" if down and not up else None


# ---- post-event windows ----------------------------------------------------------------------

_U = rf"(?P<u>{_words('units')})"
_NX = rf"(?P<n>{COUNT})"


def _horizon(key: str) -> list[str]:
    return [t.replace("{n}", _NX).replace("{u}", _U) for t in _templates(key)]


# Slot by slot (counted windows, one unit, a count alone, a horizon named) and within a slot
# English first: the first pattern found gives the window.
HORIZON = [re.compile(p) for p in (
    *_horizon("horizon_counted"), *_horizon("horizon_single"),
    # a window given on its own (often a reply to a clarification): "a diez sesiones", "на 10 дней
    # вперёд", "over 10 sessions", "a 10-day horizon", "horizonte de 10 días"
    *_horizon("horizon_a"), *_horizon("horizon_on"),
    rf"(?:{_words('horizon_of')})\s*{_NX}\s+{_U}",
    *_horizon("horizon_window"),
)]
_WEEK_UNIT, _MONTH_UNIT = re.compile(_words("unit_week")), re.compile(_words("unit_month"))


def _unit_days(u: str) -> int:
    if _WEEK_UNIT.match(u):
        return 5
    if _MONTH_UNIT.match(u):
        return 21
    return 1


# The span of the move itself, right after its size ("fell 5% in a day", "упал на 3% за день",
# "cayó un 4% en una sola sesión"): it describes the event, never the horizon after it.
_MOVE_SPAN = re.compile(
    rf"(%|(?<!\w)(?:{_words('span_percent')}))([^%\d]{{0,24}}?)(?<!\w)(?:{_words('span_in')})\s+"
    rf"(?:{_words('span_one')})?(?:{_words('span_day')})(?!\w)")


def parse_horizon(norm: str) -> int | None:
    """Trading days after each event ("next 5 trading days", "через неделю" = 5)."""
    norm = _MOVE_SPAN.sub(lambda m: m.group(1) + m.group(2) + " " * (m.end() - m.end(2)), norm)
    for rx in HORIZON:
        m = rx.search(norm)
        if m:
            n = count_value(m.groupdict().get("n"), 1) or 1
            days = n * _unit_days(m.group("u"))
            return days if 1 <= days <= 260 else None
    return None


# ---- top-N largest moves ---------------------------------------------------------------------

_SUPER = _words("superlative")
_NOUN = _words("top_noun")
_TOP = re.compile(rf"(?<!\w)(?:(?P<n1>{COUNT})\s+)?(?:{_words('top_of')})?(?:{_SUPER})(?:[\s-]+(?P<n2>{COUNT}))?"
                  rf"(?:\s+[\w%-]+){{0,3}}?\s+(?P<noun>{_NOUN})(?!\w)")


@dataclass
class TopMoves:
    n: int
    direction: Direction | None
    explicit: bool = True        # the count was written ("5 largest"), not implied ("big drops")


# The count before the noun and the superlative after it: "the 5 days of the biggest fall",
# "Los 5 días de mayor caída", "5 дней с самым сильным падением".
_COUNT_NOUN = re.compile(rf"(?<!\w)(?P<n>{COUNT})\s+(?:{_words('count_trading')})?(?:{_words('count_days')})"
                         rf"\s+(?:(?:{_words('count_with')})\s+(?:{_words('count_article')})?)?$")
_EXPLICIT = re.compile(_words("top_explicit"))
_PLURAL = re.compile(rf"(?:{_words('plural_endings')})$")
_BEST, _WORST = re.compile(_words("best")), re.compile(_words("worst"))
_AND = _words("and")
_GAINS, _FALLS = _words("gains"), _words("falls")
_BOTH = re.compile(rf"(?:{_GAINS})\s+(?:{_AND})\s+(?:{_FALLS}|{_words('losses')})"
                   rf"|(?:{_FALLS})\s+(?:{_AND})\s+(?:{_GAINS})")


def parse_top(norm: str) -> TopMoves | None:
    """'5 largest daily gains', 'Три самых сильных дневных падения', 'Las 3 mayores subidas'."""
    m = _TOP.search(norm)
    if not m:
        return None
    before = _COUNT_NOUN.search(norm[max(0, m.start() - 40):m.start()])
    n = count_value(m.group("n1") or m.group("n2") or (before.group("n") if before else None))
    explicit = n is not None or bool(_EXPLICIT.search(m.group(0)))
    noun = m.group("noun")
    if n is None:
        plural = bool(_PLURAL.search(noun)) and not noun.endswith("ss")
        n = 5 if plural else 1
    phrase = m.group(0)
    direction = text_direction(phrase)
    both = _BEST.search(phrase) and _WORST.search(phrase)
    if both or _BOTH.search(norm[m.start():m.end() + 40]):
        direction = None                   # "best and worst day": both directions
    elif _WORST.search(phrase) and not _UP_RE.search(noun):
        direction = "down"
    elif _BEST.search(phrase) and not _DOWN_RE.search(noun):
        direction = "up"
    return TopMoves(n=max(1, min(n, 100)), direction=direction, explicit=explicit)


def opposite_conditions(norm: str) -> list[EventCondition]:
    """Two thresholds of opposite directions in one question ("days up more than 1% and down more
    than 1%", "рос больше 2% и падал больше 2%"): both, rise first. Each percent takes the move word
    written between the percent before it and itself. Read as one, the other was dropped in silence.
    Fewer than two, or the same direction twice: []."""
    ups: list[EventCondition] = []
    downs: list[EventCondition] = []
    prev = 0
    for m in _PCT.finditer(norm):
        clause = norm[prev:m.start()]
        prev = m.end()
        up, down = list(_UP_RE.finditer(clause)), list(_DOWN_RE.finditer(clause))
        if not (up or down):
            continue
        kind = "up" if up and (not down or up[-1].start() > down[-1].start()) else "down"
        one = _one_condition(norm, m)
        if one.condition is None:
            continue
        thr = abs(one.condition.threshold)
        inclusive = one.condition.op in ("gte", "lte")
        (ups if kind == "up" else downs).append(EventCondition(
            metric=one.condition.metric, op=("gte" if inclusive else "gt") if kind == "up" else ("lte" if inclusive else "lt"),
            threshold=thr if kind == "up" else -thr))
    return [ups[0], downs[0]] if len(ups) == 1 and len(downs) == 1 else []
