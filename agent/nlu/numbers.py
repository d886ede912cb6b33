"""Numbers in questions: digits ("5", "2.5", "2,5") and number words in English, Russian, Spanish."""
from __future__ import annotations

import re

_WORDS: dict[str, int] = {}
for _n, _forms in {
    1: "one first single один одна одно одного одной одну первый первая первые первых uno primero primera",
    2: "two second couple два две двух двумя второй вторая dos segundo segunda",
    3: "three third три трех тремя третий третья tres tercero tercer tercera",
    4: "four fourth четыре четырех четвертый четвертая cuatro cuarto cuarta",
    5: "five fifth пять пяти пятью пятый cinco quinto",
    6: "six шесть шести seis",
    7: "seven семь семи siete",
    8: "eight восемь восьми ocho",
    9: "nine девять девяти nueve",
    10: "ten десять десяти diez",
    11: "eleven одиннадцать once",
    12: "twelve двенадцать doce dozen дюжина",
    15: "fifteen пятнадцать пятнадцати quince",
    20: "twenty двадцать двадцати veinte",
    30: "thirty тридцать тридцати treinta",
    50: "fifty пятьдесят пятидесяти cincuenta",
    100: "hundred сто ста cien",
}.items():
    for _w in _forms.split():
        _WORDS.setdefault(_w, _n)

# Words that are numbers only in counting positions ("five largest", "три самых") - not ordinals.
CARDINALS = {w: n for w, n in _WORDS.items()
             if not re.fullmatch(r"first|second|third|fourth|fifth|перв\w*|втор\w*|трет\w*|"
                                 r"четверт\w*|пят\w+й|primer\w*|segund\w*|tercer\w*|cuart\w*|quint\w*"
                                 r"|single|couple|dozen|дюжина", w)}

NUM = r"\d+(?:[.,]\d+)?"
CARDINAL_WORD = r"(?:" + "|".join(sorted(CARDINALS, key=len, reverse=True)) + r")"
COUNT = rf"(?:\d+|{CARDINAL_WORD})"


def to_float(token: str) -> float:
    """'2,5' or '2.5' -> 2.5."""
    return float(token.replace(",", "."))


def word_number(token: str) -> int | None:
    """A cardinal or ordinal word (or digits) as an int, else None."""
    t = token.strip().lower()
    if t.isdigit():
        return int(t)
    return _WORDS.get(t)


def count_value(token: str | None, default: int | None = None) -> int | None:
    """Digits or a cardinal word as an int; `default` when missing or unknown."""
    if not token:
        return default
    v = word_number(token)
    return v if v is not None else default
