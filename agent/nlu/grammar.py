"""The typed reading's parts by a grammar over the question's tokens.

The question is cut into tokens (words, numbers, punctuation, with their offsets). The recognisers'
spans make constituents of them: a SYM is a symbol mention, a PER a period; every other token is a
gap token. A gap token is a coordinator when it is in its language's closed list (the packs'
`grammar.COORDINATORS`: "and", "vs", "и", "против", "y", "frente", a comma, a semicolon) and binds
its neighbours otherwise (prepositions and measure words: "in", "for", "за", "для", "en", "stats").

    reading  := chunk (COORD chunk)*          a coordinator closes a chunk once it holds SYM and PER
    chunk    := SYM+ PER | PER SYM+           one part: its symbols with their period
    respect  := SYM (COORD SYM)+ PER (COORD PER)+ RESPECTIVELY     the i-th symbol with the i-th period

So "NQ in November 2023 and SPY in April 2024", "November 2023 for NQ and April 2024 for SPY",
"ноябрь 2023 для NQ и апрель 2024 для SPY", "NQ and SPY in March, BTCUSD in January" and "NQ and SPY
in November and April respectively" read as parts in every word order; "SPY and NQ in March" (one
chunk) and "SPY in March and April" (a chunk with no symbol) do not: they are one part and a
comparison. Parts need two periods that differ. When the grammar finds no parts, the positional
rule of reading.py (each symbol owns the periods written after it) is asked.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from agent import lang as packs

Kind = Literal["SYM", "PER"]
_TOKEN = re.compile(r"\w+(?:['’]\w+)?|[^\w\s]")


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    end: int


@dataclass(frozen=True)
class Constituent:
    kind: Kind
    start: int
    end: int
    index: int                 # which symbol / which period (the recogniser's order)


@dataclass(frozen=True)
class Chunk:
    symbols: tuple[int, ...]
    periods: tuple[int, ...]
    end: int = -1              # where its closing coordinator starts (-1: the text's end)


@dataclass(frozen=True)
class Reading:
    """Parts as (symbol indexes, period index) pairs, and the spans of the words the grammar used
    (a "respectively"), so coverage never names them."""
    parts: tuple[tuple[tuple[int, ...], int], ...]
    used: tuple[tuple[int, int], ...] = ()
    regions: tuple[tuple[int, int], ...] = ()    # each part's stretch of text (chunk readings only)


def tokens(norm: str) -> list[Token]:
    return [Token(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(norm)]


@lru_cache(maxsize=1)
def _words(key: str) -> frozenset[str]:
    return frozenset(w for code in packs.codes() for w in packs.get(code, "grammar", key))


def is_coordinator(tok: Token) -> bool:
    return tok.text in _words("COORDINATORS")


def constituents(symbols: list[tuple[int, int]], periods: list[tuple[int, int]]) -> list[Constituent]:
    """Symbol mentions and periods in text order. A period recognised across a symbol ("с SPX 2-6
    марта": the symbol is blanked for the period patterns, so "с" reads as "from") starts after it."""
    out = [Constituent("SYM", a, b, i) for i, (a, b) in enumerate(symbols)]
    for i, (a, b) in enumerate(periods):
        a = max([a, *(se for ss, se in symbols if a <= ss and se <= b)])
        out.append(Constituent("PER", a, b, i))
    return sorted(out, key=lambda c: c.start)


def chunks(norm: str, items: list[Constituent], toks: list[Token] | None = None) -> list[Chunk]:
    """The chunks of `reading`: a coordinator between two constituents closes the chunk built so
    far when it already holds a symbol and a period."""
    toks = tokens(norm) if toks is None else toks
    out: list[Chunk] = []
    syms: list[int] = []
    pers: list[int] = []
    for i, c in enumerate(items):
        (syms if c.kind == "SYM" else pers).append(c.index)
        nxt = items[i + 1] if i + 1 < len(items) else None
        gap = [t for t in toks if nxt is not None and c.end <= t.start and t.end <= nxt.start]
        closing = [t for t in gap if is_coordinator(t)]
        if nxt is None or (syms and pers and closing):
            out.append(Chunk(tuple(syms), tuple(pers), closing[0].start if closing else -1))
            syms, pers = [], []
    return out


def _respectively(said: list[Token], items: list[Constituent]) -> Reading | None:
    """SYM, SYM ... PER, PER ... "respectively": the i-th symbol with the i-th period."""
    kinds = [c.kind for c in items]
    n = kinds.count("SYM")
    if not said or n < 2 or kinds != ["SYM"] * n + ["PER"] * n:
        return None
    syms, pers = items[:n], items[n:]
    return Reading(tuple(((s.index,), p.index) for s, p in zip(syms, pers)),
                   tuple((t.start, t.end) for t in said))


def read(norm: str, symbols: list[tuple[int, int]], periods: list[tuple[int, int]]) -> Reading | None:
    """Parts of the question by the grammar above, None when it reads none (see the module doc).
    `symbols`/`periods`: each one's span in `norm` (the first mention of each symbol)."""
    if len(symbols) < 2 or len(periods) < 2:
        return None
    items, toks = constituents(symbols, periods), tokens(norm)
    said = [t for t in toks if t.text in _words("RESPECTIVELY")]
    found = chunks(norm, items, toks)
    if len(found) >= 2 and all(c.symbols and len(c.periods) == 1 for c in found):
        starts = [0, *(c.end for c in found[:-1])]
        regions = tuple((a, c.end if c.end >= 0 else len(norm)) for a, c in zip(starts, found))
        used = tuple((t.start, t.end) for t in said)                      # a "respectively" too
        return Reading(tuple((c.symbols, c.periods[0]) for c in found), used, regions)
    return _respectively(said, items)
