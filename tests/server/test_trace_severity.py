"""Seed 004 (logging): every error in a trace carries a severity, low / medium / high / critical:
the failed LLM call's record, and the step it failed in, stored and read back (SQLite and Postgres)."""
from __future__ import annotations

import uuid

import pytest

from agent.llm.errors import (LLMConfigError, LLMInvalidOutput, LLMRateLimited, LLMTimeout,
                              LLMUnavailable, severity_of)
from agent.server.recording import RecordingProvider, TraceRecorder
from agent.settings import Settings
from agent.storage.traces import TraceStore


@pytest.mark.parametrize("err,expected", [
    (LLMTimeout("slow"), "medium"), (LLMUnavailable("503"), "high"),
    (LLMRateLimited("429 after retries"), "critical"), (LLMConfigError("401"), "critical"),
    (LLMInvalidOutput("bad args"), "low"), (RuntimeError("a bug"), "high"),
    (TimeoutError("statement timeout"), "medium"), ("QueryTimeout: canceling statement", "medium"),
    ("OutOfTime: budget", "low")])
def test_severity_of(err, expected):
    assert severity_of(err) == expected


class _Slow:
    name = "stub"

    def analyze(self, *args, **kwargs):
        raise LLMTimeout("no answer in 3 s", agent="analyst")


def _step(recorder: TraceRecorder, provider, agent: str, fail: BaseException | None = None) -> dict:
    task = uuid.uuid4().hex
    recorder.feed("tasks", {"id": task, "name": agent, "input": {"question": "q"}})
    if agent == "analyst":
        with pytest.raises(LLMTimeout):
            provider.analyze("q", None, [], "en")
    return recorder.feed("tasks", {"id": task, "name": agent, "result": {"response": "x"},
                                   "error": fail})


@pytest.mark.parametrize("engine", ["sqlite", "postgres"])
def test_trace_rows_carry_the_severity(engine, tmp_path, pg_database_factory):
    provider = RecordingProvider(_Slow())
    recorder = TraceRecorder(provider)
    analyst = _step(recorder, provider, "analyst")
    crashed = _step(recorder, provider, "validator", RuntimeError("validator bug"))
    fine = _step(recorder, provider, "remember")
    assert analyst["llm"][0]["severity"] == "medium" and analyst["error_severity"] == "medium"
    assert crashed["error_severity"] == "high" and fine["error_severity"] is None
    settings = Settings(home=tmp_path, database_url=pg_database_factory() if engine == "postgres" else None)
    store = TraceStore(settings)
    rid = uuid.uuid4().hex
    store.save({"request_id": rid, "thread_id": "t1", "kind": "ask", "question": "q", "status": "answered"},
               [{**s, "request_id": rid, "thread_id": "t1"} for s in recorder.steps])
    got = {s["agent"]: s for s in store.get(rid)["steps"]}
    assert got["analyst"]["error_severity"] == "medium"
    assert got["analyst"]["llm"][0]["severity"] == "medium"
    assert got["validator"]["error_severity"] == "high" and got["remember"]["error_severity"] is None
