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

_W = r"(?<![\w])"
PREFER = re.compile(_W + r"(?:prefer\w*|i\s+like|i\s+want|use|show\s+me|always|предпочита\w*|предпочт\w*|"
                    r"удобнее|люблю|хочу|показывай\w*|используй\w*|всегда|prefier\w*|prefer\w*|me\s+gusta\w*|"
                    r"quiero|usa|muestra\w*|siempre)(?![\w])")
CHART = re.compile(_W + r"(?:charts?|graphs?|candles?|bars?|timeframe|график\w*|свеч\w*|бар\w*|таймфрейм\w*|"
                   r"graficos?|graficas?|velas?|barras?|temporalidad)(?![\w])")
GRANULARITY = [("hourly", re.compile(_W + r"(?:hourly|1h|1-hour|часов\w*|почасов\w*|horari\w*|por\s+hora)(?![\w])")),
               ("daily", re.compile(_W + r"(?:daily|1d|дневн\w*|daily|diari\w*|por\s+dia)(?![\w])")),
               ("weekly", re.compile(_W + r"(?:weekly|1w|недельн\w*|еженедельн\w*|semanal\w*)(?![\w])"))]
ANSWER = re.compile(_W + r"(?:answer|reply|respond|speak|write|talk|отвечай\w*|ответь\w*|пиши|говори|"
                    r"общайся|respond\w*|contesta\w*|habla\w*|escrib\w*)(?![\w])")
LANGUAGES = [("ru", re.compile(_W + r"(?:in\s+russian|по[\s-]русски|на\s+русском|en\s+ruso)(?![\w])")),
             ("en", re.compile(_W + r"(?:in\s+english|по[\s-]английски|на\s+английском|en\s+ingles)(?![\w])")),
             ("es", re.compile(_W + r"(?:in\s+spanish|по[\s-]испански|на\s+испанском|en\s+espanol)(?![\w])"))]
TZ_WORDS = re.compile(_W + r"(?:time\s*zone|timezone|tz|часов\w+\s+пояс\w*|пояс\w*|zona\s+horaria|huso\s+horario)"
                      r"(?![\w])")
RISK_WORDS = re.compile(_W + r"(?:risk|риск\w*|riesgo)(?![\w])")
RISK = [("conservative", re.compile(_W + r"(?:conservative|low|консерватив\w*|низк\w*|осторожн\w*|conservador\w*|"
                                    r"bajo)(?![\w])")),
        ("moderate", re.compile(_W + r"(?:moderate|medium|умерен\w*|средн\w*|moderad\w*|medio)(?![\w])")),
        ("aggressive", re.compile(_W + r"(?:aggressive|high|агрессив\w*|высок\w*|agresiv\w*|alto)(?![\w])"))]
# Cities said in words (EN/RU/ES) for the zones a trader of these markets names most; any IANA
# name ("America/Chicago") is read as it is written.
CITIES = {"new york": "America/New_York", "нью-йорк": "America/New_York", "nueva york": "America/New_York",
          "chicago": "America/Chicago", "чикаго": "America/Chicago", "london": "Europe/London",
          "лондон": "Europe/London", "londres": "Europe/London", "moscow": "Europe/Moscow",
          "москва": "Europe/Moscow", "москве": "Europe/Moscow", "moscu": "Europe/Moscow",
          "madrid": "Europe/Madrid", "мадрид": "Europe/Madrid", "berlin": "Europe/Berlin",
          "tokyo": "Asia/Tokyo", "токио": "Asia/Tokyo", "mexico": "America/Mexico_City",
          "buenos aires": "America/Argentina/Buenos_Aires", "utc": "UTC"}
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


STRONG = re.compile(_W + r"(?:prefer\w*|предпочита\w*|предпочт\w*|удобнее|prefier\w*)(?![\w])")


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
