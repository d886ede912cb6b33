"""Phrases shared by clarifications and answers: periods (words from the language packs), numbers."""
from __future__ import annotations

import re

from agent import lang as packs
from agent.answer import format as fmt
from agent.nlu.lang import MONTH_NAMES
from agent.state import Period

_ORD = packs.by_lang("offline_texts", "_ORD")
_HALF = packs.by_lang("offline_texts", "_HALF")


def _t(lang: str, key: str) -> str:
    return str(packs.get(lang, "offline_texts", key))


def period_text(p: Period, lang: str) -> str:
    """How a period is named in running text ('November 2023', 'ноябрь 2023', 'noviembre de 2023').

    Only years and dates appear as digits (in words: "March 19, 2024"), so a number checker can
    tell them from values (agent/answer/numbers.py reads them as dates).
    """
    lab = p.label
    if m := re.fullmatch(r"(\d{4})-(\d{2})", lab):
        return _t(lang, "month_year").format(name=MONTH_NAMES[lang][int(m.group(2)) - 1], y=m.group(1))
    if re.fullmatch(r"\d{4}", lab):
        return lab
    if m := re.fullmatch(r"(\d{4})-Q([1-4])", lab):
        return _t(lang, "quarter").format(o=_ORD[lang][int(m.group(2)) - 1], y=m.group(1))
    if m := re.fullmatch(r"(\d{4})-H([12])", lab):
        return _t(lang, "half").format(o=_HALF[lang][int(m.group(2)) - 1], y=m.group(1))
    if p.start == p.end:
        return fmt.day(p.start, lang)              # "March 19, 2024", "19 марта 2024 г."
    return f"{fmt.day(p.start, lang)} – {fmt.day(p.end, lang)}"


def period_request(p: Period, lang: str) -> str:
    """A period as a user would type it after a symbol ('за ноябрь 2023', 'from X to Y')."""
    lab = p.label
    if re.fullmatch(r"\d{4}-\d{2}", lab):
        return _t(lang, "for_month").format(p=period_text(p, lang))
    if re.fullmatch(r"\d{4}", lab):
        return _t(lang, "for_year").format(y=lab)
    if p.start == p.end:
        return _t(lang, "on_day").format(d=lab)
    return _t(lang, "from_to").format(a=p.start.isoformat(), b=p.end.isoformat())
