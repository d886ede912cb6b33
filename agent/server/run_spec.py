"""What a run is before it runs: its spec (kind, thread, input, owner, ids), the errors of
starting one, the stream config of a fresh thread, and AskBar's emitter of SSE events."""
from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from agent.identity.models import LOCAL_USER, User
from agent.server import events as askbar_events
from agent.storage.saver_adapter import FRESH_THREAD

INTERRUPT_STATUSES = frozenset({"clarification", "no_data", "confirm_plan", "confirm_action"})


class RunConflict(Exception):
    def __init__(self, thread_id: str, run_id: str):
        super().__init__(f"thread {thread_id} already has a running request (run {run_id}); "
                         f"wait for it or follow GET /api/runs/{run_id}/stream")
        self.run_id = run_id


class NotWaiting(Exception):
    pass


@dataclass
class RunSpec:
    kind: str                       # ask | resume
    thread_id: str
    graph_input: Any                # the turn's input dict or a Command(resume=...)
    protocol: str = "askbar"        # askbar | langgraph
    question: str | None = None
    answer: str | None = None
    parent_request_id: str | None = None
    log_input: dict[str, Any] = field(default_factory=dict)
    stream_modes: list[str] = field(default_factory=list)
    new_thread: bool = False        # a thread id made here: no state, no leftovers to look for
    on_completion: str = "keep"     # keep | delete: a stateless run's thread goes when it ends
    head: str | None = None         # the thread's checkpoint the run starts from (a cancel rolls back to it)
    extra_meta: dict[str, Any] = field(default_factory=dict)  # LangGraph API: assistant, run metadata
    user: User = field(default_factory=lambda: LOCAL_USER)  # the caller (token): owns run and thread
    run_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    request_id: str = field(default_factory=lambda: uuid.uuid4().hex)

    def meta(self) -> dict[str, Any]:
        return {"run_id": self.run_id, "thread_id": self.thread_id, "request_id": self.request_id,
                "kind": self.kind, "protocol": self.protocol, "status": "running",
                "created_at": time.time(), "tenant_id": self.user.tenant_id, "user_id": self.user.user_id,
                **self.extra_meta}


def stream_config(config: dict, new_thread: bool) -> dict:
    """The graph stream's config: a thread made for this run is marked fresh, so the checkpointer
    skips the read of a checkpoint that cannot exist (agent/storage/pg_saver.py). Reads of the state
    after the run use the plain config."""
    if not new_thread:
        return config
    return {**config, "configurable": {**config["configurable"], FRESH_THREAD: True}}


def pick_suggestion(interrupt: dict | None, answer: str) -> str:
    """A bare number answers with that numbered suggestion (as the CLI does)."""
    options = (interrupt or {}).get("suggestions") or []
    text = answer.strip()
    if text.isdigit() and 1 <= int(text) <= len(options):
        return options[int(text) - 1]
    return answer


def checkpoint_id_of(snapshot: Any) -> str | None:
    return ((getattr(snapshot, "config", None) or {}).get("configurable") or {}).get("checkpoint_id")


class AskbarEmitter:
    modes = askbar_events.STREAM_MODES

    def on_chunk(self, mode: str, chunk: Any) -> list[tuple[str, dict]]:
        return askbar_events.from_chunk(mode, chunk)

    def on_end(self, result: dict, snapshot: Any) -> list[tuple[str, dict]]:
        return askbar_events.final_events(result)
