"""Registry fixtures: a real external-API stub, real Redis (fails loudly), both app-DB engines."""
from __future__ import annotations

import threading
import uuid

import pytest

from agent.identity.models import User
from tests.agent.registry.external_stub import Stub
from tests.server.conftest import REDIS_URL, require_redis


@pytest.fixture
def stub():
    s = Stub()
    yield s
    s.close()


def tenant_user(plan: str = "pro") -> User:
    t = "t-" + uuid.uuid4().hex[:10]
    return User(user_id="u-" + t, tenant_id=t, name="trader", plan=plan)


@pytest.fixture(params=["memory-sqlite", "redis-postgres"])
def registry(request, tmp_path, stub, pg_database_factory):
    """A Registry over (in-process queues, SQLite) or (Redis Streams, Postgres), no workers yet."""
    from agent.storage.appdb import AppDB
    from agent.registry.service import Registry
    from agent.settings import Settings

    redis_url = require_redis(REDIS_URL) if "redis" in request.param else None
    url = pg_database_factory() if "postgres" in request.param else None
    settings = Settings(home=tmp_path, redis_url=redis_url, database_url=url,
                        registry_allowed_hosts=f"127.0.0.1:{stub.port}",
                        registry_namespace=uuid.uuid4().hex, registry_backoff_s=0.01,
                        registry_visibility_timeout_s=1.0)
    db = AppDB(settings)
    reg = Registry.open(settings, db=db)
    yield reg
    reg.close()
    db.close()


@pytest.fixture
def workers(registry):
    """start(n): n in-process Worker loops on `registry`; stopped after the test."""
    from agent.registry.worker import start_workers

    stop = threading.Event()
    threads: list[threading.Thread] = []

    def start(n: int = 1):
        threads.extend(start_workers(registry, n, stop))

    yield start
    stop.set()
    for t in threads:
        t.join(10)
