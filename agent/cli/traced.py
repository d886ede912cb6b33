"""In-process asks and resumes, traced like the server's runs: the same step rows (TraceRecorder
over the graph's "tasks" stream, LLM calls recorded by RecordingProvider) and the same chat_logs row,
so `askbar replay ID` and `askbar history` see what was asked from the CLI too."""
from __future__ import annotations

import dataclasses
import logging
import time
import uuid
from typing import Any

from langgraph.types import Command

from agent.deps import run_options
from agent.server.recording import RecordingProvider, TraceRecorder
from agent.service import AskResult, Session, turn_input

log = logging.getLogger("askbar.cli")


def _run(session: Session, payload: Any, thread_id: str, request_id: str, row: dict[str, Any]) -> AskResult:
    from agent.messages import msg
    from agent.storage.traces import TraceStore

    deps = session.deps
    provider = RecordingProvider(deps.provider)
    recorder = TraceRecorder(provider, user_response=row.get("user_response"))
    config = session._config(thread_id)
    t0, error = time.perf_counter(), None
    try:
        for mode, chunk in session.graph.stream(payload, config, stream_mode=["tasks"],
                                                **run_options(dataclasses.replace(deps, provider=provider))):
            recorder.feed(mode, chunk)
        result = session.result(thread_id, request_id)
    except Exception as exc:   # as Session._run: the user gets a readable error with the request id
        log.exception("graph run failed", extra={"request_id": request_id})
        error = f"{type(exc).__name__}: {exc}"
        result = AskResult(thread_id=thread_id, request_id=request_id, status="error",
                           response=msg("internal_error", "en", request_id=request_id))
    dump = result.model_dump(mode="json")
    row.update(request_id=request_id, thread_id=thread_id, status="error" if error else result.status,
               response=result.response, result=dump, provider=getattr(deps.provider, "name", None),
               duration_ms=round((time.perf_counter() - t0) * 1000, 2), error=error,
               tenant_id=deps.user.tenant_id, user_id=deps.user.user_id)
    steps = [{**s, "request_id": request_id, "thread_id": thread_id} for s in recorder.steps]
    traces = TraceStore(deps.settings)
    try:
        traces.save(row, steps)
    except Exception:  # a trace must never break an answer
        log.exception("saving the trace failed", extra={"request_id": request_id})
    finally:
        traces.close()
    return result


def ask(session: Session, question: str, thread_id: str | None = None, now: str | None = None) -> AskResult:
    thread_id, request_id = thread_id or uuid.uuid4().hex, uuid.uuid4().hex
    prev = session.graph.get_state(session._config(thread_id)).values or {}
    payload = turn_input(prev, question, thread_id, request_id, now, session.deps.user.user_id)
    row = {"kind": "ask", "question": question,
           "input": {"question": question, "chat_history": payload["chat_history"], "now": now}}
    return _run(session, payload, thread_id, request_id, row)


def resume(session: Session, thread_id: str, answer: str) -> AskResult:
    request_id = uuid.uuid4().hex
    snapshot = session.graph.get_state(session._config(thread_id))
    payload: Command[Any] = Command(resume=answer, update={"request_id": request_id, "started_at": time.time()})
    row = {"kind": "resume", "user_response": answer, "input": {"answer": answer},
           "parent_request_id": (snapshot.values or {}).get("request_id")}
    return _run(session, payload, thread_id, request_id, row)
