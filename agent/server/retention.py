"""Retention (operations): every run writes a checkpoint (durability "exit": when it stops,
at an answer or an interrupt), so a long thread grows without bound. After each run the server keeps
the last `checkpoint_keep` checkpoints of the thread (its current state, pending interrupts and
recent history stay; older history goes), and a periodic sweep deletes threads idle longer than
`thread_retention_days` (their checkpoints, traces and row).

The SQL addresses LangGraph's own checkpoint tables through agent/storage/saver_adapter.py (the one module
that touches saver internals, checked at start-up); values are bound parameters.
"""
from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta, timezone
from typing import Any

from agent.storage.saver_adapter import saver_kind, statements

log = logging.getLogger("askbar.server")

# Checkpoint ids are UUIDv6 (time-ordered): ordering by id is ordering by time.
_SQLITE_OLD_IDS = ("SELECT checkpoint_id FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = '' "
                   "ORDER BY checkpoint_id DESC LIMIT -1 OFFSET ?")
_PG_OLD_IDS = ("SELECT checkpoint_id FROM checkpoints WHERE thread_id = %s AND checkpoint_ns = '' "
               "ORDER BY checkpoint_id DESC OFFSET %s")
SQLITE_TABLES = ("checkpoints", "writes")
PG_TABLES = ("checkpoints", "checkpoint_writes", "checkpoint_blobs")
# One statement per checkpoint table, written out from the constant table lists (no SQL formatting
# at run time). SQLite takes the old ids as one JSON array parameter (json_each), so any number of
# ids is one bound value instead of a placeholder list built per call.
_PG_DELETE_OLD = {t: "DELETE FROM " + t + " WHERE thread_id = %s AND checkpoint_ns = '' "
                     "AND checkpoint_id = ANY(%s)" for t in ("checkpoint_writes", "checkpoints")}
_PG_DELETE_THREAD = {t: "DELETE FROM " + t + " WHERE thread_id = %s" for t in PG_TABLES}
_SQLITE_DELETE_OLD = {t: "DELETE FROM " + t + " WHERE thread_id = ? AND checkpoint_ns = '' "
                         "AND checkpoint_id IN (SELECT value FROM json_each(?))" for t in SQLITE_TABLES}
_SQLITE_DELETE_THREAD = {t: "DELETE FROM " + t + " WHERE thread_id = ?" for t in SQLITE_TABLES}
# A cancelled run's checkpoints: those after the one it started from ('' for a new thread).
_PG_DELETE_AFTER = {t: "DELETE FROM " + t + " WHERE thread_id = %s AND checkpoint_ns = '' AND checkpoint_id > %s"
                    for t in ("checkpoint_writes", "checkpoints")}
_SQLITE_DELETE_AFTER = {t: "DELETE FROM " + t + " WHERE thread_id = ? AND checkpoint_ns = '' AND checkpoint_id > ?"
                        for t in SQLITE_TABLES}
# Blobs hold channel values by version; keep those a remaining checkpoint points at.
_PG_ORPHAN_BLOBS = ("DELETE FROM checkpoint_blobs b WHERE b.thread_id = %s AND NOT EXISTS ("
                    "SELECT 1 FROM checkpoints c WHERE c.thread_id = b.thread_id "
                    "AND c.checkpoint_ns = b.checkpoint_ns "
                    "AND c.checkpoint -> 'channel_versions' ->> b.channel = b.version)")


async def prune_checkpoints(saver: Any, thread_id: str, keep: int) -> int:
    """Deletes all but the newest `keep` root checkpoints of the thread; returns how many went."""
    if keep <= 0:
        return 0
    kind = saver_kind(saver)
    if kind == "postgres":
        async with statements(saver) as run:
            old = [r["checkpoint_id"] for r in await run(_PG_OLD_IDS, (thread_id, keep))]
            if old:
                for statement in _PG_DELETE_OLD.values():
                    await run(statement, (thread_id, old))
                await run(_PG_ORPHAN_BLOBS, (thread_id,))
        return len(old)
    if kind == "sqlite":
        async with statements(saver) as run:
            old = [r["checkpoint_id"] for r in await run(_SQLITE_OLD_IDS, (thread_id, keep))]
            if old:
                ids = json.dumps(old)
                for statement in _SQLITE_DELETE_OLD.values():
                    await run(statement, (thread_id, ids))
        return len(old)
    return 0  # in-memory savers die with their process


async def delete_checkpoints_after(saver: Any, thread_id: str, checkpoint_id: str | None) -> None:
    """Rolls the thread back to `checkpoint_id` (None: no checkpoint at all): a cancelled run
    leaves the thread as it was, as a killed one does (it checkpoints only when it stops)."""
    kind = saver_kind(saver)
    if kind in ("postgres", "sqlite"):
        async with statements(saver) as run:
            for statement in (_PG_DELETE_AFTER if kind == "postgres" else _SQLITE_DELETE_AFTER).values():
                await run(statement, (thread_id, checkpoint_id or ""))
            if kind == "postgres":
                await run(_PG_ORPHAN_BLOBS, (thread_id,))


async def delete_thread_checkpoints(saver: Any, thread_id: str) -> None:
    kind = saver_kind(saver)
    if kind in ("postgres", "sqlite"):
        async with statements(saver) as run:
            for statement in (_PG_DELETE_THREAD if kind == "postgres" else _SQLITE_DELETE_THREAD).values():
                await run(statement, (thread_id,))


async def prune_threads(saver: Any, traces: Any, days: float) -> list[str]:
    """Deletes threads (checkpoints, traces, row) not updated for `days`; their ids."""
    import asyncio

    if days <= 0:
        return []
    cutoff = (datetime.now(timezone.utc) - timedelta(days=days)).isoformat()
    gone = await asyncio.to_thread(traces.idle_threads, cutoff)
    for thread_id in gone:
        await delete_thread_checkpoints(saver, thread_id)
        await asyncio.to_thread(traces.delete_thread, thread_id)
    if gone:
        log.info("thread retention", extra={"status": f"{len(gone)} threads deleted"})
    return gone
