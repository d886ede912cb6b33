"""Relation slots: {dir:x}, {cmp:a,b}, {share:a,b}, whose words code picks from the
values ("rose" / "fell", "higher than", "4 of 9"), so a relation is never the model's word.
`table` is a slots.SlotTable (not imported: slots imports this module)."""
from __future__ import annotations

from typing import Any

from agent import lang as packs


def relation_values(name: str, table: Any) -> list[Any] | None:
    """The values a relation slot relates (None when it names nothing numeric)."""
    kind, _, args = name.partition(":")
    kind = kind.split(".")[0]          # {dir.f:x}: the form, not the kind
    parts = args.split(",")
    if kind not in ("dir", "cmp", "share") or len(parts) != (1 if kind == "dir" else 2):
        return None
    values = [table.get(p) for p in parts]
    if any(v is None or isinstance(v.value, str) for v in values):
        return None
    return values


def relation(name: str, table: Any, lang: str) -> str:
    """A relation slot's words, chosen by code from the values ("rose", "lower than", "4 of 9")."""
    values = relation_values(name, table)
    if values is None:
        raise KeyError(name)
    kind, _, form = name.split(":", 1)[0].partition(".")
    words = packs.get(lang, "answer", kind.upper())
    if kind == "dir":
        v = float(values[0].value)
        way = "up" if v > 0 else "down" if v < 0 else "flat"
        # the subject's gender / number ("цена выросла", "котировки выросли", "subieron"); the
        # masculine singular is the plain DIR table
        return str(packs.get(lang, "answer", "DIR_FORMS").get(form, {}).get(way) or words[way])
    if kind == "cmp":
        a, b = float(values[0].value), float(values[1].value)
        return str(words["gt" if a > b else "lt" if a < b else "eq"])
    return str(words.format(a=values[0].text(lang), b=values[1].text(lang)))
