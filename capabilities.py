"""What AskBar can compute today, as data the planner reads, plus graceful degradation.

Seed principle: the system always gives something useful. When a capability is missing it says so
honestly and offers the closest thing it CAN compute. tests/test_capabilities.py keeps this file in
step with the query builder (every action, indicator and pattern listed here exists, and vice versa).
"""
from __future__ import annotations

import re
from typing import Any

Lang = str  # "en" | "ru" | "es"

ACTIONS: dict[str, dict[str, Any]] = {
    "get_period_stats": {
        "description": "open, close, high/low with dates, % change (close vs open), change in points, "
                       "return vs the previous close, max drawdown (peak and trough dates), volume, "
                       "range, up/down days, volatility over a period; daily rows plus bars at the "
                       "period's granularity; max_trading_days / last_trading_days: only the first / last N "
                       "trading dates",
        "params": ["symbol", "start_date", "end_date", "granularity?", "max_trading_days?",
                   "last_trading_days?"]},
    "get_intraday_data": {
        "description": "1-min or hourly bars inside trading dates, optionally a local time window",
        "params": ["symbol", "start_date", "end_date", "start_time?", "end_time?", "granularity?",
                   "extended_hours?"], "needs": "intraday"},
    "get_price_extremes": {
        "description": "period high and low with their dates (and the minute, when 1-min bars exist)",
        "params": ["symbol", "start_date", "end_date", "start_time?", "end_time?"]},
    "get_volume_profile": {
        "description": "volume by price bin: point of control and 70 % value area",
        "params": ["symbol", "start_date", "end_date", "bins?"]},
    "find_events": {
        "description": "days where a daily metric (close-to-close %, gap %, range %) crosses a "
                       "threshold, or the N largest moves",
        "params": ["symbol", "condition{metric,op,threshold}", "start_date?", "end_date?", "top_n?",
                   "direction?"]},
    "get_periods_after": {
        "description": "return N trading days after each event day (avg, median, win rate)",
        "params": ["symbol", "condition{metric,op,threshold}", "horizon_days", "start_date?",
                   "end_date?"]},
    "compare_periods": {
        "description": "the get_period_stats summary for each of 2+ periods side by side",
        "params": ["symbol", "periods[{start_date,end_date,label}]"]},
    "aggregate_patterns": {
        "description": "gaps (with fill), volume spikes vs the 20-day mean, hourly profile",
        "params": ["symbol", "pattern", "start_date?", "end_date?", "threshold?"]},
    "get_indicator": {
        "description": "technical indicator values on daily bars over a period",
        "params": ["symbol", "indicator", "start_date", "end_date", "window?"]},
}

INDICATORS: dict[str, dict[str, Any]] = {
    "rsi": {"description": "Wilder RSI on daily closes", "window": 14},
    "macd": {"description": "MACD(12, 26, 9): line, signal, histogram", "window": None},
    "bollinger": {"description": "Bollinger bands: SMA(20) +- 2 standard deviations", "window": 20},
    "sma": {"description": "simple moving average of closes", "window": 20},
    "ema": {"description": "exponential moving average of closes", "window": 20},
    "atr": {"description": "Wilder average true range", "window": 14},
    "vwap": {"description": "volume-weighted average price per trading date (1-min bars)",
             "window": None, "needs": "intraday"},
    "obv": {"description": "on-balance volume from the period's first day", "window": None},
    "adx": {"description": "Wilder ADX with +DI / -DI", "window": 14},
}

PATTERNS: dict[str, dict[str, Any]] = {
    "gaps": {"description": "open vs previous close beyond threshold % (default 0.5), with fill",
             "threshold": 0.5},
    "volume_spikes": {"description": "volume >= threshold x mean of the previous 20 days (default 2)",
                      "threshold": 2.0},
    "hourly_profile": {"description": "per local hour: average volume, range, return, up share",
                       "threshold": None, "needs": "intraday"},
}

# Claim type -> (action, where the value lives). Mirrors the claim table of DESIGN.md.
CLAIM_TYPES: dict[str, tuple[str, str]] = {
    "open": ("get_period_stats", "summary.open"),
    "close": ("get_period_stats", "summary.close"),
    "high": ("get_period_stats", "summary.high"),
    "low": ("get_period_stats", "summary.low"),
    "pct_change": ("get_period_stats", "summary.pct_change"),
    "total_volume": ("get_period_stats", "summary.total_volume"),
    "avg_daily_volume": ("get_period_stats", "summary.avg_daily_volume"),
    "trading_days": ("get_period_stats", "summary.trading_days"),
    "avg_daily_range": ("get_period_stats", "summary.avg_daily_range"),
    "up_days": ("get_period_stats", "summary.up_days"),
    "down_days": ("get_period_stats", "summary.down_days"),
    "volatility": ("get_period_stats", "summary.volatility"),
    "daily_pct_change": ("find_events", "rows.pct_change"),
    "event_count": ("find_events", "summary.event_count"),
    "avg_return_after": ("get_periods_after", "summary.avg_return_after"),
    "median_return_after": ("get_periods_after", "summary.median_return_after"),
    "win_rate_after": ("get_periods_after", "summary.win_rate_after"),
    "rsi": ("get_indicator", "summary.rsi"),
    "change_points": ("get_period_stats", "summary.change_points"),
    "return_prev_close": ("get_period_stats", "summary.return_prev_close"),
    "max_drawdown": ("get_period_stats", "summary.max_drawdown"),
}

GRANULARITY_RULE = ("by period length unless the step sets it: > 1 year weekly, 8 days to 1 year "
                    "daily, 2-7 days hourly, a single trading date 1-min; daily-only symbols "
                    "(index history) never go below daily")

# What is NOT available, with the closest alternative (action or indicator) and why.
NOT_AVAILABLE: dict[str, dict[str, Any]] = {
    "fundamentals": {"aliases": ["earnings", "p/e", "pe ratio", "revenue", "eps", "dividend",
                                 "balance sheet", "market cap", "фундамент", "прибыль", "дивиденд",
                                 "выручк", "fundamental", "ganancias", "dividendo", "ingresos"],
                     "alternative": "get_period_stats"},
    "options": {"aliases": ["option", "implied volatility", "iv", "greeks", "open interest",
                            "опцион", "opcion", "opción", "put option", "call option"],
                "alternative": "get_period_stats"},
    "news": {"aliases": ["headline", "sentiment", "новост", "noticia"],
             "alternative": "find_events"},
    "realtime": {"aliases": ["real-time", "realtime", "live price", "right now", "current price", "quote",
                             "сейчас", "в реальном времени", "en tiempo real", "ahora"],
                 "alternative": "get_intraday_data"},
    "forecast": {"aliases": ["predict", "prediction", "will it", "forecast", "прогноз",
                             "предскаж", "pronóstico", "predicción"],
                 "alternative": "get_periods_after"},
    "backtesting": {"aliases": ["backtest", "strategy", "бэктест", "стратеги", "estrategia"],
                    "alternative": "get_periods_after"},
    "correlation": {"aliases": ["correlat", "корреляц", "correlación", "beta"],
                    "alternative": "compare_periods"},
    "candlestick_patterns": {"aliases": ["candlestick", "doji", "hammer", "engulfing",
                                         "head and shoulders", "свеч", "вела", "support",
                                         "resistance", "поддержк", "сопротивлен"],
                             "alternative": "aggregate_patterns"},
    "order_book": {"aliases": ["order book", "level 2", "market depth", "bid/ask", "bid-ask", "стакан",
                               "libro de órdenes"],
                   "alternative": "get_volume_profile"},
    "intraday_for_daily_only": {"aliases": ["vwap", "hourly", "intraday", "minute"],
                                "alternative": "get_period_stats",
                                "note": "symbols loaded as daily bars (e.g. SPX) have no 1-min or "
                                        "hourly bars: no VWAP, hourly profile or intraday data"},
}

CAPABILITIES: dict[str, Any] = {
    "actions": ACTIONS,
    "indicators": INDICATORS,
    "patterns": PATTERNS,
    "claim_types": CLAIM_TYPES,
    "event_metrics": ["daily_pct_change", "gap_pct", "range_pct"],
    "granularities": ["1min", "hourly", "daily", "weekly", "monthly"],
    "granularity_rule": GRANULARITY_RULE,
    "not_available": NOT_AVAILABLE,
}

_TEXT: dict[str, dict[str, str]] = {
    "en": {"title": "What I can compute", "actions": "Analyses", "indicators": "Indicators",
           "patterns": "Patterns", "granularity": "Bar size", "missing": "Not available",
           "unavailable": "{what} is not available in AskBar: it works with historical price and "
                          "volume bars only.",
           "closest": "The closest I can do: {alt}.",
           "needs_intraday": "{what} needs intraday (1-min) bars, and this symbol has daily bars "
                             "only.", "unknown": "That is not something I can "
           "compute from price and volume bars."},
    "ru": {"title": "Что я умею считать", "actions": "Анализ", "indicators": "Индикаторы",
           "patterns": "Паттерны", "granularity": "Размер баров", "missing": "Недоступно",
           "unavailable": "{what}: этого нет в AskBar, система работает только с историческими "
                          "барами цены и объёма.",
           "closest": "Ближайшее, что я могу посчитать: {alt}.",
           "needs_intraday": "{what}: нужны внутридневные (минутные) бары, а по этому инструменту "
                             "есть только дневные.",
           "unknown": "Это нельзя посчитать по барам цены и объёма."},
    "es": {"title": "Lo que puedo calcular", "actions": "Análisis", "indicators": "Indicadores",
           "patterns": "Patrones", "granularity": "Tamaño de barra", "missing": "No disponible",
           "unavailable": "{what} no está disponible en AskBar: solo trabaja con barras históricas "
                          "de precio y volumen.",
           "closest": "Lo más cercano que puedo calcular: {alt}.",
           "needs_intraday": "{what} necesita barras intradía (de 1 minuto) y este símbolo solo "
                             "tiene barras diarias.",
           "unknown": "Eso no se puede calcular con barras de precio y volumen."},
}

_ALTERNATIVE_TEXT: dict[str, dict[str, str]] = {
    "get_period_stats": {"en": "price and volume statistics for the period (open, close, high, "
                               "low, change, volatility)",
                         "ru": "статистика цены и объёма за период (открытие, закрытие, максимум, "
                               "минимум, изменение, волатильность)",
                         "es": "estadísticas de precio y volumen del periodo (apertura, cierre, "
                               "máximo, mínimo, cambio, volatilidad)"},
    "find_events": {"en": "the days with the largest moves, to match them with the news yourself",
                    "ru": "дни с самыми сильными движениями, чтобы сопоставить их с новостями",
                    "es": "los días con los mayores movimientos, para cruzarlos con las noticias"},
    "get_intraday_data": {"en": "the latest stored bars", "ru": "последние сохранённые бары",
                          "es": "las últimas barras guardadas"},
    "get_periods_after": {"en": "what historically happened N days after similar moves",
                          "ru": "что исторически происходило через N дней после похожих движений",
                          "es": "qué pasó históricamente N días después de movimientos similares"},
    "compare_periods": {"en": "each period's statistics side by side",
                        "ru": "статистика периодов рядом друг с другом",
                        "es": "las estadísticas de cada periodo lado a lado"},
    "aggregate_patterns": {"en": "gaps, volume spikes and the hourly profile",
                           "ru": "гэпы, всплески объёма и профиль по часам",
                           "es": "gaps, picos de volumen y el perfil horario"},
    "get_volume_profile": {"en": "the volume profile by price (point of control, value area)",
                           "ru": "профиль объёма по ценам (POC, зона стоимости)",
                           "es": "el perfil de volumen por precio (POC, área de valor)"},
    "sma": {"en": "a moving average of closes (SMA)", "ru": "скользящая средняя закрытий (SMA)",
            "es": "una media móvil de cierres (SMA)"},
}


def _t(lang: Lang) -> dict[str, str]:
    return _TEXT.get(lang, _TEXT["en"])


def check_capability(name: str) -> bool:
    """True for an action, indicator or pattern the builder implements."""
    key = name.strip().lower()
    return key in ACTIONS or key in INDICATORS or key in PATTERNS


def find_missing(text: str) -> str | None:
    """The NOT_AVAILABLE key a request mentions (key or alias), if any."""
    low = text.strip().lower()
    if low in NOT_AVAILABLE:
        return low
    for key, info in NOT_AVAILABLE.items():
        if key == "intraday_for_daily_only":
            continue
        if any(_mentions(low, a) for a in info["aliases"]):
            return key
    return None


def _mentions(text: str, alias: str) -> bool:
    """Short aliases ("iv", "ask", "put") must be whole words; longer ones match as stems."""
    tail = r"(?!\w)" if len(alias) <= 4 else ""
    return re.search(r"(?<!\w)" + re.escape(alias) + tail, text) is not None


def alternative_for(name: str, *, daily_only: bool = False) -> str | None:
    """Closest available action/indicator for a missing capability (None if unknown)."""
    key = name.strip().lower()
    if daily_only and key in ("vwap",):
        return "sma"
    if daily_only and key in ("hourly_profile", "get_intraday_data", "intraday"):
        return "get_period_stats"
    found = find_missing(key)
    return NOT_AVAILABLE[found]["alternative"] if found else None


def unavailable_for_symbol(daily_only: bool) -> list[str]:
    """Capabilities a symbol cannot use: daily-only symbols have no intraday bars."""
    if not daily_only:
        return []
    return ["get_intraday_data", "vwap", "hourly_profile", "intraday granularity (1min, hourly)"]


def degrade(unsupported: str, lang: Lang = "en", symbol: str | None = None) -> str:
    """An honest sentence for a missing capability plus the closest alternative, in `lang`
    (`symbol`: the daily-only instrument, named in the sentence)."""
    t = _t(lang)
    if check_capability(unsupported):  # implemented, so the data is the limit (daily-only symbol)
        alt = alternative_for(unsupported, daily_only=True) or "get_period_stats"
        key = unsupported.strip().lower()
        what = key.upper() if key in INDICATORS else "intraday data" if key == "get_intraday_data" \
            else key.replace("_", " ")
        text = t["needs_intraday"].format(what=what[:1].upper() + what[1:])
        if symbol:
            text = text.replace(_THIS_SYMBOL[lang if lang in _THIS_SYMBOL else "en"], symbol)
        return text + " " + t["closest"].format(alt=_alt_text(alt, lang))
    missing = find_missing(unsupported)
    if missing is None:
        return t["unknown"] + " " + t["closest"].format(alt=_alt_text("get_period_stats", lang))
    what = unsupported.strip() or missing or ""
    alt = NOT_AVAILABLE[missing]["alternative"] if missing else "get_period_stats"
    return t["unavailable"].format(what=what[:1].upper() + what[1:]) + " " + \
        t["closest"].format(alt=_alt_text(alt, lang))


_THIS_SYMBOL = {"en": "this symbol", "ru": "по этому инструменту", "es": "este símbolo"}


def _alt_text(alt: str, lang: Lang) -> str:
    texts = _ALTERNATIVE_TEXT.get(alt, {})
    return texts.get(lang) or texts.get("en") or alt


def describe(lang: Lang = "en") -> str:
    """Plain-text capability list for the planner prompt and for 'what can you do?' answers."""
    t = _t(lang)
    lines = [t["title"] + ":", t["actions"] + ":"]
    lines += [f"- {name}({', '.join(a['params'])}): {a['description']}" for name, a in ACTIONS.items()]
    lines.append(t["indicators"] + ": " + "; ".join(
        f"{n}" + (f"({i['window']})" if i["window"] else "") + f" {i['description']}"
        for n, i in INDICATORS.items()))
    lines.append(t["patterns"] + ": " + "; ".join(f"{n}: {p['description']}" for n, p in PATTERNS.items()))
    lines.append(t["granularity"] + ": " + GRANULARITY_RULE)
    lines.append(t["missing"] + ": " + ", ".join(k.replace("_", " ") for k in NOT_AVAILABLE))
    return "\n".join(lines)
