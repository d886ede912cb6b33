"""A mixed question ("what is RSI? show SPY's RSI for April 2024") is answered with the explanation
and the data: the same values as the data question alone (whose values other tests check against
pandas), plus the glossary's explanation; "what is the RSI of SPY ..." stays a data question."""
from __future__ import annotations

import pytest

from tests.agents.conftest import conversation


@pytest.mark.parametrize("mixed,plain,term", [
    ("what is RSI? show SPY's RSI for April 2024", "show SPY's RSI for April 2024", "Relative Strength Index"),
    ("что такое RSI? покажи RSI SPY за апрель 2024", "покажи RSI SPY за апрель 2024", "RSI"),
    ("¿qué es el RSI? muestra el RSI de SPY en abril de 2024", "muestra el RSI de SPY en abril de 2024", "RSI"),
])
def test_mixed_question_gets_explanation_and_data(session, mixed, plain, term):
    run = conversation(session, "mixed", "2024-06-01")
    m, p = run(mixed), run(plain)
    assert m["status"] == p["status"] == "answered" and m["intent"]["type"] == "mixed" and p["intent"]["type"] != "mixed"
    values = lambda r: sorted((c["type"], c["date"], round(c["value"], 6)) for c in r["claims"])  # noqa: E731
    assert values(m) == values(p) and any(c["type"] == "rsi" for c in m["claims"])
    assert term in m["response"] and len(m["response"]) > len(p["response"]) + 100


def test_what_is_the_value_of_a_symbol_is_a_data_question(session):
    r = conversation(session, "mixed", "2024-06-01")("what is the RSI of SPY in April 2024?")
    assert r["intent"]["type"] == "data" and any(c["type"] == "rsi" for c in r["claims"])
