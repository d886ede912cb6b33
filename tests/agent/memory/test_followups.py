"""Follow-ups that name no instrument, through the whole graph over the real data (offline
provider), embedded and production memory:
- after a clarification answered with "NQ for November 2023", the same bare question again is
  answered about NQ and that period (the thread's last instrument), and the answer says so;
- with NQ remembered as the usual symbol, a bare question uses it and says so: only the period is
  asked, every suggestion is about NQ, and picking one answers about NQ.
Numbers are compared with an independent pandas computation on the shared NQ file."""
from __future__ import annotations

import pytest

from tests.agent.memory.conftest import ALICE
from tests.agent.memory.test_graph_memory import claim, nq_november_high, session_for, store  # noqa: F401

BARE = {"en": ["Show me the stats", "give me the stats please"],
        "ru": ["Покажи статистику", "дай статистику, пожалуйста"],
        "es": ["Muéstrame las estadísticas", "dame las estadísticas, por favor"]}
PICK = {"en": "NQ for November 2023", "ru": "NQ за ноябрь 2023", "es": "NQ de noviembre de 2023"}
TEACH = {"en": "remember that I usually trade NQ", "ru": "запомни, что я обычно торгую NQ",
         "es": "recuerda que normalmente opero NQ"}
# The notes, written here independently of agent/memory/defaults.py.
THREAD_NOTE = {"en": "Using NQ, as in this conversation.", "ru": "Использую NQ, как в этом разговоре.",
               "es": "Uso NQ, como en esta conversación."}
USUAL_NOTE = {"en": "Using NQ, your usual symbol.", "ru": "Использую NQ — ваш обычный инструмент.",
              "es": "Uso NQ, tu símbolo habitual."}


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_a_bare_follow_up_continues_with_the_threads_instrument(store, any_settings, lang):  # noqa: F811
    s = session_for(store, any_settings)
    first, again = BARE[lang]
    asked = s.ask(first, thread_id=f"f-{lang}")
    assert asked.status == "clarification", asked.response
    answered = s.resume(f"f-{lang}", PICK[lang])
    assert answered.status == "answered" and answered.intent["symbol"] == "NQ", answered.response
    for question in (first, again):
        out = s.ask(question, thread_id=f"f-{lang}")
        assert out.status == "answered", out.response
        assert out.intent["symbol"] == "NQ" and THREAD_NOTE[lang] in out.response
        assert claim(out, "high") == pytest.approx(nq_november_high())
    fresh = s.ask(first, thread_id=f"other-{lang}")            # another thread: nothing to continue
    assert fresh.status == "clarification"
    s.deps.services.memory.forget(ALICE)
    s.deps.services.close()


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_the_usual_symbol_is_used_for_a_bare_question_and_said(store, any_settings, lang):  # noqa: F811
    s = session_for(store, any_settings)
    assert s.ask(TEACH[lang], thread_id=f"teach-{lang}").status == "answered"
    for n, question in enumerate(BARE[lang]):
        thread = f"usual-{lang}-{n}"
        out = s.ask(question, thread_id=thread)
        assert out.status == "clarification", out.response
        assert out.interrupt["questions"][0] == USUAL_NOTE[lang], out.interrupt
        assert len(out.interrupt["questions"]) == 2              # and only the period is asked
        suggestions = out.interrupt["suggestions"]
        assert suggestions and all(x.startswith("NQ") for x in suggestions), suggestions
        picked = s.resume(thread, suggestions[0])
        assert picked.status == "answered" and picked.intent["symbol"] == "NQ", picked.response
    s.deps.services.memory.forget(ALICE)
    s.deps.services.close()
