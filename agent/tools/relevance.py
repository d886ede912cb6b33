"""Which of the user's tools the planner is offered for ONE question.

Offering every tool the plan allows cost 3,538 of the planner request's 5,134 tokens whatever the
question was. The planner is now offered only the tools the reading of the question makes
relevant: a catalogue tool when the question names what it does (its cue words, EN/RU/ES, matched
at word starts, so "price" matches "prices" but not "surprise"), or the reading calls for it (a
concept question: the glossary tool); a tenant tool when the question names it (a word of its id,
name or description, or the id inside a word of the question). A data question the query
builder answers (stats, extremes, events, ...) gets none and takes the plain planner call.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable

# Cue words per catalogue tool: word starts, lower case, EN / RU / ES.
TOOL_CUES: dict[str, tuple[str, ...]] = {
    "get_price": ("price", "quote", "how much is", "right now", "current", "trading at", "last trade",
                  "цен", "котиров", "сколько стоит", "сейчас", "текущ",
                  "precio", "cotiza", "cuánto vale", "cuanto vale", "ahora", "actual"),
    "get_ohlcv": ("ohlc", "candle", "candlestick", "raw bars", "свеч", "velas", "vela "),
    "get_indicators": ("indicator", "индикатор", "indicador"),
    "get_fundamentals": ("fundamental", "p/e", "pe ratio", "eps", "revenue", "earnings", "valuation",
                         "фундамент", "выручк", "прибыль на акцию", "мультипликатор",
                         "ingresos", "beneficio por acción", "valoración", "ganancias"),
    "get_news": ("news", "headline", "новост", "заголов", "noticia", "titular"),
    "get_sentiment": ("sentiment", "mood", "сентимент", "настроени", "sentimiento"),
    "get_ml_signals": ("signal", "predict", "forecast", "machine learning", "ml model",
                       "сигнал", "прогноз", "предсказ", "señal", "predic", "pronóstico"),
    "get_ml_features": ("feature", "признак", "característica"),
    "get_portfolio": ("portfolio", "position", "p&l", "pnl", "equity", "my account",
                      "портфел", "позици", "счёт", "счет", "cartera", "posicion", "posición", "mi cuenta"),
    "get_trade_history": ("trade history", "my trades", "fills", "history of trades",
                          "сделк", "истори", "historial", "operaciones"),
    "get_pending_orders": ("order", "заявк", "ордер", "orden"),
    "list_alerts": ("alert", "алерт", "оповещ", "уведомл", "alerta", "aviso"),
    "get_watchlist": ("watchlist", "watch list", "вотчлист", "список наблюд", "lista de seguimiento"),
    "calculate_position_size": ("position size", "how many contracts", "how many shares", "sizing",
                                "размер позиции", "сколько контракт", "сколько акций",
                                "tamaño de posición", "tamaño de la posición", "cuántos contratos"),
    "calculate_risk_reward": ("risk reward", "risk/reward", "risk-reward", "r:r", "reward",
                              "риск", "прибыль к риску", "riesgo", "beneficio"),
    "explain_concept": ("what is", "what are", "explain", "meaning of", "что такое", "объясни", "что значит",
                        "qué es", "que es", "explica", "qué significa"),
    "recall": ("remember", "do you know", "помнишь", "запомн", "recuerdas"),
}
# Readings that call for a tool whatever the words (the understander's typed reading).
BY_INTENT_TYPE: dict[str, tuple[str, ...]] = {"concept": ("explain_concept",)}
_MIN_WORD = 4          # shorter words of a tenant tool's name say too little ("get", "the", "my")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


@lru_cache(maxsize=256)
def _cue(cue: str) -> re.Pattern:
    return re.compile(r"(?<!\w)" + re.escape(cue), re.IGNORECASE)


def _named(question: str, cues: Iterable[str]) -> bool:
    return any(_cue(c).search(question) for c in cues)


def _tenant_words(tool: Any) -> set[str]:
    text = " ".join([tool.tool_id.replace("_", " ").replace("-", " "), tool.declaration.description or ""])
    return {w.lower() for w in _WORD.findall(text) if len(w) >= _MIN_WORD}


def _tenant_named(question: str, tool: Any) -> bool:
    words = {w.lower() for w in _WORD.findall(question)}
    ident = re.sub(r"[^a-z0-9]", "", tool.tool_id.lower())
    if _tenant_words(tool) & words:
        return True
    return any(len(w) >= _MIN_WORD and w in ident for w in words)


def relevant(offered: list[Any], intent: Any, question: str) -> list[Any]:
    """The tools of `offered` (agent.tools.gemini_decls.OfferedTool) this question calls for."""
    by_type = set(BY_INTENT_TYPE.get(getattr(intent, "type", None) or "", ()))
    out = []
    for tool in offered:
        if tool.source == "tenant":
            keep = _tenant_named(question, tool)
        else:
            keep = tool.name in by_type or _named(question, TOOL_CUES.get(tool.name, ()))
        if keep:
            out.append(tool)
    return out
