"""Summaries state only validated numbers: claim values and dates, or numbers the user typed."""
from __future__ import annotations

from agent.memory.models import Message
from agent.memory.summary import fold, summarize, unvalidated_numbers

CLAIMS = [{"type": "high", "value": 16208.5, "date": "2023-11-29", "symbol": "NQ", "period": "2023-11"},
          {"type": "pct_change", "value": 0.3900597, "symbol": "NQ", "period": "2023-11"}]
TURN = [Message(role="user", content="NQ high in November 2023?"),
        Message(role="assistant", content="The high was 16,208.50 on 2023-11-29 (about 99 points "
                                          "above a level I made up), change +0.39%.",
                claims=CLAIMS, topic="stats NQ 2023-11")]


class FakeLLM:
    name = "fake"

    def __init__(self, text: str | Exception):
        self.text, self.calls = text, []

    def summarize(self, messages):
        self.calls.append(messages)
        if isinstance(self.text, Exception):
            raise self.text
        return self.text


def test_code_summary_keeps_claims_and_drops_unvalidated_numbers():
    text = fold(None, TURN)
    assert "stats NQ 2023-11" in text and "high 16208.5 (2023-11-29)" in text
    assert "99" not in text                          # stated in the answer, never validated
    assert unvalidated_numbers(text, None, TURN) == []


def test_llm_summary_with_validated_numbers_is_used():
    llm = FakeLLM("The user asked about NQ in November 2023: high 16,208.50 on 2023-11-29, +0.39%.")
    assert summarize(llm, None, TURN) == llm.text
    assert llm.calls and llm.calls[0][0]["content"].startswith("NQ high")


def test_llm_summary_with_an_invented_number_falls_back_to_code():
    llm = FakeLLM("NQ's high was 16,208.50, about 99 points above resistance.")
    assert summarize(llm, None, TURN) == fold(None, TURN)


def test_russian_number_format_is_recognised():
    assert unvalidated_numbers("максимум 16 208,50; изменение 0,39%", None, TURN) == []
    assert unvalidated_numbers("максимум 16 300,00", None, TURN) == ["16 300,00"]


def test_llm_failure_falls_back_to_code():
    assert summarize(FakeLLM(TimeoutError("slow")), "- «earlier»", TURN) == fold("- «earlier»", TURN)


def test_summary_stays_bounded_and_keeps_the_first_turns():
    msgs = []
    for i in range(200):
        msgs += [Message(role="user", content=f"question number {i} about SPY"),
                 Message(role="assistant", content="...", claims=CLAIMS, topic=f"stats SPY t{i}")]
    text = fold(None, msgs)
    from agent.memory.summary import SUMMARY_MAX_TOKENS
    from agent.memory.tokens import count

    assert count(text) <= SUMMARY_MAX_TOKENS
    assert "question number 0 " in text and "question number 199" in text
