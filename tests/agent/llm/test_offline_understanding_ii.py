"""Issue 10 at the parser level (no database): the period grammar, fuzzy vocabulary, coverage notes,
multi-part intents, routing and resumes, each class in EN, RU and ES. Today is 2024-05-20; the
data ranges are the offline helpers' (NQ Nov-Dec 2023, SPY Feb-May 2024, BTCUSD Jan 2022, SPX
1927-2020)."""
from __future__ import annotations

from datetime import date

import pytest

from agent.llm.offline.plan import plan
from agent.nlu.understand import understand
from agent.nlu import fuzzy
from tests.agent.llm.offline_helpers import make_ctx, said


def it(q: str, history: list[str] | None = None, answers: list[str] | None = None):
    hist = []
    for h in history or []:
        hist.append({"role": "user", "content": h})
    for a in answers or []:
        hist.append({"role": "assistant", "content": a})
    if answers:   # pair each user turn with its reply
        hist = [x for pair in zip([{"role": "user", "content": h} for h in history or []],
                                  [{"role": "assistant", "content": a} for a in answers]) for x in pair]
    return understand(q, hist or None, make_ctx())


# ---- period grammar ------------------------------------------------------------------------------

@pytest.mark.parametrize("q,label", [
    ("SPX stats for Q3 '19", "2019-Q3"),
    ("SPX in 2Q 2001", "2001-Q2"),
    ("SPX for the fourth quarter of 1999", "1999-Q4"),
    ("SPX за 3 кв. 2001 года", "2001-Q3"),
    ("SPX за IV квартал 2002", "2002-Q4"),
    ("SPX en el 2T 2003", "2003-Q2"),
    ("SPX en el 4º trimestre de 2004", "2004-Q4"),
    ("SPX 2H 2005", "2005-H2"),
    ("SPX за 2-е полугодие 2006", "2006-H2"),
    ("SPX en el segundo semestre de 2007", "2007-H2"),
    ("SPX in nov '07", "2007-11"),
    ("SPX en ene '09", "2009-01"),
    ("SPX в янв. '10", "2010-01"),
])
def test_quarters_halves_and_apostrophe_years(q, label):
    assert it(q).period.label == label


@pytest.mark.parametrize("q,day", [
    ("SPX on 11/3/2008", "2008-11-03"),       # English: month first
    ("SPX el 11/3/2008", "2008-03-11"),       # Spanish: day first
    ("SPX 11.03.2008", "2008-03-11"),         # dots: day first
    ("SPX on 3/27/09", "2009-03-27"),         # two-digit year, a part over 12
    ("SPX 27/03/2009", "2009-03-27"),
])
def test_numeric_dates(q, day):
    assert it(q).period.label == day


@pytest.mark.parametrize("q,start,end", [
    ("SPY stats for week 11 of 2024", "2024-03-11", "2024-03-15"),
    ("SPY за 11-ю неделю 2024", "2024-03-11", "2024-03-15"),
    ("SPY semana 11 de 2024", "2024-03-11", "2024-03-15"),
    ("bitcoin stats for week 3 of 2022", "2022-01-17", "2022-01-23"),    # crypto: Monday-Sunday
])
def test_iso_weeks(q, start, end):
    p = it(q).period
    assert (p.start.isoformat(), p.end.isoformat()) == (start, end)


@pytest.mark.parametrize("q,days,first", [
    ("SPX in the three sessions after 2001-09-10", 3, "2001-09-11"),
    ("SPX за две недели после 10.09.2001", 10, "2001-09-11"),
    ("SPX en los cinco días siguientes al 10 de septiembre de 2001", 5, "2001-09-11"),
    ("BTCUSD in the two weeks after 2022-01-05", 14, "2022-01-06"),       # crypto: calendar days
])
def test_windows_after_a_date_in_trading_days(q, days, first):
    intent = it(q)
    assert intent.horizon_days == days and intent.period.start.isoformat() == first
    (step,) = plan(intent, make_ctx()).steps
    assert step.params.max_trading_days == days


def test_ytd_and_relative_periods():
    assert it("SPY YTD").period.label == "2024-01-01..2024-05-20"
    assert it("SPY с начала года").period.label == "2024-01-01..2024-05-20"
    assert it("SPY en lo que va del año").period.label == "2024-01-01..2024-05-20"


@pytest.mark.parametrize("q", ["S&P 500 top drops in 2003", "Топ падений S&P 500 в 2003", "Top caídas del S&P 500 en 2003"])
def test_index_number_is_neither_count_nor_year(q):
    intent = it(q)
    assert intent.symbol == "SPX" and intent.top_n == 5 and intent.period.label == "2003"


# ---- fuzzy vocabulary, aliases, numbers in words -------------------------------------------------

@pytest.mark.parametrize("q,metric,label", [
    ("SPX volatilty in Septmber 2008", "volatility", "2008-09"),
    ("Волатилность SPX в сентябре 2008", "volatility", "2008-09"),
    ("Volatlidad del SPX en septiembre de 2008", "volatility", "2008-09"),
    ("SPX minimun in Febraury 2009", "low", "2009-02"),
])
def test_typos_are_read_as_meant_and_said(q, metric, label):
    intent = it(q)
    assert metric in intent.metrics and intent.period.label == label
    assert any("“" in n or "«" in n for n in intent.notes)          # "I read X as Y"


@pytest.mark.parametrize("q", ["Las mayores caídas del SPX en 2008", "SPX junto con su volumen en 2008",
                               "Volumes of SPX in 2008", "Максимума SPX в 2008 году"])
def test_real_words_and_inflections_are_not_corrected(q):
    assert not any("“" in n or "«" in n for n in it(q).notes)


def test_fuzzy_threshold():
    text = "febuary marhc decembre"
    spans = [(0, 7), (8, 13), (14, 22)]
    assert [f.read_as for f in fuzzy.correct(text, spans)[1]] == ["february", "march", "december"]
    assert fuzzy.correct("fxbxxary", [(0, 8)])[1] == []            # three edits: over the threshold
    assert fuzzy.correct("zzzzzz", [(0, 6)])[1] == []


@pytest.mark.parametrize("q,n", [("Seven biggest drops of SPX in 2008", 7), ("Семь крупнейших падений SPX в 2008", 7),
                                 ("Las siete mayores caídas del SPX en 2008", 7)])
def test_numbers_in_words(q, n):
    assert it(q).top_n == n


# ---- coverage --------------------------------------------------------------------------------------

@pytest.mark.parametrize("q,word,lang_word", [("SPX calmar ratio for 2015", "calmar", "Not applied: the words"),
                                              ("Коэффициент Кальмара SPX за 2015", "Кальмара", "Не применено: слова"),
                                              ("Ratio de Calmar del SPX en 2015", "Calmar", "No aplicado: las palabras")])
def test_unused_words_are_named_in_the_users_language(q, word, lang_word):
    notes = " ".join(said(it(q)))
    assert word in notes and lang_word in notes


@pytest.mark.parametrize("q", ["What was the close of SPX in March 2020?", "Какое было закрытие SPX в марте 2020?",
                               "¿Cuál fue el cierre del SPX en marzo de 2020?"])
def test_fully_used_questions_carry_no_note(q):
    assert said(it(q)) == []


# ---- multi-part and routing -------------------------------------------------------------------------

@pytest.mark.parametrize("q", ["RSI of SPY and ZETA in April 2024", "RSI SPY и ZETA за апрель 2024",
                               "RSI de SPY y ZETA en abril de 2024"])
def test_indicator_for_each_symbol(q):
    steps = plan(it(q), make_ctx()).steps
    assert [(s.action, s.params.symbol) for s in steps] == [("get_indicator", "SPY"), ("get_indicator", "ZETA")]


@pytest.mark.parametrize("q", ["SPX: compare Q1 and Q2 2019 and show the volume profile",
                               "SPX: сравни 1 кв. и 2 кв. 2019 и покажи профиль объёма",
                               "SPX: compara el 1T 2019 y el 2T 2019 y muestra el perfil de volumen"])
def test_compare_plus_volume_profile(q):
    intent = it(q)
    assert [p.label for p in intent.compare_periods] == ["2019-Q1", "2019-Q2"]
    assert intent.also == ["volume_profile"]
    assert [s.action for s in plan(intent, make_ctx()).steps] == ["compare_periods", "get_volume_profile"]


def test_four_symbols_make_four_steps():
    intent = it("Closing prices of SPY, ZETA, NQ and SPX for all the data")
    assert len(plan(intent, make_ctx()).steps) == 4       # the planner node asks confirm_plan (> 3)


def test_symbols_without_data_are_declined_by_name():
    intent = it("SPY and NQ stats for April 2024")
    assert intent.symbols == ["SPY"] and any("NQ" in n for n in intent.notes)


@pytest.mark.parametrize("q", ["Explain what ATR is and show it for SPY in April 2024",
                               "Объясни, что такое ATR, и покажи его для SPY за апрель 2024",
                               "Explica qué es el ATR y muéstralo para SPY en abril de 2024"])
def test_mixed_questions_in_three_languages(q):
    intent = it(q)
    assert intent.type == "mixed" and intent.concept == "atr" and intent.indicator == "atr"


@pytest.mark.parametrize("q", ["What was the total volume?", "¿Cuál fue el volumen total?", "Какой был общий объём?"])
def test_total_volume_is_data(q):
    intent = it(q, ["SPY stats for March 2024"])
    assert intent.type == "data" and intent.metrics == ["total_volume"] and intent.symbol == "SPY"


@pytest.mark.parametrize("q", ["Compare SPX volatility in 2001 and 2002", "Сравни волатильность SPX в 2001 и 2002",
                               "Compara la volatilidad del SPX en 2001 y 2002"])
def test_comparison_keeps_the_metric(q):
    intent = it(q)
    assert intent.analysis == "compare" and intent.metrics == ["volatility"]


@pytest.mark.parametrize("q", ["Best and worst session of SPY in April 2024", "Лучшая и худшая сессия SPY в апреле 2024",
                               "Mejor y peor sesión de SPY en abril de 2024"])
def test_best_and_worst_both(q):
    intent = it(q)
    assert (intent.analysis, intent.top_n, intent.direction) == ("top_moves", 1, None)
    assert len(plan(intent, make_ctx()).steps) == 2


@pytest.mark.parametrize("q", ["Max drawdown of SPX in 1974", "Просадка SPX в 1974", "Drawdown máximo del SPX en 1974"])
def test_drawdown_is_its_own_metric(q):
    assert it(q).metrics == ["max_drawdown"]


def test_daily_only_symbol_degrades_honestly():
    intent = it("Hourly profile of SPX in 2019")
    assert intent.analysis == "stats" and any("SPX" in n and "daily" in n for n in intent.notes)


# ---- resumes and suggestions ------------------------------------------------------------------------

NO_DATA = "There is no SPX data for 2023-01-01..2023-12-31. Stored data covers 1927-12-30 to 2020-11-30."


@pytest.mark.parametrize("yes", ["yes", "Sí", "да", "ok, please", "claro"])
def test_yes_after_no_data_runs_the_available_range(yes):
    intent = it(yes, ["SPX stats for 2023"])
    assert (intent.symbol, intent.period.start, intent.period.end) == ("SPX", date(1927, 12, 30), date(2020, 11, 30))


def test_another_instrument_offers_loaded_symbols_with_data_real_first():
    intent = it("Otro instrumento", ["ZETA stats for 2016"])
    assert intent.needs_clarification and intent.missing == ["symbol"]
    assert intent.suggestions[0] == "SPX" and "ZETA" not in intent.suggestions
    assert "GLDX" not in intent.suggestions                      # no stored data: never offered


def test_follow_up_builds_on_the_answered_turn():
    intent = it("And the high?", ["SPX stats for 2012", "SPX stats for 2033"],
                ["SPX, 2012: Open 1258.86; close 1426.19.", NO_DATA])
    assert intent.period.label == "2012" and intent.metrics == ["high"]


def test_period_suggestions_only_where_there_is_data():
    intent = it("Статистика SPX")
    assert intent.needs_clarification
    assert not any("прошлый месяц" in s for s in intent.suggestions)    # SPX ends in 2020


@pytest.mark.parametrize("q,label", [("SPX stats for march twenty twenty", "2020-03"),
                                     ("SPX nineteen eighty-seven", "1987"),
                                     ("SPX en marzo de dos mil ocho", "2008-03"),
                                     ("SPX en mil novecientos ochenta y siete", "1987"),
                                     ("SPX в две тысячи восьмом году", "2008"),
                                     ("SPX в тысяча девятьсот восемьдесят седьмом году", "1987")])
def test_years_in_words(q, label):
    assert it(q).period.label == label


@pytest.mark.parametrize("q", ["SPY stats for the week ending April 12, 2024",
                               "SPY за неделю, закончившуюся 12 апреля 2024",
                               "SPY la semana que termina el 12 de abril de 2024"])
def test_week_ending(q):
    p = it(q).period
    assert (p.start, p.end) == (date(2024, 4, 6), date(2024, 4, 12))


@pytest.mark.parametrize("q,unit_labels", [
    ("Which was the best month for SPX in 2008?", ["2008-01", "2008-12"]),
    ("Худший месяц SPX в 2008 году", ["2008-01", "2008-12"]),
    ("¿Cuál fue el peor trimestre del SPX en 2008?", ["2008-Q1", "2008-Q4"]),
])
def test_best_or_worst_period_compares_every_part(q, unit_labels):
    intent = it(q)
    labels = [p.label for p in intent.compare_periods]
    assert intent.analysis == "compare" and [labels[0], labels[-1]] == unit_labels
    assert "pct_change" in intent.metrics


def test_previous_years_close_is_not_a_period():
    intent = it("SPX return in 2019 from the previous year's close")
    assert intent.period.label == "2019" and intent.metrics[0] == "return_prev_close"
