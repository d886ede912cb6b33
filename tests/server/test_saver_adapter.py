"""The saver adapter's start-up check (issue 8 item 5): the real savers of the installed
langgraph-checkpoint versions pass; a saver without the tables, columns or attributes the retention
and recovery SQL use is refused with one line naming what is missing, and the server does not start."""
from __future__ import annotations

import asyncio
import sqlite3

import aiosqlite
import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

from agent.storage.saver_adapter import SaverMismatch, check_saver
from tests.server.conftest import DUCKDB_ONLY, inproc


async def _sqlite_check(path, setup: bool = True, sql: str | None = None) -> str:
    async with aiosqlite.connect(path) as conn:
        if sql:
            await conn.executescript(sql)
        saver = AsyncSqliteSaver(conn)
        if setup:
            await saver.setup()
        return await check_saver(saver)


def test_real_sqlite_and_memory_savers_pass(tmp_path):
    assert asyncio.run(_sqlite_check(tmp_path / "c.sqlite")) == "sqlite"
    assert asyncio.run(check_saver(InMemorySaver())) == "memory"


def test_sqlite_without_tables_is_refused(tmp_path):
    with pytest.raises(SaverMismatch, match="AsyncSqliteSaver: table checkpoints not found"):
        asyncio.run(_sqlite_check(tmp_path / "c.sqlite", setup=False))


def test_sqlite_writes_without_task_id_is_refused(tmp_path):
    # setup() creates only missing tables: an older/newer layout of `writes` stays as it is
    old = "CREATE TABLE writes (thread_id TEXT, checkpoint_ns TEXT, checkpoint_id TEXT, idx INTEGER);"
    with pytest.raises(SaverMismatch, match=r"column\(s\) task_id of table writes") as info:
        asyncio.run(_sqlite_check(tmp_path / "c.sqlite", sql=old))
    assert "\n" not in str(info.value)


def test_unknown_saver_or_missing_attributes_are_refused():
    with pytest.raises(SaverMismatch, match="Other is not supported"):
        asyncio.run(check_saver(type("Other", (), {})()))
    bare = type("AsyncSqliteSaver", (), {"lock": None})()      # a release without `conn`
    with pytest.raises(SaverMismatch, match="AsyncSqliteSaver has no conn"):
        asyncio.run(check_saver(bare))


async def _pg_check(url: str, drop: str | None = None) -> str:
    from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
    from psycopg import AsyncConnection
    from psycopg.rows import dict_row

    async with await AsyncConnection.connect(url, autocommit=True, row_factory=dict_row) as conn:
        saver = AsyncPostgresSaver(conn)
        await saver.setup()
        if drop:
            await conn.execute(drop)
        return await check_saver(saver)


def test_real_postgres_saver_passes_and_a_missing_table_is_named(pg_database_factory):
    url = pg_database_factory()
    assert asyncio.run(_pg_check(url)) == "postgres"
    with pytest.raises(SaverMismatch, match="AsyncPostgresSaver: table checkpoint_blobs not found"):
        asyncio.run(_pg_check(url, drop="DROP TABLE checkpoint_blobs"))


@DUCKDB_ONLY
def test_server_refuses_to_start_on_a_saver_it_cannot_prune(make_app, duck_store, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    with sqlite3.connect(home / "checkpoints.sqlite") as conn:
        conn.execute("CREATE TABLE writes (thread_id TEXT, checkpoint_ns TEXT, checkpoint_id TEXT)")
    app, _ = make_app(duck_store, home=home)
    with pytest.raises(SaverMismatch, match="task_id of table writes"):
        with inproc(app):
            pass


def test_askbar_serve_says_it_in_one_line(tmp_path):
    import os
    import subprocess

    with sqlite3.connect(tmp_path / "checkpoints.sqlite") as conn:
        conn.execute("CREATE TABLE writes (thread_id TEXT, checkpoint_ns TEXT, checkpoint_id TEXT)")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASKBAR_")}
    env.update(ASKBAR_HOME=str(tmp_path), ASKBAR_LLM="offline")
    run = subprocess.run(["askbar", "serve", "--port", "0"], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [
        "askbar serve: checkpoint saver AsyncSqliteSaver: column(s) task_id of table writes not found; this "
        "langgraph-checkpoint version's tables are not the ones AskBar's retention and recovery delete from"]
