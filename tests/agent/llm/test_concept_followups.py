"""Issue 24's conversation probe, classes of the history handling (own phrasings, EN/RU/ES):
a concept question whose name is a measure carries that measure to the follow-up ("what is a
drawdown?" then "and for SPX in 2011?" is SPX's max drawdown in 2011, not its overview); generic
verbs and pronouns are never named as unused; "how did X do after <event>" plans the event study
only (it added a stats step over the period's first N days)."""
from __future__ import annotations

import pytest

from agent.llm.offline import OfflineProvider
from tests.agent.llm.offline_helpers import history as _history
from tests.agent.llm.offline_helpers import make_ctx
from tests.agent.llm.test_understanding_v2_answers import claim, spx
from tests.agents.conftest import conversation, make_session

P = OfflineProvider()



@pytest.mark.parametrize("concept,question,metric", [
    ("Explain what a drawdown is", "and what was it for SPX in 2011?", "max_drawdown"),
    ("Что такое волатильность?", "а какой она была у SPX в 2011 году?", "volatility"),
    ("¿Qué significa la volatilidad?", "¿y cuánta tuvo SPX en 2011?", "volatility"),
    ("¿Qué es el drawdown?", "¿y cuál fue el de SPX en 2011?", "max_drawdown"),
])
def test_a_concept_measure_carries_to_the_follow_up(concept, question, metric):
    it = P.understand(question, _history(concept), make_ctx())
    assert (it.symbol, it.period.label, it.metrics) == ("SPX", "2011", [metric])
    assert not it.notes


@pytest.mark.parametrize("q", [
    "Что делали SPX в течение 3 дней после падения более чем на 4% за день в 2011 году?",
    "¿Qué hace SPX en los 3 días siguientes a una caída de más del 4% en un día en 2011?",
    "What does SPX do in the 3 days after it drops more than 4% in a day in 2011?",
])
def test_generic_verbs_are_never_named_as_unused(q):
    it = P.understand(q, None, make_ctx())
    assert it.analysis == "after_events" and not it.notes, it.notes


@pytest.fixture(scope="module")
def chat(loaded_store, tmp_path_factory):
    return conversation(make_session(loaded_store, tmp_path_factory.mktemp("concepts")), "c", "2025-06-02")


def spx_max_drawdown(year: str) -> float:
    close = spx().loc[year, "Close"]
    return float((close / close.cummax() - 1).min() * 100)


@pytest.mark.parametrize("turns", [("What is a drawdown?", "and for SPX in 2011?"),
                                   ("Что такое просадка?", "а какой она была у SPX в 2011 году?"),
                                   ("¿Qué es el drawdown?", "¿y cuál fue el de SPX en 2011?")])
def test_concept_follow_up_answers_the_measure(chat, turns):
    out = chat(*turns)
    assert out["status"] == "answered", out["response"]
    assert claim(out, "max_drawdown")["value"] == pytest.approx(spx_max_drawdown("2011"), abs=0.01)


@pytest.mark.parametrize("q", [
    "How did SPX do in the 3 days after it dropped more than 4% in a day in 2011?",
    "Как вел себя SPX 3 дня после падения более чем на 4% за день в 2011 году?",
    "¿Cómo le fue a SPX en los 3 días tras caer más de un 4% en un día en 2011?",
])
def test_how_did_it_do_after_events_plans_the_event_study_only(chat, q):
    out = chat(q)
    assert out["status"] == "answered", out["response"]
    assert [s["action"] for s in out["plan"]["steps"]] == ["get_periods_after"]
    df = spx().loc["2010-12-31":"2011-12-31"]
    drops = (df["Close"].pct_change() * 100).loc["2011"]
    assert claim(out, "event_count")["value"] == int((drops < -4).sum())
