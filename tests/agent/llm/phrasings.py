"""A generator of phrasings with their expected typed reading (issue 24).

Each phrasing combines an instrument, a period form and a measure form of one language through a
word-order template, then varies casing, adds a one-letter typo or mixes in a word of another
language. The expected reading (symbol, period label, measure) is known by construction: nothing
here is an evaluation question, and the forms are written per class (week-of periods,
abbreviations, month + two-digit year, day ranges, relative periods, glued and transliterated
indicators, bull/bear days, performance words, unknown instruments such as 6E). Issue 24's second
pass added: halves, a year written before its month, quarter words with a two-digit year,
"week commencing" / "que comienza" / "начинающуюся" forms, 01-Mar-2020 and 2020/03/16 dates,
prev/prior qtr and yr, closed-higher / finished-in-the-red days, SMA and ATR with their windows
written every way, the return against the previous year's close (year periods only), more
performance words, and two more never-loaded tickers (CL, 6J): 15,192 phrasings.

    generate() -> list[Case]           every phrasing (deterministic)
    paraphrase_groups() -> {key: [Case]}   phrasings of the same reading in other words / languages

Today for the relative forms is the offline helpers' (2024-05-20).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

# Instruments: loaded ones, one by its name, and ones the tests never load (unknown tickers).
SYMBOLS = [("SPX", "SPX"), ("NQ", "NQ"), ("SPY", "SPY"), ("BTCUSD", "BTCUSD"), ("ZETA", "Zeta Robotics"),
           ("NVDA", "NVDA"), ("6E", "6E"), ("CL", "CL"), ("6J", "6J")]

UNKNOWN = {"NVDA", "6E", "CL", "6J"}           # never loaded: read from their capitals

# (period key, expected label): the same key in every language is the same period.
PERIODS: dict[str, dict[str, list[str]]] = {
    "2023-11": {"en": ["in November 2023", "for Nov 2023", "in nov '23", "for Nov-23", "in Nov-2023", "in Nov 23",
                       "for 2023 November", "for nov2023"],
                "ru": ["за ноябрь 2023", "в ноябре 2023 года", "за нояб. 2023", "в ноябре 23", "за ноябрь 23"],
                "es": ["en noviembre de 2023", "en nov 2023", "en noviembre 2023", "en noviembre 23",
                       "en noviembre de 23"]},
    "2019-Q3": {"en": ["in Q3 2019", "for 3Q19", "in the 3rd qtr 2019", "in the third quarter of 2019", "in Q3'19",
                       "in Q3 19", "for the 3rd quarter of '19"],
                "ru": ["за 3 кв. 2019", "за третий квартал 2019", "в 3-м квартале 2019 года", "за 3 кв 19"],
                "es": ["en el 3T 2019", "en el tercer trimestre de 2019", "en el T3 2019", "en el 3T 19", "en el T3 19"]},
    "2019-H1": {"en": ["in H1 2019", "for 1H19", "in the first half of 2019"],
                "ru": ["в первом полугодии 2019", "за 1-е полугодие 2019 года"],
                "es": ["en el primer semestre de 2019", "en el 1er semestre de 2019"]},
    "2019": {"en": ["in 2019", "for the year 2019", "for yr 2019", "for yr. 2019"],
             "ru": ["за 2019 год", "в 2019 году", "за 2019"],
             "es": ["en 2019", "en el año 2019", "durante 2019"]},
    "2020-03-02..2020-03-06": {"en": ["from March 2 to March 6, 2020", "March 2-6, 2020", "for March 2 to 6, 2020",
                                      "between 2020-03-02 and 2020-03-06", "Mar 2nd to 6th, 2020",
                                      "from 02-Mar-2020 to 06-Mar-2020", "from 2020/03/02 to 2020/03/06"],
                               "ru": ["со 2 по 6 марта 2020", "с 2 по 6 марта 2020 года", "2-6 марта 2020",
                                      "между 2 и 6 марта 2020"],
                               "es": ["del 2 al 6 de marzo de 2020", "entre el 2 y el 6 de marzo de 2020",
                                      "desde el 2 hasta el 6 de marzo de 2020", "del 2 de marzo al 6 de marzo de 2020"]},
    "2020-03-09..2020-03-13": {"en": ["the week of March 9, 2020", "for the wk of 2020-03-09",
                                      "in the week of 2020-03-09", "the week commencing 9 March 2020",
                                      "in the week beginning March 9th, 2020", "the week starting on 3/9/2020"],
                               "ru": ["за неделю 9 марта 2020", "на неделе 9 марта 2020", "за неделю с 9 марта 2020",
                                      "за неделю, начинающуюся 9 марта 2020"],
                               "es": ["la semana del 9 de marzo de 2020", "en la semana que comienza el 9 de marzo de 2020",
                                      "la semana que empieza el 9 de marzo de 2020"]},
    "2020-03-16": {"en": ["on 2020-03-16", "on March 16, 2020", "on 3/16/2020", "on 16-Mar-2020", "on March 16th, 2020",
                          "on 2020/03/16"],
                   "ru": ["16 марта 2020", "16.03.2020"],
                   "es": ["el 16 de marzo de 2020", "el 16/03/2020"]},
    "2024-Q1": {"en": ["last quarter", "for the previous quarter", "prev qtr", "for the prior qtr"],
                "ru": ["за прошлый квартал", "в предыдущем квартале"],
                "es": ["el trimestre pasado", "en el trimestre anterior"]},
    "2023": {"en": ["last year", "for the previous year", "last yr", "for the prior year"],
             "ru": ["за прошлый год", "в прошлом году"],
             "es": ["el año pasado", "en el año anterior"]},
}

# (measure key, (kind, value)): a claim type, an indicator, or the usual figures.
MEASURES: dict[str, tuple[tuple[str, str], dict[str, list[str]]]] = {
    "close": (("metric", "close"), {"en": ["close", "closing price"], "ru": ["закрытие", "цена закрытия"],
                                    "es": ["cierre", "precio de cierre"]}),
    "high": (("metric", "high"), {"en": ["high", "highest price"], "ru": ["максимум"], "es": ["máximo"]}),
    "volatility": (("metric", "volatility"), {"en": ["volatility"], "ru": ["волатильность"],
                                              "es": ["volatilidad"]}),
    "up_days": (("metric", "up_days"), {"en": ["bull days", "up days", "green days", "sessions that closed higher"],
                                        "ru": ["бычьи дни", "дни роста", "дни закрытия в плюс", "растущие дни"],
                                        "es": ["días alcistas", "sesiones alcistas", "días que cerraron al alza"]}),
    "down_days": (("metric", "down_days"), {"en": ["bear days", "down days", "sessions that finished in the red"],
                                            "ru": ["медвежьи дни", "дни закрытия в минус", "падающие дни"],
                                            "es": ["días bajistas", "sesiones bajistas", "días que cerraron a la baja"]}),
    "rsi": (("indicator", "rsi"), {"en": ["RSI", "rsi14", "14-day RSI", "RSI-14"], "ru": ["RSI", "рси", "рси14", "РСИ(14)"],
                                   "es": ["RSI", "rsi14"]}),
    "sma": (("indicator", "sma"), {"en": ["sma50", "50 SMA", "SMA(50)"], "ru": ["сма50", "скользящая средняя 50"],
                                   "es": ["sma50", "SMA(50)"]}),
    "atr": (("indicator", "atr"), {"en": ["ATR", "atr14"], "ru": ["атр", "АТР(14)"], "es": ["ATR", "atr14"]}),
    "stats": (("analysis", "stats"), {"en": ["stats", "statistics", "performance", "overview"],
                                      "ru": ["статистика", "сводка", "динамика", "результат"],
                                      "es": ["estadísticas", "rendimiento", "resumen", "desempeño"]}),
    # the return against the close before the period: year periods only ("the previous year's close")
    "return_prev_close": (("metric", "return_prev_close"), {
        "en": ["return vs the previous year's close", "change versus prior year close", "YoY return"],
        "ru": ["доходность относительно закрытия прошлого года", "доходность к закрытию предыдущего года"],
        "es": ["rendimiento respecto al cierre del año anterior", "rentabilidad frente al cierre del año pasado"]}),
}

# Word orders per language ({m} measure, {s} instrument, {p} period with its preposition).
TEMPLATES = {
    "en": ["{m} of {s} {p}", "{s} {m} {p}", "{p}: {s} {m}", "What was the {m} of {s} {p}?",
           "show me {s} {m} {p}"],
    "ru": ["{m} {s} {p}", "{s} {m} {p}", "{p} {s}: {m}", "Покажи {m} {s} {p}"],
    "es": ["{m} de {s} {p}", "{s} {m} {p}", "¿Cuál fue el {m} de {s} {p}?", "Muéstrame {m} de {s} {p}"],
}
# Day-specific periods with day-level measures only (a day has no volatility or bull days).
DAY_KEYS = {"2020-03-16"}
DAY_MEASURES = {"close", "high", "stats", "sma"}
YEAR_KEYS = {"2019", "2023"}
YEAR_MEASURES = {"return_prev_close"}             # measured against the previous year's close


# A market open every day (BTCUSD) trades all seven days of a week: Monday to Sunday.
SEVEN_DAY_WEEKS = {"2020-03-09..2020-03-13": "2020-03-09..2020-03-15"}
SEVEN_DAY_SYMBOLS = {"BTCUSD", "ZETA"}   # ZETA: the helpers declare it with the default 24h session


@dataclass(frozen=True)
class Case:
    text: str
    lang: str
    symbol: str
    period: str
    measure: tuple[str, str]
    variant: str          # plain | lower | upper | typo | mixed

    @property
    def key(self) -> tuple[str, str, tuple[str, str]]:
        return self.symbol, self.period, self.measure


def _typo(word: str, rng: random.Random) -> str | None:
    """One letter dropped from a word of 7+ letters (the fuzzy vocabulary reads it back)."""
    if len(word) < 7 or not word.isalpha():
        return None
    i = rng.randrange(2, len(word) - 1)
    return word[:i] + word[i + 1:]


def _base_cases() -> list[Case]:
    out = []
    for lang, templates in TEMPLATES.items():
        for pkey, forms in PERIODS.items():
            for mkey, (expect, mforms) in MEASURES.items():
                if pkey in DAY_KEYS and mkey not in DAY_MEASURES:
                    continue
                if mkey in YEAR_MEASURES and pkey not in YEAR_KEYS:
                    continue
                for sym, written in SYMBOLS:
                    for t_i, tpl in enumerate(templates):
                        p = forms[lang][(t_i + len(sym)) % len(forms[lang])]
                        m = mforms[lang][(t_i + len(pkey)) % len(mforms[lang])]
                        label = SEVEN_DAY_WEEKS.get(pkey, pkey) if sym in SEVEN_DAY_SYMBOLS else pkey
                        out.append(Case(tpl.format(m=m, s=written, p=p), lang, sym, label, expect, "plain"))
    return out


def generate(seed: int = 24) -> list[Case]:
    rng = random.Random(seed)
    base = _base_cases()
    out = list(base)
    for c in base:
        if c.symbol in UNKNOWN or c.symbol == "ZETA":
            continue                       # unknown tickers are read from their capitals
        out.append(Case(c.text.lower(), c.lang, c.symbol, c.period, c.measure, "lower"))
        if rng.random() < 0.3:
            out.append(Case(c.text.upper(), c.lang, c.symbol, c.period, c.measure, "upper"))
    for c in base:                         # typos in the measure's long words
        if c.measure[0] != "metric" or c.symbol in UNKNOWN:
            continue
        words = c.text.split()
        for i, w in enumerate(words):
            bad = _typo(w.strip("?¿:,"), rng) if w.strip("?¿:,").lower() in _LONG_MEASURE_WORDS else None
            if bad and rng.random() < 0.5:
                out.append(Case(" ".join([*words[:i], bad, *words[i + 1:]]), c.lang, c.symbol, c.period,
                                c.measure, "typo"))
                break
    for pkey, forms in PERIODS.items():    # mixed-language words: an English measure, another period
        for lang in ("ru", "es"):
            for sym, written in SYMBOLS[:4]:
                for mkey in ("close", "high"):
                    m = MEASURES[mkey][1]["en"][0]
                    label = SEVEN_DAY_WEEKS.get(pkey, pkey) if sym in SEVEN_DAY_SYMBOLS else pkey
                    out.append(Case(f"{written} {m} {forms[lang][0]}", lang, sym, label, MEASURES[mkey][0],
                                    "mixed"))
    return out


_LONG_MEASURE_WORDS = {"volatility", "volatilidad", "волатильность", "closing", "statistics", "estadísticas",
                       "статистика", "максимум", "закрытие", "previous", "прошлого", "anterior", "alcistas",
                       "bajistas"}


def paraphrase_groups(cases: list[Case] | None = None) -> dict[tuple, list[Case]]:
    """Phrasings of the same reading (same instrument, period and measure) in other word orders,
    forms and languages: each group must read the same."""
    groups: dict[tuple, list[Case]] = {}
    for c in cases if cases is not None else _base_cases():
        groups.setdefault(c.key, []).append(c)
    return {k: v for k, v in groups.items() if len(v) >= 2}
