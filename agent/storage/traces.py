"""Traces (seed 004 "Хранение данных"): chat_logs (one row per request) and request_traces (one
row per agent step: input, output, duration, LLM calls with tokens, intent, plan, interrupts).

Postgres when ASKBAR_DATABASE_URL is set (DDL: sql/postgres/002_traces.sql), else an embedded
SQLite file `ASKBAR_HOME/traces.sqlite` (several processes may share it). The API is synchronous;
the server calls it from a worker thread.
"""
from __future__ import annotations

import json
import re
import sqlite3
import threading
from pathlib import Path
from typing import Any

from agent.settings import Settings
from agent.storage import migrations
from agent.storage.trace_rows import dump_json, grouped, load_row, now_iso, row_values

LOG_COLS = ("request_id", "thread_id", "run_id", "kind", "question", "user_response",
            "parent_request_id", "input", "status", "response", "result", "provider",
            "duration_ms", "error", "tenant_id", "user_id")
STEP_COLS = ("request_id", "thread_id", "seq", "agent", "input", "output", "duration_ms", "llm",
             "input_tokens", "output_tokens", "cost_usd", "intent", "plan", "was_interrupted",
             "interrupt_type", "user_response", "error", "error_severity")

_SQLITE_DDL = """
CREATE TABLE IF NOT EXISTS chat_logs (
    request_id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, run_id TEXT, kind TEXT NOT NULL,
    question TEXT, user_response TEXT, parent_request_id TEXT, input TEXT, status TEXT,
    response TEXT, result TEXT, provider TEXT, duration_ms REAL, error TEXT,
    created_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS chat_logs_thread ON chat_logs (thread_id, created_at);
CREATE TABLE IF NOT EXISTS request_traces (
    id INTEGER PRIMARY KEY AUTOINCREMENT, request_id TEXT NOT NULL, thread_id TEXT NOT NULL,
    seq INTEGER NOT NULL, agent TEXT NOT NULL, input TEXT, output TEXT, duration_ms REAL, llm TEXT,
    input_tokens INTEGER NOT NULL DEFAULT 0, output_tokens INTEGER NOT NULL DEFAULT 0,
    cost_usd REAL NOT NULL DEFAULT 0, intent TEXT, plan TEXT,
    was_interrupted INTEGER NOT NULL DEFAULT 0, interrupt_type TEXT, user_response TEXT,
    error TEXT, created_at TEXT NOT NULL, error_severity TEXT);
CREATE INDEX IF NOT EXISTS request_traces_request ON request_traces (request_id, seq);
CREATE TABLE IF NOT EXISTS api_threads (
    thread_id TEXT PRIMARY KEY, metadata TEXT NOT NULL DEFAULT '{}', created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS turn_details (
    request_id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, details TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS turn_details_thread ON turn_details (thread_id);
"""
# Owners, as sql/postgres/005_trace_owners.sql: added to files made before identity.
# (table, column, the statement adding it) for trace files made before the owner columns; the
# table name is bound in pragma_table_info(?), the statements are constants.
_SQLITE_OWNER_COLUMNS = [
    ("api_threads", "tenant_id", "ALTER TABLE api_threads ADD COLUMN tenant_id TEXT NOT NULL DEFAULT 'local'"),
    ("api_threads", "user_id", "ALTER TABLE api_threads ADD COLUMN user_id TEXT NOT NULL DEFAULT 'local'"),
    ("api_threads", "status", "ALTER TABLE api_threads ADD COLUMN status TEXT NOT NULL DEFAULT 'idle'"),
    ("chat_logs", "tenant_id", "ALTER TABLE chat_logs ADD COLUMN tenant_id TEXT NOT NULL DEFAULT 'local'"),
    ("chat_logs", "user_id", "ALTER TABLE chat_logs ADD COLUMN user_id TEXT NOT NULL DEFAULT 'local'"),
    # as sql/postgres/012_trace_error_severity.sql
    ("request_traces", "error_severity", "ALTER TABLE request_traces ADD COLUMN error_severity TEXT"),
]
_SQLITE_COLUMNS_OF = "SELECT name FROM pragma_table_info(?)"
# Deleting one owner's thread: steps and details go by the owner's request ids.
_OWNED_REQUESTS = "SELECT request_id FROM chat_logs WHERE thread_id = %s AND tenant_id = %s AND user_id = %s"
DELETE_USER_DETAILS = "DELETE FROM turn_details WHERE request_id IN (" + _OWNED_REQUESTS + ")"
DELETE_USER_STEPS = "DELETE FROM request_traces WHERE request_id IN (" + _OWNED_REQUESTS + ")"
DELETE_USER_LOGS = "DELETE FROM chat_logs WHERE thread_id = %s AND tenant_id = %s AND user_id = %s"
DELETE_USER_THREAD = "DELETE FROM api_threads WHERE thread_id = %s AND tenant_id = %s AND user_id = %s"
_RUN_COLS = "run_id, thread_id, request_id, kind, status, error, created_at, tenant_id, user_id"
THREAD_RUNS = ("SELECT " + _RUN_COLS + " FROM chat_logs WHERE thread_id = %s AND run_id IS NOT NULL "
               "ORDER BY created_at DESC, request_id LIMIT %s OFFSET %s")
RUN_BY_ID = "SELECT " + _RUN_COLS + " FROM chat_logs WHERE run_id = %s"
_SQLITE_OWNER_INDEX = "CREATE INDEX IF NOT EXISTS api_threads_owner ON api_threads (tenant_id, user_id, updated_at)"
_SQLITE_RUN_INDEX = "CREATE INDEX IF NOT EXISTS chat_logs_run ON chat_logs (run_id)"  # as 007_trace_run_index.sql
PG_MIGRATIONS = ("002_traces.sql", "005_trace_owners.sql", "006_trace_turn_details.sql", "007_trace_run_index.sql",
                 "012_trace_error_severity.sql")
APPLIED_MIGRATIONS = "SELECT name FROM schema_migrations"
RECORD_MIGRATION = "INSERT INTO schema_migrations (name) VALUES (%s)"
META_KEY = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
THREAD_STATUSES = ("idle", "busy", "interrupted", "error")


def _insert(table: str, cols: tuple[str, ...]) -> str:
    """INSERT with %s placeholders (rewritten to ? for SQLite); table and columns are constants."""
    return ("INSERT INTO " + table + " (" + ", ".join(cols) + ") VALUES ("
            + ", ".join(["%s"] * len(cols)) + ")")


INSERT_LOG = _insert("chat_logs", LOG_COLS + ("created_at",))
INSERT_STEP = _insert("request_traces", STEP_COLS + ("created_at",))
SET_STATUS = "UPDATE api_threads SET status = %s, updated_at = %s WHERE thread_id = %s"
# A new thread (its id was just made for the owner): an existing row (a client-chosen id another
# owner holds) stays untouched, as upsert_thread leaves it.
INSERT_THREAD = ("INSERT INTO api_threads (thread_id, metadata, created_at, updated_at, tenant_id, user_id) "
                 "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (thread_id) DO NOTHING")
UPSERT_DETAILS = ("INSERT INTO turn_details (request_id, thread_id, details, created_at) VALUES (%s, %s, %s, %s) "
                  "ON CONFLICT (request_id) DO UPDATE SET details = excluded.details")


COUNT_USER_THREADS = "SELECT COUNT(*) AS n FROM api_threads WHERE tenant_id = %s AND user_id = %s"
RECENT_LOGS = ("SELECT request_id, thread_id, kind, question, user_response, status, response, duration_ms, "
               "error, created_at FROM chat_logs WHERE tenant_id = %s AND user_id = %s "
               "ORDER BY created_at DESC, request_id LIMIT %s")


class TraceStore:
    """chat_logs + request_traces + api_threads over SQLite or Postgres."""

    def __init__(self, settings: Settings):
        self.engine = "postgres" if settings.database_url else "sqlite"
        self._lock = threading.Lock()
        if settings.database_url:                     # the same test as self.engine == "postgres"
            from psycopg.rows import dict_row
            from psycopg_pool import ConnectionPool

            from agent.storage import pg_check

            # synchronous_commit=off, as the memory store's connections (agent/memory/long_term.py)
            # and what SQLite's synchronous=NORMAL gives the embedded path: a commit survives a
            # crash of askbar (the database holds it) and is lost only if the database server or
            # the machine crashes within ~0.2 s after it. Each question commits twice here (thread
            # rows at its start, trace + status at its end) before `done`; a commit waiting for
            # the WAL flush took 4.5 ms median on the shared test machine, 0.2 ms without.
            self._pool = ConnectionPool(settings.database_url, min_size=1, max_size=4, open=True,
                                        check=pg_check.check,
                                        reconnect_timeout=pg_check.RECONNECT_TIMEOUT_S,
                                        kwargs={"autocommit": True, "row_factory": dict_row,
                                                "options": "-c synchronous_commit=off"})
            with self._pool.connection() as conn:
                with conn.transaction():   # the market store's runner and ledger (same database)
                    conn.execute(migrations.PG_LOCK)
                    conn.execute(migrations.ledger_ddl("postgres"))
                    done = {r["name"] for r in conn.execute(APPLIED_MIGRATIONS)}

                    def run(name: str, text: str) -> None:
                        conn.execute(text)
                        conn.execute(RECORD_MIGRATION, (name,))
                    mine = [(n, t) for n, t in migrations.files("postgres") if n in PG_MIGRATIONS]
                    migrations.apply(mine, done, run)
        else:
            settings.home.mkdir(parents=True, exist_ok=True)
            self.path = Path(settings.home) / "traces.sqlite"
            self._conn = sqlite3.connect(self.path, check_same_thread=False, timeout=30,
                                         isolation_level=None)
            self._conn.row_factory = sqlite3.Row
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.executescript(_SQLITE_DDL)
            self._add_owner_columns()

    def _add_owner_columns(self) -> None:
        with self._lock:
            for table, col, add in _SQLITE_OWNER_COLUMNS:
                have = {r[0] for r in self._conn.execute(_SQLITE_COLUMNS_OF, (table,))}
                if col not in have:
                    try:
                        self._conn.execute(add)
                    except sqlite3.OperationalError as exc:  # another process added it just now
                        if "duplicate column" not in str(exc):
                            raise
            self._conn.execute(_SQLITE_OWNER_INDEX)
            self._conn.execute(_SQLITE_RUN_INDEX)

    # -- low level -------------------------------------------------------------------------
    def _exec(self, statements: list[tuple[str, list[Any]]]) -> None:
        if self.engine == "postgres":
            with self._pool.connection() as conn:
                if len(statements) == 1:   # autocommit: one statement is its own transaction
                    conn.execute(*statements[0])
                    return
                # One round trip for the whole transaction: BEGIN, the statements (rows of one
                # statement as one executemany) and COMMIT go out in a pipeline. A question's trace
                # and thread status took 11 round trips as separate statements. BEGIN and COMMIT
                # are plain statements: conn.transaction() inside a pipeline syncs after BEGIN, a
                # second round trip (py-spy, production server at load 5: half of the write's wait).
                try:
                    with conn.pipeline(), conn.cursor() as cur:
                        cur.execute("BEGIN")
                        for sql, rows in grouped(statements):
                            cur.executemany(sql, rows)
                        cur.execute("COMMIT")
                except BaseException:
                    conn.rollback()   # a failed statement left the transaction open: nothing kept
                    raise
            return
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                for sql, params in statements:
                    self._conn.execute(sql.replace("%s", "?"), params)
                self._conn.execute("COMMIT")
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise

    def _query(self, sql: str, params: list[Any]) -> list[dict[str, Any]]:
        if self.engine == "postgres":
            with self._pool.connection() as conn:
                return [load_row(dict(r)) for r in conn.execute(sql, params).fetchall()]
        with self._lock:
            rows = self._conn.execute(sql.replace("%s", "?"), params).fetchall()
        return [load_row(dict(r)) for r in rows]

    # -- traces ----------------------------------------------------------------------------
    def save(self, log: dict[str, Any], steps: list[dict[str, Any]], thread_status: str | None = None) -> None:
        """One request: its chat_logs row, its steps and (given) its thread's new status, in one
        transaction (the run's end: one write phase)."""
        now = now_iso()
        log = {**log, "tenant_id": log.get("tenant_id") or "local", "user_id": log.get("user_id") or "local"}
        stmts = [(INSERT_LOG, row_values(LOG_COLS, log) + [now])]
        stmts += [(INSERT_STEP, row_values(STEP_COLS, s) + [now]) for s in steps]
        if thread_status is not None:
            stmts.append((SET_STATUS, [thread_status, now, log["thread_id"]]))
        self._exec(stmts)

    def start_run(self, thread_id: str, new_thread: bool, tenant_id: str, user_id: str) -> None:
        """A run's start (one write phase): a new thread's row for its owner, and `busy`."""
        now = now_iso()
        stmts = [(INSERT_THREAD, [thread_id, "{}", now, now, tenant_id, user_id])] if new_thread else []
        self._exec(stmts + [(SET_STATUS, ["busy", now, thread_id])])

    def save_details(self, request_id: str, thread_id: str, details: dict[str, Any]) -> None:
        """An answered turn's details for reloads (agent/server/turns.py), written after `done`."""
        self._exec([(UPSERT_DETAILS, [request_id, thread_id, dump_json(details), now_iso()])])

    def thread_details(self, thread_id: str) -> dict[str, dict[str, Any]]:
        """request_id -> details for the thread's answered turns."""
        rows = self._query("SELECT request_id, details FROM turn_details WHERE thread_id = %s", [thread_id])
        return {r["request_id"]: r["details"] for r in rows}

    def get(self, request_id: str) -> dict[str, Any] | None:
        logs = self._query("SELECT * FROM chat_logs WHERE request_id = %s", [request_id])
        if not logs:
            return None
        steps = self._query("SELECT * FROM request_traces WHERE request_id = %s ORDER BY seq, id",
                            [request_id])
        for s in steps:
            s.pop("id", None)
        return {**logs[0], "steps": steps}

    def recent(self, tenant_id: str, user_id: str, limit: int = 20) -> list[dict[str, Any]]:
        """A user's latest requests, newest first (`askbar history`, GET /api/history)."""
        return self._query(RECENT_LOGS, [tenant_id, user_id, limit])

    def thread_logs(self, thread_id: str) -> list[dict[str, Any]]:
        # no caller on this branch; the bench UI branch reads a thread's logs with it
        return self._query("SELECT * FROM chat_logs WHERE thread_id = %s ORDER BY created_at",
                           [thread_id])

    def chain(self, request_id: str) -> list[dict[str, Any]]:
        """The request and the ones it resumed, oldest first (what replay re-runs)."""
        out: list[dict[str, Any]] = []
        rid: str | None = request_id
        while rid and len(out) < 20:
            rec = self.get(rid)
            if rec is None:
                break
            out.insert(0, rec)
            rid = rec.get("parent_request_id") if rec.get("kind") == "resume" else None
        return out

    # -- threads (LangGraph-compatible API) ------------------------------------------------
    def upsert_thread(self, thread_id: str, metadata: dict[str, Any] | None = None,
                      tenant_id: str = "local", user_id: str = "local") -> dict[str, Any] | None:
        """Creates the thread for its owner or merges metadata into the owner's existing thread;
        another owner's thread is left untouched (returns None)."""
        now = now_iso()
        if self.engine == "postgres":
            sql = ("INSERT INTO api_threads (thread_id, metadata, created_at, updated_at, tenant_id, user_id) "
                   "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (thread_id) DO UPDATE SET "
                   "metadata = api_threads.metadata || EXCLUDED.metadata, updated_at = EXCLUDED.updated_at "
                   "WHERE api_threads.tenant_id = EXCLUDED.tenant_id AND api_threads.user_id = EXCLUDED.user_id")
            self._exec([(sql, [thread_id, dump_json(metadata or {}), now, now, tenant_id, user_id])])
        else:
            with self._lock:
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    row = self._conn.execute("SELECT * FROM api_threads WHERE thread_id = ?", [thread_id]).fetchone()
                    if row is None:
                        self._conn.execute(
                            "INSERT INTO api_threads (thread_id, metadata, created_at, updated_at, tenant_id, "
                            "user_id) VALUES (?, ?, ?, ?, ?, ?)",
                            [thread_id, dump_json(metadata or {}), now, now, tenant_id, user_id])
                    elif (row["tenant_id"], row["user_id"]) == (tenant_id, user_id):
                        merged = {**json.loads(row["metadata"] or "{}"), **(metadata or {})}
                        self._conn.execute("UPDATE api_threads SET metadata = ?, updated_at = ? WHERE thread_id = ?",
                                           [dump_json(merged), now, thread_id])
                    self._conn.execute("COMMIT")
                except BaseException:
                    self._conn.execute("ROLLBACK")
                    raise
        row = self.thread(thread_id)
        return row if row and (row["tenant_id"], row["user_id"]) == (tenant_id, user_id) else None

    def thread(self, thread_id: str) -> dict[str, Any] | None:
        rows = self._query("SELECT * FROM api_threads WHERE thread_id = %s", [thread_id])
        return rows[0] if rows else None

    def set_thread_status(self, thread_id: str, status: str) -> None:
        self._exec([(SET_STATUS, [status, now_iso(), thread_id])])

    def thread_count(self, tenant_id: str, user_id: str) -> int:
        """The user's threads (checked against `max_threads_per_user` before a new one)."""
        rows = self._query(COUNT_USER_THREADS, [tenant_id, user_id])
        return int(rows[0]["n"]) if rows else 0

    def threads(self, limit: int = 10, offset: int = 0) -> list[dict[str, Any]]:
        return self._query("SELECT * FROM api_threads ORDER BY updated_at DESC LIMIT %s OFFSET %s",
                           [int(limit), int(offset)])

    def search_threads(self, tenant_id: str, user_id: str, metadata: dict[str, Any] | None = None,
                       status: str | None = None, limit: int = 10, offset: int = 0) -> list[dict[str, Any]]:
        """The owner's threads, newest first, filtered and paged in SQL. Metadata keys are checked
        against META_KEY before they reach a JSON path; values are bound parameters."""
        where: list[str] = ["tenant_id = %s", "user_id = %s"]
        params: list[Any] = [tenant_id, user_id]
        for key, value in (metadata or {}).items():
            if not META_KEY.match(key):
                raise ValueError(f"metadata key {key!r} is not valid: 1-64 letters, digits, _ . -")
            if self.engine == "postgres":
                where.append("metadata @> %s::jsonb")
                params.append(dump_json({key: value}))
            else:
                where.append("json_extract(metadata, %s) IS json_extract(%s, '$')")
                params += [f'$."{key}"', dump_json(value)]
        if status:
            where.append("status = %s")
            params.append(status)
        sql = ("SELECT * FROM api_threads WHERE " + " AND ".join(where)
               + " ORDER BY updated_at DESC, thread_id LIMIT %s OFFSET %s")
        return self._query(sql, params + [int(limit), int(offset)])

    def idle_threads(self, updated_before: str, limit: int = 1000) -> list[str]:
        """Threads not updated since `updated_before` (ISO timestamp), oldest first."""
        if self.engine == "postgres":
            sql = "SELECT thread_id FROM api_threads WHERE updated_at < %s::timestamptz ORDER BY updated_at LIMIT %s"
        else:
            sql = "SELECT thread_id FROM api_threads WHERE updated_at < %s ORDER BY updated_at LIMIT %s"
        return [r["thread_id"] for r in self._query(sql, [updated_before, int(limit)])]

    def delete_thread(self, thread_id: str) -> None:
        """The thread's row, its requests and their steps (thread retention)."""
        self._exec([("DELETE FROM turn_details WHERE thread_id = %s", [thread_id]),
                    ("DELETE FROM request_traces WHERE thread_id = %s", [thread_id]),
                    ("DELETE FROM chat_logs WHERE thread_id = %s", [thread_id]),
                    ("DELETE FROM api_threads WHERE thread_id = %s", [thread_id])])

    def delete_user_thread(self, thread_id: str, tenant_id: str, user_id: str) -> None:
        """A thread its owner deletes (LangGraph API): the owner's requests on it, their steps and
        turn details, and the thread's row when it is the owner's; nobody else's rows."""
        mine = [thread_id, tenant_id, user_id]
        self._exec([(DELETE_USER_DETAILS, mine), (DELETE_USER_STEPS, mine), (DELETE_USER_LOGS, mine),
                    (DELETE_USER_THREAD, mine)])

    def thread_runs(self, thread_id: str, limit: int = 10, offset: int = 0) -> list[dict[str, Any]]:
        """The thread's finished requests (one per run), newest first."""
        return self._query(THREAD_RUNS, [thread_id, int(limit), int(offset)])

    def run(self, run_id: str) -> dict[str, Any] | None:
        rows = self._query(RUN_BY_ID, [run_id])
        return rows[0] if rows else None

    def close(self) -> None:
        if self.engine == "postgres":
            self._pool.close()
        else:
            self._conn.close()
