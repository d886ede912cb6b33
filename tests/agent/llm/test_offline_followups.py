"""Follow-ups from history, clarifications with concrete suggestions, and answers to them."""
from __future__ import annotations

import pytest

from agent.llm.offline import OfflineProvider
from agent.nlu.followups import summarize
from tests.agent.llm.offline_helpers import history as _history
from tests.agent.llm.offline_helpers import make_ctx

P = OfflineProvider()



FOLLOWUPS = [
    (["NQ stats for November 2023"], "What about December?", "NQ", "2023-12", "stats"),
    (["NQ stats for November 2023"], "and the high?", "NQ", "2023-11", "extremes"),
    (["Статистика SPX за 2008 год"], "А за 2009?", "SPX", "2009", "stats"),
    (["Статистика SPX за 2008 год"], "А максимум?", "SPX", "2008", "extremes"),
    (["Статистика SPX за 2008 год"], "А для SPY?", "SPY", "2008", "stats"),
    (["Estadísticas de SPY en marzo de 2024"], "¿Y en abril?", "SPY", "2024-04", "stats"),
    (["Estadísticas de SPY en marzo de 2024"], "¿Y el volumen?", "SPY", "2024-03", "volume"),
    (["How many days did SPX drop more than 3% in 2008?"], "And in 2009?", "SPX", "2009", "events"),
    (["SPY stats for December 2023"], "and January?", "SPY", "2024-01", "stats"),
    (["Покажи статистику", "NQ за ноябрь 2023"], "А за декабрь?", "NQ", "2023-12", "stats"),
    (["NQ за ноябрь 2023", "А за декабрь?"], "А минимум?", "NQ", "2023-12", "extremes"),
]


@pytest.mark.parametrize("turns,question,symbol,label,analysis", FOLLOWUPS,
                         ids=[q for _, q, *_ in FOLLOWUPS])
def test_followup_takes_context_from_history(turns, question, symbol, label, analysis):
    intent = P.understand(question, _history(*turns), make_ctx())
    assert not intent.needs_clarification
    assert (intent.symbol, intent.period.label, intent.analysis) == (symbol, label, analysis)


def test_followup_keeps_condition_and_changes_horizon():
    h = _history("After SPX rose more than 5% in a day since 1950, what happened over the next 5 trading days?")
    longer = P.understand("And over the next 10 days?", h, make_ctx())
    assert (longer.analysis, longer.horizon_days, longer.condition.threshold) == ("after_events", 10, 5.0)
    falls = P.understand("What about falls of more than 5%?", h, make_ctx())
    assert (falls.analysis, falls.horizon_days, falls.condition.op, falls.condition.threshold) == \
        ("after_events", 5, "lt", -5.0)


def test_followup_indicator_on_another_date():
    intent = P.understand("А на конец апреля?", _history("RSI SPX на конец марта 2020"), make_ctx())
    assert intent.indicator == "rsi" and intent.indicator_date.isoformat() == "2020-04-30"


def test_concept_question_in_a_data_thread_stays_a_concept():
    intent = P.understand("Что такое RSI?", _history("NQ за ноябрь 2023"), make_ctx())
    assert intent.type == "concept" and intent.concept == "rsi"


def test_short_answer_keeps_the_thread_language():
    intent = P.understand("SPY, 2024-03", _history("Статистика SPX за 2008 год"), make_ctx())
    assert intent.lang == "ru" and intent.symbol == "SPY" and intent.period.label == "2024-03"


CLARIFY = [
    ("Show me NQ", "en", ["period"]),
    ("Статистика за ноябрь 2023", "ru", ["symbol"]),
    ("Muéstrame las estadísticas", "es", ["symbol", "period"]),
    ("How many days did SPX move more than 3% in 2008?", "en", ["condition"]),
    ("What happened after SPX's big drop?", "en", ["threshold"]),
    ("¿Qué pasó después de una gran caída?", "es", ["symbol", "threshold"]),
    ("Что было после сильного падения NQ?", "ru", ["threshold"]),
]


@pytest.mark.parametrize("question,lang,missing", CLARIFY, ids=[c[0] for c in CLARIFY])
def test_clarification_in_the_users_language(question, lang, missing):
    intent = P.understand(question, None, make_ctx())
    assert intent.needs_clarification and intent.missing == missing and intent.lang == lang
    assert len(intent.clarifying_questions) == len(missing)
    assert 2 <= len(intent.suggestions) <= 3
    for suggestion in intent.suggestions:      # every suggestion is an answer that resolves it
        done = P.understand_with_answer(question, suggestion, None, make_ctx())
        assert not done.needs_clarification, (suggestion, done.missing)
        assert done.lang == lang


def test_suggestions_come_from_the_stored_data():
    intent = P.understand("Покажи статистику", None, make_ctx())
    # freshest data first: SPY and ZETA end 2024-05-17, NQ 2023-12-04 (BTCUSD 2022, SPX 2020 left out)
    assert intent.suggestions == ["SPY за апрель 2024", "ZETA за апрель 2024", "NQ за ноябрь 2023"]


def test_no_clarification_when_history_makes_it_clear():
    intent = P.understand("Покажи статистику", _history("NQ за ноябрь 2023"), make_ctx())
    assert not intent.needs_clarification and intent.symbol == "NQ"


def test_answer_as_text_and_as_intent():
    ctx = make_ctx()
    by_text = P.understand_with_answer("Show me the stats", "SPY, March 2024", None, ctx)
    original = P.understand("Show me the stats", None, ctx)
    by_intent = P.understand_with_answer(original, "SPY, March 2024", None, ctx)
    for it in (by_text, by_intent):
        assert (it.symbol, it.period.label, it.analysis, it.needs_clarification) == \
            ("SPY", "2024-03", "stats", False)
    vague = P.understand("What happened after the big move?", None, ctx)
    done = P.understand_with_answer(vague, "SPX, drops of more than 4%", None, ctx)
    assert (done.analysis, done.symbol, done.condition.threshold, done.horizon_days) == \
        ("after_events", "SPX", -4.0, 5)


def test_single_instrument_store_needs_no_symbol():
    ctx = make_ctx()
    ctx.instruments = [i for i in ctx.instruments if i.symbol == "SPY"]
    intent = P.understand("Stats for March 2024", None, ctx)
    assert intent.symbol == "SPY" and not intent.needs_clarification


def test_summarize_is_short_and_deterministic():
    msgs = _history("NQ за ноябрь 2023", "А за декабрь?") + [{"role": "user", "content": "А минимум?"}]
    s1, s2 = summarize(msgs), P.summarize(msgs)
    assert s1 == s2 and len(s1) <= 600
    assert "А минимум?" in s1 and "5 messages" in s1
    assert P.summarize([]) == ""


MIXED = ["show RSI for SPX in March 2020 and explain it",
         "¿Qué es el RSI y cuánto valía el del SPX el 31 de diciembre de 2019?",
         "Что такое RSI и какой он был у SPX на конец 2019?",
         "RSI SPX на конец марта 2020 и объясни, что это значит"]


@pytest.mark.parametrize("question", MIXED)
def test_mixed_questions_get_data_and_explanation(question):
    intent = P.understand(question, None, make_ctx())
    assert (intent.type, intent.symbol, intent.analysis, intent.indicator, intent.concept) == \
        ("mixed", "SPX", "indicator", "rsi", "rsi")


def test_data_question_starting_with_what_is_is_not_mixed():
    for q in ("What is the RSI of SPX on 2019-12-31?", "What is the volume and range of SPY in March 2024?"):
        assert P.understand(q, None, make_ctx()).type == "data"


def test_indicator_concept_then_symbol_followup():
    intent = P.understand("А для SPX на конец 2019?", _history("Что такое RSI?"), make_ctx())
    assert (intent.analysis, intent.indicator, intent.indicator_date.isoformat()) == \
        ("indicator", "rsi", "2019-12-31")


def test_unsupported_and_unknown_concepts_are_honest():
    forecast = P.understand("Will SPX rise next month?", None, make_ctx())
    assert forecast.type == "concept" and forecast.unsupported == "forecast"
    unknown = P.understand("What is gamma exposure?", None, make_ctx())
    assert unknown.type == "concept" and unknown.concept == "gamma exposure"
    assert "gamma exposure" in P.explain(unknown.concept, "en")
