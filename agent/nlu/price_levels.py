"""A price level in a count or filter ("days SPX closed above 3,000", "дни выше 3 000", "por encima
de 3.000"): the event conditions count days by their % move, never against a price, so such a
question is asked about, not answered as the period's figures (a confident answer to another
question). Words: the packs' offline_parser.cues.PRICE_LEVEL."""
from __future__ import annotations

import re

from agent import lang as packs

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
