"""Sentences the parser adds to an answer: parts of a question declined for want of data."""
from __future__ import annotations

from datetime import date

from agent import lang as packs
from agent.llm.base import ProviderContext
from agent.nlu.texts import period_text
from agent.state import Period
from query_builder.granularity import BAR_MINUTES


def _texts(key: str) -> dict[str, str]:
    """{code: the packs' note under `key`} (agent/lang/_nlu)."""
    return packs.by_lang("nlu_words", "notes", key)


_NO_DATA, _RANGE, _IN = _texts("no_data"), _texts("range"), _texts("in")


def _range(ctx: ProviderContext, sym: str, lang: str) -> str:
    rng = ctx.range_for(sym)
    return _RANGE[lang].format(s=sym, a=rng.first, b=rng.last) if rng else sym


def no_data_parts(symbols: list[str], period: Period | None, ctx: ProviderContext, lang: str) -> str:
    lang = lang if lang in _NO_DATA else "en"
    what = ", ".join(_IN[lang].format(s=s, p=period_text(period, lang)) if period else s for s in symbols)
    return _NO_DATA[lang].format(what=what, ranges="; ".join(_range(ctx, s, lang) for s in symbols))


def no_data_periods(symbol: str, periods: list[Period], ctx: ProviderContext, lang: str) -> str:
    lang = lang if lang in _NO_DATA else "en"
    what = ", ".join(_IN[lang].format(s=symbol, p=period_text(p, lang)) for p in periods)
    return _NO_DATA[lang].format(what=what, ranges=_range(ctx, symbol, lang))


_ONLY_LAST = _texts("only_last")


def only_last(n: int, start: date, lang: str) -> str:
    return _ONLY_LAST.get(lang, _ONLY_LAST["en"]).format(n=n, d=start.isoformat())


# a bar size that bars are not built at (7 minutes) is said, with the size used instead.
_BAR_SIZE = _texts("bar_size")


def bar_size(n: int, used: str, lang: str) -> str:
    return _BAR_SIZE.get(lang, _BAR_SIZE["en"]).format(n=n, m=BAR_MINUTES[used])


_DAILY_WINDOW = _texts("daily_window")


def daily_indicator_window(names: list[str], lang: str) -> str:
    """An indicator of daily bars asked over a time-of-day window ("RSI between 10:00 and 11:00"):
    said, never dropped in silence (only VWAP is computed over a window's minutes)."""
    return _DAILY_WINDOW.get(lang, _DAILY_WINDOW["en"]).format(names=", ".join(n.upper() for n in names))
