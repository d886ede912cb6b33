"""Preferences the user states in the chat, read as typed values (EN, RU, ES).

    "I prefer hourly charts" / "prefiero gráficos diarios" / "мне удобнее недельные графики"
                                              -> {"chart_granularity": "hourly" | "daily" | "weekly"}
    "answer in Russian" / "отвечай по-русски" / "respóndeme en inglés"   -> {"language": "ru"}
    "my time zone is Europe/Madrid" / "мой часовой пояс Москва"           -> {"timezone": "Europe/Moscow"}
    "my risk profile is conservative" / "soy agresivo con el riesgo"      -> {"risk_profile": ...}

A statement (no question mark) that names one of these; anything else is left to the other readers.
The remember tool stores them as typed preferences (long-term memory), the answer says so.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from agent import lang as packs

_W = r"(?<![\w])"


def _cue(name: str) -> re.Pattern[str]:
    """One pattern of the packs' alternatives for `name` (chat_tools.cues), at word bounds."""
    return re.compile(_W + "(?:" + packs.alternation("chat_tools", "cues", name) + r")(?![\w])")


PREFER, STRONG, CHART, ANSWER = _cue("PREFER"), _cue("STRONG_PREFER"), _cue("CHART"), _cue("ANSWER")
GRANULARITY = [("hourly", _cue("HOURLY")), ("daily", _cue("DAILY")), ("weekly", _cue("WEEKLY"))]
LANGUAGES = [("ru", _cue("IN_RU")), ("en", _cue("IN_EN")), ("es", _cue("IN_ES"))]
TZ_WORDS, RISK_WORDS = _cue("TIME_ZONE"), _cue("RISK")
RISK = [("conservative", _cue("CONSERVATIVE")), ("moderate", _cue("MODERATE")), ("aggressive", _cue("AGGRESSIVE"))]
# Cities said in words for the zones a trader of these markets names most (the packs' lists); any
# IANA name ("America/Chicago") is read as it is written.
CITIES: dict[str, str] = {k: v for code in packs.codes() for k, v in packs.get(code, "chat_tools", "cities")}
IANA = re.compile(r"\b([A-Za-z]+/[A-Za-z_]+(?:/[A-Za-z_]+)?)\b")


@lru_cache(maxsize=1)
def _zones() -> dict[str, str]:
    from zoneinfo import available_timezones

    return {z.lower(): z for z in available_timezones()}


def _timezone(question: str, norm: str) -> str | None:
    if not TZ_WORDS.search(norm):
        return None
    m = IANA.search(question)
    if m and m.group(1).lower() in _zones():
        return _zones()[m.group(1).lower()]
    return next((z for city, z in CITIES.items() if re.search(_W + re.escape(city) + r"(?![\w])", norm)), None)


def preferences_in(question: str, norm: str, symbols: list[str] | None = None) -> dict[str, Any]:
    """The typed preferences a statement sets ({} when it sets none). Beside a symbol only a
    stated preference counts ("I prefer daily charts for NQ"): "use hourly bars for NQ last
    week" is a question."""
    if "?" in question or "¿" in question or (symbols and not STRONG.search(norm)):
        return {}
    out: dict[str, Any] = {}
    if CHART.search(norm) and PREFER.search(norm):
        gran = next((g for g, rx in GRANULARITY if rx.search(norm)), None)
        if gran:
            out["chart_granularity"] = gran
    if ANSWER.search(norm):
        lang = next((code for code, rx in LANGUAGES if rx.search(norm)), None)
        if lang:
            out["language"] = lang
    if tz := _timezone(question, norm):
        out["timezone"] = tz
    if RISK_WORDS.search(norm) and not re.search(r"\d", norm):
        level = next((r for r, rx in RISK if rx.search(norm)), None)
        if level:
            out["risk_profile"] = level
    return out
