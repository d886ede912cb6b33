"""The server's Postgres checkpointer: LangGraph's AsyncPostgresSaver whose synchronous methods run
on a synchronous pool, in the caller's thread.

The server runs each graph in a worker thread (agent/server/graph_thread.py), so LangGraph calls the
checkpointer's sync methods (get_tuple at the run's start, put and put_writes as it goes). On
AsyncPostgresSaver those hop to the event loop (`run_coroutine_threadsafe(...).result()`), and the
coroutine hops again to a worker for `_dump_blobs`: a ten-year question's checkpoint work ran on the
loop that also streams every client's events, and the graph thread waited for it. py-spy, 200
questions, production server: ~300 of the loop's samples were the saver's coroutines, and the graph
thread's wait for its last checkpoint was 1.9x the embedded one's. Here the same SQL (PostgresSaver,
same serializer, same tables) runs in the graph's own threads on a pool of their own; the async
methods (state reads, retention, recovery: agent/storage/saver_adapter.py) stay on the loop's pool.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver

from agent.storage.saver_adapter import FRESH_THREAD


class ThreadedPostgresSaver(AsyncPostgresSaver):
    """Async methods on `conn` (an AsyncConnectionPool), sync methods on `sync_conn` (a
    ConnectionPool of the same database and options)."""

    def __init__(self, conn: Any, sync_conn: Any, serde: Any = None) -> None:
        super().__init__(conn, serde=serde)
        self.sync = PostgresSaver(sync_conn, serde=self.serde)

    def get_tuple(self, config: Any) -> Any:
        conf = config.get("configurable") or {}
        if conf.get(FRESH_THREAD) and not conf.get("checkpoint_id"):
            return None    # one round trip less before a new thread's first answer
        return self.sync.get_tuple(config)

    def list(self, config: Any, *, filter: Any = None, before: Any = None,
             limit: int | None = None) -> Iterator[Any]:
        return self.sync.list(config, filter=filter, before=before, limit=limit)

    def put(self, config: Any, checkpoint: Any, metadata: Any, new_versions: Any) -> Any:
        return self.sync.put(config, checkpoint, metadata, new_versions)

    def put_writes(self, config: Any, writes: Any, task_id: str, task_path: str = "") -> None:
        self.sync.put_writes(config, writes, task_id, task_path)

    def delete_thread(self, thread_id: str) -> None:
        self.sync.delete_thread(thread_id)

    def prune(self, thread_ids: Any, *, strategy: str = "keep_latest") -> None:
        self.sync.prune(thread_ids, strategy=strategy)

    def get_delta_channel_history(self, *, config: Any, channels: Any) -> Any:
        return self.sync.get_delta_channel_history(config=config, channels=channels)
