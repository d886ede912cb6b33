"""Issue 32, word level, both ways: Russian direction words in every gender and number and Spanish
plural forms bound to the value they qualify; proper names (unlisted ones flagged, true answers
with capitals kept: sentence starts, months, weekdays, terms, the user's own words); Nasdaq the
company vs the index; dates in words bound to the value of their clause; Russian period cases.
The NQ November 2023 change is positive and its low is not on its high's day (pandas)."""
from __future__ import annotations

import pytest

from agent.answer import slots
from tests.agent.answer.lies import QUESTIONS
from tests.agent.answer.statement_corpus import day_words, nq_facts
from tests.agent.answer.test_lies import _check, nq_result  # noqa: F401 (fixture)


def _ok(result, text: str, lang: str, question: str | None = None) -> list[str]:
    v, _ = _check(text, result, lang, question)
    return v.issues


@pytest.mark.parametrize("lang,text", [
    ("ru", "Цена NQ выросла на {pct_change} в ноябре 2023."), ("ru", "Котировки NQ выросли на {pct_change}."),
    ("ru", "Индекс NQ вырос на {pct_change}."), ("ru", "Значение NQ выросло на {pct_change}."),
    ("ru", "Стоимость NQ поднялась на {pct_change}."), ("es", "Los futuros de NQ subieron un {pct_change}."),
    ("es", "Las cotizaciones de NQ ganaron un {pct_change}."), ("en", "NQ futures rose {pct_change}.")])
def test_direction_forms_on_the_real_sign_pass(nq_result, lang, text):
    assert nq_facts()["pct_change"] > 0
    assert _ok(nq_result, text, lang) == []


@pytest.mark.parametrize("lang,text", [
    ("ru", "Цена NQ упала на {pct_change}."), ("ru", "Котировки NQ упали на {pct_change}."),
    ("ru", "Стоимость NQ снизилась на {pct_change}."), ("ru", "Значение NQ упало на {pct_change}."),
    ("ru", "Фьючерсы NQ подешевели на {pct_change}."), ("ru", "Цена NQ обвалилась на {pct_change}."),
    ("es", "Los futuros de NQ cayeron un {pct_change}."), ("es", "Las cotizaciones de NQ bajaron un {pct_change}."),
    ("es", "Los precios de NQ perdieron un {pct_change}."), ("en", "NQ futures slid {pct_change}.")])
def test_direction_forms_against_the_sign_are_rejected(nq_result, lang, text):
    issues = _ok(nq_result, text, lang)
    assert any("says down" in i for i in issues), issues


@pytest.mark.parametrize("lang,text", [
    ("en", "NQ closed at {close}, as Bloomberg noted."), ("en", "Traders at Citadel took NQ to {close}."),
    ("ru", "По словам аналитиков Goldman, NQ закрылся на {close}."),
    ("es", "Según los analistas de Morgan, NQ cerró en {close}.")])
def test_unlisted_names_are_flagged(nq_result, lang, text):
    issues = _ok(nq_result, text, lang)
    assert any("name code cannot bind" in i for i in issues), issues


@pytest.mark.parametrize("lang,text", [
    ("en", "NQ closed at {close} while Nvidia lagged."), ("ru", "NQ закрылся на {close}, а Эпл отстала."),
    ("es", "NQ cerró en {close} mientras Nasdaq Inc caía."), ("en", "The ECB met and NQ closed at {close}.")])
def test_listed_companies_and_institutions_need_their_data(nq_result, lang, text):
    issues = _ok(nq_result, text, lang)
    assert any("was not fetched" in i or "causes and events" in i for i in issues), issues


@pytest.mark.parametrize("lang,text", [
    ("en", "On Wednesday NQ closed at {close}; RSI and Bollinger bands are not part of this answer."),
    ("en", "In November 2023 the Nasdaq future NQ closed at {close} (UTC sessions)."),
    ("ru", "В ноябре 2023 NQ (Насдак) закрылся на {close}, в среду."),
    ("es", "En noviembre de 2023 NQ cerró en {close}, el miércoles."),
    ("en", "Good question. NQ closed at {close}.")])
def test_capitals_that_name_nothing_pass(nq_result, lang, text):
    assert _ok(nq_result, text, lang) == []


def test_the_users_own_name_passes_only_when_asked(nq_result):
    text = "No, Maria: NQ closed at {close}, below {param.n1}."
    assert _ok(nq_result, text, "en", "Maria here: did NQ close above 16500 in November 2023?") == []
    assert any("'Maria'" in i for i in _ok(nq_result, text, "en", QUESTIONS["en"]))


def test_dates_in_words_are_bound_to_the_value_of_their_clause(nq_result):
    f = nq_facts()
    low = day_words(f["low_date"], "en")
    assert _ok(nq_result, f"NQ closed at {{close}}, and its low {{low}} came on {low}.", "en") == []
    wrong = day_words(f["high_date"], "en")
    issues = _ok(nq_result, f"NQ closed at {{close}}, and its low {{low}} came on {wrong}.", "en")
    assert any("is not the date or period of {s1.low}" in i for i in issues), issues
    issues = _ok(nq_result, "NQ's low {low} came on {high.date}.", "en")
    assert any("{high.date}" in i for i in issues), issues
    ru = day_words(f["high_date"], "ru")
    assert _ok(nq_result, f"Максимум NQ {{high}} ({ru[:-3]}).", "ru") == []
    assert any("не" in i or "is not" in i for i in _ok(nq_result, f"Минимум NQ {{low}} ({ru[:-3]}).", "ru"))


@pytest.mark.parametrize("text,shown", [
    ("В {period} NQ закрылся на {close}.", "В ноябре 2023 NQ"), ("С {period} NQ вырос на {pct_change}.", "С ноября 2023"),
    ("{period}: закрытие {close}.", "Ноябрь 2023: закрытие"), ("За {period} NQ вырос на {pct_change}.", "За ноябрь 2023")])
def test_russian_periods_take_the_case_of_their_preposition(nq_result, text, shown):
    v, table = _check(text, nq_result, "ru")
    assert v.status == "ok", v.issues
    assert slots.fill(text, table, "ru")[0].startswith(shown)


@pytest.mark.parametrize("lang,text,shown", [
    ("ru", "Цена NQ {dir.f:pct_change} на {pct_change}.", "Цена NQ выросла на "),
    ("ru", "Котировки NQ {dir.pl:pct_change} на {pct_change}.", "Котировки NQ выросли на "),
    ("ru", "Значение NQ {dir.n:pct_change} на {pct_change}.", "Значение NQ выросло на "),
    ("ru", "NQ {dir:pct_change} на {pct_change}.", "NQ вырос на "),
    ("es", "Los futuros de NQ {dir.pl:pct_change} un {pct_change}.", "Los futuros de NQ subieron un "),
    ("en", "NQ futures {dir.pl:pct_change} {pct_change}.", "NQ futures rose ")])
def test_direction_slot_agrees_with_its_subject(nq_result, lang, text, shown):
    """The relation word in the subject's gender / number, from the real sign (positive: pandas);
    the value after it without its sign."""
    assert nq_facts()["pct_change"] > 0
    v, table = _check(text, nq_result, lang)
    assert v.status == "ok", v.issues
    out = slots.fill(text, table, lang)[0]
    assert out.startswith(shown) and "+" not in out, out


def test_a_brace_that_is_no_slot_is_sent_back(nq_result):
    issues = _ok(nq_result, "Цена NQ {dir.x:pct_change} на {pct_change}.", "ru")
    assert any("is not a slot" in i for i in issues), issues


@pytest.mark.parametrize("lang,true,false", [
    ("en", "Over November 1, 2023 – November 30, 2023: NQ's low {low}.",
     "Over November 1, 2023 – November {d}, 2023: NQ's low {low}."),
    ("en", "From November 1, 2023 to November 30, 2023 NQ's low was {low}.",
     "From November 1, 2023 to November {d}, 2023 NQ's low was {low}."),
    ("ru", "С 1 ноября 2023 г. по 30 ноября 2023 г. минимум NQ составил {low}.",
     "С 1 ноября 2023 г. по {d} ноября 2023 г. минимум NQ составил {low}."),
    ("es", "Del 1 de noviembre de 2023 al 30 de noviembre de 2023 el mínimo de NQ fue {low}.",
     "Del 1 de noviembre de 2023 al {d} de noviembre de 2023 el mínimo de NQ fue {low}.")])
def test_a_range_of_two_dates_is_one_period(nq_result, lang, true, false):
    """"March 1 – March 15: lowest {rsi_min}" was read as two days, so a true code summary was
    hidden; the range holds the value's day, and a range that does not is still caught."""
    low_day = int(nq_facts()["low_date"][8:10])
    assert low_day > 2
    assert _ok(nq_result, true, lang) == []
    issues = _ok(nq_result, false.replace("{d}", str(low_day - 1)), lang)
    assert any("is not the date or period of {s1.low}" in i for i in issues), issues
