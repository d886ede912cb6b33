"""Tool fixtures: an executor over the loaded store of each engine with the matching app database
(SQLite next to DuckDB, a fresh Postgres database next to Postgres), and real Redis."""
from __future__ import annotations

import os
import uuid

import pytest
import redis

from agent.storage.appdb import AppDB
from agent.settings import Settings

REDIS_URL = os.environ.get("ASKBAR_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
REDIS_START = 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no'


@pytest.fixture(scope="session")
def redis_url() -> str:
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3).ping()
    except redis.RedisError as exc:  # fail loudly, never skip
        pytest.fail(f"Redis is not reachable at {REDIS_URL} ({exc}). Start it with: {REDIS_START}",
                    pytrace=False)
    return REDIS_URL


@pytest.fixture
def prefix() -> str:
    """A Redis key prefix of this test only (the shared Redis is never flushed)."""
    return f"askbar-test-{uuid.uuid4().hex[:12]}"


def make_appdb(engine: str, tmp_path, pg_database_factory) -> AppDB:
    if engine == "duckdb":
        return AppDB(path=tmp_path / f"app_{uuid.uuid4().hex[:6]}.sqlite")
    return AppDB(url=pg_database_factory())


@pytest.fixture
def appdb_for(tmp_path, pg_database_factory):
    opened: list[AppDB] = []

    def make(engine: str) -> AppDB:
        db = make_appdb(engine, tmp_path, pg_database_factory)
        opened.append(db)
        return db

    yield make
    for db in opened:
        db.close()


@pytest.fixture
def executor_for(tmp_path, appdb_for, prefix):
    """executor_for(store, redis_url=None) -> a ToolExecutor with its own app DB and key prefix."""
    from agent.tools.executor import ToolExecutor

    made: list[ToolExecutor] = []

    def make(store, redis_url: str | None = None, registry=None):
        settings = Settings(home=tmp_path)
        made.append(ToolExecutor(settings, store, appdb_for(store.engine), registry=registry,
                                 redis_url=redis_url or "", prefix=prefix))
        return made[-1]

    yield make
    for ex in made:      # before appdb_for closes the databases
        ex.flush_log()
