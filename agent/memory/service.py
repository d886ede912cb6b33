"""Memory: the one object the graph, the memory tools, the CLI and the HTTP API use.

One instance per world (agent/services.py `Services.memory`), so the store connection and the
writer thread are opened once and every reader of the world waits for the same queued writes.
"""
from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor, wait
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from agent.identity.models import User
from agent.memory import learn, summary
from agent.memory.context import build_context
from agent.memory.conversation import Conversations, turn_updater
from agent.memory.long_term import LongTermMemory, namespace, open_store
from agent.memory.models import ConversationContext, FullContext, MemoryContext
from agent.memory.short_term import ShortTermMemory
from agent.memory.tokens import Compression, compress
from agent.settings import Settings

log = logging.getLogger("askbar.memory")
# Set by the server for a run (agent/server/runs.py): the run's learned turn is queued as now (a
# read waits for it), but its store writes start once this event is set, after the run's `done`.
# They ran beside the run's last round trips (checkpoint, trace, Redis) and slowed them: ~2 ms of
# a question's p50 on Postgres + Redis (benchmarks/RESULTS.md). Unset (the CLI): at once.
AFTER_DONE: ContextVar[threading.Event | None] = ContextVar("askbar_memory_after_done", default=None)
GATE_TIMEOUT_S = 5.0   # a run that never says it is done does not hold the writer longer


class Memory:
    """Reads wait for the user's queued writes (`flush`), so what a turn taught is always seen by
    the next read, in this process; writes after an answer are queued (`learn_turn_later`) so the
    answer does not wait for the store (on Postgres + Redis a learned turn is 3-4 round trips)."""

    FLUSH_TIMEOUT_S = 10.0
    PROMPT_CACHE_SIZE = 256      # requests whose prompt sections are kept (agent/memory/hooks.py)

    def __init__(self, settings: Settings, store=None):
        self.settings = settings
        self._own_store = store is None          # closed by `close` only when opened here
        self.store = store or open_store(settings)
        self.ltm = LongTermMemory(self.store)
        self.stm = ShortTermMemory(settings.redis_url, settings.memory_key_prefix)
        self.conversations = Conversations(self.store)
        # One writer thread: per-process FIFO, so a user's writes apply in order; the interpreter
        # joins it at exit, so `askbar ask` never loses the turn it just answered.
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="askbar-memory-writer")
        self._pending: dict[tuple[str, str], Future] = {}
        self._pending_lock = threading.Lock()
        # The memory sections of a request's prompts, built by its first LLM node and reused by the
        # others (a build is a few store reads, up to ~20 ms on Postgres + Redis): on the world's
        # memory, whose data they are, not in a process-wide table.
        self._prompts: OrderedDict[tuple, Any] = OrderedDict()
        self._prompts_lock = threading.Lock()

    # ---- reading (each waits for the user's queued writes first) ----------------------------------

    def flush(self, user: User) -> None:
        with self._pending_lock:
            fut = self._pending.get((user.tenant_id, user.user_id))
        if fut is not None:
            wait([fut], timeout=self.FLUSH_TIMEOUT_S)

    def profile(self, user: User) -> MemoryContext:
        self.flush(user)
        return self.ltm.profile(user)

    def conversation(self, user: User, thread_id: str | None) -> ConversationContext:
        self.flush(user)
        return self.conversations.context(user, thread_id)

    def context(self, user: User, thread_id: str | None = None, symbols: list[str] | None = None,
                now: datetime | None = None, market_store: Any = None) -> FullContext:
        self.flush(user)
        return build_context(self, user, thread_id=thread_id, symbols=symbols, now=now,
                             market_store=market_store)

    def compressed(self, ctx: FullContext, provider: Any = None) -> Compression:
        """The context within the seed's token limits (LLM summariser with the code fallback)."""
        return compress(ctx, lambda prev, msgs: summary.summarize(provider, prev, msgs), summary.fold)

    def export(self, user: User) -> dict[str, Any]:
        """Everything remembered about `user` (GET /api/memory, `askbar memory show`)."""
        self.flush(user)
        threads = {it.key: it.value for it in self.store.search(namespace(user, "conversation"),
                                                                limit=1000)}
        return {"user": user.user_id, "tenant": user.tenant_id,
                "long_term": self.ltm.profile(user).model_dump(mode="json"),
                "short_term": self.stm.get(user), "threads": threads}

    def prompt_of(self, key: tuple) -> Any:
        with self._prompts_lock:
            return self._prompts.get(key)

    def keep_prompt(self, key: tuple, memory: Any) -> None:
        with self._prompts_lock:
            self._prompts[key] = memory
            while len(self._prompts) > self.PROMPT_CACHE_SIZE:
                self._prompts.popitem(last=False)

    # ---- writing ---------------------------------------------------------------------------------

    def learn_turn(self, user: User, thread_id: str | None, question: str, answer: str,
                   intent: dict | None, claims: list[dict] | None, provider: Any = None) -> learn.Lesson:
        """After an answered turn: thread record, long-term lessons, short-term activity.

        Turns leaving the thread's window are summarised by `provider`'s summariser (Gemini's
        Flash summariser; its summary states only validated numbers), the code summary when it is
        offline, fails or states a number no claim holds (agent/memory/summary.py)."""
        les = learn.lesson(question, intent)
        at = datetime.now(UTC).isoformat(timespec="seconds")
        fold_with = (lambda prev, msgs: summary.summarize(provider, prev, msgs)) if provider is not None else None
        thread = [(namespace(user, "conversation"), thread_id,
                   turn_updater(question, answer, claims, intent, fold_with))] if thread_id else []
        learn.apply(self.ltm, user, les, at, thread)     # one read batch + one write batch
        self.stm.touch_turn(user, thread_id, les.symbols)
        return les

    def learn_turn_later(self, user: User, thread_id: str | None, question: str, answer: str,
                         intent: dict | None, claims: list[dict] | None, provider: Any = None) -> Future:
        """learn_turn on the writer thread (the remember node: the answer does not wait, and the
        summariser's call, when a turn leaves the window, is outside the request's budget)."""
        gate = AFTER_DONE.get()

        def run() -> None:
            if gate is not None:
                gate.wait(GATE_TIMEOUT_S)
            try:
                self.learn_turn(user, thread_id, question, answer, intent, claims, provider)
            except Exception as exc:  # noqa: BLE001 - best effort; the answer was already given
                log.warning("learning from a turn failed: %s: %s", type(exc).__name__, exc)
        with self._pending_lock:
            fut = self._writer.submit(run)
            self._pending[(user.tenant_id, user.user_id)] = fut
        return fut

    def action_proposed(self, user: User, thread_id: str | None, action: dict[str, Any]) -> None:
        """Short-term memory: an action awaits the user's confirmation (seed 002 pendingActions)."""
        self.stm.add_pending_action(user, {"action_id": action.get("action_id"), "tool": action.get("tool"),
                                           "params": action.get("params"), "thread_id": thread_id})

    def action_settled(self, user: User, action_id: str | None) -> None:
        self.stm.remove_pending_action(user, action_id)

    def forget(self, user: User, kinds: tuple[str, ...] | None = None) -> dict[str, Any]:
        """Delete what is remembered: the given kinds, or everything (long-term, threads, short-term)."""
        self.flush(user)     # a queued write must not bring back what is being forgotten
        deleted = self.ltm.forget(user, kinds)
        if kinds is None:
            self.stm.forget(user)
            deleted.append("short_term")
        return {"user": user.user_id, "tenant": user.tenant_id, "deleted": deleted}

    def close(self) -> None:
        """Waits for the queued writes, then closes the long-term store's connection or pool."""
        self._writer.shutdown(wait=True)
        conn = getattr(self.store, "conn", None) if self._own_store else None
        if conn is not None and hasattr(conn, "close"):
            conn.close()
