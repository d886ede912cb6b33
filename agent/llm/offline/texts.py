"""Language-specific phrases shared by clarifications and answers: periods, numbers."""
from __future__ import annotations

import re

from agent import lang as packs
from agent.llm.offline.lang import MONTH_NAMES
from agent.state import Period

_ORD = packs.by_lang("offline_texts", "_ORD")
_HALF = packs.by_lang("offline_texts", "_HALF")


def period_text(p: Period, lang: str) -> str:
    """How a period is named in running text ('November 2023', 'ноябрь 2023', 'noviembre de 2023').

    Only the year and ISO dates appear as digits, so a number checker can tell them from values.
    """
    lab = p.label
    if m := re.fullmatch(r"(\d{4})-(\d{2})", lab):
        name = MONTH_NAMES[lang][int(m.group(2)) - 1]
        return f"{name} de {m.group(1)}" if lang == "es" else f"{name} {m.group(1)}"
    if re.fullmatch(r"\d{4}", lab):
        return lab
    if m := re.fullmatch(r"(\d{4})-Q([1-4])", lab):
        o = _ORD[lang][int(m.group(2)) - 1]
        return {"en": f"the {o} quarter of {m.group(1)}", "ru": f"{o} квартал {m.group(1)}",
                "es": f"el {o} trimestre de {m.group(1)}"}[lang]
    if m := re.fullmatch(r"(\d{4})-H([12])", lab):
        o = _HALF[lang][int(m.group(2)) - 1]
        return {"en": f"the {o} half of {m.group(1)}", "ru": f"{o} полугодие {m.group(1)}",
                "es": f"el {o} semestre de {m.group(1)}"}[lang]
    if p.start == p.end:
        return p.start.isoformat()
    return f"{p.start.isoformat()} – {p.end.isoformat()}"


def period_request(p: Period, lang: str) -> str:
    """A period as a user would type it after a symbol ('за ноябрь 2023', 'from X to Y')."""
    lab = p.label
    if re.fullmatch(r"\d{4}-\d{2}", lab):
        return {"en": "for ", "ru": "за ", "es": "en "}[lang] + period_text(p, lang)
    if re.fullmatch(r"\d{4}", lab):
        return {"en": f"for {lab}", "ru": f"за {lab} год", "es": f"en {lab}"}[lang]
    if p.start == p.end:
        return {"en": f"on {lab}", "ru": f"на {lab}", "es": f"el {lab}"}[lang]
    a, b = p.start.isoformat(), p.end.isoformat()
    return {"en": f"from {a} to {b}", "ru": f"с {a} по {b}", "es": f"del {a} al {b}"}[lang]


def fmt_price(v: float) -> str:
    """Prices and other values in price units: 2 decimals, '.' separator, no grouping."""
    return f"{v:.2f}"


def fmt_pct(v: float, signed: bool = True) -> str:
    return f"{v:+.2f}%" if signed else f"{v:.2f}%"


def fmt_volume(v: float) -> str:
    """Volumes: whole numbers when large, 2 decimals when fractional and small."""
    return f"{v:.0f}" if abs(v) >= 1000 or float(v).is_integer() else f"{v:.2f}"


def fmt_count(v: float) -> str:
    return str(int(round(v)))
