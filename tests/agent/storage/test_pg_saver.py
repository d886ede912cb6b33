"""The server's Postgres checkpointer (agent/storage/pg_saver.py): the graph's worker thread writes
and reads checkpoints without the event loop, and a thread made for its run reads nothing."""
from __future__ import annotations

import asyncio
import threading
import uuid

from langgraph.checkpoint.base import empty_checkpoint

from agent.server.runtime import async_checkpointer
from agent.settings import Settings
from agent.storage.saver_adapter import FRESH_THREAD, saver_kind


def _config(thread_id: str, **extra) -> dict:
    return {"configurable": {"thread_id": thread_id, "checkpoint_ns": "", **extra}}


def _put(saver, thread_id: str) -> dict:
    checkpoint = empty_checkpoint()
    checkpoint["channel_values"] = {"question": "NQ stats for November 2023", "chat_history": [{"role": "user"}]}
    checkpoint["channel_versions"] = {"question": 1, "chat_history": 1}
    return saver.put(_config(thread_id), checkpoint, {"source": "input", "step": -1},
                     {"question": 1, "chat_history": 1})


def test_the_graph_thread_checkpoints_while_the_event_loop_is_blocked(tmp_path, pg_database_factory):
    """AsyncPostgresSaver's sync methods run their coroutine on the event loop: called from a worker
    while the loop is busy they wait for it (here: forever, the loop waits for them). These run in
    the calling thread, on a pool of their own."""
    async def go() -> None:
        async with async_checkpointer(Settings(home=tmp_path, database_url=pg_database_factory())) as saver:
            assert saver_kind(saver) == "postgres"
            thread_id, got, failed = uuid.uuid4().hex, {}, []

            def worker() -> None:
                try:
                    got["put"] = _put(saver, thread_id)
                    got["tuple"] = saver.get_tuple(_config(thread_id))
                    got["listed"] = list(saver.list(_config(thread_id)))
                except Exception as exc:  # noqa: BLE001 - reported below
                    failed.append(exc)

            t = threading.Thread(target=worker)
            t.start()
            t.join(20)          # the loop is blocked right here, in its own thread
            assert not t.is_alive(), "the worker waited for the blocked event loop"
            assert not failed, failed
            tup = got["tuple"]
            assert tup.checkpoint["id"] == got["put"]["configurable"]["checkpoint_id"]
            assert tup.checkpoint["channel_values"]["question"] == "NQ stats for November 2023"
            assert [c.checkpoint["id"] for c in got["listed"]] == [tup.checkpoint["id"]]
            # the async side (state reads, retention) sees what the thread wrote
            again = await saver.aget_tuple(_config(thread_id))
            assert again.checkpoint["id"] == tup.checkpoint["id"]
    asyncio.run(go())


def test_a_thread_marked_fresh_reads_no_checkpoint_and_stores_no_mark(tmp_path, pg_database_factory):
    async def go() -> None:
        async with async_checkpointer(Settings(home=tmp_path, database_url=pg_database_factory())) as saver:
            thread_id = uuid.uuid4().hex
            await asyncio.to_thread(_put, saver, thread_id)
            plain = await asyncio.to_thread(saver.get_tuple, _config(thread_id))
            assert plain is not None
            # the mark answers "none" without a query: proven here on a thread that has one
            assert await asyncio.to_thread(saver.get_tuple, _config(thread_id, **{FRESH_THREAD: True})) is None
            # a checkpoint asked by id is always read
            by_id = _config(thread_id, **{FRESH_THREAD: True, "checkpoint_id": plain.checkpoint["id"]})
            assert (await asyncio.to_thread(saver.get_tuple, by_id)).checkpoint["id"] == plain.checkpoint["id"]
    asyncio.run(go())
