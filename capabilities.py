"""What AskBar can compute today, as data the planner reads, plus graceful degradation.

Seed principle: the system always gives something useful. When a capability is missing it says so
honestly and offers the closest thing it CAN compute. tests/test_capabilities.py keeps this file in
step with the query builder (every action, indicator and pattern listed here exists, and vice versa).
"""
from __future__ import annotations

import re
from typing import Any

from agent import lang as packs
from query_builder import declare

Lang = str  # "en" | "ru" | "es"


def actions() -> dict[str, dict[str, Any]]:
    """Action name -> description, params and (when any) needs: from the declarations."""
    return {n: {"description": d.description, "params": list(d.params),
                **({"needs": d.needs} if d.needs else {})} for n, d in declare.actions().items()}


def indicators() -> dict[str, dict[str, Any]]:
    return {n: {"description": d.description, "window": d.window, **({"needs": d.needs} if d.needs else {})}
            for n, d in declare.indicators().items()}


def patterns() -> dict[str, dict[str, Any]]:
    return {n: {"description": d.description, "threshold": d.threshold,
                **({"needs": d.needs} if d.needs else {})} for n, d in declare.patterns().items()}


def claim_types() -> dict[str, tuple[str, str]]:
    """Claim type -> (action, where the value lives). Mirrors the claim table of DESIGN.md."""
    return {n: (d.action, d.where) for n, d in declare.claims().items()}


GRANULARITY_RULE = ("by period length unless the step sets it: > 1 year weekly, 8 days to 1 year "
                    "daily, 2-7 days hourly, a single trading date 1-min; daily-only symbols "
                    "(index history) never go below daily")

# What is NOT available, with the closest alternative (action or indicator) and why; the words that
# name it (aliases) are in the language packs (capability_aliases).
_NOT_AVAILABLE: dict[str, dict[str, Any]] = {
    "fundamentals": {"alternative": "get_period_stats"},
    "options": {"alternative": "get_period_stats"},
    "news": {"alternative": "find_events"},
    "realtime": {"alternative": "get_intraday_data"},
    "forecast": {"alternative": "get_periods_after"},
    "backtest": {"alternative": "get_periods_after"},
    "advice": {"alternative": "get_periods_after"},
    "correlation": {"alternative": "compare_periods"},
    "candlestick_patterns": {"alternative": "aggregate_patterns"},
    "order_book": {"alternative": "get_volume_profile"},
    "intraday_for_daily_only": {"alternative": "get_period_stats",
                                "note": "symbols loaded as daily bars (e.g. SPX) have no 1-min or "
                                        "hourly bars: no VWAP, hourly profile or intraday data"},
}
NOT_AVAILABLE: dict[str, dict[str, Any]] = {
    key: {"aliases": [a for code in packs.codes() for a in packs.get(code, "capability_aliases", key)], **info}
    for key, info in _NOT_AVAILABLE.items()}



def catalogue() -> dict[str, Any]:
    """Everything the planner reads: what can be computed (declared) and what cannot."""
    return {"actions": actions(), "indicators": indicators(), "patterns": patterns(),
            "claim_types": claim_types(), "event_metrics": ["daily_pct_change", "gap_pct", "range_pct"],
            "granularities": ["1min", "hourly", "daily", "weekly", "monthly"],
            "granularity_rule": GRANULARITY_RULE, "not_available": NOT_AVAILABLE}


_VIEWS = {"ACTIONS": actions, "INDICATORS": indicators, "PATTERNS": patterns,
          "CLAIM_TYPES": claim_types, "CAPABILITIES": catalogue}


def __getattr__(name: str) -> Any:
    """ACTIONS, INDICATORS, PATTERNS, CLAIM_TYPES, CAPABILITIES: the catalogue as tables, generated
    from the declarations when read (a declaration added later is in them)."""
    if name in _VIEWS:
        return _VIEWS[name]()
    raise AttributeError(name)


_TEXT: dict[str, dict[str, str]] = packs.by_lang("capabilities", "_TEXT")

_ALTERNATIVE_TEXT: dict[str, dict[str, str]] = packs.transposed("capabilities", "_ALTERNATIVE_TEXT")


def _t(lang: Lang) -> dict[str, str]:
    return _TEXT.get(lang, _TEXT["en"])


def check_capability(name: str) -> bool:
    """True for a declared action, indicator or pattern (the builder implements it)."""
    key = name.strip().lower()
    return key in declare.actions() or key in declare.indicators() or key in declare.patterns()


def _declared(name: str) -> declare.ActionDecl | declare.IndicatorDecl | declare.PatternDecl | None:
    key = name.strip().lower()
    return declare.actions().get(key) or declare.indicators().get(key) or declare.patterns().get(key)


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
    """Closest available action/indicator for a missing capability (None if unknown); on a
    daily-only symbol, the declared alternative of a capability that needs intraday bars."""
    key = name.strip().lower()
    decl = _declared(key)
    if daily_only and decl is not None and decl.needs == "intraday":
        return decl.alternative or "get_period_stats"
    if daily_only and key == "intraday":
        return "get_period_stats"
    found = find_missing(key)
    return NOT_AVAILABLE[found]["alternative"] if found else None


def unavailable_for_symbol(daily_only: bool) -> list[str]:
    """Capabilities a symbol cannot use: daily-only symbols have no intraday bars."""
    if not daily_only:
        return []
    needing = [d.name for kind in (declare.actions, declare.indicators, declare.patterns)
               for d in kind().values() if d.needs == "intraday"]
    return [*needing, "intraday granularity (1min, hourly)"]


def degrade(unsupported: str, lang: Lang = "en", symbol: str | None = None,
            bar_minutes: int | None = None) -> str:
    """An honest sentence for a missing capability plus the closest alternative, in `lang`
    (`symbol`: the daily-only instrument, named in the sentence; `bar_minutes`: the bar size the
    question asked, named instead of a vague "intraday data")."""
    t = _t(lang)
    if check_capability(unsupported):  # implemented, so the data is the limit (daily-only symbol)
        alt = alternative_for(unsupported, daily_only=True) or "get_period_stats"
        key = unsupported.strip().lower()
        if key == "get_intraday_data" and symbol and bar_minutes:
            return t["bars_need_intraday"].format(symbol=symbol, n=bar_minutes) + " " + \
                t["closest"].format(alt=_alt_text(alt, lang))
        what = key.upper() if key in declare.indicators() else "intraday data" \
            if key == "get_intraday_data" else key.replace("_", " ")
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


_THIS_SYMBOL = packs.by_lang("capabilities", "_THIS_SYMBOL")


def _alt_text(alt: str, lang: Lang) -> str:
    texts = _ALTERNATIVE_TEXT.get(alt, {})
    return texts.get(lang) or texts.get("en") or alt


def describe(lang: Lang = "en") -> str:
    """Plain-text capability list for 'what can you do?' answers (the planner reads planner_text)."""
    t = _t(lang)
    lines = [t["title"] + ":", t["actions"] + ":", actions_text()]
    lines.append(t["indicators"] + ": " + indicators_text())
    lines.append(t["patterns"] + ": " + patterns_text())
    lines.append(t["granularity"] + ": " + GRANULARITY_RULE)
    lines.append(t["missing"] + ": " + ", ".join(k.replace("_", " ") for k in NOT_AVAILABLE))
    return "\n".join(lines)


def actions_text(only: set[str] | None = None) -> str:
    """One line per declared action (`only`: those): name(params): description, and what it needs."""
    return "\n".join(f"- {name}({', '.join(a['params'])}): {a['description']}"
                     + (f" [needs {a['needs']} bars]" if a.get("needs") else "")
                     for name, a in actions().items() if only is None or name in only)


def indicators_text() -> str:
    return "; ".join(f"{n}" + (f"({i['window']})" if i["window"] else "") + f" {i['description']}"
                     + (f" [needs {i['needs']} bars]" if i.get("needs") else "")
                     for n, i in indicators().items())


def patterns_text() -> str:
    return "; ".join(f"{n}: {p['description']}" + (f" [needs {p['needs']} bars]" if p.get("needs") else "")
                     for n, p in patterns().items())


def planner_text(only: set[str] | None = None) -> str:
    """The catalogue as the planner prompt lists it (English, generated from the declarations);
    `only`: the actions an intent can use (the indicators and patterns with the actions that take
    them), None: everything."""
    lines = ["Actions (name(params), '?' optional): what each computes:", actions_text(only)]
    if only is None or "get_indicator" in only:
        lines.append("Indicators (default window): " + indicators_text())
    if only is None or "aggregate_patterns" in only:
        lines.append("Patterns (for aggregate_patterns): " + patterns_text())
    lines.append("Not available (say so, plan the closest action): "
                 + ", ".join(k.replace("_", " ") for k in NOT_AVAILABLE))
    return "\n".join(lines)
