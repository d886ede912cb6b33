"""Language packs: every string of a language in one module, agent/lang/<code>.py (`PACK`).

A pack holds the language's messages, answer templates, capability texts, glossary texts and the
word lists the offline parser and the validator read, in sections named after the module that
reads them. Modules keep their old tables as views of the packs (`by_lang`, `transposed`), so a
fourth language is one new pack: the loader discovers it, and tests/agent/test_lang_packs.py
checks that it has exactly the keys of the English pack.

Plural forms: a pack's plural entry is a dict of the language's CLDR categories (en: one, other;
ru: one, few, many, other; es: one, many, other), optionally with exact forms ("=1") that win over
the category; `plural` picks the form by the language's CLDR rule (Babel), so "21 строка",
"22 строки", "25 строк" need no hand-written rule; tests/agent/test_plurals.py checks each pack
lists its language's categories exactly.
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from typing import Any, Mapping

BASE = "en"


@lru_cache(maxsize=1)
def _packs() -> dict[str, dict[str, Any]]:
    codes = sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))
    codes.sort(key=lambda c: c != BASE)  # English first: the fallback and the reference
    return {c: importlib.import_module(f"{__name__}.{c}").PACK for c in codes}


def codes() -> tuple[str, ...]:
    """The language codes of the packs found, English first."""
    return tuple(_packs())


def pack(code: str) -> dict[str, Any]:
    """The pack of `code` (English when there is none)."""
    packs = _packs()
    return packs.get(code, packs[BASE])


def get(code: str, *path: str) -> Any:
    node: Any = pack(code)
    for key in path:
        node = node[key]
    return node


def by_lang(*path: str) -> dict[str, Any]:
    """{code: the value at `path` in that pack}: the old `{"en": ..., "ru": ...}` tables."""
    return {c: get(c, *path) for c in codes()}


def transposed(*path: str) -> dict[str, dict[str, Any]]:
    """{key: {code: text}} for a section whose keys are the same in every pack (MESSAGES-style)."""
    return {key: {c: get(c, *path, key) for c in codes()} for key in get(BASE, *path)}


def alternation(*path: str) -> str:
    """One regular-expression alternation of the alternatives listed at `path` in every pack, in
    pack order (English first, then the others alphabetically: English before Spanish, whose Latin
    alternatives can match at the same position; Cyrillic ones cannot clash with either)."""
    return "|".join(alt for c in codes() for alt in get(c, *path))


def name(code: str) -> str:
    """The language's English name (for prompts: 'Write in Russian')."""
    return str(pack(code)["name"])


# Plural forms (see the module's docstring)
CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})


@lru_cache(maxsize=16)
def _rule(code: str):
    from babel import Locale  # only where a plural is chosen

    return Locale.parse(code).plural_form


def categories(code: str) -> frozenset[str]:
    """The CLDR plural categories of the language ('other' always among them)."""
    return frozenset(_rule(code).tags) | {"other"}


def category(code: str, n: float) -> str:
    return _rule(code)(abs(n))


def is_plural(node: Any) -> bool:
    """A pack entry that is a plural table (its keys CLDR categories or exact '=N' forms)."""
    return isinstance(node, dict) and "other" in node and all(
        k in CATEGORIES or (isinstance(k, str) and k.startswith("=")) for k in node)


def plural(code: str, forms: Mapping[str, str], count: float, **fields: Any) -> str:
    """The form for `count` filled with `fields` ({n} is the count unless fields give it as text)."""
    exact = forms.get(f"={count:g}") if float(count).is_integer() else None
    text = exact or forms.get(category(code, count)) or forms["other"]
    return text.format(**{"n": count, **fields})
