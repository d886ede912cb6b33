"""Queued learning: the next read of the same user waits for it; forget is never undone by it."""
from __future__ import annotations

from agent.memory.service import Memory
from tests.agent.memory.conftest import ALICE

INTENT = {"type": "data", "symbol": "NQ", "symbols": ["NQ"], "analysis": "stats",
          "period": {"label": "2023-11"}}


def test_queued_turn_is_seen_by_the_next_read(any_settings):
    mem = Memory(any_settings)
    for i in range(5):
        mem.learn_turn_later(ALICE, "t", f"I prefer NQ, question {i}", "answer", INTENT,
                             [{"type": "high", "value": 1.0}])
    assert mem.profile(ALICE).symbol_counts["NQ"] == 5
    assert mem.conversation(ALICE, "t").message_count == 10
    mem.forget(ALICE)


def test_forget_waits_for_queued_writes(any_settings):
    mem = Memory(any_settings)
    for i in range(3):
        mem.learn_turn_later(ALICE, "t", "I always trade NQ", "answer", INTENT, [])
    mem.forget(ALICE)
    assert mem.profile(ALICE).is_empty() and mem.export(ALICE)["threads"] == {}


def test_a_failing_write_is_logged_not_raised(any_settings, monkeypatch, caplog):
    mem = Memory(any_settings)

    def boom(*a, **k):
        raise ConnectionError("store down")

    monkeypatch.setattr(mem, "learn_turn", boom)
    mem.learn_turn_later(ALICE, "t", "q", "a", INTENT, []).result(timeout=5)
    assert "store down" in caplog.text
    assert mem.profile(ALICE).is_empty()
