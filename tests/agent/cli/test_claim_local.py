"""Issue 26 item 7: `askbar users add NAME --claim-local` hands the local user's data to the new
user, on a fresh ASKBAR_HOME, embedded default and Postgres. The local user's rows are made the way
a user makes them (the CLI in process and beside a running server, the HTTP API), except the
registry's two tables (a registered tool needs an external endpoint: seeded as the registry stores
them). Every table with a user_id column, read from the schema itself, must be moved; afterwards
the new user sees the orders, memory and threads through the API with its token, the local user
none of them."""
from __future__ import annotations

import json
import os
import uuid

import httpx
import pytest

from agent.cli.claim import APP_TABLES, IDENTITY_TABLES, MARKET_TABLES, TRACE_TABLES
from tests.agent.cli.test_main import in_process
from tests.server.procs import serve

PG_USER_TABLES = ("SELECT DISTINCT table_name FROM information_schema.columns "
                  "WHERE table_schema = 'public' AND column_name = 'user_id'")
SQLITE_TABLES = "SELECT name FROM sqlite_master WHERE type = 'table'"
DUCK_USER_TABLES = "SELECT DISTINCT table_name FROM information_schema.columns WHERE column_name = 'user_id'"
REG_TOOL = ("INSERT INTO registry_tools (tenant_id, tool_id, user_id, name, version, category, schema_json, "
            "endpoint, auth_type, auth_header, timeout_ms, status, created_at, updated_at) VALUES "
            "('local', %s, 'local', 'quotes', '1', 'data', '{}', 'http://127.0.0.1:9/x', 'none', "
            "'Authorization', 1000, 'active', '2026-01-01', '2026-01-01')")
REG_TASK = ("INSERT INTO registry_tasks (task_id, tenant_id, user_id, user_json, tool_id, kind, status, "
            "request, created_at, updated_at) VALUES (%s, 'local', 'local', %s, %s, 'execute', 'done', "
            "'{}', '2026-01-01', '2026-01-01')")
OWNED = "SELECT COUNT(*) AS n FROM {table} WHERE tenant_id = %s AND user_id = %s"


@pytest.fixture(params=["embedded", "postgres"])
def env(request, tmp_path, pg_database_factory):
    e = {k: v for k, v in os.environ.items() if not k.startswith(("ASKBAR_", "GEMINI_", "GOOGLE_"))}
    e["ASKBAR_HOME"] = str(tmp_path / "home")
    if request.param == "postgres":
        e["ASKBAR_DATABASE_URL"] = pg_database_factory()
    return e


def cli(env: dict, *args: str, code: int = 0):
    r = in_process(list(args), env)
    assert r.returncode == code, (args, r.returncode, r.stdout, r.stderr)
    return r


def _settings(env: dict):
    from agent.settings import Settings

    return Settings(home=env["ASKBAR_HOME"], database_url=env.get("ASKBAR_DATABASE_URL"))


class Stores:
    """Each store of the home, opened for one look (the server is stopped when the DuckDB file is read)."""

    def __init__(self, env: dict):
        self.s = _settings(env)

    def _sqlite(self, file: str, sql: str, params: tuple = ()) -> list[tuple]:
        import sqlite3

        conn = sqlite3.connect(self.s.home / file)
        try:
            return conn.execute(sql.replace("%s", "?"), params).fetchall()
        finally:
            conn.close()

    def _pg(self, sql: str, params: tuple = ()) -> list[tuple]:
        import psycopg

        with psycopg.connect(self.s.database_url, autocommit=True) as conn:
            return conn.execute(sql, params).fetchall()

    def _duck(self, sql: str, params: tuple = ()) -> list[tuple]:
        import duckdb

        conn = duckdb.connect(str(self.s.duckdb_path), read_only=True)
        try:
            return conn.execute(sql.replace("%s", "?"), params).fetchall()
        finally:
            conn.close()

    def run(self, store: str, sql: str, params: tuple = ()) -> list[tuple]:
        if self.s.database_url:
            return self._pg(sql, params)
        if store == "market":
            return self._duck(sql, params)
        return self._sqlite({"app": "app.sqlite", "traces": "traces.sqlite"}[store], sql, params)

    def user_tables(self) -> dict[str, set[str]]:
        """{store: tables with a user_id column}, read from each schema."""
        if self.s.database_url:
            return {"all": {r[0] for r in self._pg(PG_USER_TABLES)}}
        out = {}
        for store, file in (("app", "app.sqlite"), ("traces", "traces.sqlite")):
            tables = [r[0] for r in self._sqlite(file, SQLITE_TABLES)]
            out[store] = {t for t in tables if any(c[1] == "user_id" for c in
                                                   self._sqlite(file, "SELECT * FROM pragma_table_info(%s)", (t,)))}
        out["market"] = {r[0] for r in self._duck(DUCK_USER_TABLES)}
        return out

    def owned(self, store: str, table: str, tenant: str, user: str) -> int:
        return self.run(store, OWNED.format(table=table), (tenant, user))[0][0]

    def app_write(self, sql: str, params: tuple) -> None:
        from agent.storage.appdb import AppDB

        db = AppDB(self.s)
        try:
            db.execute(sql, params)
        finally:
            db.close()


def _seed_local(env: dict, tmp_path) -> dict:
    """The local user's data in every store; returns what the test checks later."""
    cli(env, "demo")
    cli(env, "ask", "--thread", "trade", "buy 2 DEMO_NQ at market")
    cli(env, "resume", "--thread", "trade", "yes")
    cli(env, "ask", "--thread", "alert", "alert me when DEMO_SPY above 520")
    cli(env, "resume", "--thread", "alert", "yes")
    cli(env, "ask", "--thread", "condition", "alert me when DEMO_SPY closes higher three days in a row")
    cli(env, "resume", "--thread", "condition", "yes")
    cli(env, "schedule", "add", "DEMO_NQ stats for last week", "--cron", "0 17 * * 5")
    cli(env, "tools", "call", "add_to_watchlist", "--args", '{"symbol": "DEMO_SPY"}')
    cli(env, "ask", "--thread", "stats", "DEMO_NQ stats for March 2024")
    stores = Stores(env)
    tool_id = "t-" + uuid.uuid4().hex[:8]
    stores.app_write(REG_TOOL, (tool_id,))
    local_json = json.dumps({"user_id": "local", "tenant_id": "local", "name": "local", "plan": "premium"})
    stores.app_write(REG_TASK, ("task-" + uuid.uuid4().hex, local_json, tool_id))
    ids = [r[0] for r in stores.run("market", "SELECT id FROM user_notifications ORDER BY id")]
    assert ids, "a market order's fill notifies its user"
    with serve(env, tmp_path / "serve1.log") as srv, httpx.Client(base_url=srv.url, timeout=60) as http:
        # beside the server the CLI is its client: this order goes through it, as the local user
        cli(env, "ask", "--thread", "trade2", "buy 1 DEMO_NQ at market")
        cli(env, "resume", "--thread", "trade2", "yes")
        r = http.post("/api/tools/add_to_watchlist", json={"symbol": "DEMO_NQ"},
                      headers={"Idempotency-Key": "wl-1"})
        assert r.status_code == 200, r.text
        orders = json.loads(cli(env, "orders", "list", "--json").stdout)
        assert http.get("/api/orders").json() == orders
        r = http.post(f"/api/notifications/{ids[0]}/dismiss")
        assert r.status_code == 200, r.text
        memory = http.get("/api/memory").json()
    return {"orders": orders, "memory": memory}


def _long_term(view: dict) -> dict:
    """The stored memory of a /api/memory view (short-term memory lives in the server process)."""
    return {k: v for k, v in view.items() if k not in ("user", "tenant", "short_term")}


def _order_ids(view: dict) -> list[str]:
    return sorted(o["order_id"] for o in view["orders"])


def test_claim_local_moves_every_store(env, tmp_path):
    seeded = _seed_local(env, tmp_path)
    assert len(seeded["orders"]["orders"]) == 2
    stores = Stores(env)
    # every table with a user_id column is one the claim moves (or names the user itself)
    known = set(APP_TABLES + MARKET_TABLES + TRACE_TABLES + IDENTITY_TABLES)
    found = stores.user_tables()
    if "all" in found:
        assert found["all"] == known, found["all"] ^ known
    else:
        assert found["app"] == set(APP_TABLES + IDENTITY_TABLES)
        assert found["market"] == set(MARKET_TABLES)
        assert found["traces"] == set(TRACE_TABLES)
    where = {**{t: "app" for t in APP_TABLES}, **{t: "market" for t in MARKET_TABLES},
             **{t: "traces" for t in TRACE_TABLES}}
    before = {t: stores.owned(s, t, "local", "local") for t, s in where.items()}
    empty = [t for t, n in before.items() if not n]
    assert not empty, f"the seed left {empty} without a local row: the test would prove nothing there"

    r = cli(env, "users", "add", "alice", "--claim-local", "--json")
    out = json.loads(r.stdout)
    token, alice_id = out["token"], out["user_id"]
    assert out["local_data"]["claimed"] is True
    moved = {t: n for counts in out["local_data"]["moved"].values() for t, n in counts.items()}
    assert {t: moved.get(t) for t in before} == before
    assert moved["memory items"] > 0 and moved["checkpoint threads"] >= 1
    assert r.stderr.count("moved the local user's data to default/alice") == 1
    for t, s in where.items():
        assert stores.owned(s, t, "local", "local") == 0, t
        # threads the CLI checkpointed without registering them are now registered to alice
        extra = moved["checkpoint threads"] if t == "api_threads" else 0
        assert stores.owned(s, t, "default", alice_id) == before[t] + extra, t
    task_user = stores.run("app", "SELECT user_json FROM registry_tasks")[0][0]
    assert json.loads(task_user)["user_id"] == alice_id

    # the local user (the CLI without --user) sees none of it; alice sees it all
    local_orders = json.loads(cli(env, "orders", "list", "--json").stdout)
    assert local_orders["orders"] == []
    alice_orders = json.loads(cli(env, "orders", "list", "--user", "alice", "--json").stdout)
    assert (alice_orders["tenant"], alice_orders["user"]) == ("default", alice_id)
    assert alice_orders["orders"] == seeded["orders"]["orders"]
    with serve(env, tmp_path / "serve2.log") as srv, httpx.Client(base_url=srv.url, timeout=60) as http:
        auth = {"Authorization": f"Bearer {token}"}
        assert http.get("/api/orders").status_code == 401      # a user exists: the local mode is over
        assert _order_ids(http.get("/api/orders", headers=auth).json()) == _order_ids(seeded["orders"])
        mem = _long_term(http.get("/api/memory", headers=auth).json())
        assert mem == _long_term(seeded["memory"]) and any(mem.values())
        assert http.get("/api/threads/trade", headers=auth).status_code == 200
        watch = http.post("/api/tools/get_watchlist", json={}, headers=auth).json()
        assert set(watch["data"]["symbols"]) == {"DEMO_SPY", "DEMO_NQ"}, watch
        history = http.get("/api/history", headers=auth).json()["requests"]
        assert len(history) >= 6
    local_mem = _long_term(json.loads(cli(env, "memory", "show", "--json").stdout))
    assert local_mem != _long_term(seeded["memory"])

    # idempotent: nothing is left, a second claim moves nothing and says so
    again = cli(env, "users", "claim", "alice")
    assert "moved the local user's data to default/alice: nothing" in again.stderr
    # refused: alice owns a watchlist now, the local user makes one again
    cli(env, "tools", "call", "add_to_watchlist", "--args", '{"symbol": "DEMO_BTC"}')
    refused = cli(env, "users", "claim", "alice", code=2)
    assert len(refused.stderr.strip().splitlines()) == 1 and "watchlist_items" in refused.stderr
    assert stores.owned("app", "watchlist_items", "local", "local") == 1


def test_first_user_without_claim_says_where_the_data_stays(env):
    r = cli(env, "users", "add", "bob")
    assert "askbar users claim bob" in r.stderr and "stay the local user's" in r.stderr
    j = json.loads(cli(env, "users", "add", "carol", "--json").stdout)
    assert j["local_data"]["claimed"] is False and "users claim" in j["local_data"]["local_data"]


def test_claim_beside_an_embedded_server_refuses_before_adding(tmp_path):
    e = {k: v for k, v in os.environ.items() if not k.startswith(("ASKBAR_", "GEMINI_", "GOOGLE_"))}
    e["ASKBAR_HOME"] = str(tmp_path / "home")
    cli(e, "demo")
    with serve(e, tmp_path / "serve.log"):
        r = cli(e, "users", "add", "dan", "--claim-local", code=2)
        assert len(r.stderr.strip().splitlines()) == 1 and "stop `askbar serve`" in r.stderr
    assert json.loads(cli(e, "users", "list", "--json").stdout)["users"] == []
