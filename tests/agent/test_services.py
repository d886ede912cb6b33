"""Two worlds in one process (agent/services.py): each Deps carries its own services, so two of them
side by side share no app database, tool executor, tenant registry or memory, and what one world
stores, learns or registers the other never sees. Worlds: two DuckDB + SQLite homes, and a
DuckDB + SQLite home beside a Postgres + Redis deployment."""
from __future__ import annotations

import dataclasses
import uuid

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.deps import build_deps
from agent.identity.models import User
from agent.identity.users import UserStore
from agent.llm.offline.provider import OfflineProvider
from agent.registry.envelope import TenantToolConfig
from agent.service import Session
from agent.settings import Settings
from agent.tools.tenant_step import tenant_rows
from tests.agent.memory.conftest import redis_url

ALICE = User(user_id="alice", tenant_id="t1", name="alice", plan="pro", language="en")
SCHEMA = {"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"]}


def _settings(kind: str, tmp_path, pg_database_factory) -> Settings:
    home = tmp_path / uuid.uuid4().hex[:8]
    prefix = f"askbar-test-{uuid.uuid4().hex[:10]}:"
    if kind == "duckdb":
        return Settings(home=home, redis_url=None, memory_key_prefix=prefix, tools_redis_prefix=prefix)
    return Settings(home=home, database_url=pg_database_factory(), redis_url=redis_url(),
                    memory_key_prefix=prefix, tools_redis_prefix=prefix)


@pytest.fixture(params=[("duckdb", "duckdb"), ("duckdb", "postgres")], ids=["duckdb+duckdb", "duckdb+postgres"])
def worlds(request, tmp_path, make_store, pg_database_factory):
    made = []
    for kind in request.param:
        deps = build_deps(_settings(kind, tmp_path, pg_database_factory), store=make_store(kind),
                          provider=OfflineProvider())
        deps.user = ALICE
        made.append(deps)
    yield made
    for deps in made:
        deps.services.close()


def test_a_world_opens_nothing_until_asked(worlds):
    a, _ = worlds
    assert a.services.opened == {"appdb": False, "memory": False, "executor": False, "registry": False}
    assert a.services.store is a.store and a.services.settings is a.settings


def test_two_worlds_share_no_service(worlds):
    a, b = worlds
    sa, sb = a.services, b.services
    assert sa is not sb
    for name in ("appdb", "memory", "executor"):
        assert getattr(sa, name) is not getattr(sb, name), name
    assert sa.registry() is not sb.registry()
    # inside a world every part reads the same services
    assert sa.executor.appdb is sa.appdb and sa.registry().db is sa.appdb
    assert sa.executor._context(ALICE, {}).memory() is sa.memory
    assert sa.executor.store is a.store and sb.executor.store is b.store
    # a run's copy of the deps (agent/server/runs.py) stays in its world
    run_copy = dataclasses.replace(a, provider=OfflineProvider())
    assert run_copy.services is sa


def test_two_worlds_over_the_same_settings_and_store_still_share_no_service(worlds):
    """What a process-wide cache keyed by settings (or by the store's id) would have shared."""
    a, _ = worlds
    twin = build_deps(a.settings, store=a.store, provider=OfflineProvider())
    try:
        for name in ("appdb", "memory", "executor"):
            assert getattr(twin.services, name) is not getattr(a.services, name), name
        assert twin.services.registry() is not a.services.registry()
    finally:
        twin.services.close()


def test_what_one_world_stores_the_other_never_sees(worlds):
    a, b = worlds
    UserStore(a.services.appdb).add("carol", tenant="acme", plan="pro")
    assert [u["name"] for u in UserStore(a.services.appdb).list()] == ["carol"]
    assert UserStore(b.services.appdb).list() == []
    tool = TenantToolConfig(id="calc", name="Calc", schema=SCHEMA, endpoint="http://127.0.0.1:9/calc")
    a.services.registry().tools.save(ALICE, tool, None)
    assert [r["tool_id"] for r in tenant_rows(a)] == ["calc"]
    assert tenant_rows(b) == []


def test_what_one_world_learns_the_other_never_sees(worlds):
    a, b = worlds
    said = Session(a, InMemorySaver()).ask("remember that I usually trade NQ", thread_id="t-a")
    assert said.status == "answered", said.response
    assert a.services.memory.profile(ALICE).preferences.get("usual_symbol") == "NQ"
    assert b.services.memory.profile(ALICE).is_empty()
    out = b.services.executor.execute("recall", {}, ALICE)
    assert out["success"] and out["data"]["memory"]["preferences"] == {}
    a.services.memory.forget(ALICE)


def test_closing_one_world_leaves_the_other_working(worlds):
    a, b = worlds
    b.services.executor.execute("remember", {"note": "trade the open"}, ALICE)
    a.services.memory.profile(ALICE)
    a.services.close()
    assert a.services.opened == dict.fromkeys(a.services.opened, False)
    assert b.services.memory.profile(ALICE).notes == ["trade the open"]
    b.services.memory.forget(ALICE)


def test_closing_a_world_stores_its_queued_tool_log_and_stops_the_writer(worlds):
    """The execution log is written by a thread; a world closed right after a call (every CLI
    command) must store the row before its app database closes, and leave no thread behind."""
    import threading

    from agent.storage.appdb import AppDB

    for deps in worlds:
        before = {t.ident for t in threading.enumerate() if t.name == "askbar-tool-log"}
        for n in range(50):
            deps.services.executor.execute("remember", {"note": f"note {n}"}, ALICE)
        deps.services.memory.forget(ALICE)
        deps.services.close()
        after = {t.ident for t in threading.enumerate() if t.name == "askbar-tool-log"}
        assert after <= before, "the world's log writer stopped"
        db = AppDB(deps.settings)
        try:
            rows = db.execute("SELECT count(*) AS n FROM tool_executions WHERE user_id = %s", (ALICE.user_id,))
        finally:
            db.close()
        assert rows[0]["n"] == 50
