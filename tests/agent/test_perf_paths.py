"""The speed changes of issue 9 keep behaviour: trace/SSE JSON is the text clean() gave, the
offline provider skips the budget's worker thread while anything else keeps its timeout, and an
SSE stream's batched reads give the same events in the same order."""
from __future__ import annotations

import asyncio
import json
import threading
import time
import uuid
from datetime import date

import pytest

from agent import budget
from agent.llm.offline.provider import OfflineProvider
from agent.server.buffer import MemoryBuffer, tail, tail_batches
from agent.server.recording import RecordingProvider
from agent.storage.trace_rows import clean, dumps_clean

VALUES = [
    {"a": 1.5, "b": [1, 2, "x"], "c": None, "d": True},
    {"nan": float("nan"), "inf": [float("inf")]},
    {"nul": "a\x00b", "nested": {"k\x00": "v"}},
    {"surrogate": "x\ud800y"},
    {"ru": "Статистика NQ за ноябрь", "es": "15.895,00 ¿sí?"},
    {1: "int key", "when": date(2023, 11, 30)},
    {"tuple": (1, 2), "literal backslash": "\\u0000 typed by a user"},
    "plain text", 3, [float("-inf"), {"x": "\x00"}],
]


@pytest.mark.parametrize("value", VALUES)
def test_dumps_clean_is_the_text_clean_gave(value):
    assert dumps_clean(value) == json.dumps(clean(value), ensure_ascii=False, allow_nan=False, default=str)


MESSAGES = [{"role": "user", "content": "NQ stats for November 2023"}]


def _thread_of(provider, monkeypatch):
    """The thread a budgeted call of provider.summarize ran its work in."""
    from agent.llm.offline import provider as offline

    seen: list[int] = []
    orig = offline._summarize

    def summarize(messages):
        seen.append(threading.get_ident())
        return orig(messages)
    monkeypatch.setattr(offline, "_summarize", summarize)
    budget.run_budgeted("understander", {"started_at": time.time()}, provider.summarize, MESSAGES)
    return seen[0]


def test_offline_provider_runs_inline_others_keep_the_pool(monkeypatch):
    here = threading.get_ident()
    assert OfflineProvider().runs_inline

    class Slow(OfflineProvider):  # a scripted/slow double must keep the timeout
        pass
    assert not Slow().runs_inline
    assert _thread_of(OfflineProvider(), monkeypatch) == here
    assert _thread_of(RecordingProvider(OfflineProvider()), monkeypatch) == here
    assert _thread_of(RecordingProvider(Slow()), monkeypatch) != here
    assert _thread_of(Slow(), monkeypatch) != here


def test_inline_call_still_sees_its_deadline():
    provider = RecordingProvider(OfflineProvider())
    left: list[float | None] = []
    orig = provider._inner.summarize

    def summarize(*a, **k):
        left.append(budget.seconds_left())
        return orig(*a, **k)
    provider._inner.summarize = summarize   # an instance attribute: the class stays OfflineProvider
    provider.summarize(MESSAGES)
    budget.run_budgeted("planner", {"started_at": time.time()}, provider.summarize, MESSAGES)
    assert left[0] is None and 0 < left[1] <= budget.AGENT_BUDGETS_S["planner"]


def test_tail_batches_same_events_as_tail():
    async def check():
        buf = MemoryBuffer(ttl_s=60)
        run = uuid.uuid4().hex
        await buf.create(run, {"thread_id": "t", "status": "running"})
        for i in range(3):
            await buf.append(run, "step_start", {"i": i})

        async def writer():
            await asyncio.sleep(0.05)
            await buf.append_many(run, [("text_delta", {"t": "a"}), ("text_delta", {"t": "b"}),
                                        ("done", {"ok": True})])
        task = asyncio.create_task(writer())
        batches = [b async for b in tail_batches(buf, run, 1, poll_s=0.02) if b is not None]
        await task
        flat = [(e.id, e.event) for b in batches for e in b]
        single = [(e.id, e.event) async for e in tail(buf, run, 1, poll_s=0.02) if e is not None]
        assert flat == single == [(2, "step_start"), (3, "step_start"), (4, "text_delta"),
                                  (5, "text_delta"), (6, "done")]
        assert [(e.id, e.event) for e in batches[-1]] == [(4, "text_delta"), (5, "text_delta"), (6, "done")]
    asyncio.run(check())


def test_trace_compaction_same_as_converting_first():
    """recording.compact cuts rows before converting them; the dict is the one converting the
    whole value first gave."""
    from agent.server import recording

    rows = [{"trading_date": date(2020, 1, i % 28 + 1), "close": 1.5 * i, "x": (i, None)} for i in range(130)]
    result = {"step": 0, "action": "get_period_stats", "rows": rows, "bars": rows[:7],
              "summary": {"pct": float("nan"), "when": date(2020, 1, 2)}}
    value = {"current_agent": "executor", "data": {"results": [result, dict(result, rows=[])], "total_rows": 130}}

    def old(v):
        v = recording.jsonable(v)
        data = v["data"]
        return {**v, "data": {**data, "results": [recording.compact_result(r) for r in data["results"]]}}
    assert recording.compact(value) == old(value)
    assert recording._request_args("analyze", ("q", {}, [result], "en"), {})["results"] == \
        [recording.compact_result(recording.jsonable(result))]
