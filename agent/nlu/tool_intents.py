"""Questions a catalogue tool answers directly (EN, RU, ES), detected offline in code.

    detect_tool_call(question, ctx) -> ToolCall | None

Classes: watchlist add / remove / show, position size, risk/reward, OHLCV candles, the current
(last stored) price, a symbol's news (of a period), news sentiment, ML signal and its features,
fundamentals. Patterns key on the class's vocabulary and on labelled numbers, never on a
whole phrasing; anything else (a price on a date, a close in March) is left to the data parser.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from agent import lang as packs
from agent.llm.base import ProviderContext
from agent.nlu.lang import language_evidence, normalize
from agent.nlu.memory_statements import memory_call
from agent.nlu.symbols import symbols_in


@dataclass
class ToolCall:
    name: str
    params: dict[str, Any]
    lang: str
    options: dict[str, Any] = field(default_factory=dict)   # presentation hints (lookback)


_W = r"(?<![\w])"


def _words(*key: str) -> str:
    """One alternation of the packs' tool-question words under `key` (agent/lang/_nlu)."""
    return packs.alternation("nlu_words", "tool_intents", *key)


def _word_rx(key: str) -> re.Pattern[str]:
    """A word of the list at `key`, whole (the verbs, cue nouns and units of these questions)."""
    return re.compile(_W + "(?:" + _words(key) + r")(?![\w])")


WATCHLIST = re.compile(_W + "(?:" + _words("watchlist") + ")")
ADD, REMOVE = _word_rx("add"), _word_rx("remove")
POSITION = re.compile(_W + "(?:" + _words("position") + ")")
RISK_REWARD = re.compile(_W + "(?:" + _words("risk_reward") + ")")
CANDLES = _word_rx("candles")
PRICE = _word_rx("price")

# Reading tools of a symbol (news, sentiment, ML, fundamentals): the class's vocabulary (the packs'
# chat_tools.cues) + a symbol.


def _cue(name: str) -> re.Pattern[str]:
    from agent import lang as packs

    return re.compile(_W + "(?:" + packs.alternation("chat_tools", "cues", name) + r")(?![\w])")


NEWS, SENTIMENT, ML_MODEL = _cue("NEWS"), _cue("SENTIMENT"), _cue("ML_MODEL")
ML_SIGNAL, ML_FEATURES, FUNDAMENTALS = _cue("ML_SIGNAL"), _cue("ML_FEATURES"), _cue("FUNDAMENTALS")

_THOUSAND, _MILLION = re.compile(_words("thousand")), re.compile(_words("million"))
_NUM = r"(\d[\d\s.,]*\d|\d)\s*(" + _words("thousand") + "|" + _words("million") + r")?(?![\w])"
NUMBER = re.compile(_NUM)


def _labelled_rx(key: str, then: str) -> re.Pattern[str]:
    """A number after its label ("entry 5200", "стоп 5150", "objetivo en 5300")."""
    return re.compile(_W + "(?:" + _words(key) + r")(?:\s+(?:" + _words(then) + r"))*\s*[:=]?\s*" + _NUM)


ENTRY = _labelled_rx("entry", "entry_then")
STOP = _labelled_rx("stop", "level_then")
TARGET = _labelled_rx("target", "level_then")
PERCENT = re.compile(r"(\d+(?:[.,]\d+)?)\s*(?:%|" + _words("percent") + ")")
CAPITAL = re.compile(_W + "(?:" + _words("capital") + r")\s+(?:" + _words("capital_of") + r")?[$€]?\s*" + _NUM)
POINT_VALUE = re.compile(_W + "(?:" + _words("point_value") + r")\s*[:=]?\s*" + _NUM)

TIMEFRAMES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(_W + "(?:" + _words("timeframes", tf) + r")(?![\w])"), tf)
    for tf in ("15m", "5m", "1m", "4h", "1h", "1w", "1d")]
BUCKET_S = {"1m": 60, "5m": 300, "15m": 900, "1h": 3600, "4h": 14400, "1d": 86400, "1w": 604800}
LAST_N_CANDLES = re.compile(rf"(?:{_words('last_candles')})\s+(\d{{1,3}})\s+(?:\S+\s+)?(?:{_words('candle_units')})")
LAST_N_DAYS = re.compile(rf"(?:{_words('last_days')})\s+(\d{{1,3}})\s+(?:{_words('days')})")
LAST_DAY = re.compile(rf"(?:{_words('last_day')})\s+(?:{_words('day_trading')})?(?:{_words('day')})")
LAST_WEEK = re.compile(rf"(?:{_words('last_week')})\s+(?:{_words('week')})")
DEFAULT_CANDLES = 20

def _number(raw: str, suffix: str | None) -> float | None:
    text = raw.replace(" ", "").replace("\u00a0", "")
    if "," in text and "." in text:
        text = text.replace(",", "")
    elif "," in text:
        head, _, tail = text.rpartition(",")
        text = head.replace(",", "") + ("." + tail if len(tail) != 3 else tail)
    try:
        value = float(text)
    except ValueError:
        return None
    s = (suffix or "").lower()
    if s and _THOUSAND.fullmatch(s):
        value *= 1_000
    elif s and _MILLION.fullmatch(s):
        value *= 1_000_000
    return value


def _labelled(rx: re.Pattern[str], norm: str) -> float | None:
    m = rx.search(norm)
    return _number(m.group(1), m.group(2)) if m else None


def _symbol(question: str, ctx: ProviderContext) -> str | None:
    hits = symbols_in(question, ctx.instruments)
    return hits[0].symbol if hits else None


def _raw_symbol(norm: str, verb: re.Pattern[str]) -> str | None:
    """The word after an add/remove verb when no known symbol was named (the tool says unknown)."""
    m = verb.search(norm)
    if not m:
        return None
    word = re.match(r"\s+([a-z0-9^./=-]{1,12})", norm[m.end():])
    return word.group(1).upper() if word else None


def _watchlist(question: str, norm: str, ctx: ProviderContext, lang: str) -> ToolCall | None:
    if not WATCHLIST.search(norm):
        return None
    for verb, name in ((REMOVE, "remove_from_watchlist"), (ADD, "add_to_watchlist")):
        if verb.search(norm):
            symbol = _symbol(question, ctx) or _raw_symbol(norm, verb)
            return ToolCall(name, {"symbol": symbol or ""}, lang)
    return ToolCall("get_watchlist", {}, lang)


def _position(norm: str, lang: str) -> ToolCall | None:
    entry, stop = _labelled(ENTRY, norm), _labelled(STOP, norm)
    pct = PERCENT.search(norm)
    if entry is None or stop is None or pct is None:
        return None
    risk = float(pct.group(1).replace(",", "."))
    capital = _labelled(CAPITAL, norm)
    if capital is None:                # the first number that is none of the labelled ones
        used = {entry, stop, risk}
        for m in NUMBER.finditer(norm):
            v = _number(m.group(1), m.group(2))
            if v is not None and v not in used:
                capital = v
                break
    if capital is None:
        return None
    params = {"capital": capital, "entry_price": entry, "stop_loss_price": stop, "risk_percent": risk}
    if (pv := _labelled(POINT_VALUE, norm)) is not None:
        params["point_value"] = pv
    return ToolCall("calculate_position_size", params, lang)


def _risk_reward(norm: str, lang: str) -> ToolCall | None:
    entry, stop, target = _labelled(ENTRY, norm), _labelled(STOP, norm), _labelled(TARGET, norm)
    if None in (entry, stop, target):
        return None
    return ToolCall("calculate_risk_reward", {"entry_price": entry, "stop_loss_price": stop,
                                              "take_profit_price": target}, lang)


def _candles(question: str, norm: str, ctx: ProviderContext, lang: str) -> ToolCall | None:
    symbol = _symbol(question, ctx)
    timeframe = next((tf for rx, tf in TIMEFRAMES if rx.search(norm)), None)
    if not symbol or not timeframe:
        return None
    if _dated(norm, ctx):
        return None      # bars of a named date or period: the data parser's (windows, bar sizes)
    days = None
    if m := LAST_N_CANDLES.search(norm):
        limit = int(m.group(1))
    else:
        if m := LAST_N_DAYS.search(norm):
            days = int(m.group(1))
        elif LAST_WEEK.search(norm):
            days = 7
        elif LAST_DAY.search(norm):
            days = 1
        limit = math.ceil(days * 86400 / BUCKET_S[timeframe]) if days else DEFAULT_CANDLES
    params = {"symbol": symbol, "timeframe": timeframe, "limit": max(1, min(limit, 500))}
    return ToolCall("get_ohlcv", params, lang, options={"days": days})


def _dated(norm: str, ctx: ProviderContext) -> bool:
    """A period written as dates ("on 2024-04-01", "in March 2024"), not as the last N of something."""
    from agent.nlu.periods import parse_periods

    return any(f.kind != "fixed" for f in parse_periods(norm, ctx.today, None))


def _price(question: str, norm: str, ctx: ProviderContext, lang: str) -> ToolCall | None:
    from agent.nlu import metrics as M
    from agent.nlu.periods import parse_periods

    symbol = _symbol(question, ctx)
    if not symbol or not PRICE.search(norm):
        return None
    if parse_periods(norm, ctx.today, None) or M.parse_metrics(norm) or M.parse_indicator(norm):
        return None      # a price on a date / a close in a month: the data parser's question
    return ToolCall("get_price", {"symbol": symbol}, lang)


def _span(norm: str, ctx: ProviderContext) -> dict[str, Any]:
    """The first period the question names as start/end dates ({} when none)."""
    from agent.nlu.periods import parse_periods

    found = parse_periods(norm, ctx.today, None)
    per = found[0].period if found else None
    return {"start": per.start.isoformat(), "end": per.end.isoformat()} if per else {}


# Capitalised words of these questions that are no ticker ("ML signal", "EPS of AAPL").
_NOT_TICKERS = frozenset({"ML", "AI", "EPS", "PE", "P", "E", "API"})


def _reading_symbol(question: str, ctx: ProviderContext) -> str | None:
    hits = symbols_in(question, ctx.instruments, _NOT_TICKERS)
    known = [h for h in hits if h.known]
    return (known or hits)[0].symbol if hits else None


def _reading(question: str, norm: str, ctx: ProviderContext, lang: str) -> ToolCall | None:
    """News, news sentiment, the ML signal or its features, fundamentals of a named symbol."""
    symbol = _reading_symbol(question, ctx)
    if not symbol:
        return None
    if SENTIMENT.search(norm):
        return ToolCall("get_sentiment", {"symbol": symbol, **_span(norm, ctx)}, lang)
    if NEWS.search(norm):
        return ToolCall("get_news", {"symbol": symbol, **_span(norm, ctx)}, lang)
    if ML_FEATURES.search(norm) and (ML_MODEL.search(norm) or ML_SIGNAL.search(norm)):
        return ToolCall("get_ml_features", {"symbol": symbol}, lang)
    if ML_SIGNAL.search(norm) and (ML_MODEL.search(norm) or not _span(norm, ctx)):
        return ToolCall("get_ml_signals", {"symbol": symbol}, lang)
    if FUNDAMENTALS.search(norm):
        return ToolCall("get_fundamentals", {"symbol": symbol}, lang)
    return None


def _by_lang(key: str, wrap: str = "{}") -> dict[str, re.Pattern[str]]:
    """{code: one pattern of its list at `key`} for the packs whose list is not empty."""
    lists = packs.by_lang("nlu_words", "tool_intents", key)
    return {c: re.compile(wrap.format("|".join(alts))) for c, alts in lists.items() if alts}


# Letters, then words, that show a language when the detector is not sure (Cyrillic: Russian)
_LETTERS = _by_lang("letters")
_CUES = _by_lang("cues", _W + "(?:{})" + r"(?![\w])")


def _lang(question: str, norm: str) -> str:
    lang, strong = language_evidence(question)
    if strong:
        return lang
    for table in (_LETTERS, _CUES):
        for code, rx in table.items():
            if rx.search(norm):
                return code
    return lang


def detect_tool_call(question: str, ctx: ProviderContext) -> ToolCall | None:
    norm = normalize(question)
    lang = _lang(question, norm)
    said = memory_call(question, norm, [h.symbol for h in symbols_in(question, ctx.instruments)])
    if said is not None:               # a statement about the user: remember / forget
        return ToolCall(said[0], said[1], lang)
    if call := _watchlist(question, norm, ctx, lang):
        return call
    if RISK_REWARD.search(norm) and (call := _risk_reward(norm, lang)):
        return call
    if POSITION.search(norm) and (call := _position(norm, lang)):
        return call
    if call := _reading(question, norm, ctx, lang):
        return call
    if CANDLES.search(norm) and (call := _candles(question, norm, ctx, lang)):
        return call
    return _price(question, norm, ctx, lang)
