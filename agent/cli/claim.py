"""`askbar users add NAME --claim-local` / `askbar users claim NAME`: hand the local user's data to a
real user.

Without users, the CLI and a loopback server run as the local user (tenant "local", user "local").
The first `users add` makes the server ask for a token, so the local user's rows would vanish from
the UI. Claiming moves every per-user row of every store to the new (tenant, user):
- app DB (SQLite app.sqlite / Postgres): APP_TABLES (tool runs, watchlist, registry, schedules...);
- market store (DuckDB / Postgres): MARKET_TABLES (paper orders, fills, price and condition alerts,
  notifications, account);
- traces (SQLite traces.sqlite / Postgres): TRACE_TABLES (requests, threads; steps and turn
  details follow their request id);
- LangGraph checkpoints: threads with state but no registered owner are the local user's
  (agent/identity/cli_user.check_thread_owner); they are registered to the new user;
- LangGraph store (memory.sqlite / PostgresStore): items under (area, "local", "local") move to
  (area, tenant, user) for every area (memory, conversation).
One transaction per store, so a store is moved completely or not at all; a re-run moves what is
left (idempotent: nothing left, nothing moved). Nothing moves when the user already owns rows in a
table where the local user has rows too (merging could collide on keys): ClaimRefused.
Table names are constants of this module; values are bound parameters.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from agent.identity.models import LOCAL_USER, User
from agent.settings import Settings

# Tables holding per-user rows (columns tenant_id, user_id), per store. tests/agent/cli/
# test_claim_local.py reads every schema for such columns and fails on a table missing here.
APP_TABLES = ("tool_executions", "watchlist_items", "tool_idempotency", "registry_tools",
              "registry_tasks", "dismissed_notifications", "schedules")
# users and api_tokens name the user itself, not data it owns.
IDENTITY_TABLES = ("users", "api_tokens")
MARKET_TABLES = ("paper_orders", "paper_fills", "price_alerts", "condition_alerts", "user_notifications",
                 "paper_accounts")
TRACE_TABLES = ("chat_logs", "api_threads")

_OWNER = " WHERE tenant_id = %s AND user_id = %s"
COUNT = {t: "SELECT COUNT(*) AS n FROM " + t + _OWNER for t in APP_TABLES + MARKET_TABLES + TRACE_TABLES}
MOVE = {t: "UPDATE " + t + " SET tenant_id = %s, user_id = %s" + _OWNER
        for t in APP_TABLES + MARKET_TABLES + TRACE_TABLES}
# A registry task runs as the User stored with it (agent/registry/worker.py): the new user now.
TASK_USER = "UPDATE registry_tasks SET user_json = %s" + _OWNER
# Registered tools are keyed by (tenant_id, tool_id): one of the local user's ids taken in the
# new tenant would collide.
TOOL_CLASH = ("SELECT a.tool_id FROM registry_tools a JOIN registry_tools b ON b.tool_id = a.tool_id "
              "WHERE a.tenant_id = %s AND a.user_id = %s AND b.tenant_id = %s AND b.tenant_id <> a.tenant_id")
CHECKPOINT_THREADS = "SELECT DISTINCT thread_id FROM checkpoints"
REGISTERED_THREADS = "SELECT thread_id FROM api_threads"
REGISTER_THREAD = ("INSERT INTO api_threads (thread_id, metadata, created_at, updated_at, tenant_id, "
                   "user_id) VALUES (%s, '{}', %s, %s, %s, %s)")
STORE_PREFIXES = "SELECT prefix, COUNT(*) AS n FROM store GROUP BY prefix"
MOVE_PREFIX = "UPDATE store SET prefix = %s WHERE prefix = %s"
MOVE_VECTORS = "UPDATE store_vectors SET prefix = %s WHERE prefix = %s"
SQLITE_HAS_TABLE = "SELECT name FROM sqlite_master WHERE type = 'table' AND name = %s"
PG_HAS_TABLE = "SELECT to_regclass(%s) IS NOT NULL AS present"


class ClaimRefused(ValueError):
    """The target already owns data the local user's would mix with: a one-line reason."""


class _Conn:
    """One transaction on SQLite or Postgres with %s placeholders; rows as dicts."""

    def __init__(self, engine: str, handle: Any):
        self.engine, self._h = engine, handle

    def rows(self, sql: str, params: tuple = ()) -> list[dict[str, Any]]:
        cur = self._h.execute(sql.replace("%s", "?") if self.engine == "sqlite" else sql, params)
        if cur.description is None:
            return []
        names = [d[0] for d in cur.description]
        return [dict(zip(names, r)) for r in cur.fetchall()]

    def has(self, table: str) -> bool:
        if self.engine == "sqlite":
            return bool(self.rows(SQLITE_HAS_TABLE, (table,)))
        return bool(self.rows(PG_HAS_TABLE, (table,))[0]["present"])


@contextmanager
def _sql_tx(settings: Settings, file: str) -> Iterator[_Conn | None]:
    """A write transaction on ASKBAR_DATABASE_URL, or on the SQLite file ASKBAR_HOME/`file`
    (None when the file was never made: nothing to move there)."""
    if settings.database_url:
        import psycopg

        with psycopg.connect(settings.database_url) as pg, pg.transaction():
            yield _Conn("postgres", pg)
        return
    path: Path = settings.home / file
    if not path.exists():
        yield None
        return
    conn = sqlite3.connect(path, timeout=30, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield _Conn("sqlite", conn)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    finally:
        conn.close()


class _Named:
    """agent.market.tx.Tx (named %(x)s placeholders) seen through %s statements."""

    def __init__(self, tx: Any):
        self.tx = tx

    def rows(self, sql: str, params: tuple = ()) -> list[dict[str, Any]]:
        parts = sql.split("%s")
        named = "".join(p + (f"%(p{i})s" if i < len(parts) - 1 else "") for i, p in enumerate(parts))
        return self.tx.rows(named, {f"p{i}": v for i, v in enumerate(params)})


def _owned(conn: Any, tables: tuple[str, ...], owner: User) -> dict[str, int]:
    return {t: int(conn.rows(COUNT[t], (owner.tenant_id, owner.user_id))[0]["n"]) for t in tables}


def _check_and_move(conn: Any, tables: tuple[str, ...], target: User, move: bool) -> dict[str, int]:
    local, theirs = _owned(conn, tables, LOCAL_USER), _owned(conn, tables, target)
    mixed = [t for t in tables if local[t] and theirs[t]]
    if mixed:
        raise ClaimRefused(f"{target.tenant_id}/{target.name} already owns rows in {', '.join(mixed)}; "
                           "nothing was moved (claim only for a user without data of its own)")
    if move:
        for t in tables:
            if local[t]:
                if t == "registry_tasks":
                    conn.rows(TASK_USER, (target.model_dump_json(), "local", "local"))
                conn.rows(MOVE[t], (target.tenant_id, target.user_id, "local", "local"))
    return {t: n for t, n in local.items() if n}


def _app(settings: Settings, target: User, move: bool) -> dict[str, int]:
    from contextlib import closing

    from agent.storage.appdb import AppDB

    with closing(AppDB(settings)) as appdb, appdb.transaction() as tx:
        conn = _AppConn(tx)
        clash = [r["tool_id"] for r in conn.rows(TOOL_CLASH, ("local", "local", target.tenant_id))]
        if clash:
            raise ClaimRefused(f"tenant {target.tenant_id} already has a registered tool {clash[0]!r} "
                               "like the local user's; nothing was moved")
        return _check_and_move(conn, APP_TABLES, target, move)


class _AppConn:
    """agent.storage.appdb.Tx (already %s placeholders) behind the rows() interface."""

    def __init__(self, tx: Any):
        self._tx = tx

    def rows(self, sql: str, params: tuple = ()) -> list[dict[str, Any]]:
        return self._tx.execute(sql, params)


def _market(settings: Settings, target: User, move: bool) -> dict[str, int]:
    from agent.market.factory import open_store
    from agent.market.tx import transaction

    if settings.engine != "postgres" and not settings.duckdb_path.exists():
        return {}
    store = open_store(settings)
    try:
        with transaction(store) as tx:
            return _check_and_move(_Named(tx), MARKET_TABLES, target, move)
    finally:
        store.close()


def _traces(settings: Settings, target: User, move: bool) -> dict[str, int]:
    from agent.storage.traces import TraceStore

    TraceStore(settings).close()   # the trace tables exist (made on first use)
    with _sql_tx(settings, "traces.sqlite") as conn:
        assert conn is not None
        moved = _check_and_move(conn, TRACE_TABLES, target, move)
        threads = _unowned_threads(settings, {r["thread_id"] for r in conn.rows(REGISTERED_THREADS)})
        if threads:
            moved["checkpoint threads"] = len(threads)
        if move:
            from datetime import datetime, timezone

            now = datetime.now(timezone.utc).isoformat()
            for thread_id in threads:
                conn.rows(REGISTER_THREAD, (thread_id, now, now, target.tenant_id, target.user_id))
        return moved


def _unowned_threads(settings: Settings, registered: set[str]) -> list[str]:
    """Checkpointed threads without a registered owner: the local user's (read only)."""
    with _sql_tx(settings, "checkpoints.sqlite") as conn:
        if conn is None or not conn.has("checkpoints"):
            return []
        return sorted(r["thread_id"] for r in conn.rows(CHECKPOINT_THREADS) if r["thread_id"] not in registered)


def _memory(settings: Settings, target: User, move: bool) -> dict[str, int]:
    """LangGraph store items: namespace (area, tenant, user) is stored as the prefix "area.tenant.user"."""
    with _sql_tx(settings, "memory.sqlite") as conn:
        if conn is None or not conn.has("store"):
            return {}
        prefixes = {r["prefix"]: int(r["n"]) for r in conn.rows(STORE_PREFIXES)}
        local = {p: n for p, n in prefixes.items() if p.split(".")[1:] == ["local", "local"]}
        theirs = [p for p in prefixes if p.split(".")[1:] == [target.tenant_id, target.user_id]]
        if local and theirs:
            raise ClaimRefused(f"{target.tenant_id}/{target.name} already has memory items; nothing was moved")
        if move:
            vectors = conn.has("store_vectors")
            for prefix in local:
                new = ".".join([prefix.split(".")[0], target.tenant_id, target.user_id])
                conn.rows(MOVE_PREFIX, (new, prefix))
                if vectors:
                    conn.rows(MOVE_VECTORS, (new, prefix))
        return {"memory items": sum(local.values())} if local else {}


STORES: tuple[tuple[str, Callable[[Settings, User, bool], dict[str, int]]], ...] = (
    ("app", _app), ("market", _market), ("traces", _traces), ("memory", _memory))


def claim_local(settings: Settings, target: User, *, dry_run: bool = False) -> dict[str, dict[str, int]]:
    """Move the local user's rows to `target`; {store: {table: rows moved}}. Every store is
    checked first (ClaimRefused before anything moves), then each moves in its own transaction."""
    if (target.tenant_id, target.user_id) == (LOCAL_USER.tenant_id, LOCAL_USER.user_id):
        raise ClaimRefused("the local user cannot claim its own data")
    found = {name: fn(settings, target, False) for name, fn in STORES}
    if dry_run:
        return found
    return {name: fn(settings, target, True) for name, fn in STORES}


def summary(moved: dict[str, dict[str, int]]) -> str:
    """'3 paper_orders, 2 memory items, ...' or 'nothing'."""
    parts = [f"{n} {table}" for counts in moved.values() for table, n in counts.items()]
    return ", ".join(parts) or "nothing"
