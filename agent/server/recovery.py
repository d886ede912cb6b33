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

log = logging.getLogger("askbar.server")
NULL_TASK_ID = "00000000-0000-0000-0000-000000000000"


async def discard_dead_writes(saver: Any, thread_id: str) -> int:
    """Deletes null-task pending writes of the thread's latest checkpoint; returns how many."""
    tup = await saver.aget_tuple({"configurable": {"thread_id": thread_id, "checkpoint_ns": ""}})
    if tup is None or not any(w[0] == NULL_TASK_ID for w in tup.pending_writes or []):
        return 0
    checkpoint_id = tup.config["configurable"]["checkpoint_id"]
    params = (thread_id, "", checkpoint_id, NULL_TASK_ID)
    kind = type(saver).__name__
    if kind == "AsyncPostgresSaver":
        async with saver._cursor() as cur:
            await cur.execute("DELETE FROM checkpoint_writes WHERE thread_id = %s AND checkpoint_ns = %s "
                              "AND checkpoint_id = %s AND task_id = %s", params)
    elif kind == "AsyncSqliteSaver":
        async with saver.lock:
            await saver.conn.execute("DELETE FROM writes WHERE thread_id = ? AND checkpoint_ns = ? "
                                     "AND checkpoint_id = ? AND task_id = ?", params)
            await saver.conn.commit()
    else:  # in-memory savers die with their process: nothing can be left over
        return 0
    n = sum(1 for w in tup.pending_writes if w[0] == NULL_TASK_ID)
    log.warning("discarded writes of a lost run", extra={"thread_id": thread_id, "status": f"{n} writes"})
    return n
