"""The ONE formatter of numbers, percents, volumes, prices, dates and periods per language.

Every text a user reads (the answer renderer, tool answers, trading answers, the server's texts)
formats its figures here, so a Spanish price answer and a Spanish stats answer agree:

    en "15,895.00"   ru "15\u00a0895,00"   es "15.895,00"   (Babel: the CLDR symbols of the locale)
    en "+0.39%"      ru "+0,39\u00a0%"     es "+0,39\u00a0%"
    en "4.43 million" ru "4,43 млн"   es "4,43 millones"
    en "November 29, 2023"  ru "29 ноября 2023 г."  es "29 de noviembre de 2023"
    en "November 2023"      ru "ноябрь 2023", "в ноябре 2023"  es "noviembre de 2023"

Babel (CLDR) gives the separators, month names and date patterns: maintained data for every
locale instead of hand-written tables. Groups are separated by CLDR's own symbol: Russian's is the
no-break space U+00A0 (a browser never breaks "3 645,99" across lines), and so is the space
before a Russian or Spanish "%". One choice is ours: Spanish groups four-digit numbers too (a
fixed pattern, as the answers always did). Measured cost:
benchmarks/format_cost.py (about 30 µs a number with a cached Locale; an answer shows < 40).

Prices print at the instrument's own precision (its tick size): 6E 1.1076 stays "1.1076", never
"1.11", while NQ keeps two decimals.
"""
from __future__ import annotations

import re
from datetime import date, datetime
from functools import lru_cache
from typing import Literal

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal

from agent import lang as packs

Case = Literal["nom", "prep", "gen"]   # a Russian period noun's case after its preposition
Kind = Literal["price", "pct", "pct_level", "volume", "count", "number", "date", "time", "text", "period"]
LANGS = packs.codes()
_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " "})   # dates only: "2023 г." as written
# (threshold, divisor, word) for volumes, largest first: the short words traders read (packs).
_SCALES: dict[str, list[tuple[float, float, str]]] = packs.by_lang("answer", "SCALES")
# Tick sizes of the instruments we know (exchange specs); any other symbol's precision is read
# from its own prices (decimals_of). 6E: 0.00005 USD per EUR (CME), 6J: 0.0000005.
TICK_SIZES = {"6E": 0.00005, "M6E": 0.0001, "6J": 0.0000005, "6B": 0.0001, "6A": 0.00005,
              "6C": 0.00005, "6S": 0.00005, "NQ": 0.25, "MNQ": 0.25, "ES": 0.25, "MES": 0.25,
              "YM": 1.0, "MYM": 1.0, "RTY": 0.1, "M2K": 0.1, "CL": 0.01, "GC": 0.1, "SPY": 0.01,
              "QQQ": 0.01, "SPX": 0.01, "NDX": 0.01, "DJI": 0.01}
MAX_DECIMALS = 7


def lang_of(lang: str) -> str:
    return lang if lang in LANGS else "en"


@lru_cache(maxsize=None)
def _locale(lang: str) -> Locale:
    return Locale.parse(lang_of(lang))


@lru_cache(maxsize=64)
def _pattern(decimals: int) -> str:
    return "#,##0" + ("." + "0" * decimals if decimals > 0 else "")


def number(value: float, lang: str, decimals: int = 2) -> str:
    """value grouped and with the language's decimal separator ("-" for negatives, never "-0")."""
    rounded = round(float(value), decimals)
    if rounded == 0:
        rounded = 0.0
    text = format_decimal(rounded, format=_pattern(decimals), locale=_locale(lang))
    return text.replace("\u2212", "-")


@lru_cache(maxsize=None)
def _pct_space(lang: str) -> str:
    """What the locale's CLDR percent pattern puts between the number and "%" (ru, es: U+00A0)."""
    found = re.search(r"0([^0#%]*)%", _locale(lang).percent_formats[None].pattern)
    return found.group(1) if found else ""


def percent(value: float, lang: str, signed: bool = True, decimals: int = 2) -> str:
    """A percent as a number of percent points (0.39 -> "+0.39%"; the value is already x100)."""
    body = number(value, lang, decimals)
    if signed and round(value, decimals) > 0:
        body = "+" + body
    return f"{body}{_pct_space(lang_of(lang))}%"


def volume(value: float, lang: str) -> str:
    for threshold, divisor, word in _SCALES[lang_of(lang)]:
        if abs(value) >= threshold:
            return number(value / divisor, lang) + word
    return number(value, lang, 0)


def decimals_of(prices: list[float]) -> int:
    """The decimals an instrument's own prices carry (2 at least): 1.1076 -> 4, 15957.25 -> 2."""
    best = 2
    for p in prices:
        for d in range(2, MAX_DECIMALS + 1):
            if abs(p - round(p, d)) < 1e-9:
                best = max(best, d)
                break
        else:
            best = MAX_DECIMALS
    return best


def tick_decimals(symbol: str | None, prices: list[float] | None = None) -> int:
    """Decimals of a price of `symbol`: its tick size's, else what its prices carry, at least 2."""
    tick = TICK_SIZES.get(str(symbol or "").upper().rstrip("!").rstrip("1"))
    if tick is not None:
        text = f"{tick:.{MAX_DECIMALS}f}".rstrip("0")
        return max(2, len(text.partition(".")[2]))
    return decimals_of(prices or [])


def price(value: float, lang: str, symbol: str | None = None, decimals: int | None = None) -> str:
    return number(value, lang, decimals if decimals is not None else tick_decimals(symbol, [value]))


def day(value: date | str, lang: str) -> str:
    """A date as people write it: "November 29, 2023", "29 ноября 2023 г.", "29 de noviembre de 2023"."""
    d = value if isinstance(value, date) else date.fromisoformat(str(value)[:10])
    return format_date(d, format="long", locale=_locale(lang)).translate(_SPACES)


def moment(value: datetime | str, lang: str) -> str:
    """A bar's time in the exchange's wall clock, then its day in words: "09:45 (April 1, 2024)",
    "09:45 (1 апреля 2024 г.)"; the slot's value (and any claim) keeps the ISO text."""
    ts = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    return f"{ts:%H:%M} ({day(ts.date(), lang)})"


def when(value: datetime, lang: str, tz: str = "UTC") -> str:
    """An instant in the user's time zone, as the locale writes a short date and a 24-hour time,
    with the zone named: "Nov 30, 2023, 16:00 (America/New_York)", "30 нояб. 2023 г., 16:00 (UTC)".
    A naive value is UTC (bars are stored in UTC)."""
    from datetime import timezone
    from zoneinfo import ZoneInfo

    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    try:
        zone = ZoneInfo(tz)
    except (KeyError, ValueError):   # an unknown zone name: UTC, named as such
        zone, tz = ZoneInfo("UTC"), "UTC"
    local = value.astimezone(zone)
    text = format_date(local.date(), format="medium", locale=_locale(lang_of(lang))).translate(_SPACES)
    return f"{text}, {local:%H:%M} ({tz})"


def month(year: int, month_no: int, lang: str, case: Case = "nom") -> str:
    """A month of a year: "November 2023", "noviembre de 2023"; Russian in the case the words
    before it need: "ноябрь 2023" (nom), "в ноябре 2023" (prep), "до ноября 2023" (gen)."""
    d = date(year, month_no, 1)
    pattern = {"en": "LLLL y", "ru": "LLLL y", "es": "LLLL 'de' y"}[lang_of(lang)]
    text = format_date(d, format=pattern, locale=_locale(lang)).translate(_SPACES)
    return inflect(text, lang, case)

# Russian period nouns in the prepositional and genitive (CLDR has the nominative "ноябрь" and the
# genitive "ноября" of months; the prepositional is regular: the pack's rule).
_RU_NOUNS = {nom: (prep, gen) for nom, prep, gen in packs.get("ru", "answer", "PERIOD_CASES")}


@lru_cache(maxsize=None)
def _ru_months() -> dict[str, tuple[str, str]]:
    out = {}
    drop, add = packs.get("ru", "answer", "MONTH_PREPOSITIONAL")
    for m in range(1, 13):
        d = date(2000, m, 1)
        nom = format_date(d, format="LLLL", locale=_locale("ru"))
        gen = format_date(d, format="MMMM", locale=_locale("ru"))
        out[nom] = ((nom[:-1] if nom[-1] in drop else nom) + add, gen)
    return out


def inflect(text: str, lang: str, case: Case) -> str:
    """A Russian period name ("ноябрь 2023", "IV квартал 2018") with its noun in `case`; other
    languages and the nominative as they are."""
    if lang_of(lang) != "ru" or case == "nom":
        return text
    table = {**_ru_months(), **_RU_NOUNS}
    k = 0 if case == "prep" else 1
    return " ".join(table[w][k] if w in table else w for w in text.split(" "))


# Russian prepositions and the case of the period noun after them ("в ноябре", "до ноября").
_RU_CASE: dict[str, Case] = dict(packs.get("ru", "answer", "PREPOSITION_CASES"))
_LAST_WORD = re.compile(r"([^\W\d_]+)\W*$")


def case_before(before: str, lang: str) -> Case:
    """The case a Russian period takes after the text `before` it ("в" -> prep, "до" -> gen)."""
    if lang_of(lang) != "ru":
        return "nom"
    m = _LAST_WORD.search(before[-20:])
    return _RU_CASE.get(m.group(1).lower(), "nom") if m else "nom"


def starts_sentence(before: str) -> bool:
    """Nothing but a sentence end (or opening marks) before: a period or date there is capitalised."""
    text = before.rstrip(" \t\"«“(-–—*")
    return not text or text[-1] in ".!?\n"


def render(value: float | str, kind: Kind, lang: str, *, absolute: bool = False, exact: bool = False,
           decimals: int | None = None) -> str:
    """One value as text. absolute: the sign is already said in words ("fell 2 %"); exact: a
    number the user typed, shown as typed (3 % stays "3 %", not "3.00 %"); decimals: a price's
    precision (its instrument's tick size)."""
    if kind == "date":
        try:
            return day(str(value)[:10], lang)      # "March 19, 2024" (claims keep the ISO date)
        except ValueError:
            return str(value)[:10]
    if kind == "time":
        try:
            return moment(str(value), lang)
        except ValueError:
            return str(value)
    if kind in ("text", "period") or isinstance(value, str):
        return str(value)
    v = abs(float(value)) if absolute else float(value)
    places = 0 if exact and v == int(v) else 2
    if exact and v != int(v):
        places = min(MAX_DECIMALS, max(2, decimals_of([v])))
    if kind == "pct":
        return percent(v, lang, signed=not absolute, decimals=places)
    if kind == "pct_level":
        return percent(v, lang, signed=False, decimals=places)
    if kind == "volume":
        return volume(v, lang)
    if kind == "count":
        return number(round(v), lang, 0)
    if kind == "price" and decimals is not None and not exact:
        return number(v, lang, decimals)
    return number(v, lang, places)
