"""Text normalisation, language detection and the month vocabulary shared by the offline parser.

normalize() keeps every character position (one character in, one out), so a match found in the
normalised text can be mapped back to the original question.
"""
from __future__ import annotations

import re

from agent import lang as packs

_ACCENTS = str.maketrans({"á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u", "ü": "u", "ё": "е",
                          "’": "'", "‘": "'", "–": "-", "—": "-", "−": "-", "\u00a0": " "})


def normalize(text: str) -> str:
    """Lower case, Spanish accents and ё folded, dashes unified; same length as the input."""
    out = text.lower().translate(_ACCENTS)
    return out if len(out) == len(text) else text.lower()


_ES_WORDS = {
    "el", "la", "los", "las", "de", "del", "en", "y", "que", "cual", "cuales", "como", "cuanto",
    "cuantos", "cuantas", "es", "un", "una", "por", "para", "con", "mes", "año", "dias", "dia",
    "semana", "muestrame", "muestra", "estadisticas", "compara", "cayo", "subio", "mayores",
    "menores", "despues", "desde", "hasta", "le", "fue", "fueron", "al", "lo", "se", "mas", "pasado",
    "siguientes", "explica", "significa", "trimestre", "semestre", "ultimo", "ultimos", "precio",
    "maximo", "minimo", "volumen", "cierre", "apertura", "caidas", "subidas", "y", "entre", "sobre",
}
_EN_WORDS = {
    "the", "of", "in", "and", "what", "which", "how", "is", "was", "were", "for", "stats", "on",
    "did", "do", "does", "show", "me", "after", "since", "from", "to", "by", "a", "an", "many",
    "days", "day", "week", "month", "year", "last", "compare", "explain", "high", "low", "price",
    "volume", "average", "daily", "statistics", "largest", "biggest", "rose", "fell", "drop",
    "gain", "when", "with", "between", "happened", "next", "trading", "performance", "it", "its",
}
_ES_MARKS = re.compile(r"[¿¡ñáéíóú]")
_WORD = re.compile(r"[a-zñ]+")


def language_evidence(text: str) -> tuple[str, bool]:
    """(language, whether the text really shows it) - 'SPY, 2024' shows nothing."""
    cyr = sum(1 for c in text if "а" <= c.lower() <= "я" or c in "ёЁ")
    lat = sum(1 for c in text if "a" <= c.lower() <= "z")
    if cyr and cyr >= lat * 0.3:
        return "ru", True
    es = 2 * len(_ES_MARKS.findall(text.lower()))
    en = 0
    for w in _WORD.findall(normalize(text)):
        es += w in _ES_WORDS or w in ES_MONTH_WORDS
        en += w in _EN_WORDS or w in EN_MONTH_WORDS
    return ("es" if es > en else "en"), es != en


def detect_language(text: str) -> str:
    """'ru' when Cyrillic dominates, else 'es' or 'en' by marks, function words and month names."""
    return language_evidence(text)[0]


# Month names: full and abbreviated forms, normalised (no accents, ё -> е).
EN_MONTHS = ["january|jan", "february|feb", "march|mar", "april|apr", "may", "june|jun",
             "july|jul", "august|aug", "september|sept|sep", "october|oct", "november|nov",
             "december|dec"]
ES_MONTHS = ["enero|ene", "febrero|feb", "marzo|mar", "abril|abr", "mayo|may", "junio|jun",
             "julio|jul", "agosto|ago", "septiembre|setiembre|sept|sep", "octubre|oct",
             "noviembre|nov", "diciembre|dic"]
# Russian: stems with every case ending (январь, января, январе, январю, январём...).
RU_MONTHS = ["январ[ьяюе]|январем|янв", "феврал[ьяюе]|февралем|фев", "март[аеу]?|мартом|мар",
             "апрел[ьяюе]|апрелем|апр", "ма[йяюе]|маем", "июн[ьяюе]|июнем|июн", "июл[ьяюе]|июлем|июл",
             "август[аеу]?|августом|авг", "сентябр[ьяюе]|сентябрем|сент|сен",
             "октябр[ьяюе]|октябрем|окт", "ноябр[ьяюе]|ноябрем|нояб|ноя", "декабр[ьяюе]|декабрем|дек"]

EN_MONTH_WORDS = {w for alt in EN_MONTHS for w in alt.split("|")} - {"mar", "may"}
ES_MONTH_WORDS = {w for alt in ES_MONTHS for w in alt.split("|")} - {"mar", "may", "feb", "jun",
                                                                      "jul", "sep", "sept", "oct",
                                                                      "nov"}

_MONTH_TABLE: list[tuple[re.Pattern[str], int]] = []
for _alts in (EN_MONTHS, ES_MONTHS, RU_MONTHS):
    for _i, _alt in enumerate(_alts):
        _MONTH_TABLE.append((re.compile(rf"(?:{_alt})\.?"), _i + 1))

# One alternation for every month word (longest first so "june" wins over "jun").
_ALL = sorted({w for alts in (EN_MONTHS, ES_MONTHS) for alt in alts for w in alt.split("|")}
              - {"ago"}, key=len, reverse=True)   # "ago": English "3 days ago", not agosto
MONTH = r"(?:" + "|".join(RU_MONTHS + _ALL) + r")\.?"
MONTH_B = rf"(?<![\w]){MONTH}(?![\w])"


def month_number(word: str) -> int | None:
    """1..12 for a (normalised) month word in any supported language and case, else None."""
    w = word.strip().rstrip(".")
    for pat, num in _MONTH_TABLE:
        if pat.fullmatch(w):
            return num
    return None


_MONTH_RE = re.compile(MONTH_B)
# Month words are replaced by a short token ("ноября" -> "\x02k" padded with spaces to the word's
# length) before the period patterns run: the patterns stay small (fast to compile), every language
# and case reads the same, and positions in the tokenized text are positions in the question (the
# parser reports which words it used).
MONTH_TOKEN_B = r"(?<![\w\x02])\x02[a-l](?!\w)"
_TOKEN_RE = re.compile(MONTH_TOKEN_B)


def tokenize_months(norm: str) -> str:
    def token(m: re.Match[str]) -> str:
        word = m.group(0)
        return ("\x02" + chr(ord("a") + (month_number(word) or 1) - 1)).ljust(len(word))
    return _MONTH_RE.sub(token, norm)


def month_in(text: str) -> int | None:
    """The first month (token or word) inside `text`."""
    t = _TOKEN_RE.search(text)
    if t:
        return ord(t.group(0)[1]) - ord("a") + 1
    m = _MONTH_RE.search(text)
    return month_number(m.group(0)) if m else None


MONTH_NAMES = packs.by_lang("offline_lang", "MONTH_NAMES")
