"""The trading glossary the educator answers from: concepts in every language pack.

Each entry: (names "en|ru|es", aliases {lang: "a;b;c"}, texts in LANGS order, related keys); the
names, aliases and texts come from the packs (agent/lang/<code>.py, glossary.entries).
Aliases are matched on word boundaries in normalised text (lower case, no Spanish accents, ё=е).
Lookup helpers are at the end: find_concepts(text), lookup(term), explain(term, lang).
"""
from __future__ import annotations

import difflib
import re
from functools import lru_cache

from agent import lang as packs

# Concepts and their related concepts; names, aliases and texts are in the language packs
# (agent/lang/<code>.py, section glossary.entries).
RELATED: dict[str, list[str]] = {
    "rsi": ["macd", "overbought_oversold", "divergence"],
    "macd": ["ema", "rsi", "trend"],
    "bollinger": ["sma", "volatility", "breakout"],
    "sma": ["ema", "trend", "bollinger"],
    "ema": ["sma", "macd"],
    "atr": ["volatility", "stop_loss"],
    "vwap": ["volume", "volume_profile"],
    "obv": ["volume", "divergence"],
    "adx": ["trend", "atr"],
    "volatility": ["atr", "bollinger", "drawdown"],
    "drawdown": ["volatility", "stop_loss"],
    "gap": ["futures_session", "volatility"],
    "support_resistance": ["breakout", "volume_profile", "trend"],
    "futures_session": ["rollover", "gap"],
    "rollover": ["contango", "futures_session", "open_interest"],
    "contango": ["rollover", "open_interest"],
    "open_interest": ["volume", "rollover"],
    "volume_profile": ["vwap", "support_resistance", "volume"],
    "liquidity": ["spread", "slippage", "volume"],
    "spread": ["liquidity", "tick", "slippage"],
    "stop_loss": ["take_profit", "atr", "slippage"],
    "take_profit": ["stop_loss", "limit_order"],
    "leverage": ["margin", "stop_loss"],
    "margin": ["leverage"],
    "short_selling": ["margin", "leverage"],
    "candlestick": ["trend", "gap"],
    "trend": ["sma", "adx", "support_resistance"],
    "volume": ["vwap", "obv", "volume_profile"],
    "breakout": ["support_resistance", "bollinger"],
    "slippage": ["liquidity", "spread", "stop_loss"],
    "limit_order": ["slippage", "spread", "stop_loss"],
    "tick": ["spread", "leverage"],
    "pct_change": ["volatility", "drawdown"],
    "overbought_oversold": ["rsi", "stochastic"],
    "divergence": ["rsi", "macd", "obv"],
    "stochastic": ["rsi", "overbought_oversold"],
    "fibonacci": ["support_resistance", "trend"],
}
LANGS: tuple[str, ...] = packs.codes()


def _entry(key: str, rel: list[str]) -> tuple:
    """(names "en|ru|es", aliases {lang: "a;b"}, texts in LANGS order, related keys) from the packs."""
    e = {c: packs.get(c, "glossary", "entries", key) for c in LANGS}
    return ("|".join(e[c]["name"] for c in LANGS), {c: e[c]["aliases"] for c in LANGS},
            tuple(e[c]["text"] for c in LANGS), rel)


ENTRIES: dict[str, tuple] = {key: _entry(key, rel) for key, rel in RELATED.items()}



def _norm(text: str) -> str:
    from agent.nlu.lang import normalize
    return normalize(text)


@lru_cache(maxsize=1)
def _alias_index() -> list[tuple[str, str, re.Pattern[str]]]:
    """(alias, key, pattern) for every alias in every language, longest alias first."""
    out = []
    for key, (_names, aliases, _texts, _rel) in ENTRIES.items():
        terms = {key.replace("_", " ")}
        for lang in LANGS:
            terms.update(a.strip() for a in aliases.get(lang, "").split(";") if a.strip())
        for t in terms:
            nt = _norm(t)
            body = re.escape(nt).replace(r"\ ", r"[\s-]+")
            out.append((nt, key, re.compile(rf"(?<![\w]){body}(?![\w])")))
    out.sort(key=lambda x: -len(x[0]))
    return out


def concept_keys() -> list[str]:
    return list(ENTRIES)


def name(key: str, lang: str) -> str:
    names = ENTRIES[key][0].split("|")
    return names[LANGS.index(lang) if lang in LANGS else 0]


def find_concepts(text: str) -> list[str]:
    """Glossary keys mentioned in a question, in order of appearance (longest alias wins)."""
    norm = _norm(text)
    hits: list[tuple[int, int, str]] = []
    for _alias, key, pat in _alias_index():
        for m in pat.finditer(norm):
            if all(m.end() <= a or m.start() >= b for a, b, _ in hits):
                hits.append((m.start(), m.end(), key))
    seen: list[str] = []
    for _a, _b, key in sorted(hits):
        if key not in seen:
            seen.append(key)
    return seen


def lookup(term: str) -> str | None:
    """The glossary key for a key, an alias or a text naming a concept."""
    t = _norm(term).strip(" ?¿!¡.")
    if t.replace(" ", "_") in ENTRIES:
        return t.replace(" ", "_")
    for alias, key, _pat in _alias_index():
        if t == alias:
            return key
    found = find_concepts(term)
    return found[0] if found else None


def closest(term: str, n: int = 3) -> list[str]:
    """Keys whose aliases look most like `term` (for honest 'I don't know X' answers)."""
    t = _norm(term).strip(" ?¿!¡.")
    aliases = {alias: key for alias, key, _ in _alias_index()}
    keys: list[str] = []
    for alias in difflib.get_close_matches(t, list(aliases), n=10, cutoff=0.4):
        if aliases[alias] not in keys:
            keys.append(aliases[alias])
    return keys[:n] or ["rsi", "volatility", "trend"][:n]


_UNKNOWN = packs.by_lang("glossary", "_UNKNOWN")
_SEE_ALSO = packs.by_lang("glossary", "_SEE_ALSO")


def explain(term: str, lang: str = "en") -> str:
    """The explanation in `lang`; an honest answer naming the closest concepts when unknown."""
    lang = lang if lang in LANGS else "en"
    key = lookup(term)
    if key is None:
        near = ", ".join(name(k, lang) for k in closest(term))
        return _UNKNOWN[lang].format(term=term.strip(), near=near)
    _names, _aliases, texts, related = ENTRIES[key]
    text = f"{name(key, lang)}: {texts[LANGS.index(lang)]}"
    if related:
        text += " " + _SEE_ALSO[lang].format(rel=", ".join(name(k, lang) for k in related))
    return text
