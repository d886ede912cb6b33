"""The understander's memory history (agent/memory/hooks.py) on both memory back ends."""
from __future__ import annotations

from types import SimpleNamespace

from agent.memory.hooks import SUMMARY_ROLE, memory_history
from agent.memory.service import Memory
from agent.services import Services
from tests.agent.memory.conftest import ALICE


def _counting(monkeypatch) -> list:
    calls: list = []
    real = Memory.conversation

    def conversation(self, user, thread_id):
        calls.append(thread_id)
        return real(self, user, thread_id)
    monkeypatch.setattr(Memory, "conversation", conversation)
    return calls


def test_a_threads_first_turn_reads_no_conversation(any_settings, monkeypatch):
    """No earlier turn on the thread: nothing older to summarise, so no store read (and no wait
    for the user's queued writes of other threads)."""
    calls = _counting(monkeypatch)
    deps = SimpleNamespace(settings=any_settings, user=ALICE, services=Services(any_settings))
    assert memory_history({"session_id": "t-new"}, None, deps, []) == []
    assert calls == []
    assert deps.services.opened["memory"] is False      # and memory was not even opened
    deps.services.close()


def test_a_later_turn_gets_the_threads_summary(any_settings, monkeypatch):
    calls = _counting(monkeypatch)
    deps = SimpleNamespace(settings=any_settings, user=ALICE, services=Services(any_settings))
    mem = deps.services.memory
    for i in range(12):   # more turns than the thread's window keeps: the older ones are summarised
        mem.learn_turn(ALICE, "t-long", f"NQ stats for {2000 + i}", f"answer {i}", None, None)
    history = [{"role": "user", "content": "NQ stats for 2011"}, {"role": "assistant", "content": "answer 11"}]
    got = memory_history({"session_id": "t-long"}, None, deps, history)
    assert calls == ["t-long"]
    assert got[0]["role"] == SUMMARY_ROLE and "NQ stats for 2000" in got[0]["content"]
    assert got[1:] == history
    deps.services.close()
