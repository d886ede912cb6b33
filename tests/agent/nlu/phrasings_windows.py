"""Generated phrasings of time-of-day windows, one candle and day.month.year ranges (EN/RU/ES),
each with the reading it must give: (text, window start, window end, period label). Paraphrase
pairs are the same reading written in different notations."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import time
from itertools import product


@dataclass(frozen=True)
class Case:
    text: str
    start: time | None
    end: time | None
    label: str


# (template with {s} symbol and {d} date, start, end): SPY on a summer day (New York = UTC-4)
_WINDOWS = [
    ("{s} high and low between 2 and 3 pm on {d}", time(14), time(15)),
    ("{s} hi & lo 2 to 3 p.m. Eastern on {d}", time(14), time(15)),
    ("{s} 2-3pm ET on {d}", time(14), time(15)),
    ("{s} from 14:00 to 15:00 New York time on {d}", time(14), time(15)),
    ("{s} from 18:00 to 19:00 UTC on {d}", time(14), time(15)),
    ("{s} 10:00-11:00 CET on {d}", time(4), time(5)),
    ("{s} last half hour on {d}", time(15, 30), time(16)),
    ("{s} last 30 minutes on {d}", time(15, 30), time(16)),
    ("{s} first hour on {d}", time(9, 30), time(10, 30)),
    ("{s} opening range on {d}", time(9, 30), time(10)),
    ("{s} the 15:00 hourly candle on {d}", time(15), time(16)),
    ("{s} the 10:30 5-minute bar on {d}", time(10, 30), time(10, 35)),
]
_WINDOWS_RU = [
    ("максимум {s} с 14 до 15 по Нью-Йорку {d}", time(14), time(15)),
    ("максимум {s} с 18 до 19 по UTC {d}", time(14), time(15)),
    ("{s} с 21:00 до 22:00 мск {d}", time(14), time(15)),
    ("{s} последние полчаса {d}", time(15, 30), time(16)),
    ("{s} часовая свеча в 15:00 {d}", time(15), time(16)),
    ("{s} диапазон открытия {d}", time(9, 30), time(10)),
]
_WINDOWS_ES = [
    ("máximo de {s} de 15:00 a 16:00 hora de Nueva York el {d}", time(15), time(16)),
    ("{s} de 18:00 a 19:00 hora UTC el {d}", time(14), time(15)),
    ("{s} la última media hora el {d}", time(15, 30), time(16)),
    ("la vela horaria de las 15:00 de {s} el {d}", time(15), time(16)),
    ("{s} rango de apertura el {d}", time(9, 30), time(10)),
]
_DAYS = {"en": ["April 5, 2024", "5 April 2024", "Apr 5 '24", "2024-04-05"],
         "ru": ["5 апреля 2024", "05.04.2024", "5 апреля '24"],
         "es": ["5 de abril de 2024", "05.04.2024", "5 de abril del '24"]}
_RANGES = ["{s} {a}-{b}", "{s} {a} – {b}", "{s} с {a} по {b}", "{s} del {a} al {b}", "{s} from {a} to {b}",
           "статистика {s} {a}-{b}", "estadísticas de {s} {a}-{b}"]
_ENDS = [("01.03.2024", "15.03.2024"), ("01.03.24", "15.03.24"), ("04.03.2024", "29.03.2024")]


def generate() -> list[Case]:
    out: list[Case] = []
    for lang, rows in (("en", _WINDOWS), ("ru", _WINDOWS_RU), ("es", _WINDOWS_ES)):
        for (tpl, a, b), d in product(rows, _DAYS[lang]):
            out.append(Case(tpl.format(s="SPY", d=d), a, b, "2024-04-05"))
    for tpl, (a, b) in product(_RANGES, _ENDS):
        out.append(Case(tpl.format(s="SPY", a=a, b=b), None, None,
                        f"2024-03-{a[:2]}..2024-03-{b[:2]}"))
    return out


def mismatch(c: Case, it) -> str | None:
    """Why the intent does not read as built (None when it does)."""
    got = (it.time_window.start, it.time_window.end) if it.time_window else (None, None)
    if got != (c.start, c.end):
        return f"window {got}"
    if it.period is None or it.period.label != c.label or it.compare_periods:
        return f"period {it.period and it.period.label} {it.compare_periods}"
    if it.declined:
        return f"declined {[d.part for d in it.declined]}"
    return None
