"""Memory statements through the whole graph (offline provider) on the real data, EN/RU/ES: naming
one's usual instrument is remembered and confirmed, then used (and said) in another thread; a forget
statement that names the trading style forgets only the style (it deleted all memory and every
thread record), and its answer never lists thread ids."""
from __future__ import annotations

import pytest

from tests.agent.memory.conftest import ALICE
from tests.agent.memory.test_graph_memory import claim, nq_november_high, session_for, store  # noqa: F401

CASES = {
    "en": ("NQ is my main contract", "I'm a scalper", "forget that I scalp", "stats for November 2023",
           "Using NQ, your usual symbol.", "Forgotten: your trading style."),
    "ru": ("Мой основной контракт — NQ", "Я скальпер", "забудь, что я скальпирую", "статистика за ноябрь 2023",
           "Использую NQ — ваш обычный инструмент.", "Забыл: ваш стиль торговли."),
    "es": ("Mi contrato principal es NQ", "Soy scalper", "olvida que hago scalping",
           "estadísticas de noviembre de 2023", "Uso NQ, tu símbolo habitual.", "Olvidado: tu estilo de trading."),
}
SAID = {"en": "Your usual symbol is now NQ.", "ru": "Ваш обычный инструмент теперь NQ.",
        "es": "Tu símbolo habitual ahora es NQ."}


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_statements_remember_and_forget_only_what_they_name(store, any_settings, lang):  # noqa: F811
    symbol_said, style_said, forget_said, ask, note, forgot = CASES[lang]
    s = session_for(store, any_settings)
    mem = s.deps.services.memory
    assert s.ask("SPY stats for March 2024", thread_id=f"a-{lang}").status == "answered"   # a thread record
    first = s.ask(symbol_said, thread_id=f"a-{lang}")
    assert first.status == "answered" and SAID[lang] in first.response, first.response
    assert s.ask(style_said, thread_id=f"a-{lang}").status == "answered"
    assert mem.profile(ALICE).trading_style == "scalping"
    out = s.ask(forget_said, thread_id=f"b-{lang}")
    assert out.response == forgot, out.response
    profile = mem.profile(ALICE)
    assert profile.trading_style is None and profile.preferences["usual_symbol"] == "NQ"
    assert mem.export(ALICE)["threads"]                          # the conversations are kept
    later = s.ask(ask, thread_id=f"c-{lang}")
    assert later.status == "answered" and note in later.response, later.response
    assert claim(later, "high") == pytest.approx(nq_november_high())
    mem.forget(ALICE)
    s.deps.services.close()


def test_forgetting_everything_names_the_conversations_not_their_ids(store, any_settings):  # noqa: F811
    s = session_for(store, any_settings)
    assert s.ask("NQ stats for November 2023", thread_id="thread-x1").status == "answered"
    out = s.ask("forget everything about me", thread_id="thread-x2")
    assert "the conversations" in out.response and "thread-x1" not in out.response, out.response
    assert s.deps.services.memory.export(ALICE)["threads"] == {}
    s.deps.services.close()
