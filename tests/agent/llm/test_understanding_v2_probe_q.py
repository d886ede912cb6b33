"""Issue 24, a second blind probe's classes (single questions), read by the offline parser: a coin
ticker that is also a session name, up and down day adjectives sharing one noun, overnight in any
word form, halves of a month, a year written before "%", language evidence from trading words, a
time-of-day window's own measures, well-known instruments that are not loaded, "YTD <year>",
numeric day-month ranges with one year, clock ranges with no preposition, Spanish horizons and
comparators, an abbreviated "max drawdown". Phrasings are our own, in EN/RU/ES, one class at a time.
No database: the parser with the helpers' instruments (NQ, SPY, BTCUSD, SPX loaded)."""
from __future__ import annotations

from datetime import time

import pytest

from agent.nlu.understand import understand
from tests.agent.llm.offline_helpers import UNUSED_NOTE, make_ctx, said


def read(q: str, today: str = "2026-11-28"):
    return understand(q, None, make_ctx(today))


def span(it) -> tuple[str, str] | None:
    return (it.period.start.isoformat(), it.period.end.isoformat()) if it.period else None


# -- 1. "ETH" beside a coin or joined to a symbol is Ether, not extended trading hours ----------
@pytest.mark.parametrize("q", ["How did ETH and BTC trade in January 2022?", "BTC против ETH за январь 2022",
                               "BTC o ETH, ¿cuál subió más en enero de 2022?", "eth price jan 2022"])
def test_eth_beside_a_coin_is_the_coin(q):
    it = read(q)
    assert "ETH" in it.symbols or any("ETH" in n for n in said(it)), (it.symbols, said(it))  # read, or declined by name
    assert it.time_window is None


@pytest.mark.parametrize("q", ["NQ ETH high on 2023-11-29", "диапазон NQ в ETH 29 ноября 2023"])
def test_eth_beside_a_session_symbol_alone_is_the_session(q):
    it = read(q)
    assert it.symbols == ["NQ"]
    assert it.time_window is not None and it.time_window.label == "overnight"


# -- 2. up and down adjectives joined by a connective share one day noun ----------------------
@pytest.mark.parametrize("q", [
    "SPY: green or red sessions in April 2024?",
    "how many rising vs falling days did SPX have in 1999",
    "SPX bearish and bullish sessions, 2003",
    "растущие или падающие сессии SPY в апреле 2024",
    "положительные и отрицательные дни SPX в 1999",
    "sesiones positivas y negativas de SPY en abril de 2024",
    "SPX: días bajistas o alcistas en 1999",
])
def test_joined_direction_adjectives_count_both(q):
    it = read(q)
    assert {"up_days", "down_days"} <= set(it.metrics), it.metrics
    assert not said(it), said(it)


def test_up_and_down_without_a_day_noun_is_not_a_count():
    it = read("how far did SPY go up and down in April 2024")
    assert "up_days" not in it.metrics and "down_days" not in it.metrics


# -- 3. overnight in any form of the word -------------------------------------------------------
@pytest.mark.parametrize("q", ["ночная сессия NQ 30 ноября 2023: минимум", "ночного диапазона NQ 30.11.2023",
                               "NQ овернайт хай 30 ноября 2023", "mínimos nocturnos de NQ el 30 nov 2023",
                               "NQ over night low on Nov 30 2023"])
def test_overnight_words(q):
    it = read(q)
    assert it.time_window is not None and it.time_window.label == "overnight"
    assert span(it) == ("2023-11-30", "2023-11-30")


# -- 4. halves of a month (Spanish quincena / mitad in both genders, "2nd half of <month>") -----
@pytest.mark.parametrize("q,want", [
    ("SPY en la segunda quincena de abril de 2024", ("2024-04-16", "2024-04-30")),
    ("SPY primera quincena de mayo 2024", ("2024-05-01", "2024-05-15")),
    ("SPY, la segunda mitad de abril 2024", ("2024-04-16", "2024-04-30")),
    ("SPY 2nd half of May 2024", ("2024-05-16", "2024-05-31")),
    ("SPY 1st half of April 2024", ("2024-04-01", "2024-04-15")),
    ("SPY segundo semestre de 2023", ("2023-07-01", "2023-12-31")),
])
def test_half_of_a_month(q, want):
    it = read(q)
    assert span(it) == want
    assert not said(it), said(it)


@pytest.mark.parametrize("q", ["SPY: primera vs segunda quincena de abril 2024",
                               "Compara la primera y la segunda quincena de abril de 2024 en SPY"])
def test_two_halves_of_a_month_compared(q):
    it = read(q)
    got = [(p.start.isoformat(), p.end.isoformat()) for p in it.compare_periods or []]
    assert got == [("2024-04-01", "2024-04-15"), ("2024-04-16", "2024-04-30")]


# -- 5. a year written before "%" is the date's, not a threshold -------------------------------
@pytest.mark.parametrize("q", ["SPY Apr 3 2024 % move", "SPY 3 апреля 2024 % изменение",
                               "SPY el 3 de abril de 2024 % de cambio"])
def test_year_before_percent_sign_is_no_threshold(q):
    it = read(q)
    assert not it.needs_clarification, it.clarifying_questions
    assert it.condition is None
    assert it.metrics == ["return_prev_close"] and span(it) == ("2024-04-03", "2024-04-03")


# -- 6. language from the words: a shared month abbreviation shows neither ---------------------
@pytest.mark.parametrize("q,lang", [
    ("volatilidad anual SPX 2001", "es"), ("rango medio NQ 21 nov 2023", "es"),
    ("rentabilidad mensual SPY abr 2024", "es"), ("NQ range nov 21 2023", "en"),
])
def test_language_from_trading_words(q, lang):
    assert read(q).lang == lang


# -- 7. a time-of-day window's range and volume are the window's own ---------------------------
@pytest.mark.parametrize("q", ["SPY range in the first 15 minutes on 2024-04-02",
                               "диапазон SPY за первые 15 минут 2 апреля 2024",
                               "rango de SPY en los primeros 15 minutos del 2 de abril de 2024"])
def test_window_range_is_its_high_and_low(q):
    it = read(q)
    assert it.time_window is not None and it.time_window.end == time(9, 45)
    assert set(it.metrics) == {"high", "low"}


@pytest.mark.parametrize("q", ["average volume of SPY in the last hour on 2024-04-02",
                               "средний объём SPY в последний час 2 апреля 2024"])
def test_window_volume_is_its_total(q):
    it = read(q)
    assert it.time_window is not None
    assert it.metrics == ["total_volume"]


# -- 8. well-known instruments named by a word are named even when not loaded ------------------
@pytest.mark.parametrize("q,sym", [
    ("crude oil stats for June 2023", "CL"), ("how did silver do in 2021", "SI"),
    ("Nvidia in March 2024", "NVDA"), ("msft q1 2024 return", "MSFT"),
    ("нефть в июне 2023", "CL"), ("серебро за 2021 год", "SI"), ("эфир в феврале 2022", "ETH"),
    ("доу-джонс в 2008", "DJI"), ("plata en 2021", "SI"), ("ethereum en febrero 2022", "ETH"),
    ("el euro dólar en marzo 2024", "EURUSD"), ("eur/usd march 2024", "EURUSD"),
    ("Brent in May 2023", "BZ"), ("нефть брент за май 2023", "BZ"), ("natural gas in 2022", "NG"),
    ("Amazon stock in 2023", "AMZN"), ("acciones de Google en 2023", "GOOGL"), ("Nikkei 225 in 2021", "N225"),
    ("индекс доллара за 2022", "DXY"), ("Сбербанк в 2021 году", "SBER"), ("solana en enero 2022", "SOL"),
    ("Russell 2000 in 2019", "RUT"),
])
def test_named_instrument_not_loaded_is_read(q, sym):
    it = read(q)
    assert it.symbols == [sym], it.symbols
    assert not it.needs_clarification


def test_longer_name_wins_over_a_loaded_alias():
    """"S&P futures" is ES, never the loaded SPX's "S&P"."""
    assert read("S&P futures in March 2020").symbols == ["ES"]


# -- 9. "YTD <year>" is that year, never this year's to-date beside it -------------------------
@pytest.mark.parametrize("q", ["SPX 2016 ytd", "SPX ytd 2016 return", "SPX year-to-date 2016"])
def test_ytd_of_a_named_year(q):
    it = read(q)
    assert span(it) == ("2016-01-01", "2016-12-31") and not it.compare_periods
    assert not said(it), said(it)


def test_ytd_alone_is_this_year():
    assert span(read("SPX ytd")) == ("2026-01-01", "2026-11-28")


# -- 10. two numeric day-month dates with the year written once --------------------------------
@pytest.mark.parametrize("q", ["SPY 4/1-4/5 2024", "SPY 4/1 to 4/5/24", "SPY с 01.04 по 05.04.2024",
                               "SPY del 1/4 al 5/4/2024", "SPY 01.04-05.04.2024"])
def test_numeric_day_month_range_with_one_year(q):
    assert span(read(q)) == ("2024-04-01", "2024-04-05")


# -- 11. clock ranges written without "between" / "from" ---------------------------------------
@pytest.mark.parametrize("q,a,b", [
    ("SPY high 11:00-11:30 on 2024-04-02", time(11), time(11, 30)),
    ("SPY low 1pm to 2pm April 2 2024", time(13), time(14)),
    ("мин SPY 11:00-11:30 2 апреля 2024", time(11), time(11, 30)),
    ("SPY 5-минутки 2 апреля 2024 с 11 до 12", time(11), time(12)),
    ("NQ с 11 до 12 часов 29 ноября 2023", time(11), time(12)),
    ("mínimo de SPY 11:00 a 11:30 el 2 de abril de 2024", time(11), time(11, 30)),
])
def test_bare_clock_range_is_a_window(q, a, b):
    it = read(q)
    assert it.time_window is not None and (it.time_window.start, it.time_window.end) == (a, b)


def test_day_range_is_not_a_clock():
    it = read("NQ с 21 до 22 ноября 2023")
    assert it.time_window is None and span(it) == ("2023-11-21", "2023-11-22")


# -- 12. Spanish horizons and comparators -------------------------------------------------------
@pytest.mark.parametrize("q,h", [("SPX 15 sesiones tras caer más de 4% en 2009", 15),
                                 ("SPX 2 semanas luego de una caída del 3% en 2011", 10)])
def test_spanish_horizon_after_the_unit(q, h):
    it = read(q)
    assert it.analysis == "after_events" and it.horizon_days == h


def test_mayor_al_is_a_comparator():
    it = read("días con subidas mayores al 3% de SPX en 2009")
    assert it.condition is not None and it.condition.threshold == 3.0 and it.condition.op == "gt"
    assert not said(it), said(it)


# -- 13. an abbreviated "max" before drawdown is the drawdown's ---------------------------------
@pytest.mark.parametrize("q", ["SPY макс. просадка за май 2024", "máx drawdown de SPY en mayo 2024"])
def test_abbreviated_max_drawdown(q):
    assert read(q).metrics == ["max_drawdown"]


# -- 14. a rise threshold and a fall threshold in one question: one part each -------------------
@pytest.mark.parametrize("q,thr", [
    ("how often did SPX rise over 1.5% and drop over 1.5% in 2015", (1.5, -1.5)),
    ("SPX: дни роста больше 1,5% и падения больше 1,5% в 2015", (1.5, -1.5)),
    ("SPX en 2015: días que subió más de 1,5% y días que cayó más de 1,5%", (1.5, -1.5)),
])
def test_rise_and_fall_thresholds_are_two_parts(q, thr):
    it = read(q)
    assert [pt.condition.threshold for pt in it.parts if pt.condition] == list(thr)
    assert all(span_of(pt) == ("2015-01-01", "2015-12-31") for pt in it.parts)


def span_of(part) -> tuple[str, str]:
    return part.period.start.isoformat(), part.period.end.isoformat()


def test_one_threshold_stays_one_condition():
    it = read("SPX days down more than 1.5% in 2015")
    assert not it.parts and it.condition is not None and it.condition.threshold == -1.5


# -- 15. a period written twice (once per symbol) is used, never named as an unused word ---------
@pytest.mark.parametrize("q", ["NQ dec 2023 vs ES dec 2023", "NQ декабрь 2023 и ES декабрь 2023"])
def test_repeated_period_words_are_used(q):
    it = read(q)
    assert not any(w in n for n in said(it) for w in UNUSED_NOTE), said(it)
