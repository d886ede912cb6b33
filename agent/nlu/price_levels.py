"""A price level in a count or filter ("days SPX closed above 3,000", "дни выше 3 000", "por encima
de 3.000"): days whose close (or, for "traded above", high; "traded below", low) is past the level,
an event condition in the instrument's price. A move in points ("rose more than 100 points") is
asked about, not answered as the period's figures (a confident answer to another question).
Words: the packs' offline_parser.cues.PRICE_LEVEL and nlu_words.price_levels."""
from __future__ import annotations

import re
from dataclasses import dataclass

from agent import lang as packs
from query_builder.models import EventCondition

# A level: thousands separated by "," "." or a space (3,000 / 3.000 / 3 000), or 3+ digits, never
# a percent, points, a count of days or a year-like date part.
_LEVEL = (r"(?P<lvl>\d{1,3}(?:[,.\s]\d{3})+(?:[.,]\d+)?|\d{3,}(?:[.,]\d+)?)"
          r"(?!\s*(?:%|" + packs.alternation("nlu_words", "price_levels", "not_level") + r"|[-/]\d))")


_N = r"(?P<lvl>\d+(?:[.,]\d+)?)"


def _compiled(name: str) -> list[re.Pattern[str]]:
    out = []
    for code in packs.codes():
        for pat in packs.get(code, "offline_parser", "cues").get(name, []):
            out.append(re.compile(r"(?<!\w)" + pat.replace("{LEVEL}", _LEVEL).replace("{N}", _N)))
    return out


_PATTERNS = _compiled("PRICE_LEVEL")
_COUNTS = [re.compile(r"(?<!\w)" + p.pattern[len(r"(?<!\w)"):] + r"(?!\w)") for p in _compiled("DAY_COUNT")]
_POINTS = _compiled("POINTS_MOVE")     # "rose more than 100 points": a move in points, not in %


def find(norm: str) -> tuple[int, int, str] | None:
    """(start, end, level as written) of the first price level a count of days is filtered by
    (a move in points always; a level only where days are counted), else None."""
    for rx in _POINTS:
        m = rx.search(norm)
        if m:
            return m.start(), m.end(), norm[m.start("lvl"):m.end()].strip()
    if not any(rx.search(norm) for rx in _COUNTS):
        return None                    # a yes/no about the period ("did it close above 16,500?")
    for rx in _PATTERNS:
        for m in rx.finditer(norm):
            if _YEAR.fullmatch(m.group("lvl").strip()) and not _STRONG.match(m.group(0)):
                continue               # "sobre 2019", "over 2020": a year, not a level
            return m.start(), m.end(), m.group("lvl").strip()
    return None


_YEAR = re.compile(r"(?:19|20)\d\d")
_STRONG = re.compile(packs.alternation("nlu_words", "price_levels", "strong"))


_ASK: dict[str, str] = packs.by_lang("nlu_words", "price_levels", "ask")


def question(level: str, lang: str) -> str:
    return _ASK.get(lang, _ASK["en"]).format(lvl=level)


def _w(key: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + packs.alternation("nlu_words", "price_levels", key) + r")(?!\w)")


_BELOW, _NOT_BELOW, _NOT_ABOVE = _w("below"), _w("not_below"), _w("not_above")
_INTRADAY, _CLOSE = _w("intraday"), _w("close")
_OR_MORE = re.compile(r"(?<!\w)(?:" + packs.alternation("nlu_words", "conditions", "gte") + r")(?!\w)")
_THOUSANDS = re.compile(r"\d{1,3}(?P<sep>[,.\s])\d{3}(?:(?P=sep)\d{3})*(?:[.,]\d+)?")


@dataclass(frozen=True)
class LevelCondition:
    condition: EventCondition
    span: tuple[int, int]
    price: str                 # close | high | low: the day's price compared with the level


def level_value(text: str) -> float:
    """3,000 / 3.000 / 3 000 -> 3000.0; 520.5 and 520,5 -> 520.5."""
    s = text.strip()
    m = _THOUSANDS.fullmatch(s)
    if m:
        s = s.replace(m.group("sep"), "")
    return float(s.replace(",", "."))


def level_condition(norm: str, found: tuple[int, int, str]) -> LevelCondition | None:
    """Days counted against the price level `find` found: the day's close, high or low past it ("how
    many days did SPY close above 520", "сколько дней SPY торговался ниже 500", "días que SPY cerró
    por encima de 520"), else None (a move in points, which `find` also returns)."""
    if any(rx.search(norm) for rx in _POINTS):
        return None
    a, b, level = found
    said = norm[max(0, a - 12):b]
    below = bool(_BELOW.search(norm[a:b]))
    if _NOT_BELOW.search(said) or _NOT_ABOVE.search(said):
        op = "gte" if _NOT_BELOW.search(said) else "lte"
    elif _OR_MORE.search(norm[b:b + 15]):
        op = "lte" if below else "gte"
    else:
        op = "lt" if below else "gt"
    h0 = max(0, a - 40)
    head = norm[h0:a]
    close, intraday = list(_CLOSE.finditer(head)), list(_INTRADAY.finditer(head))
    price = "close" if close or not intraday else ("low" if op in ("lt", "lte") else "high")
    said_price = (close or intraday)[-1:]      # the verb read ("закрывался", "traded") is used too
    cond = EventCondition(metric=f"{price}_level", op=op, threshold=level_value(level))
    return LevelCondition(cond, (h0 + said_price[0].start() if said_price else a, b), price)
