"""Support and resistance asked in the chat (EN/RU/ES, both engines): the question reads as the
price_levels pattern, the answer states the method, and every level it names is a claim equal to
the pandas recomputation (tests/query_builder/reference.py), dated by its last swing point."""
from __future__ import annotations

import pytest

from agent import lang as packs
from tests.query_builder import reference as ref

CASES = [
    ("en", "support and resistance levels for SPY in March 2024", "SPY", "2024-03-01", "2024-03-31", "swing"),
    ("ru", "уровни поддержки и сопротивления SPY за март 2024", "SPY", "2024-03-01", "2024-03-31", "разворот"),
    ("es", "niveles de soporte y resistencia de SPX en 2019", "SPX", "2019-01-01", "2019-12-31", "giro"),
    ("ru", "поддержка и сопротивление NQ за ноябрь 2023", "NQ", "2023-11-01", "2023-11-30", "разворот"),
]
NOT_COMPUTED = {"en": "Not computed here", "ru": "Здесь не считается", "es": "No se calcula aquí"}


@pytest.mark.parametrize("lang,question,symbol,start,end,method", CASES)
def test_levels_answered_with_method_and_claims(session, lang, question, symbol, start, end, method):
    r = session.ask(question, now="2024-06-15")
    assert r.status == "answered", r.response
    assert r.validation["status"] == "ok"
    step = r.plan["steps"][0]
    assert step["action"] == "aggregate_patterns" and step["params"]["pattern"] == "price_levels"
    assert method in r.response and NOT_COMPUTED[lang] not in r.response
    want = ref.price_levels(symbol, start, end)
    for side in ("support", "resistance"):
        got = [c for c in r.claims if c["type"] == f"{side}_level"]
        listed = want[side][:3]                 # the nearest three of each side are named
        assert [c["value"] for c in got] == pytest.approx([x["level"] for x in listed])
        assert [c["date"] for c in got] == [x["last_date"] for x in listed]
        assert all(c["symbol"] == symbol for c in got)
    close = next(c for c in r.claims if c["type"] == "close")
    assert close["value"] == pytest.approx(want["close"])
    none = packs.get(lang, "answer", "TEMPLATES", "price_levels_none")
    assert (none in r.response) == (not want["support"] or not want["resistance"])


def test_the_issue_example_without_data_reads_as_levels(session):
    """NQ's data ends in December 2023: the question is still read as support and resistance and
    answered with the range there is, never as "not computed"."""
    r = session.ask("уровни поддержки и сопротивления NQ за март 2024", now="2024-06-15")
    assert r.intent["pattern"] == "price_levels"
    assert r.status == "no_data" and r.interrupt["available"]["first"] == "2023-11-20"
    assert NOT_COMPUTED["ru"] not in r.response


@pytest.mark.parametrize("question", ["What is support and resistance?", "Что такое поддержка и сопротивление?",
                                      "¿Qué son soporte y resistencia?"])
def test_the_concept_is_still_explained(session, question):
    """Asking what the words mean is a concept question, not a request for levels."""
    r = session.ask(question, now="2024-06-15")
    assert r.status == "answered" and not r.plan.get("steps") and not r.claims, r.response
