"""Advisory locks for schema setup that never deadlock with CREATE INDEX CONCURRENTLY.

A backend blocked inside `SELECT pg_advisory_lock(...)` is running a statement, so it holds a
snapshot; CREATE INDEX CONCURRENTLY (LangGraph's checkpoint migrations build one) waits for every
such snapshot to go away. Two `askbar serve` starting together deadlocked that way: the lock holder
built the index while the other process sat in the blocking lock call. Here waiters poll
`pg_try_advisory_lock` and sleep between tries (no statement running, no snapshot held), and the
holder runs its DDL on the very connection that holds the lock.
"""
from __future__ import annotations

import asyncio
import time
from contextlib import asynccontextmanager, contextmanager
from typing import Any, AsyncIterator, Iterator

TRY_LOCK = "SELECT pg_try_advisory_lock(%s) AS got"
UNLOCK = "SELECT pg_advisory_unlock(%s)"
POLL_S = 0.1
TIMEOUT_S = 300.0


def _got(row: Any) -> bool:
    return bool(row["got"] if isinstance(row, dict) else row[0])


@contextmanager
def pg_migration_lock(conn: Any, key: int, timeout_s: float = TIMEOUT_S) -> Iterator[None]:
    """Session advisory lock `key` on an autocommit psycopg connection, taken by polling."""
    deadline = time.monotonic() + timeout_s
    while not _got(conn.execute(TRY_LOCK, (key,)).fetchone()):
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout_s:.0f} s for the schema lock {key}")
        time.sleep(POLL_S)
    try:
        yield
    finally:
        conn.execute(UNLOCK, (key,))


@asynccontextmanager
async def apg_migration_lock(conn: Any, key: int, timeout_s: float = TIMEOUT_S) -> AsyncIterator[None]:
    deadline = time.monotonic() + timeout_s
    while not _got(await (await conn.execute(TRY_LOCK, (key,))).fetchone()):
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout_s:.0f} s for the schema lock {key}")
        await asyncio.sleep(POLL_S)
    try:
        yield
    finally:
        await conn.execute(UNLOCK, (key,))
