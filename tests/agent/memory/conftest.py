"""Memory fixtures: embedded (SQLite store, in-process STM) and production (Postgres store, Redis).

Redis and Postgres are the shared real services; tests use fresh databases and a unique Redis key
prefix, and FAIL (never skip) with how to start a service that is down.
"""
from __future__ import annotations

import uuid
from datetime import date

import pytest

from agent.identity.models import User
from agent.memory.service import Memory
from agent.settings import Settings

REDIS_URL = "redis://127.0.0.1:6379/0"
REDIS_START = 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no'

ALICE = User(user_id="alice", tenant_id="t1", name="alice", plan="pro", language="en")
BOB = User(user_id="bob", tenant_id="t1", name="bob", plan="free", language="ru")
ALICE_OTHER_TENANT = User(user_id="alice", tenant_id="t2", name="alice", plan="pro")


def redis_url() -> str:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        pytest.fail(f"Redis is not reachable at {REDIS_URL} ({exc}). Start it with: {REDIS_START}",
                    pytrace=False)
    return REDIS_URL


def prefix() -> str:
    return f"askbar-test-{uuid.uuid4().hex[:10]}:"


@pytest.fixture
def embedded_settings(tmp_path):
    return Settings(home=tmp_path, now=date(2023, 12, 15), memory_key_prefix=prefix())


@pytest.fixture
def production_settings(tmp_path, pg_database_factory):
    return Settings(home=tmp_path, now=date(2023, 12, 15), database_url=pg_database_factory(),
                    redis_url=redis_url(), memory_key_prefix=prefix())


@pytest.fixture(params=["embedded", "production"])
def any_settings(request):
    return request.getfixturevalue(f"{request.param}_settings")


@pytest.fixture
def mem(any_settings):
    m = Memory(any_settings)
    yield m
    for u in (ALICE, BOB, ALICE_OTHER_TENANT):
        m.forget(u)
    m.close()
