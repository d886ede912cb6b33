"""Which way a word says a value moved ("rose", "упал", "subidas"): the wording module's stems and
every pack's extra words. Its own module so the series statements (series_words.py) and the
direction check (statements.py) both read it without importing each other."""
from __future__ import annotations

from functools import lru_cache

from agent import lang as packs
from agent.answer import wording
from agent.nlu.lang import month_number


@lru_cache(maxsize=None)
def _all(key: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(w for code in packs.codes() for w in packs.get(code, "answer", key)))


@lru_cache(maxsize=4096)
def _direction_of(word: str) -> str | None:
    extra_up, extra_down = _all("EXTRA_UP"), _all("EXTRA_DOWN")
    if month_number(word):
        return None          # "abril" is April, not "abri(ó)"
    if wording.stem_hit(word, wording.UP_STEMS + extra_up, wording.DIRECTION_EXACT):
        return "up"
    if wording.stem_hit(word, wording.DOWN_STEMS + extra_down, wording.DIRECTION_EXACT):
        return "down"
    return None
