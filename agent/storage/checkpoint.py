"""LangGraph checkpointers: SQLite under ASKBAR_HOME by default, Postgres when a database URL is set.

Both persist across processes, so a thread interrupted by `askbar ask` resumes in `askbar resume`.
"""
from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from typing import Iterator

from langgraph.checkpoint.base import BaseCheckpointSaver

from agent.settings import Settings


@contextmanager
def open_checkpointer(settings: Settings) -> Iterator[BaseCheckpointSaver]:
    if settings.database_url:
        import psycopg
        from langgraph.checkpoint.postgres import PostgresSaver
        from psycopg.rows import dict_row

        with psycopg.connect(settings.database_url, autocommit=True, prepare_threshold=0,
                             row_factory=dict_row) as conn:
            from agent.storage.pg_lock import pg_migration_lock

            saver = PostgresSaver(conn)
            with pg_migration_lock(conn, 48151624):  # the server's key (agent/server/runtime.py)
                saver.setup()  # idempotent: creates/migrates the checkpoint tables
            yield saver
        return
    from langgraph.checkpoint.sqlite import SqliteSaver

    settings.home.mkdir(parents=True, exist_ok=True)
    lite_conn = sqlite3.connect(settings.home / "checkpoints.sqlite", check_same_thread=False)
    try:
        lite_saver = SqliteSaver(lite_conn)
        lite_saver.setup()
        yield lite_saver
    finally:
        lite_conn.close()
