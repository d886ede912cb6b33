"""Recovery after a server died mid-run.

Resuming (`Command(resume=..., update=...)`) first stores the command as "null task" writes on the
thread's latest checkpoint; the step that consumes them writes a new checkpoint. A process killed
in between leaves them behind, and the next resume would apply both commands in one step
(LangGraph: InvalidUpdateError "Can receive only one value per step"). A run that holds the
thread's claim knows no other run is alive on it, so such leftovers belong to a dead run: drop them.
"""
from __future__ import annotations

import logging
from typing import Any

from agent.storage.saver_adapter import saver_kind, statements

log = logging.getLogger("askbar.server")
NULL_TASK_ID = "00000000-0000-0000-0000-000000000000"
_PG_DELETE = ("DELETE FROM checkpoint_writes WHERE thread_id = %s AND checkpoint_ns = %s "
              "AND checkpoint_id = %s AND task_id = %s")
_SQLITE_DELETE = "DELETE FROM writes WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ? AND task_id = ?"


async def discard_dead_writes(saver: Any, thread_id: str) -> int:
    """Deletes null-task pending writes of the thread's latest checkpoint; returns how many."""
    tup = await saver.aget_tuple({"configurable": {"thread_id": thread_id, "checkpoint_ns": ""}})
    if tup is None or not any(w[0] == NULL_TASK_ID for w in tup.pending_writes or []):
        return 0
    checkpoint_id = tup.config["configurable"]["checkpoint_id"]
    kind = saver_kind(saver)
    if kind not in ("postgres", "sqlite"):  # in-memory savers die with their process: nothing is left over
        return 0
    async with statements(saver) as run:
        await run(_PG_DELETE if kind == "postgres" else _SQLITE_DELETE, (thread_id, "", checkpoint_id, NULL_TASK_ID))
    n = sum(1 for w in tup.pending_writes if w[0] == NULL_TASK_ID)
    log.warning("discarded writes of a lost run", extra={"thread_id": thread_id, "status": f"{n} writes"})
    return n
