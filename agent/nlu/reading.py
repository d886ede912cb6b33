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

from agent.nlu import metrics as M
from agent.state import Part, Period, TimeWindow

INDICATOR_WINDOWS = {name: window for name, _pat, window in M.INDICATORS}


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
    """Parts of a parsed text (parse.Parsed): the grammar's reading first, the positional
    rule below when the grammar reads none. Two periods that differ, or no parts."""
    periods = [f.resolved for f in p.periods]
    if p.grammar is not None:
        found = [Part(symbols=[p.symbols[i] for i in syms], period=periods[k]) for syms, k in p.grammar.parts]
        if len({pt.period.label for pt in found if pt.period}) >= 2:
            return found
    return pair(list(zip(p.symbols, p.symbol_pos)), [(f.resolved, f.pos) for f in p.periods])


def _analysis_of(measures: list[str]) -> str:
    if any(m in INDICATOR_WINDOWS for m in measures):
        return "indicator"
    if set(measures) <= {"high", "low"}:
        return "extremes"
    return "volume" if set(measures) <= {"total_volume", "avg_daily_volume"} else "stats"


def own_measures(p: Any) -> list[list[str]] | None:
    """Each part's own measures, read from its own stretch of the text ("NQ's high in November and
    SPY's RSI in April"); None when some part names none (the measures are then shared:
    "the high and low of NQ in November and SPY in April") or all name the same."""
    regions = p.grammar.regions if p.grammar is not None else ()
    if len(regions) < 2:
        return None
    found = [[*M.parse_metrics(p.measure_text[a:b]), *(n for n, _w, pos in p.indicators if a <= pos < b)]
             for a, b in regions]
    if not all(found) or len({tuple(f) for f in found}) < 2:
        return None
    return found


def with_common(parts: list[Part], p: Any, it: Any) -> list[Part]:
    """Each part takes the question's shared slots (window, bar size, condition, horizon) and its
    own measures and analysis, or the question's when the parts name none of their own."""
    # the question's window as the intent holds it (moved to the exchange's zone); a part with a
    # window of its own ("overnight vs regular hours") keeps it
    window = it.time_window or (TimeWindow(start=p.window.start, end=p.window.end, label=p.window.label,
                                           extended=p.window.extended) if p.window else None)
    own = own_measures(p) if len(parts) == len(p.grammar.regions if p.grammar else ()) else None
    common = [*it.metrics, *(it.indicators or ([it.indicator] if it.indicator else []))]
    return [part.model_copy(update={"measures": own[i] if own else common,
                                    "analysis": _analysis_of(own[i]) if own else it.analysis,
                                    "time_window": part.time_window or window, "bar_minutes": it.bar_minutes,
                                    "condition": it.condition, "horizon_days": it.horizon_days})
            for i, part in enumerate(parts)]


def part_intent(intent: Any, part: Part) -> Any:
    """The intent as one part of a question with parts: the part's symbols and period, and its
    own measures and analysis where it names them (with_common)."""
    upd: dict[str, Any] = {"parts": [], "period": part.period, "symbols": part.symbols,
                           "symbol": part.symbols[0] if part.symbols else intent.symbol}
    if part.time_window is not None:     # a part's own window ("overnight vs regular hours")
        upd["time_window"] = part.time_window
    common = [*intent.metrics, *(intent.indicators or ([intent.indicator] if intent.indicator else []))]
    if part.measures != common and part.analysis in ("indicator", "extremes", "volume", "stats"):
        names = [m for m in part.measures if m in INDICATOR_WINDOWS]
        upd.update(analysis=part.analysis, also=[], metrics=[m for m in part.measures if m not in names],
                   indicator=names[0] if names else None, indicators=names if len(names) > 1 else [],
                   indicator_window=INDICATOR_WINDOWS.get(names[0]) if names else None,
                   indicator_windows=[INDICATOR_WINDOWS.get(n) for n in names] if len(names) > 1 else [])
    return intent.model_copy(update=upd)
