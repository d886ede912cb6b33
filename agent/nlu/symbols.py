"""Instrument symbols in questions, from the instruments the store knows (symbol, name, aliases).

Nothing here names a data set's symbols: every term comes from ProviderContext.instruments. Terms
match case-insensitively on word boundaries; a term that is also a common word ("es", "dia", "a")
must be written in capitals. Russian aliases also match in other grammatical cases ("насдака").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agent import lang as packs
from agent.market.instruments import Instrument, well_known
from agent.nlu.lang import LETTERS, normalize

# Words that are also a ticker or an alias ("es", "dia", "a"): a symbol only when written in capitals.
COMMON_WORDS = {w for code in packs.codes() for w in packs.get(code, "words", "symbols", "COMMON_WORDS")}
# Upper-case words that look like tickers but are not (indicators, units, periods, currencies).
NOT_TICKERS = {
    "RSI", "MACD", "SMA", "EMA", "ATR", "VWAP", "OBV", "ADX", "USD", "EUR", "ETF", "YTD", "MTD",
    "GDP", "CPI", "OHLC", "OHLCV", "CME", "UTC", "NY", "US", "USA", "API", "AI", "LLM", "FAQ",
    "ID", "OK", "PM", "AM", "EST", "ET", "CET", "MSK", "UK", "EU", "BB", "IPO", "ATH", "ATL",
    "WTI", "FX", "DD", "MA", "TP", "SL", "PNL", "ROI", "VS", "YOY", "QOQ", "MOM", "STD", "SD",
    "H1", "H2", "Q1", "Q2", "Q3", "Q4", "I", "II", "III", "IV", "SP", "SMI", "DMI", "CCI",
    # sessions, calendar and macro words, units and fundamentals a question may write in capitals
    "RTH", "ETH", "EOD", "EOW", "EOM", "HOD", "LOD", "OPEX", "FOMC", "PCE", "NFP", "PPI", "GMT", "EDT",
    "PST", "CST", "BST", "QTD", "WTD", "EPS", "PE", "ROE", "EBITDA", "IV", "OI", "YOY", "MOM", "WOW",
    "PTS", "PCT", "ASAP", "FYI", "BTW", "TL", "DR",
}


@dataclass(frozen=True)
class SymbolHit:
    symbol: str
    start: int
    end: int
    known: bool = True


def _inflected() -> list[tuple[re.Pattern[str], str, str]]:
    """Per language whose nouns take case endings: (a word of its letters, its endings, any ending)."""
    out = []
    for code in packs.codes():
        letters = packs.get(code, "words", "symbols", "INFLECTED_LETTERS")
        if letters:
            endings = packs.get(code, "words", "symbols", "CASE_ENDINGS")
            out.append((re.compile(f"[{letters}]{{4,}}"), endings, f"[{letters}]{{0,3}}"))
    return out


_INFLECTED = _inflected()


def _term_pattern(term: str) -> str:
    t = normalize(term.strip())
    body = re.escape(t).replace(r"\ ", r"[\s-]+").replace(r"\-", r"[\s-]?")
    for word, endings, ending in _INFLECTED:   # Russian: any case ending (насдак -> насдака)
        if word.fullmatch(t):
            stem = t[:-1] if t[-1] in endings else t
            body = re.escape(stem) + ending
            break
    return rf"(?<![\w&^$]){body}(?![\w&])"


@lru_cache(maxsize=64)
def _compiled(key: tuple[tuple[str, tuple[str, ...]], ...]) -> list[tuple[str, re.Pattern[str], bool]]:
    out = []
    for symbol, terms in key:
        for term in terms:
            if not term or not term.strip():
                continue
            exact = normalize(term) in COMMON_WORDS
            pat = (re.compile(rf"(?<![\w&^$]){re.escape(term.upper())}(?![\w&])") if exact
                   else re.compile(_term_pattern(term)))
            out.append((symbol, pat, exact))
    return out


def _key(instruments: list[Instrument]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each symbol's terms: its own, its stored aliases and name, and the built-in aliases of a
    well-known symbol (so aliases added to the defaults reach stores loaded before)."""
    return tuple((i.symbol, tuple(dict.fromkeys([i.symbol, *(i.aliases or []), *([i.name] if i.name else []),
                                                 *_builtin_aliases(i.symbol)])))
                 for i in instruments)


def _builtin_aliases(symbol: str) -> list[str]:
    from agent.market.instruments import default_instrument
    inst = default_instrument(symbol)
    return list(inst.aliases) if inst.asset_class != "other" else []


def find_symbols(text: str, instruments: list[Instrument]) -> list[SymbolHit]:
    """Known instruments mentioned in `text`, longest match wins, in order of appearance."""
    norm = normalize(text)
    hits: list[SymbolHit] = []
    for symbol, pat, exact in _compiled(_key(instruments)):
        for m in pat.finditer(text if exact else norm):
            hits.append(SymbolHit(symbol, m.start(), m.end()))
    hits.sort(key=lambda h: (h.start, -(h.end - h.start)))
    chosen: list[SymbolHit] = []
    for h in sorted(hits, key=lambda h: -(h.end - h.start)):
        if all(h.end <= c.start or h.start >= c.end for c in chosen):
            chosen.append(h)
    return sorted(chosen, key=lambda h: h.start)


# A ticker starts with a capital, or is a CME currency future's digit + capital ("6E", "6B").
_TICKER = re.compile(r"(?<![\w&^$])\^?([A-Z][A-Z0-9]{1,5}(?:[./=][A-Z]{1,3})?|\d[A-Z])(?![\w&])")


def unknown_tickers(text: str, skip: set[str]) -> list[SymbolHit]:
    """Ticker-looking words (NVDA, ES=F) that are not known instruments nor common abbreviations.

    A capitalised common word ("ES") counts only in a text that is not written in capitals.
    """
    out = []
    shouting = not re.search(f"[{LETTERS}]", text)
    for m in _TICKER.finditer(text):
        tok = m.group(1)
        if tok in NOT_TICKERS or tok in skip or tok.isdigit() or (shouting and tok.lower() in COMMON_WORDS) \
                or re.sub(r"\d+$", "", tok) in NOT_TICKERS:      # "EMA20", "RSI14": a name and its window
            continue
        if re.fullmatch(r"[QH]\d|\d+|\d+[QHTYWMDKSX]|\d{2,}[A-Z]|T\d", tok):
            continue
        out.append(SymbolHit(tok, m.start(1), m.end(1), known=False))
    return out


def symbols_in(text: str, instruments: list[Instrument], skip_words: set[str] | frozenset[str] = frozenset()) \
        -> list[SymbolHit]:
    """Known symbols and ticker-looking unknown words, in order of appearance. Beside a known
    symbol an unknown ticker counts only in a text not written in capitals ("SPY for April and CL
    for March": CL is named and declined, never dropped in silence)."""
    known, named = _loaded_and_named(text, instruments)
    skip = {w.upper() for w in skip_words}
    known = sorted([*known, *_session_or_coin(text, known, instruments)], key=lambda h: h.start)
    if not known:
        return _dedupe(sorted([*named, *_outside(unknown_tickers(text, skip), named)], key=lambda h: h.start))
    letters = re.findall(r"[^\W\d_]", text)
    if sum(c.islower() for c in letters) < 0.4 * len(letters):   # written in capitals (a rewrite
        return _dedupe(known)                                    # such as "quarter" may be lower)
    extra = _outside(unknown_tickers(text, skip | {h.symbol for h in known}), [*known, *named])
    return _dedupe(sorted([*known, *named, *extra], key=lambda h: h.start))


def _outside(hits: list[SymbolHit], taken: list[SymbolHit]) -> list[SymbolHit]:
    return [h for h in hits if all(h.end <= t.start or h.start >= t.end for t in taken)]


def _loaded_and_named(text: str, instruments: list[Instrument]) -> tuple[list[SymbolHit], list[SymbolHit]]:
    """Loaded instruments mentioned, and well-known ones named by a word that are not loaded ("gold",
    "Tesla", "нефть", "petróleo", "ethereum": GC, TSLA, CL, ETH). One search over both, so the longer
    name wins ("S&P futures" is ES, never the loaded SPX's "S&P"). Unread, "gold in January 2022" got
    "which instrument?", and beside one loaded symbol would have been answered about that one."""
    loaded = {i.symbol for i in instruments}
    hits = find_symbols(text, [*instruments, *(i for i in well_known() if i.symbol not in loaded)])
    return ([h for h in hits if h.symbol in loaded],     # "eth" alone: the session-or-coin rule decides
            [SymbolHit(h.symbol, h.start, h.end, known=False) for h in hits
             if h.symbol not in loaded and not _SESSION_OR_COIN.fullmatch(text[h.start:h.end])])


# Words that are both a session name and a coin's ticker: "ETH" is extended trading hours beside
# a session-traded symbol ("NQ ETH range"), and Ether beside a coin, joined to another symbol
# ("ETH vs BTC", "ETH и BTC") or alone. Read as hours, "ETH vs BTC" answered BTC overnight, never naming ETH.
_SESSION_OR_COIN = re.compile(r"(?<![\w&^$])(ETH)(?![\w&])", re.IGNORECASE)
_JOIN = re.compile(r"\s*(?:,|/|&|\+|" + packs.alternation("words", "symbols", "JOIN") + r")\s*", re.IGNORECASE)


def _session_or_coin(text: str, known: list[SymbolHit], instruments: list[Instrument]) -> list[SymbolHit]:
    by_symbol = {i.symbol: i for i in instruments}
    sessions = [by_symbol[h.symbol] for h in known if h.symbol in by_symbol]
    out = []
    for m in _SESSION_OR_COIN.finditer(text):
        if any(h.start < m.end() and m.start() < h.end for h in known):
            continue                                  # a loaded coin's own alias already read it
        joined = any(_JOIN.fullmatch(text[m.end():h.start]) or _JOIN.fullmatch(text[h.end:m.start()])
                     for h in known)
        session_symbol = any(i.asset_class != "crypto" and i.session not in ("24h", "daily") for i in sessions)
        coin_beside = any(i.asset_class == "crypto" for i in sessions)
        if joined or coin_beside or not session_symbol:
            out.append(SymbolHit(m.group(1).upper(), m.start(1), m.end(1), known=False))
    return out


def symbol_spans(text: str, instruments: list[Instrument], hits: list[SymbolHit]) -> list[tuple[int, int]]:
    """Spans of every mention of the symbols read, repeats included ("Dow Jones (DJI)", "NQ ... NQ"),
    so no mention of a used symbol is counted as an unused word."""
    names = {h.symbol for h in hits}
    every = [h for h in find_symbols(text, instruments) if h.symbol in names]
    every += [h for h in unknown_tickers(text, set()) if h.symbol in names]
    return sorted({(h.start, h.end) for h in [*hits, *every]})


def _dedupe(hits: list[SymbolHit]) -> list[SymbolHit]:
    seen: set[str] = set()
    out = []
    for h in hits:
        if h.symbol not in seen:
            seen.add(h.symbol)
            out.append(h)
    return out
