"""Statements about oneself read as memory tool calls (issue 24's conversation probe), own phrasings
in EN, RU and ES: naming one's usual instrument is remembered (it was asked for a period), and a
forget statement forgets what it names; everything only when it says so (threads included)."""
from __future__ import annotations

import pytest

from agent.nlu.lang import normalize
from agent.nlu.memory_statements import memory_call
from agent.nlu.symbols import symbols_in
from tests.agent.llm.offline_helpers import make_ctx

CTX = make_ctx()


def call(text: str):
    return memory_call(text, normalize(text), [h.symbol for h in symbols_in(text, CTX.instruments)])


@pytest.mark.parametrize("text,symbol", [
    ("My go-to ticker is BTCUSD", "BTCUSD"),
    ("my preferred market: SPX", "SPX"),
    ("NQ is my main contract", "NQ"),
    ("Please note that my usual instrument is SPY", "SPY"),
    ("Мой любимый тикер — BTCUSD", "BTCUSD"),
    ("Моя основная бумага SPY", "SPY"),
    ("Mi mercado habitual es SPX", "SPX"),
    ("NQ es mi contrato principal", "NQ"),
    ("Toma nota: mi activo favorito es BTCUSD", "BTCUSD"),
])
def test_naming_ones_usual_instrument_is_remembered(text, symbol):
    got = call(text)
    assert got is not None and got[0] == "remember" and got[1]["symbol"] == symbol


@pytest.mark.parametrize("text", ["my usual ticker for April 2024 stats?", "my orders", "mis posiciones",
                                  "мои алерты", "My main instrument is SPY. What was its April close?",
                                  "¿cuál es mi símbolo habitual?"])
def test_questions_and_commands_are_not_statements(text):
    assert call(text) is None


@pytest.mark.parametrize("text,kind", [
    ("forget that I scalp", "style"),
    ("please forget that I'm a swing trader", "style"),
    ("forget that I follow SPX", "preferences"),
    ("forget what I said", "notes"),
    ("forget all of it", "all"),
    ("забудь, что я скальпирую", "style"),
    ("забудь, что я слежу за SPX", "preferences"),
    ("забудь всё, что знаешь обо мне", "all"),
    ("olvida que hago swing", "style"),
    ("olvida que sigo el SPX", "preferences"),
    ("olvida todo", "all"),
])
def test_forget_forgets_what_it_names(text, kind):
    assert call(text) == ("forget", {"kind": kind})


@pytest.mark.parametrize("text,symbol", [
    ("Lately I mostly trade SPX", "SPX"),
    ("Mainly trading BTCUSD this year", "BTCUSD"),
    ("I keep watching SPY", "SPY"),
    ("Чаще всего торгую BTCUSD", "BTCUSD"),
    ("Я в основном слежу за SPX", "SPX"),
    ("Principalmente opero SPX", "SPX"),
    ("Normalmente sigo el BTCUSD", "BTCUSD"),
    ("Запиши: я торгую SPY", "SPY"),
    ("Soy trader de futuros, sobre todo NQ", "NQ"),
    ("Hago swing con SPX", "SPX"),
])
def test_statements_of_how_one_trades_are_remembered(text, symbol):
    got = call(text)
    assert got is not None and got[0] == "remember" and got[1]["symbol"] == symbol


@pytest.mark.parametrize("text", ["I watch SPX in March 2020", "слежу за SPX в марте 2020", "miro SPX en marzo de 2020",
                                  "Sigo sin ver el gráfico", "I want SPY stats for April 2024"])
def test_a_weak_verb_with_a_date_is_a_question(text):
    assert call(text) is None
