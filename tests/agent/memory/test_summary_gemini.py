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
