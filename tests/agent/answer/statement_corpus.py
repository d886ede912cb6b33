"""Issue 32's corpora: lies made of REAL slots only (false words around true values) and true
answers of every kind, EN/RU/ES, with the truths they rest on computed here with pandas from
shared/data (never hard-coded). Wording is ours, not the probe's.
"""
from __future__ import annotations

from functools import lru_cache

import pandas as pd

from tests.agent.answer.lies import QUESTIONS as NQ_QUESTIONS
from tests.agent.answer.lies import fmt, nq_november
from tests.conftest import DATA

LANGS = ("en", "ru", "es")


@lru_cache(maxsize=None)
def nq_days() -> pd.DataFrame:
    bars = pd.read_csv(DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv", parse_dates=["timestamp"])
    bars["d"] = (bars.sort_values("timestamp")["timestamp"] + pd.Timedelta(hours=6)).dt.strftime("%Y-%m-%d")
    return bars.sort_values("timestamp").groupby("d").agg(
        open=("open", "first"), high=("high", "max"), low=("low", "min"), close=("close", "last"),
        volume=("volume", "sum")).loc["2023-11-01":"2023-11-30"]


@lru_cache(maxsize=None)
def nq_facts() -> dict:
    d = nq_days()
    return {**nq_november(), "open": float(d["open"].iloc[0]), "low": float(d["low"].min()),
            "low_date": str(d["low"].idxmin()), "high_date": str(d["high"].idxmax()),
            "up_days": int((d["close"] > d["open"]).sum()), "down_days": int((d["close"] < d["open"]).sum()),
            "trading_days": len(d)}


@lru_cache(maxsize=None)
def spy_months() -> dict:
    df = pd.read_csv(DATA / "spy_1min_2024" / "SPY_1min.csv")
    ts = pd.to_datetime(df["datetime"].astype(str).str[:19])
    rth = df[(ts.dt.hour * 60 + ts.dt.minute >= 570) & (ts.dt.hour < 16)].assign(day=ts.dt.date)
    d = rth.groupby("day").agg(open=("open", "first"), close=("close", "last"))
    d.index = pd.to_datetime(d.index)
    mar, apr, feb = d.loc["2024-03"], d.loc["2024-04"], d.loc[:"2024-02-29"]
    return {"mar_close": float(mar["close"].iloc[-1]), "apr_close": float(apr["close"].iloc[-1]),
            "mar_ret": float(mar["close"].iloc[-1] / feb["close"].iloc[-1] - 1) * 100,
            "apr_ret": float(apr["close"].iloc[-1] / mar["close"].iloc[-1] - 1) * 100}


@lru_cache(maxsize=None)
def spx() -> pd.DataFrame:
    d = pd.read_csv(DATA / "sp500_daily" / "chainins_GSPC.csv")
    d["Date"] = pd.to_datetime(d["Date"], format="%m/%d/%Y")
    d = d.set_index("Date").sort_index()
    d["chg"] = d["Close"].pct_change() * 100
    return d


@lru_cache(maxsize=None)
def spx_facts() -> dict:
    d = spx()
    y19, y08 = d.loc["2019"], d.loc["2008"]
    return {"high19": float(y19["High"].max()), "high19_date": str(y19["High"].idxmax().date()),
            "low19": float(y19["Low"].min()), "low19_date": str(y19["Low"].idxmin().date()),
            "worst08": float(y08["chg"].min()), "worst08_date": str(y08["chg"].idxmin().date()),
            "falls3_08": int((y08["chg"] < -3).sum())}


# How a day reads in each language, written here independently of Babel (agent/answer/format.py).
_MONTHS = {"en": "January February March April May June July August September October November December",
           "ru": "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
           "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre"}


def day_words(iso: str, lang: str) -> str:
    y, m, d = (int(x) for x in iso[:10].split("-"))
    name = _MONTHS[lang].split()[m - 1]
    return {"en": f"{name} {d}, {y}", "ru": f"{d} {name} {y} г.", "es": f"{d} de {name} de {y}"}[lang]


# ---- lies: real slots, false words (NQ, November 2023; the question of lies.py) -------------

def nq_lies() -> dict[str, dict[str, str]]:
    f = nq_facts()
    assert f["low_date"] != f["high_date"]
    assert f["pct_change"] > 0 and f["up_days"] * 2 < f["trading_days"] and f["down_days"] > 0
    assert f["low_date"] != "2023-11-29" and f["low"] < 16500 and f["close"] < 2 * f["open"]
    return {
        "wrong_date": {"en": "NQ's low of {low} came on November 29.",
                       "ru": "Минимум NQ {low} пришёлся на 29 ноября.",
                       "es": "El mínimo de NQ, {low}, llegó el 29 de noviembre."},
        "wrong_month": {"en": "In October NQ closed at {close}.", "ru": "В октябре NQ закрылся на {close}.",
                        "es": "En octubre NQ cerró en {close}."},
        "superlative_ever": {"en": "With {pct_change}, November 2023 was NQ's strongest month ever.",
                             "ru": "С результатом {pct_change} ноябрь 2023 стал лучшим месяцем NQ за всю историю.",
                             "es": "Con {pct_change}, noviembre de 2023 fue el mejor mes de la historia de NQ."},
        "record": {"en": "NQ set a record close of {close}.", "ru": "NQ установил рекордное закрытие {close}.",
                   "es": "NQ marcó un cierre récord de {close}."},
        "most_sessions": {"en": "Most sessions closed higher ({up_days}).",
                          "ru": "Большинство сессий закрылись ростом ({up_days}).",
                          "es": "La mayoría de las sesiones cerraron al alza ({up_days})."},
        "not_one_down_day": {"en": "There was not one down day, and NQ closed at {close}.",
                             "ru": "Не было ни одного дня снижения, закрытие {close}.",
                             "es": "No hubo ni un día bajista y el cierre fue {close}."},
        "never_below_user_number": {"en": "NQ never traded below {param.n1} and closed at {close}.",
                                    "ru": "NQ ни разу не торговался ниже {param.n1}, закрытие {close}.",
                                    "es": "NQ nunca cotizó por debajo de {param.n1}; cierre {close}."},
        "range_percent": {"en": "The average daily range was {avg_daily_range} percent.",
                          "ru": "Средний дневной диапазон составил {avg_daily_range} процента.",
                          "es": "El rango diario medio fue de {avg_daily_range} por ciento."},
        "volume_dollars": {"en": "NQ traded {total_volume} dollars in November 2023.",
                           "ru": "Оборот NQ в ноябре 2023 составил {total_volume} долларов.",
                           "es": "NQ negoció {total_volume} dólares en noviembre de 2023."},
        "points_percent": {"en": "NQ gained {change_points} percent in November 2023.",
                           "ru": "NQ прибавил {change_points} процента в ноябре 2023.",
                           "es": "NQ ganó {change_points} por ciento en noviembre de 2023."},
        "cause": {"en": "NQ rose {pct_change} after the jobs report.",
                  "ru": "NQ вырос на {pct_change} на фоне отчёта о занятости.",
                  "es": "NQ subió un {pct_change} impulsado por los resultados de las tecnológicas."},
        "event": {"en": "Trading was halted once; the close was {close}.",
                  "ru": "Торги приостанавливали; закрытие {close}.",
                  "es": "La negociación fue suspendida; el cierre fue {close}."},
        "never_fetched": {"en": "NQ outperformed the Dow with {pct_change}.",
                          "ru": "NQ обогнал Доу с результатом {pct_change}.",
                          "es": "NQ superó al Dow con {pct_change}."},
        "not_available": {"en": "Volume is not available; the close was {close}.",
                          "ru": "Данные по объёму недоступны; закрытие {close}.",
                          "es": "El volumen no está disponible; el cierre fue {close}."},
        "plunged": {"en": "NQ plunged {pct_change} in November 2023.",
                    "ru": "NQ обвалился на {pct_change} в ноябре 2023.",
                    "es": "NQ se hundió un {pct_change} en noviembre de 2023."},
        "unbound_direction": {"en": "NQ slumped in November 2023, closing at {close}.",
                              "ru": "NQ ослаб в ноябре 2023, закрывшись на {close}.",
                              "es": "NQ se debilitó en noviembre de 2023 y cerró en {close}."},
        "slot_comparison": {"en": "The close of {close} was well above the high of {high}.",
                            "ru": "Закрытие {close} оказалось выше максимума {high}.",
                            "es": "El cierre de {close} quedó por encima del máximo de {high}."},
        "ratio": {"en": "The close {close} was twice the open {open}.",
                  "ru": "Закрытие {close} вдвое выше открытия {open}.",
                  "es": "El cierre {close} fue el doble de la apertura {open}."},
        "counted_periods": {"en": "Over the three months NQ gained {pct_change}.",
                            "ru": "За три месяца NQ вырос на {pct_change}.",
                            "es": "En los tres meses NQ subió un {pct_change}."},
        "content_free": {"en": "NQ had an interesting month.", "ru": "У NQ был интересный месяц.",
                         "es": "NQ tuvo un mes interesante."},
        # issue 32, the gaps: a localised date that is not the value's, a date slot of another
        # value, feminine / plural directions against the sign, names code cannot bind.
        "wrong_date_words": {lang: _WRONG_DAY[lang].format(day=day_words(_other_day(f["low_date"]), lang))
                             for lang in LANGS},
        "wrong_date_slot": {"en": "NQ's low of {low} was set on {high.date}.",
                            "ru": "Минимум NQ {low} был установлен {high.date}.",
                            "es": "El mínimo de NQ, {low}, se marcó el {high.date}."},
        "feminine_direction": {"en": "NQ's price dropped {pct_change} in November 2023.",
                               "ru": "Цена NQ упала на {pct_change} в ноябре 2023.",
                               "es": "La cotización de NQ bajó un {pct_change} en noviembre de 2023."},
        "plural_direction": {"en": "NQ futures declined {pct_change} in November 2023.",
                             "ru": "Котировки NQ снизились на {pct_change} в ноябре 2023.",
                             "es": "Los futuros de NQ cayeron un {pct_change} en noviembre de 2023."},
        "unlisted_company": {"en": "Traders at Citadel pushed NQ to a close of {close}.",
                             "ru": "Трейдеры Citadel довели закрытие NQ до {close}.",
                             "es": "Los operadores de Citadel llevaron el cierre de NQ a {close}."},
        "unfetched_company": {"en": "NQ closed at {close} while Apple lagged.",
                              "ru": "NQ закрылся на {close}, а Apple отстала.",
                              "es": "NQ cerró en {close} mientras Apple se quedaba atrás."},
        "institution": {"en": "NQ closed at {close} as the Fed held rates.",
                        "ru": "NQ закрылся на {close}, пока ФРС держала ставку.",
                        "es": "NQ cerró en {close} mientras la Fed mantenía los tipos."},
    }


_WRONG_DAY = {"en": "NQ's low of {{low}} came on {day}.", "ru": "Минимум NQ {{low}} пришёлся на {day}",
              "es": "El mínimo de NQ, {{low}}, llegó el {day}."}


def _other_day(iso: str) -> str:
    """A November 2023 session that is not `iso` (the lie's date)."""
    days = [d for d in nq_days().index if d != iso]
    return days[len(days) // 2]


# ---- true answers: (scenario question per language, the analyst's text per language) -------

NQ_TRUE = {
    "structure": {"en": "NQ had {up_days} up days and {down_days} down days, yet still ended November 2023 "
                        "{pct_change} from the open, at {close}.",
                  "ru": "У NQ было {up_days} дней роста и {down_days} дней снижения, но ноябрь 2023 он всё же "
                        "закончил с изменением {pct_change}, на {close}.",
                  "es": "NQ tuvo {up_days} días alcistas y {down_days} días bajistas, pero aun así terminó "
                        "noviembre de 2023 con {pct_change}, en {close}."},
    "range_words": {"en": "The average range between the daily high and low was {avg_daily_range}; the "
                          "close was {close}.",
                    "ru": "Средний диапазон между дневным максимумом и минимумом — {avg_daily_range}; "
                          "закрытие {close}.",
                    "es": "El rango medio entre el máximo y el mínimo diarios fue {avg_daily_range}; el "
                          "cierre, {close}."},
    "points_words": {"en": "NQ closed at {close}, {change_points} above the open of {open}.",
                     "ru": "NQ закрылся на {close}, на {change_points} выше открытия {open}.",
                     "es": "NQ cerró en {close}, {change_points} por encima de la apertura de {open}."},
    "idiom_and_date": {"en": "At one point NQ reached {high} on {high.date}; it closed the month at {close}.",
                       "ru": "В один момент NQ достиг {high} ({high.date}); месяц он закрыл на {close}.",
                       "es": "En un momento NQ llegó a {high} el {high.date}; cerró el mes en {close}."},
    "low_date": {"en": "The low of {low} came on {low.date}, and NQ closed at {close}.",
                 "ru": "Минимум {low} пришёлся на {low.date}, закрытие {close}.",
                 "es": "El mínimo de {low} llegó el {low.date} y el cierre fue {close}."},
    "most_lower": {"en": "Most sessions closed lower ({down_days} of {trading_days}), yet NQ closed at {close}, "
                         "{dir:pct_change} {pct_change}.",
                   "ru": "Большинство сессий закрылись снижением ({down_days} из {trading_days}), но NQ "
                         "закрылся на {close}.",
                   "es": "La mayoría de las sesiones cerraron a la baja ({down_days} de {trading_days}), pero "
                         "NQ cerró en {close}."},
    "share_slot": {"en": "{share:down_days,trading_days} sessions closed lower; NQ closed at {close}.",
                   "ru": "Снижением закрылись {share:down_days,trading_days} сессий; закрытие {close}.",
                   "es": "{share:down_days,trading_days} sesiones cerraron a la baja; cierre en {close}."},
    "user_threshold": {"en": "No: NQ closed November 2023 at {close}, below your {param.n1}.",
                       "ru": "Нет: NQ закрыл ноябрь 2023 на {close}, ниже вашего уровня {param.n1}.",
                       "es": "No: NQ cerró noviembre de 2023 en {close}, por debajo de su nivel de {param.n1}."},
    "relation_cmp": {"en": "NQ's close of {close} was {cmp:close,open} the open of {open}.",
                     "ru": "Закрытие NQ {close} было {cmp:close,open} открытие {open}.",
                     "es": "El cierre de NQ, {close}, fue {cmp:close,open} la apertura de {open}."},
}

def nq_true_dated() -> dict[str, dict[str, str]]:
    """True answers that write dates in words themselves (as the slot list shows them), a weekday,
    periods in Russian cases, and feminine / plural directions on the real sign (pandas)."""
    f = nq_facts()
    assert f["pct_change"] > 0
    low, high = f["low_date"], f["high_date"]
    wd = {lang: _WEEKDAYS[lang].split()[pd.Timestamp(high).weekday()] for lang in LANGS}
    return {
        "low_in_words": {"en": f"NQ's low of {{low}} came on {day_words(low, 'en')}; it closed at {{close}}.",
                         "ru": f"Минимум NQ {{low}} пришёлся на {day_words(low, 'ru')}; закрытие {{close}}.",
                         "es": f"El mínimo de NQ, {{low}}, llegó el {day_words(low, 'es')}; cierre {{close}}."},
        "weekday_high": {"en": f"On {wd['en']}, {day_words(high, 'en')}, NQ reached {{high}}; it closed at {{close}}.",
                         "ru": f"В {wd['ru']}, {day_words(high, 'ru')}, NQ достиг {{high}}; закрытие {{close}}.",
                         "es": f"El {wd['es']} {day_words(high, 'es')} NQ llegó a {{high}}; cerró en {{close}}."},
        "period_case": {"en": "In {period} NQ rose {pct_change} and closed at {close}.",
                        "ru": "В {period} NQ вырос на {pct_change} и закрылся на {close}.",
                        "es": "En {period} NQ subió un {pct_change} y cerró en {close}."},
        "feminine_plural_up": {"en": "NQ's price rose {pct_change}; futures closed at {close}.",
                               "ru": "Цена NQ выросла на {pct_change}; котировки закрылись на {close}.",
                               "es": "La cotización de NQ subió un {pct_change}; los futuros subieron hasta {close}."},
        "user_name": {"en": "No, Alex: NQ closed November 2023 at {close}, below {param.n1}.",
                      "ru": "Нет, Алекс: NQ закрыл ноябрь 2023 на {close}, ниже {param.n1}.",
                      "es": "No, Álex: NQ cerró noviembre de 2023 en {close}, por debajo de {param.n1}."},
    }


# The weekday after "on" / "в" / "el" (Russian accusative), written here independently of Babel.
_WEEKDAYS = {"en": "Monday Tuesday Wednesday Thursday Friday Saturday Sunday",
             "ru": "понедельник вторник среду четверг пятницу субботу воскресенье",
             "es": "lunes martes miércoles jueves viernes sábado domingo"}
# A question that names a person: the name may come back in the answer (the user's own word).
NAME_Q = {"en": "Alex here: did NQ close above 16500 in November 2023?",
          "ru": "Это Алекс: закрылся ли NQ выше 16500 в ноябре 2023?",
          "es": "Soy Álex: ¿cerró NQ por encima de 16500 en noviembre de 2023?"}


COMPARE_Q = {"en": "Compare SPY March and April 2024", "ru": "Сравни SPY март и апрель 2024",
             "es": "Compara SPY marzo y abril de 2024"}
COMPARE_TRUE = {
    "return_lower": {"en": "SPY's April return of {p2.return_prev_close} was lower than March's "
                           "{p1.return_prev_close}.",
                     "ru": "Доходность SPY в апреле {p2.return_prev_close} была ниже мартовской "
                           "{p1.return_prev_close}.",
                     "es": "El rendimiento de SPY en abril, {p2.return_prev_close}, fue inferior al de marzo, "
                           "{p1.return_prev_close}."},
    "april_close": {"en": "The April close was {p2.close}; in March it was {p1.close}.",
                    "ru": "Закрытие апреля — {p2.close}; в марте — {p1.close}.",
                    "es": "El cierre de abril fue {p2.close}; en marzo, {p1.close}."},
    "two_months": {"en": "Over the two months SPY went from {p1.close} to {p2.close}; {p2.period} closed "
                         "{cmp:p2.close,p1.close} {p1.period}.",
                   "ru": "За два месяца SPY прошёл от {p1.close} до {p2.close}.",
                   "es": "En los dos meses SPY pasó de {p1.close} a {p2.close}."},
}
COMPARE_LIES = {
    "wrong_comparison": {"en": "April's close {p2.close} was well above March's {p1.close}.",
                         "ru": "Закрытие апреля {p2.close} оказалось намного выше мартовского {p1.close}.",
                         "es": "El cierre de abril, {p2.close}, quedó muy por encima del de marzo, {p1.close}."},
    "wrong_month_label": {"en": "In April SPY closed at {p1.close}.", "ru": "В апреле SPY закрылся на {p1.close}.",
                          "es": "En abril SPY cerró en {p1.close}."},
    "strongest_wrong": {"en": "The strongest month was {p2.period} ({p2.return_prev_close}).",
                        "ru": "Лучшим месяцем был {p2.period} ({p2.return_prev_close}).",
                        "es": "El mejor mes fue {p2.period} ({p2.return_prev_close})."},
}

SPX_Q = {"en": "SPX high and low in 2019", "ru": "Максимум и минимум SPX в 2019", "es": "Máximo y mínimo de SPX en 2019"}
SPX_TRUE = {"en": "SPX's 2019 high of {high} came on {high.date}; its low, {low}, on {low.date}.",
            "ru": "Максимум SPX в 2019 году, {high}, пришёлся на {high.date}; минимум {low} — на {low.date}.",
            "es": "El máximo de SPX en 2019, {high}, llegó el {high.date}; el mínimo, {low}, el {low.date}."}

EVENTS_Q = {"en": "Days when SPX fell more than 3% in 2008", "ru": "Дни, когда SPX упал более чем на 3% в 2008",
            "es": "Días en que SPX cayó más de 3% en 2008"}
EVENTS_TRUE = {"en": "In 2008 SPX had {event_count} sessions with a drop of more than {param.threshold}.",
               "ru": "В 2008 году у SPX было {event_count} сессий с падением больше чем на {param.threshold}.",
               "es": "En 2008 SPX tuvo {event_count} sesiones con una caída de más de {param.threshold}."}

KIND_QUESTIONS = {   # every answer kind: the offline analyst's own answer must be shown (not hidden)
    "stats": NQ_QUESTIONS, "compare": COMPARE_Q, "extremes": SPX_Q, "events": EVENTS_Q,
    "volume_profile": {"en": "SPY volume profile for March 2024", "ru": "Профиль объёма SPY за март 2024",
                       "es": "Perfil de volumen de SPY en marzo de 2024"},
    "gaps": {"en": "SPY gaps in April 2024", "ru": "Гэпы SPY в апреле 2024", "es": "Gaps de SPY en abril de 2024"},
    "spikes": {"en": "SPY volume spikes in March 2024", "ru": "Всплески объёма SPY в марте 2024",
               "es": "Picos de volumen de SPY en marzo de 2024"},
    "hourly": {"en": "SPY hourly profile April 2024", "ru": "SPY по часам дня в апреле 2024",
               "es": "Perfil horario de SPY en abril de 2024"},
    "indicator": {"en": "RSI of SPX in 2019", "ru": "RSI SPX в 2019", "es": "RSI de SPX en 2019"},
    "after": {"en": "SPX fell more than 5% in 2008, 10 days later", "ru": "SPX упал более чем на 5% в 2008, через 10 дней",
              "es": "SPX cayó más de 5% en 2008, 10 días después"},
    "top": {"en": "Top 5 SPX down days in 2008", "ru": "5 худших дней SPX в 2008", "es": "Los 5 peores días de SPX en 2008"},
}

__all__ = ["fmt", "LANGS"]
