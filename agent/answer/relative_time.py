"""Relative time ("this week", "yesterday's close", "в прошлом месяце", "el lunes pasado"): the
window the words name is computed against the request's date (the pack's answer.RELATIVE: words,
unit, offset), and every dated value of the sentence (else the answer's period) must lie in it.
"""
from __future__ import annotations

import re
from datetime import date, timedelta
from functools import lru_cache

from agent import lang as packs
from agent.answer.sentences import Sentence
from agent.answer.slots import SlotValue
from agent.answer.statements import Answer

Window = tuple[date, date]


@lru_cache(maxsize=None)
def rules(lang: str) -> tuple[tuple[re.Pattern[str], str, int], ...]:
    return tuple((re.compile(r"(?<![\w§])(?:" + words + r")(?![\w])"), unit, int(offset))
                 for code in dict.fromkeys((lang, "en"))
                 for words, unit, offset in packs.get(code, "answer", "RELATIVE"))


def mask(s: Sentence, lang: str) -> set[int]:
    text = s.words()
    return {s.token_at(c) for p, *_ in rules(lang) for m in p.finditer(text)
            for c in range(m.start(), m.end())}


def _month_shift(d: date, months: int) -> date:
    k = d.year * 12 + d.month - 1 + months
    return date(k // 12, k % 12 + 1, 1)


def window(unit: str, offset: int, now: date) -> Window:
    """The dates `unit` + `offset` names from `now` ("yesterday" is the weekday before)."""
    if unit == "day":
        d = now
        for _ in range(-offset):
            d -= timedelta(days=1)
            while d.weekday() >= 5:
                d -= timedelta(days=1)
        return d, d
    if unit == "weekday":
        d = now - timedelta(days=(now.weekday() - offset) % 7 or 7)
        return d, d
    if unit == "week":
        start = now - timedelta(days=now.weekday()) + timedelta(weeks=offset)
        return start, start + timedelta(days=6)
    if unit == "month":
        start = _month_shift(now, offset)
        return start, _month_shift(start, 1) - timedelta(days=1)
    return date(now.year + offset, 1, 1), date(now.year + offset, 12, 31)


def _dates(v: SlotValue) -> Window | None:
    if v.date:
        d = date.fromisoformat(str(v.date)[:10])
        return d, d
    if v.span:
        return date.fromisoformat(v.span[0]), date.fromisoformat(v.span[1])
    return None


def relative_time(a: Answer) -> list[str]:
    issues = []
    now = a.now or date.today()
    from agent.answer.parts import part_order_masks_relative

    for s in a.sentences:
        text = s.words()
        places = part_order_masks_relative(a, s)   # "la semana anterior" of two compared weeks
        for pattern, unit, offset in rules(a.lang):
            for m in pattern.finditer(text):
                if s.token_at(m.start()) in places:
                    continue
                lo, hi = window(unit, offset, now)
                values = [v for _, n in s.slots() if (v := a.value(n)) is not None and not v.param
                          and _dates(v) is not None] or \
                         [v for v in a.table.values.values() if not v.param and _dates(v) is not None]
                wrong = [v for v in values if (d := _dates(v)) is not None and not (lo <= d[0] and d[1] <= hi)]
                if not values or wrong:
                    name = "{" + wrong[0].name + "}" if wrong else "no dated value"
                    issues.append(f"'{m.group(0)}' means {lo.isoformat()}..{hi.isoformat()} (the request "
                                  f"was made {now.isoformat()}), but {name} is not in it: name the period")
    return issues
