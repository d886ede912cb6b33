"""Text normalisation, language detection and the month vocabulary shared by the offline parser.

normalize() keeps every character position (one character in, one out), so a match found in the
normalised text can be mapped back to the original question.
"""
from __future__ import annotations

import re

from agent import lang as packs

# Letters read as another (accents, ё: from the packs) and one form of quotes, dashes and spaces.
_FOLD = {written: read for code in packs.codes() for written, read in packs.get(code, "words", "lang", "FOLD")}
_ACCENTS = str.maketrans({**_FOLD, "’": "'", "‘": "'", "–": "-", "—": "-", "−": "-", "\u00a0": " "})
# Every pack's lower-case letters, as the inside of a regex class ("a-zñа-я").
LETTERS = "".join(packs.get(code, "words", "lang", "LETTERS") for code in packs.codes())
# Letters that alone show their language (Cyrillic: Russian), by language.
_SCRIPTS = {code: frozenset(letters) for code, letters in packs.by_lang("words", "lang", "SCRIPT_LETTERS").items()
            if letters}


def normalize(text: str) -> str:
    """Lower case, Spanish accents and ё folded, dashes unified; same length as the input."""
    out = text.lower().translate(_ACCENTS)
    return out if len(out) == len(text) else text.lower()




def _lang_words(code: str, key: str) -> list[str]:
    """A word list of the pack's offline_lang section (the parser's vocabulary of that language)."""
    return list(packs.get(code, "offline_lang", key))


# Function words that show a Latin-script language (Russian shows by its letters).
_ES_WORDS = set(_lang_words("es", "DETECTION_WORDS"))
_EN_WORDS = set(_lang_words("en", "DETECTION_WORDS"))
_ES_MARKS = re.compile(r"[¿¡ñáéíóú]")
_WORD = re.compile(r"[a-zñ]+")


def language_evidence(text: str) -> tuple[str, bool]:
    """(language, whether the text really shows it) - 'SPY, 2024' shows nothing."""
    lat = sum(1 for c in text if "a" <= c.lower() <= "z")
    for code, letters in _SCRIPTS.items():
        own = sum(1 for c in text if c.lower() in letters)
        if own and own >= lat * 0.3:
            return code, True
    es = 2 * len(_ES_MARKS.findall(text.lower()))
    en = 0
    if re.search(r"[a-zñ]", text):     # a capitalised "ES" or "IT" in lower-case text is a ticker
        text = re.sub(r"(?<![\w])[A-Z]{2,5}(?![\w])", " ", text)
    for w in _WORD.findall(normalize(text)):
        es += w in _ES_WORDS or w in ES_MONTH_WORDS
        en += w in _EN_WORDS or w in EN_MONTH_WORDS
    return ("es" if es > en else "en"), es != en


def detect_language(text: str) -> str:
    """'ru' when Cyrillic dominates, else 'es' or 'en' by marks, function words and month names."""
    return language_evidence(text)[0]


# Month words per language (regex alternatives on normalised text: full and abbreviated forms;
# Russian stems with every case ending: январь, января, январе, январю, январём...).
EN_MONTHS = _lang_words("en", "MONTH_PATTERNS")
ES_MONTHS = _lang_words("es", "MONTH_PATTERNS")
RU_MONTHS = _lang_words("ru", "MONTH_PATTERNS")


def _evidence(code: str) -> set[str]:
    """The month words that show the language ("mar", "may" show nothing)."""
    words = {w for alt in _lang_words(code, "MONTH_PATTERNS") for w in alt.split("|")}
    return words - set(_lang_words(code, "MONTH_NOT_EVIDENCE"))


# A month word both languages write ("nov", "dic" is Spanish only) shows neither: counted for English
# alone, "rango nocturno de NQ 29 nov 2023" tied and was answered in English.
def _only(code: str, other: str) -> set[str]:
    rx = [re.compile(alt) for alt in _lang_words(other, "MONTH_PATTERNS")]
    return {w for w in _evidence(code) if not any(r.fullmatch(w) for r in rx)}


EN_MONTH_WORDS = _only("en", "es")
ES_MONTH_WORDS = _only("es", "en")

_MONTH_TABLE: list[tuple[re.Pattern[str], int]] = []
for _code in packs.codes():
    for _i, _alt in enumerate(_lang_words(_code, "MONTH_PATTERNS")):
        _MONTH_TABLE.append((re.compile(rf"(?:{_alt})\.?"), _i + 1))

# One alternation for every month word of every pack, longest first so "june" wins over "jun";
# words another language uses otherwise are left out ("ago": English "3 days ago", not agosto).
_AMBIGUOUS = {w for c in packs.codes() for w in _lang_words(c, "MONTH_AMBIGUOUS")}
_ALL = sorted(dict.fromkeys(w for c in packs.codes() for alt in _lang_words(c, "MONTH_PATTERNS")
                            for w in alt.split("|") if w not in _AMBIGUOUS), key=len, reverse=True)
MONTH = r"(?:" + "|".join(_ALL) + r")\.?"
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
