"""The closed world's own corpora (our phrasing, EN/RU/ES): lies made of real slots around words no
list of falsifiable words named (labels, approximations, relative time, advice, metric words never
computed, counts, ranks, times of day, units, outside norms, descriptions), and true sentences of
the same kinds. Which label or relative time is true is decided here from pandas on shared/data
(NQ, November 2023), never hard-coded."""
from __future__ import annotations

from functools import lru_cache

from tests.agent.answer.statement_corpus import nq_days, nq_facts

LANGS = ("en", "ru", "es")
# The request's date of the corpus: inside the month, so "this month" is true and "last week",
# "yesterday" or "this year" about November's values are checked, not guessed.
NOW = "2023-11-30"


@lru_cache(maxsize=None)
def facts() -> dict:
    d = nq_days()
    vol = float((d["close"].pct_change() * 100).std(ddof=1))
    return {**nq_facts(), "volatility": vol}


_METRICS = {
    "en": [("close", "{close}"), ("open", "{open}"), ("high", "{high}"), ("low", "{low}"), ("total volume", "{total_volume}")],
    "ru": [("закрытие", "{close}"), ("открытие", "{open}"), ("максимум", "{high}"), ("минимум", "{low}"), ("общий объём", "{total_volume}")],
    "es": [("cierre", "{close}"), ("apertura", "{open}"), ("máximo", "{high}"), ("mínimo", "{low}"), ("volumen total", "{total_volume}")],
}
_VALUE_FRAMES = {
    "en": ["The {w} was {x}.", "NQ's {w} in November 2023 was {x}.", "In November 2023 the {w} of NQ was {x}.",
           "For NQ, the {w} for November 2023 was {x}.", "November 2023: {w} {x}.", "Its {w} was {x}.",
           "NQ, November 2023 — {w}: {x}.", "The {w} of the month was {x}.", "Over November 2023, the {w} was {x}.",
           "As for the {w}, it was {x}."],
    "ru": ["{W} составил {x}.", "{W} NQ в ноябре 2023 — {x}.", "В ноябре 2023 {w} NQ — {x}.",
           "Для NQ {w} за ноябрь 2023: {x}.", "Ноябрь 2023: {w} {x}.", "Его {w} — {x}.",
           "NQ, ноябрь 2023 — {w}: {x}.", "{W} месяца: {x}.", "За ноябрь 2023 {w} — {x}.",
           "Что касается показателя «{w}», он равен {x}."],
    "es": ["El {w} fue {x}.", "El {w} de NQ en noviembre de 2023 fue {x}.", "En noviembre de 2023 el {w} de NQ fue {x}.",
           "Para NQ, el {w} de noviembre de 2023 fue {x}.", "Noviembre de 2023: {w} {x}.", "Su {w} fue {x}.",
           "NQ, noviembre de 2023 — {w}: {x}.", "El {w} del mes fue {x}.", "Durante noviembre de 2023, el {w} fue {x}.",
           "En cuanto al {w}, fue {x}."],
}


def _values(lang: str) -> list[str]:
    out = []
    for frame in _VALUE_FRAMES[lang]:
        for w, x in _METRICS[lang]:
            if lang == "ru" and w == "общий объём" and "{W} составил" in frame:
                out.append(frame.replace("{W}", w[:1].upper() + w[1:]).replace("{x}", x))
                continue
            out.append(frame.replace("{W}", w[:1].upper() + w[1:]).replace("{w}", w).replace("{x}", x))
    return out


def _labels(lang: str) -> tuple[list[str], list[str]]:
    """(true, false) label sentences, decided by the pack-independent facts."""
    f = facts()
    pct, vol = f["pct_change"], f["volatility"]
    said = {
        "en": [("NQ was barely changed in November 2023, at {pct_change}.", abs(pct) < 0.5),
               ("It was a strong month for NQ: {pct_change}.", abs(pct) >= 2),
               ("NQ staged a sharp rally of {pct_change}.", pct >= 2),
               ("A sharp sell-off took NQ to {close}.", pct <= -2),
               ("A calm month: volatility was {volatility}.", vol < 1.0),
               ("A choppy month: volatility was {volatility}.", vol >= 1.5),
               ("NQ edged up only slightly, {pct_change}.", abs(pct) < 1),
               ("The tech-heavy index rose {pct_change} in November 2023.", pct > 0),
               ("The tech-heavy index fell {pct_change} in November 2023.", pct < 0),
               ("NQ was roughly flat at {close}.", abs(pct) < 0.5)],
        "ru": [("NQ почти не изменился в ноябре 2023: {pct_change}.", abs(pct) < 0.5),
               ("Для NQ это был сильный месяц: {pct_change}.", abs(pct) >= 2),
               ("Резкий рост NQ составил {pct_change}.", abs(pct) >= 2),
               ("Распродажа опустила NQ до {close}.", pct <= -2),
               ("Спокойный месяц: волатильность {volatility}.", vol < 1.0),
               ("Нервный месяц: волатильность {volatility}.", vol >= 1.5),
               ("NQ слегка подрос, на {pct_change}.", abs(pct) < 1),
               ("Технологический индекс вырос на {pct_change} в ноябре 2023.", pct > 0),
               ("Технологический индекс упал на {pct_change} в ноябре 2023.", pct < 0),
               ("NQ остался стабильным, закрытие {close}.", abs(pct) < 0.5)],
        "es": [("NQ apenas varió en noviembre de 2023: {pct_change}.", abs(pct) < 0.5),
               ("Fue un mes fuerte para NQ: {pct_change}.", abs(pct) >= 2),
               ("NQ tuvo una subida brusca de {pct_change}.", abs(pct) >= 2),
               ("Un desplome llevó a NQ a {close}.", pct <= -2),
               ("Un mes tranquilo: la volatilidad fue {volatility}.", vol < 1.0),
               ("Un mes agitado: la volatilidad fue {volatility}.", vol >= 1.5),
               ("NQ subió levemente, un {pct_change}.", abs(pct) < 1),
               ("El índice tecnológico subió un {pct_change} en noviembre de 2023.", pct > 0),
               ("El índice tecnológico cayó un {pct_change} en noviembre de 2023.", pct < 0),
               ("NQ quedó plano en {close}.", abs(pct) < 0.5)],
    }[lang]
    return [t for t, ok in said if ok], [t for t, ok in said if not ok]


def _shares(lang: str) -> tuple[list[str], list[str]]:
    """Shares of the sessions ("menos de la mitad"), and levels reached ("bajó hasta {low}")."""
    f = facts()
    share = f["up_days"] / f["trading_days"]
    said = {"en": [("Fewer than half of the sessions closed higher: {up_days} of {trading_days}.", share < 0.5),
                   ("More than half of the sessions closed higher: {up_days} of {trading_days}.", share > 0.5)],
            "ru": [("Меньше половины сессий закрылись ростом: {up_days} из {trading_days}.", share < 0.5),
                   ("Больше половины сессий закрылись ростом: {up_days} из {trading_days}.", share > 0.5),
                   ("NQ опускался до {low}, а закрылся на {close}.", True)],
            "es": [("Menos de la mitad de las sesiones cerraron al alza: {up_days} de {trading_days}.", share < 0.5),
                   ("Más de la mitad de las sesiones cerraron al alza: {up_days} de {trading_days}.", share > 0.5),
                   ("NQ bajó hasta {low} y cerró en {close}.", True)]}[lang]
    return [t for t, ok in said if ok], [t for t, ok in said if not ok]


def _relative(lang: str) -> tuple[list[str], list[str]]:
    """Against NOW (2023-11-30): the month's values are "this month", nothing else."""
    true = {"en": ["This month NQ closed at {close}.", "This month's high was {high}."],
            "ru": ["В этом месяце NQ закрылся на {close}.", "Максимум этого месяца — {high}."],
            "es": ["Este mes NQ cerró en {close}.", "El máximo de este mes fue {high}."]}[lang]
    false = {"en": ["Last month NQ closed at {close}.", "This week NQ closed at {close}.",
                    "Yesterday's close was {close}.", "Last year's high was {high}.", "Last Monday the low was {low}."],
             "ru": ["В прошлом месяце NQ закрылся на {close}.", "На этой неделе NQ закрылся на {close}.",
                    "Вчера закрытие было {close}.", "В прошлом году максимум был {high}.", "В прошлый понедельник минимум был {low}."],
             "es": ["El mes pasado NQ cerró en {close}.", "Esta semana NQ cerró en {close}.",
                    "Ayer el cierre fue {close}.", "El año pasado el máximo fue {high}.", "El lunes pasado el mínimo fue {low}."]}[lang]
    return true, false


# Lies whatever the data: words no computation stands behind.
_ALWAYS_FALSE = {
    "en": ["At {close}, NQ looks like a good entry point.", "NQ is set to recover from {low}.",
           "Closing at {close}, NQ will keep rising.", "We recommend buying near {low}.",
           "NQ rose {pct_change} on thin volume.", "Liquidity was thin; NQ closed at {close}.",
           "NQ gained {pct_change}, above its long-run average.", "All four sessions closed above {open}.",
           "It was a fourth straight gain, with a close of {close}.", "The third-weakest month closed at {close}.",
           "NQ hit {high} right at the opening bell.", "NQ sold off into the close, ending at {close}.",
           "NQ gained {pct_change} in basis points.", "The annualised change was {pct_change}.",
           "The close was {close} €.", "NQ closed at € {close}.", "The blue-chip index rose {pct_change}.",
           "The earlier of the two weeks closed at {close}.", "NQ nearly halved to {close}.",
           "NQ lost about a quarter of its value, closing at {close}.", "Buyers took control and pushed NQ to {high}.",
           "Institutional demand lifted NQ to {close}.", "The close of {close} signals further upside.",
           "NQ outpaced its peers with {pct_change}.", "The rally was broad-based, with NQ at {close}."],
    "ru": ["При {close} это хорошая точка входа.", "NQ скоро восстановится от {low}.",
           "Закрытие на {close} — сигнал к покупке.", "Стоит купить NQ около {low}.",
           "NQ вырос на {pct_change} на тонком объёме.", "При слабой ликвидности NQ закрылся на {close}.",
           "Рост на {pct_change} выше долгосрочной нормы.", "Все четыре сессии закрылись выше {open}.",
           "Это четвёртый подряд рост, закрытие {close}.", "Третий по слабости месяц закрылся на {close}.",
           "NQ достиг {high} прямо на открытии торгов.", "К закрытию NQ распродавали, итог {close}.",
           "NQ прибавил {pct_change} в базисных пунктах.", "Изменение в годовом выражении — {pct_change}.",
           "Закрытие составило {close} рублей.", "NQ закрылся на {close} евро.", "Индекс голубых фишек вырос на {pct_change}.",
           "Более ранняя из двух недель закрылась на {close}.", "NQ подешевел почти вдвое, до {close}.",
           "NQ потерял около четверти стоимости, закрывшись на {close}.", "Покупатели взяли контроль и подняли NQ до {high}.",
           "Институциональный спрос поднял NQ до {close}.", "Закрытие {close} указывает на дальнейший рост.",
           "NQ обогнал конкурентов с {pct_change}.", "Ралли было широким, NQ на {close}."],
    "es": ["Con {close}, NQ parece un buen punto de entrada.", "NQ va a recuperarse desde {low}.",
           "El cierre en {close} es una señal de compra.", "Conviene comprar NQ cerca de {low}.",
           "NQ subió un {pct_change} con poco volumen.", "Con poca liquidez, NQ cerró en {close}.",
           "NQ ganó un {pct_change}, por encima de su promedio histórico.", "Las cuatro sesiones cerraron por encima de {open}.",
           "Fue la cuarta subida seguida, con cierre en {close}.", "El tercer peor mes cerró en {close}.",
           "NQ tocó {high} justo en la campana de apertura.", "NQ se vendió hacia el cierre y terminó en {close}.",
           "NQ ganó {pct_change} en puntos básicos.", "El cambio anualizado fue {pct_change}.",
           "El cierre fue de {close} rublos.", "NQ cerró en {close} euros.", "El índice industrial subió un {pct_change}.",
           "La primera de las dos semanas cerró en {close}.", "NQ casi se redujo a la mitad, hasta {close}.",
           "NQ perdió cerca de una cuarta parte de su valor y cerró en {close}.", "Los compradores tomaron el control y llevaron a NQ a {high}.",
           "La demanda institucional impulsó a NQ hasta {close}.", "El cierre de {close} anticipa más subidas.",
           "NQ superó a sus pares con {pct_change}.", "El rally fue generalizado, con NQ en {close}."],
}


def lies() -> list[tuple[str, str]]:
    """(lang, sentence): every one must be rejected."""
    out = []
    for lang in LANGS:
        out += [(lang, t) for t in _ALWAYS_FALSE[lang]]
        out += [(lang, t) for t in _labels(lang)[1]]
        out += [(lang, t) for t in _shares(lang)[1]]
        out += [(lang, t) for t in _relative(lang)[1]]
        # each lie also as the second sentence of an otherwise true answer
        out += [(lang, _values(lang)[k] + " " + t) for k, t in enumerate(_ALWAYS_FALSE[lang])]
    return out


def truths() -> list[tuple[str, str]]:
    """(lang, sentence): every one must be shown as written."""
    out = []
    for lang in LANGS:
        out += [(lang, t) for t in _values(lang)]
        out += [(lang, t) for t in _labels(lang)[0]]
        out += [(lang, t) for t in _shares(lang)[0]]
        out += [(lang, t) for t in _relative(lang)[0]]
    return out
