"""Corpora of the statements over a series (our phrasing, EN/RU/ES), both ways: streaks, the final
sessions, ranks and superlatives, times of day, instruments named by a description, and a part of
a multi-part answer named by its place. Which sentence is true is decided here with pandas on
shared/data (tests/query_builder/reference.py), never hard-coded: each sentence carries the
condition that makes it true, and lands in the lies or the truths by it."""
from __future__ import annotations

import calendar
from functools import lru_cache

from tests.query_builder import reference as ref

LANGS = ("en", "ru", "es")
ORD = {"en": {2: "second", 3: "third", 4: "fourth", 5: "fifth"},
       "ru": {2: "второй", 3: "третий", 4: "четвёртый", 5: "пятый"},
       "es": {2: "segunda", 3: "tercera", 4: "cuarta", 5: "quinta"}}
ORD_M = {"en": ORD["en"], "ru": {2: "вторым", 3: "третьим", 4: "четвёртым", 5: "пятым"},
         "es": {2: "segundo", 3: "tercer", 4: "cuarto", 5: "quinto"}}
CARD = {"en": {2: "two", 3: "three", 4: "four"}, "ru": {2: "два", 3: "три", 4: "четыре"},
        "es": {2: "dos", 3: "tres", 4: "cuatro"}}


# --- the facts ---------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def nq_changes() -> list[float]:
    """NQ's close-to-close changes of November 2023 in order (the first session's is unknown:
    the file starts that day)."""
    d = ref.with_changes(ref.daily("NQ")).loc["2023-11-01":"2023-11-30"]
    return [float(x) for x in d["pct_change"].tolist()]


def run_at_end(changes: list[float], way: str) -> tuple[int, bool]:
    """(length of the run of `way` sessions ending the period, whether it reaches the unknown first)."""
    n = 0
    for c in reversed(changes):
        if c != c:
            return n, True
        if not (c > 0 if way == "up" else c < 0):
            return n, False
        n += 1
    return n, True


@lru_cache(maxsize=None)
def spx_2019_months() -> list[float]:
    """SPX's monthly % change (last close / first open - 1) for each month of 2019."""
    d = ref.daily("SPX").loc["2019-01-01":"2019-12-31"]
    g = d.groupby(d.index.month)
    return [float((g["close"].last()[m] / g["open"].first()[m] - 1) * 100) for m in range(1, 13)]


def rank_of(values: list[float], k: int, side: str) -> int:
    """1-based rank of values[k] (side "max": the largest first)."""
    order = sorted(range(len(values)), key=lambda i: values[i], reverse=(side == "max"))
    return order.index(k) + 1


MONTH_STEPS = [{"start_date": f"2019-{m:02d}-01", "end_date": f"2019-{m:02d}-{calendar.monthrange(2019, m)[1]}",
                "label": f"2019-{m:02d}"} for m in range(1, 13)]


@lru_cache(maxsize=None)
def spy_extremes(day: str) -> dict[str, int]:
    """Minutes after 09:30 of SPY's regular-session high and low on `day` (their first minute)."""
    m = ref.minutes("SPY")
    d = m[(m["trading_date"] == day) & m["in_session"]]
    out = {}
    for key, idx in (("high", d["high"].idxmax()), ("low", d["low"].idxmin())):
        t = d.loc[idx, "local"]
        out[key] = int(t.hour * 60 + t.minute - 570)
    return out


# --- the sentences: (lang, text, true?) ---------------------------------------------------------

def streak_sentences() -> list[tuple[str, str, bool]]:
    ch = nq_changes()
    down, open_down = run_at_end(ch, "down")
    up, _ = run_at_end(ch, "up")
    out = []
    for n in (2, 3, 4):
        exact_down = n == down and not open_down
        out += [("en", f"NQ closed lower for a {ORD['en'][n]} straight session, at {{close}}.", exact_down),
                ("ru", f"NQ снизился {ORD['ru'][n]} день подряд и закрылся на {{close}}.", exact_down),
                ("es", f"NQ cayó por {ORD['es'][n]} sesión consecutiva y cerró en {{close}}.", exact_down),
                ("en", f"It was a {ORD['en'][n]} straight gain, with a close of {{close}}.", n == up),
                ("ru", f"Это {ORD['ru'][n]} подряд рост, закрытие {{close}}.", n == up),
                ("es", f"Fue la {ORD['es'][n]} subida seguida, con cierre en {{close}}.", n == up),
                ("en", f"NQ fell {CARD['en'][n]} days in a row to {{close}}.", down >= n),
                ("ru", f"NQ снижался {CARD['ru'][n]} дня подряд, до {{close}}.", down >= n),
                ("es", f"NQ bajó {CARD['es'][n]} días seguidos hasta {{close}}.", down >= n),
                ("en", f"NQ rose {CARD['en'][n]} sessions in a row, closing at {{close}}.", up >= n)]
    out += [("en", "NQ ended at {close} after two straight weekly losses.", False),
            ("es", "NQ cerró en {close} tras dos semanas seguidas de caídas.", False)]
    return out


def final_sentences() -> list[tuple[str, str, bool]]:
    ch = nq_changes()
    both_down, both_up = all(c < 0 for c in ch[-2:]), all(c > 0 for c in ch[-2:])
    three_down = all(c < 0 for c in ch[-3:])
    return [("en", "Both final sessions closed lower; NQ ended at {close}.", both_down),
            ("en", "Both final sessions closed higher; NQ ended at {close}.", both_up),
            ("ru", "Оба последних дня NQ закрывался снижением, итог {close}.", both_down),
            ("ru", "Оба последних дня NQ закрывался ростом, итог {close}.", both_up),
            ("es", "Ambas sesiones finales cerraron a la baja; NQ terminó en {close}.", both_down),
            ("es", "Ambas sesiones finales cerraron al alza; NQ terminó en {close}.", both_up),
            ("en", "All final three sessions closed lower, to {close}.", three_down),
            ("es", "Las tres últimas sesiones cerraron a la baja, hasta {close}.", three_down)]


def rank_sentences() -> list[tuple[str, str, bool]]:
    """Over SPX's twelve months of 2019 (compare_periods): each month's place by % change."""
    ch = spx_2019_months()
    out = []
    for k in (0, 2, 4, 5, 7, 9, 11):
        p = f"{{p{k + 1}.period}}"
        v = f"{{p{k + 1}.pct_change}}"
        weak, strong = rank_of(ch, k, "min"), rank_of(ch, k, "max")
        for n in (2, 3, 4):
            out += [("en", f"{p} was the {ORD_M['en'][n]}-weakest month of the year: {v}.", weak == n),
                    ("es", f"{p} fue el {ORD_M['es'][n]} peor mes del año: {v}.", weak == n),
                    ("ru", f"{p} стал {ORD_M['ru'][n]} по силе месяцем года: {v}.", strong == n)]
        out += [("en", f"{p} was the best month of the year: {v}.", strong == 1),
                ("ru", f"{p} стал худшим месяцем года: {v}.", weak == 1)]
    return out


TOD_DAYS = ("2024-04-02", "2024-04-03", "2024-04-04")


def time_sentences(day: str) -> list[tuple[str, str, bool]]:
    """SPY's high and low on `day` (intraday bars), said near the open or the close (09:30-16:00)."""
    ext = spy_extremes(day)
    hi, lo = ext["high"], ext["low"]
    close = 390
    return [("en", "SPY hit its low of {low} right at the opening bell.", lo < 5),
            ("en", "The high of {high} came near the close.", 0 < close - hi <= 30),
            ("en", "SPY touched {high} near the open.", hi < 30),
            ("en", "The low, {low}, came late in the session.", 0 < close - lo <= 30),
            ("ru", "Минимум {low} пришёлся на первые минуты торгов.", lo < 5),
            ("ru", "Максимум {high} был незадолго до закрытия.", 0 < close - hi <= 30),
            ("ru", "SPY достиг {high} вскоре после открытия.", hi < 30),
            ("es", "SPY marcó su mínimo de {low} justo en la apertura.", lo < 5),
            ("es", "El máximo de {high} llegó poco antes del cierre.", 0 < close - hi <= 30),
            ("es", "El mínimo, {low}, llegó en la última media hora.", 0 < close - lo <= 30)]


def description_sentences() -> list[tuple[str, str, bool]]:
    """Two instruments (s1 = NQ, s2 = SPY): a description must own the value after it."""
    out = []
    for k, owner in ((1, "NQ"), (2, "SPY")):
        tech = owner == "NQ"
        out += [("en", f"The tech-heavy index {{dir:s{k}.pct_change}} {{s{k}.pct_change}}.", tech),
                ("en", f"The broad market {{dir:s{k}.pct_change}} {{s{k}.pct_change}}.", not tech),
                ("ru", f"Технологический индекс закрылся на {{s{k}.close}}.", tech),
                ("ru", f"Широкий рынок закрылся на {{s{k}.close}}.", not tech),
                ("es", f"El índice tecnológico cerró en {{s{k}.close}}.", tech),
                ("es", f"El mercado amplio cerró en {{s{k}.close}}.", not tech),
                ("en", f"The technology index closed at {{s{k}.close}}.", tech),
                ("ru", f"Широкий индекс закрылся на {{s{k}.close}}.", not tech),
                ("es", f"El índice amplio cerró en {{s{k}.close}}.", not tech)]
    out += [("en", "The blue-chip index closed at {s1.close}.", False),
            ("es", "Los valores de primera línea cerraron en {s2.close}.", False)]
    return out


WEEKS = [{"start_date": "2024-04-01", "end_date": "2024-04-05", "label": "W1"},
         {"start_date": "2024-04-08", "end_date": "2024-04-12", "label": "W2"}]


def part_sentences() -> list[tuple[str, str, bool]]:
    """SPY's two weeks of April 2024 compared (p1 the earlier): the place names the part."""
    out = []
    for k in (1, 2):
        early = k == 1
        out += [("en", f"The earlier of the two weeks closed at {{p{k}.close}}.", early),
                ("en", f"The later of the two weeks closed at {{p{k}.close}}.", not early),
                ("ru", f"Более ранняя из двух недель закрылась на {{p{k}.close}}.", early),
                ("ru", f"Вторая из двух недель закрылась на {{p{k}.close}}.", not early),
                ("es", f"La semana anterior cerró en {{p{k}.close}}.", early),
                ("es", f"La segunda de las dos semanas cerró en {{p{k}.close}}.", not early),
                ("en", f"The later week ended at {{p{k}.close}}.", not early),
                ("ru", f"Первая из двух недель закрылась на {{p{k}.close}}.", early),
                ("es", f"La semana posterior cerró en {{p{k}.close}}.", not early)]
    return out
