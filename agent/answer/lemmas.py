"""A word's lemma per language, for the closed vocabulary (agent/answer/vocabulary.py).

Russian: pymorphy3 (OpenCorpora's dictionary with its inflection rules; loads in about 0.2 s from a
DAWG and answers any of a verb's or an adjective's dozens of forms: "закрылся" -> "закрыться",
"торговых" -> "торговый"). English and Spanish: simplemma (pure Python, its dictionaries ship in
the wheel, nothing downloaded at run time): "sessions" -> "session", "cerró" -> "cerrar". Both are
maintained libraries; hand-written stems failed wherever an ending was missing. Loaded once per
process and language on first use (simplemma's Spanish table takes a few seconds to unpack).
The lemma is returned normalised (lower case, accents folded, ё -> е) to match the packs' lists.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from agent import lang as packs
from agent.nlu.lang import normalize

if TYPE_CHECKING:
    from pymorphy3 import MorphAnalyzer

# A letter of the Russian script: such a word is lemmatised by pymorphy3.
_CYRILLIC = re.compile(packs.get("ru", "answer", "SCRIPT"))


@lru_cache(maxsize=1)
def _morph() -> MorphAnalyzer:
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang="ru")


@lru_cache(maxsize=65536)
def lemmas(word: str, lang: str) -> tuple[str, ...]:
    """The word's possible lemmas (normalised), the word itself first: Russian forms are often
    ambiguous ("стали": steel or became), so every reading pymorphy3 gives is returned."""
    low = word.lower()
    out = [normalize(low)]
    if lang == "ru" and _CYRILLIC.search(low):
        out += [normalize(p.normal_form) for p in _morph().parse(low)]
    elif low.isascii() or lang == "es":
        import simplemma

        out.append(normalize(simplemma.lemmatize(low, lang="es" if lang == "es" else "en")))
    return tuple(dict.fromkeys(out))
