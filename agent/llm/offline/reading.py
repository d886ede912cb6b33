"""The typed reading's parts: instruments and periods paired by the token grammar (grammar.py), or
else by their position in the sentence.

"NQ stats for November 2023 and SPY stats for April 2024" is two parts (NQ, Nov 2023) and
(SPY, Apr 2024); "NQ and SPY in March" is one part with two symbols; "compare NQ in Q1 and Q2" is
one symbol with two periods (a comparison, not parts). The rule is positional, not a phrase list:
each symbol owns the periods written after it and before the next symbol (a period written before
every symbol belongs to all of them). Parts exist only when every symbol owns exactly one period
and at least two of those periods differ.
"""
from __future__ import annotations

from typing import Any

from agent.state import Part, Period, TimeWindow


def _owner(pos: int, symbol_pos: list[int]) -> int | None:
    """Index of the symbol a period at `pos` belongs to: the nearest one written before it."""
    before = [i for i, s in enumerate(symbol_pos) if s <= pos]
    return before[-1] if before else None


def pair(symbols: list[tuple[str, int]], periods: list[tuple[Period, int]]) -> list[Part] | None:
    """Parts when the symbols and periods pair one to one by position, else None."""
    if len(symbols) < 2 or len(periods) < 2:
        return None
    symbol_pos = [p for _s, p in symbols]
    owned: dict[int, list[Period]] = {}
    for period, pos in periods:
        i = _owner(pos, symbol_pos)
        if i is None:
            return None                    # a period before every symbol is shared: one part
        owned.setdefault(i, []).append(period)
    if len(owned) != len(symbols) or any(len(v) != 1 for v in owned.values()):
        return None
    labels = {owned[i][0].label for i in owned}
    if len(labels) < 2:
        return None
    return [Part(symbols=[symbols[i][0]], period=owned[i][0]) for i in range(len(symbols))]


def parts(p: Any) -> list[Part] | None:
    """Parts of a parsed text (understand.Parsed): the grammar's reading first, the positional
    rule below when the grammar reads none. Two periods that differ, or no parts."""
    periods = [f.resolved for f in p.periods]
    if p.grammar is not None:
        found = [Part(symbols=[p.symbols[i] for i in syms], period=periods[k]) for syms, k in p.grammar.parts]
        if len({pt.period.label for pt in found if pt.period}) >= 2:
            return found
    return pair(list(zip(p.symbols, p.symbol_pos)), [(f.resolved, f.pos) for f in p.periods])


def with_common(parts: list[Part], p: Any, it: Any) -> list[Part]:
    """Each part takes the question's shared slots (measures, analysis, window, bar size)."""
    window = TimeWindow(start=p.window.start, end=p.window.end, label=p.window.label,
                        extended=p.window.extended) if p.window else None
    return [part.model_copy(update={"measures": [*it.metrics, *it.indicators], "analysis": it.analysis,
                                    "time_window": window, "bar_minutes": it.bar_minutes,
                                    "condition": it.condition, "horizon_days": it.horizon_days})
            for part in parts]
