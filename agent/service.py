"""Ask and resume: run the graph on a thread and shape DESIGN.md's result object.

A thread keeps its history in the checkpoint; each new question starts a fresh turn (per-turn
fields reset) with the previous turns as chat_history. Identity (thread, request ids) is made here,
never taken from model output.
"""
from __future__ import annotations

import time
import uuid
from contextlib import contextmanager
from typing import Any, Iterator

from langgraph.types import Command
from pydantic import BaseModel, Field

from agent.deps import Deps, build_deps, run_options
from agent.messages import msg
from agent.storage.checkpoint import open_checkpointer
from agents.reply import human
from agents.turn import HISTORY_KEEP
from agents.turn import TURN_RESET as _TURN_RESET


class AskResult(BaseModel):
    thread_id: str
    request_id: str
    status: str
    response: str
    claims: list[dict[str, Any]] = Field(default_factory=list)
    interrupt: dict[str, Any] | None = None
    intent: dict[str, Any] = Field(default_factory=dict)
    plan: dict[str, Any] = Field(default_factory=lambda: {"steps": []})
    validation: dict[str, Any] = Field(default_factory=dict)
    usage: dict[str, Any] = Field(default_factory=dict)
    reading: str | None = None
    declined: list[dict[str, Any]] = Field(default_factory=list)


class Session:
    """A compiled graph bound to a checkpointer and deps; reuse it for many asks (warm path)."""

    def __init__(self, deps: Deps, checkpointer):
        from graph import build_graph

        self.deps = deps
        self.graph = build_graph(checkpointer)

    def _config(self, thread_id: str) -> dict:
        return {"configurable": {"thread_id": thread_id}}

    def ask(self, question: str, thread_id: str | None = None, now: str | None = None) -> AskResult:
        thread_id = thread_id or uuid.uuid4().hex
        request_id = uuid.uuid4().hex
        config = self._config(thread_id)
        prev = self.graph.get_state(config).values or {}
        payload = turn_input(prev, question, thread_id, request_id, now)
        return self._run(payload, config, thread_id, request_id)

    def resume(self, thread_id: str, answer: str) -> AskResult:
        request_id = uuid.uuid4().hex
        config = self._config(thread_id)
        snapshot = self.graph.get_state(config)
        if not snapshot.interrupts:
            raise LookupError(f"thread {thread_id} is not waiting for an answer")
        # The user's thinking time is not the request's: the budget restarts on resume.
        cmd: Command[Any] = Command(resume=answer, update={"request_id": request_id, "started_at": time.time()})
        return self._run(cmd, config, thread_id, request_id)

    def _run(self, payload: Any, config: dict, thread_id: str, request_id: str) -> AskResult:
        try:
            self.graph.invoke(payload, config, **run_options(self.deps))
        except Exception:
            import logging

            logging.getLogger("askbar").exception("graph run failed", extra={"request_id": request_id})
            return AskResult(thread_id=thread_id, request_id=request_id, status="error",
                             response=msg("internal_error", "en", request_id=request_id))
        return self.result(thread_id, request_id)

    def result(self, thread_id: str, request_id: str) -> AskResult:
        return result_from_snapshot(self.graph.get_state(self._config(thread_id)), thread_id, request_id)


# Pure helpers shared with the async server (agent/server/runs.py): same input, same result object.
def turn_input(prev: dict, question: str, thread_id: str, request_id: str, now: str | None = None,
               user_id: str = "local", message: Any = None) -> dict:
    """A new turn's graph input: per-turn fields reset, earlier turns as chat_history, the question
    as a human message (`message`: the one a chat client sent, its id kept for the client)."""
    history = list(prev.get("chat_history") or [])
    if prev.get("question"):
        history += [{"role": "user", "content": prev.get("turn_question") or prev["question"]},
                    {"role": "assistant", "content": prev.get("response") or ""}]
    return {**_TURN_RESET, "question": question, "turn_question": question,
            "messages": [message if message is not None else human(question, request_id)],
            "chat_history": history[-HISTORY_KEEP:],
            "request_id": request_id, "session_id": thread_id, "user_id": user_id,
            "now": now, "started_at": time.time()}


def result_from_snapshot(snapshot, thread_id: str, request_id: str) -> AskResult:
    """DESIGN.md's result object from a thread's StateSnapshot (sync or async graph alike)."""
    values = snapshot.values or {}
    interrupt = snapshot.interrupts[0].value if snapshot.interrupts else None
    if interrupt:
        status, response = interrupt["type"], _interrupt_text(interrupt)
    else:
        status = values.get("status") or "answered"
        response = _with_disclaimers(values.get("response") or "", values.get("disclaimers") or [])
    reading = values.get("reading") if status == "answered" and not interrupt and values.get("data") else None
    if reading and response and not response.startswith(reading):   # code's line (agents/reply.py)
        response = f"{reading}\n\n{response}"
    return AskResult(thread_id=thread_id, request_id=request_id, status=status, response=response,
                     claims=values.get("claims") or [] if not interrupt else [],
                     interrupt=interrupt, intent=values.get("intent") or {},
                     plan=values.get("plan") or {"steps": []},
                     validation=values.get("validation") or {}, usage=values.get("usage") or {},
                     reading=reading.split("\n")[0] if reading else None,
                     declined=values.get("declined") or [])


def _interrupt_text(payload: dict) -> str:
    lines = [payload.get("message") or ""]
    lines += [f"- {q}" for q in payload.get("questions") or []]
    lines += payload.get("plan_summary") or []
    return "\n".join(x for x in lines if x)


def _with_disclaimers(response: str, disclaimers: list[str]) -> str:
    extra = [d for d in disclaimers if d and d not in response]
    return "\n\n".join([response, *extra]) if extra else response


@contextmanager
def open_session(deps: Deps | None = None) -> Iterator[Session]:
    deps = deps or build_deps()
    with open_checkpointer(deps.settings) as saver:
        yield Session(deps, saver)
