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


def test_a_server_runs_turn_is_written_after_its_done_and_still_seen_by_the_next_read(any_settings):
    """In a server run (AFTER_DONE set) the learned turn is queued at once but written only once
    the run says it is done; a read meanwhile waits for it, as for any queued write."""
    import contextvars
    import threading
    import time

    from agent.memory.service import AFTER_DONE

    mem = Memory(any_settings)
    gate = threading.Event()
    ctx = contextvars.copy_context()
    ctx.run(AFTER_DONE.set, gate)
    fut = ctx.run(mem.learn_turn_later, ALICE, "t", "I prefer NQ", "answer", INTENT, [])
    time.sleep(0.3)
    assert not fut.done()                  # held until the run is done
    assert mem.conversations.get(ALICE, "t") is None   # nothing written yet (a read without the wait)
    threading.Timer(0.2, gate.set).start()
    t0 = time.monotonic()
    assert mem.profile(ALICE).symbol_counts["NQ"] == 1     # waited for the gate, then the write
    assert time.monotonic() - t0 >= 0.15 and fut.done()
    mem.forget(ALICE)
