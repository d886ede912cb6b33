"""Shared builders for the offline provider tests: instruments and data ranges, no database."""
from __future__ import annotations

from datetime import date

from agent.llm.base import DataRange, ProviderContext
from agent.market.instruments import Instrument, default_instrument

RANGES = {
    "NQ": (date(2023, 11, 20), date(2023, 12, 4)),
    "SPY": (date(2024, 2, 20), date(2024, 5, 17)),
    "BTCUSD": (date(2021, 12, 31), date(2022, 2, 1)),
    "SPX": (date(1927, 12, 30), date(2020, 11, 30)),
    "ZETA": (date(2015, 1, 2), date(2024, 5, 17)),
}


def instruments() -> list[Instrument]:
    """The four evaluation symbols with their built-in aliases, plus two made-up ones."""
    out = [default_instrument(s) for s in ("NQ", "SPY", "BTCUSD", "SPX")]
    out.append(Instrument(symbol="ZETA", name="Zeta Robotics", asset_class="equity",
                          aliases=["zeta robotics", "зета", "зета роботикс"]))
    out.append(Instrument(symbol="GLDX", name="Gold Miners X", asset_class="other",
                          aliases=["gold miners", "золотодобытчики", "mineras de oro"], synthetic=True))
    return out


def make_ctx(today: date | str = date(2024, 5, 20)) -> ProviderContext:
    if isinstance(today, str):
        today = date.fromisoformat(today)
    ranges = [DataRange(symbol=s, first=a, last=b) for s, (a, b) in RANGES.items()]
    return ProviderContext(instruments=instruments(), today=today, ranges=ranges)


def history(*user_turns: str) -> list[dict[str, str]]:
    """A conversation of these user turns, each followed by an assistant reply."""
    out: list[dict[str, str]] = []
    for t in user_turns:
        out += [{"role": "user", "content": t}, {"role": "assistant", "content": "(answer)"}]
    return out


# The declines of unread words, as the answer says them ("Not applied: the words “x” (...)").
UNUSED_NOTE = ("Not applied: the words", "Не применено: слова", "No aplicado: las palabras")


def said(it) -> list[str]:
    """What the parser tells the user beside the answer: its notes and its declines as sentences."""
    from agent.nlu.declines import sentences

    return [*it.notes, *sentences(it.declined, it.lang)]
