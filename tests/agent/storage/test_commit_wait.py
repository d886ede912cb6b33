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


def test_a_write_phase_is_all_or_nothing_and_leaves_the_connection_clean(tmp_path, pg_database_factory):
    """TraceStore writes a phase as BEGIN, statements, COMMIT in one pipeline: a failing statement
    (a request id already saved) keeps none of the phase's rows, and the next write works."""
    store = TraceStore(Settings(home=tmp_path, database_url=pg_database_factory()))
    try:
        log = {"request_id": "r1", "thread_id": "t1", "kind": "ask", "question": "q", "status": "answered"}
        step = {"request_id": "r1", "thread_id": "t1", "seq": 0, "agent": "planner", "input_tokens": 0,
                "output_tokens": 0, "cost_usd": 0.0, "was_interrupted": False}
        store.save(log, [step])
        try:
            store.save({**log, "question": "again"}, [{**step, "seq": 1}])
        except Exception as exc:   # noqa: BLE001 - the duplicate key
            assert "duplicate key" in str(exc)
        else:
            raise AssertionError("a second save of r1 must fail")
        got = store.get("r1")
        assert got["question"] == "q" and [s["seq"] for s in got["steps"]] == [0]
        store.save({**log, "request_id": "r2"}, [{**step, "request_id": "r2"}])
        assert [s["seq"] for s in store.get("r2")["steps"]] == [0]
        with store._pool.connection() as conn:
            assert conn.info.transaction_status.name == "IDLE"
    finally:
        store.close()
