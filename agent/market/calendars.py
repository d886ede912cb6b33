"""Exchange calendars (exchange_calendars), built in one place.

exchange_calendars 4.13.2 (the newest) reads `Series.values` of its tz-aware schedule when it
builds a calendar, which pandas 3.1 deprecates (Pandas4Warning: the values will keep their time
zone), and again when it first lists its minutes. The calls are the library's own, so the warning is
silenced here, for that message only while a calendar and its minutes are built, instead of in every caller or globally; calendars are cached, so each is built
once per process (building CMES takes ~0.2 s).
"""
from __future__ import annotations

import warnings
from functools import lru_cache
from typing import Any

_UPSTREAM = r"(Series|DatetimeIndex)\.values returning an ndarray that drops timezone information"


@lru_cache(maxsize=32)
def exchange_calendar(name: str, start: str | None = None, end: str | None = None) -> Any:
    import exchange_calendars as xc

    kwargs = {k: v for k, v in (("start", start), ("end", end)) if v is not None}
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=_UPSTREAM, category=DeprecationWarning)
        cal = xc.get_calendar(name, **kwargs)
        cal.minutes_nanos        # a cached property built from `.values` too: built here, once
        return cal
