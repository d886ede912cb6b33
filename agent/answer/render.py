"""Numbers as the user reads them, in their language (code writes every figure, never the model).

    en "15,895.00"   ru "15 895,00"   es "15.895,00"
    en "+0.39%"      ru "+0,39 %"     es "+0,39 %"
    en "4.43 million" ru "4,43 млн"   es "4,43 millones"

Kinds (agent/answer/slots.py gives each slot one): price (2 decimals, grouped), pct (signed unless a
direction word already says it), pct_level (a percent that is a level: volatility, win rate),
volume (scaled above ten thousand), count (integer), number (2 decimals), date (ISO, as computed),
text (as is).
"""
from __future__ import annotations

from typing import Literal

Kind = Literal["price", "pct", "pct_level", "volume", "count", "number", "date", "text"]

# (thousands separator, decimal separator, space before %)
_SEPARATORS = {"en": (",", ".", ""), "ru": (" ", ",", " "), "es": (".", ",", " ")}
# (threshold, divisor, word) for volumes, largest first.
_SCALES = {
    "en": [(1e9, 1e9, " billion"), (1e6, 1e6, " million"), (1e4, 1e3, "K")],
    "ru": [(1e9, 1e9, " млрд"), (1e6, 1e6, " млн"), (1e4, 1e3, " тыс")],
    "es": [(1e9, 1e9, " mil millones"), (1e6, 1e6, " millones"), (1e4, 1e3, " mil")],
}


def _lang(lang: str) -> str:
    return lang if lang in _SEPARATORS else "en"


def number(value: float, lang: str, decimals: int = 2) -> str:
    """value with the language's thousands and decimal separators ("-" for negatives)."""
    group, point, _ = _SEPARATORS[_lang(lang)]
    text = f"{abs(value):,.{decimals}f}"          # "15,895.00"
    whole, _, frac = text.partition(".")
    # es groups 4-digit numbers too here: one rule for every size keeps tests simple to read.
    out = whole.replace(",", group) + (point + frac if frac else "")
    return ("-" if value < 0 and float(text.replace(",", "")) != 0 else "") + out


def percent(value: float, lang: str, signed: bool = True, decimals: int = 2) -> str:
    _, _, space = _SEPARATORS[_lang(lang)]
    body = number(value, lang, decimals)
    if signed and value > 0 and body.strip("0,. ") != "":
        body = "+" + body
    return f"{body}{space}%"


def volume(value: float, lang: str) -> str:
    for threshold, divisor, word in _SCALES[_lang(lang)]:
        if abs(value) >= threshold:
            return number(value / divisor, lang) + word
    return number(value, lang, 0)


def render(value: float | str, kind: Kind, lang: str, *, absolute: bool = False,
           exact: bool = False) -> str:
    """One value as text. absolute: the sign is already said in words ("fell 2 %"); exact: a
    number the user typed, shown as typed (3 % stays "3 %", not "3.00 %")."""
    if kind in ("date", "text") or isinstance(value, str):
        return str(value)[:10] if kind == "date" else str(value)
    v = abs(float(value)) if absolute else float(value)
    decimals = 0 if exact and v == int(v) else 2
    if kind == "pct":
        return percent(v, lang, signed=not absolute, decimals=decimals)
    if kind == "pct_level":
        return percent(v, lang, signed=False, decimals=decimals)
    if kind == "volume":
        return volume(v, lang)
    if kind == "count":
        return number(round(v), lang, 0)
    return number(v, lang, decimals)
