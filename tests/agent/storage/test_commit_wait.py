"""The trace store's and the checkpointer's Postgres commits do not wait for the WAL flush
(synchronous_commit=off, the embedded SQLite files' synchronous=NORMAL): a question commits
three times before `done` (thread rows, checkpoint, trace), each ~4.5 ms on a busy disk."""
from __future__ import annotations

import asyncio

from agent.server.runtime import async_checkpointer
from agent.settings import Settings
from agent.storage.traces import TraceStore

SHOW = "SELECT current_setting('synchronous_commit') AS v"


def test_trace_store_commits_without_waiting_for_the_flush(tmp_path, pg_database_factory):
    store = TraceStore(Settings(home=tmp_path, database_url=pg_database_factory()))
    try:
        with store._pool.connection() as conn:
            assert conn.execute(SHOW).fetchone()["v"] == "off"
    finally:
        store.close()


def test_checkpointer_commits_without_waiting_for_the_flush(tmp_path, pg_database_factory):
    async def go():
        async with async_checkpointer(Settings(home=tmp_path, database_url=pg_database_factory())) as saver:
            async with saver.conn.connection() as conn:
                row = await (await conn.execute(SHOW)).fetchone()
                assert row["v"] == "off"
    asyncio.run(go())
