"""The summariser through the Gemini provider (the Flash model) against the local stub server:
accepted with validated numbers only, code fallback on an invented number or an API error."""
from __future__ import annotations

from agent.memory.models import Message
from agent.memory.summary import fold, summarize
from tests.agent.llm.gemini_stub import error, provider_for, request_text, stub, text  # noqa: F401

CLAIMS = [{"type": "high", "value": 16208.5, "date": "2023-11-29", "symbol": "NQ", "period": "2023-11"}]
TURN = [Message(role="user", content="NQ high in November 2023?"),
        Message(role="assistant", content="The high was 16,208.50 on 2023-11-29.", claims=CLAIMS,
                topic="stats NQ 2023-11")]


def test_flash_summary_is_used_when_its_numbers_are_validated(stub, provider_for):  # noqa: F811
    stub.add(text("Asked about NQ in November 2023; high 16,208.50 on 2023-11-29."))
    provider = provider_for(gemini_model_summarizer="gemini-flash-test")
    out = summarize(provider, "- «earlier question»", TURN)
    assert out == "Asked about NQ in November 2023; high 16,208.50 on 2023-11-29."
    req = stub.generate_requests()[0]
    assert req["model"] == "gemini-flash-test"
    assert "earlier question" in request_text(req) and "16,208.50" in request_text(req)


def test_invented_number_or_api_error_falls_back_to_code(stub, provider_for):  # noqa: F811
    stub.add(text("NQ topped at 16,500 in November 2023."), error(500))
    provider = provider_for()
    assert summarize(provider, None, TURN) == fold(None, TURN)
    assert summarize(provider, None, TURN) == fold(None, TURN)


def _turns(mem, provider, n: int) -> None:
    from tests.agent.memory.conftest import ALICE

    intent = {"type": "data", "symbol": "NQ", "symbols": ["NQ"], "period": {"label": "2023-11"}}
    for i in range(n):
        mem.learn_turn(ALICE, "t-summary", f"NQ high in November 2023? ({i})",
                       "The high was 16,208.50 on 2023-11-29.", intent, CLAIMS, provider)


def test_the_summariser_is_called_at_runtime_when_turns_leave_the_window(stub, provider_for, tmp_path):  # noqa: F811
    # issue 30: the LLM summariser was never called at runtime (the code summary always ran)
    from agent.memory.service import Memory
    from agent.memory.tokens import KEEP_MESSAGES
    from agent.settings import Settings
    from tests.agent.memory.conftest import ALICE, prefix

    stub.add(text("Asked about NQ in November 2023; high 16,208.50 on 2023-11-29."))
    mem = Memory(Settings(home=tmp_path, memory_key_prefix=prefix()))
    provider = provider_for(gemini_model_summarizer="gemini-flash-test")
    _turns(mem, provider, KEEP_MESSAGES // 2)            # the window is full: no call yet
    assert stub.generate_requests() == []
    _turns(mem, provider, 1)                             # one turn leaves it: the summariser runs
    [req] = stub.generate_requests()
    assert req["model"] == "gemini-flash-test"
    conv = mem.conversation(ALICE, "t-summary")
    assert conv.summary == "Asked about NQ in November 2023; high 16,208.50 on 2023-11-29."
    mem.forget(ALICE)


def test_the_runtime_summariser_falls_back_to_the_code_summary(stub, provider_for, tmp_path):  # noqa: F811
    from agent.memory.models import Message as M
    from agent.memory.service import Memory
    from agent.memory.tokens import KEEP_MESSAGES
    from agent.settings import Settings
    from tests.agent.memory.conftest import ALICE, prefix

    stub.add(error(500))
    mem = Memory(Settings(home=tmp_path, memory_key_prefix=prefix()))
    _turns(mem, provider_for(), KEEP_MESSAGES // 2 + 1)
    assert len(stub.generate_requests()) == 1
    conv = mem.conversation(ALICE, "t-summary")
    from agent.memory.learn import topic

    intent = {"type": "data", "symbol": "NQ", "symbols": ["NQ"], "period": {"label": "2023-11"}}
    first = [M(role="user", content="NQ high in November 2023? (0)"),
             M(role="assistant", content="The high was 16,208.50 on 2023-11-29.", claims=CLAIMS,
               topic=topic(intent))]
    assert conv.summary == fold(None, first)
    mem.forget(ALICE)
