"""Traces (seed 004 "Хранение данных"): chat_logs (one row per request) and request_traces (one
row per agent step: input, output, duration, LLM calls with tokens, intent, plan, interrupts).

Postgres when ASKBAR_DATABASE_URL is set (DDL: sql/postgres/002_traces.sql), else an embedded
SQLite file `ASKBAR_HOME/traces.sqlite` (several processes may share it). The API is synchronous;
the server calls it from a worker thread.
"""
from __future__ import annotations

import json
import sqlite3
import threading
from datetime import datetime, timezone
from importlib import resources
from pathlib import Path
from typing import Any

from agent.settings import Settings

LOG_COLS = ("request_id", "thread_id", "run_id", "kind", "question", "user_response",
            "parent_request_id", "input", "status", "response", "result", "provider",
            "duration_ms", "error")
STEP_COLS = ("request_id", "thread_id", "seq", "agent", "input", "output", "duration_ms", "llm",
             "input_tokens", "output_tokens", "cost_usd", "intent", "plan", "was_interrupted",
             "interrupt_type", "user_response", "error")
JSON_COLS = {"input", "output", "llm", "intent", "plan", "result", "metadata"}

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
    error TEXT, created_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS request_traces_request ON request_traces (request_id, seq);
CREATE TABLE IF NOT EXISTS api_threads (
    thread_id TEXT PRIMARY KEY, metadata TEXT NOT NULL DEFAULT '{}', created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL);
"""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat()


def _dump(value: Any) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, default=str)


def _insert(table: str, cols: tuple[str, ...]) -> str:
    """INSERT with %s placeholders (rewritten to ? for SQLite); table and columns are constants."""
    return ("INSERT INTO " + table + " (" + ", ".join(cols) + ") VALUES ("
            + ", ".join(["%s"] * len(cols)) + ")")


INSERT_LOG = _insert("chat_logs", LOG_COLS + ("created_at",))
INSERT_STEP = _insert("request_traces", STEP_COLS + ("created_at",))


def _row(cols: tuple[str, ...], row: dict[str, Any]) -> list[Any]:
    return [_dump(row.get(c)) if c in JSON_COLS else row.get(c) for c in cols]


def _load(row: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for k, v in row.items():
        if k in JSON_COLS and isinstance(v, str):
            v = json.loads(v)
        elif isinstance(v, datetime):
            v = v.isoformat()
        elif k == "was_interrupted":
            v = bool(v)
        out[k] = v
    return out


class TraceStore:
    """chat_logs + request_traces + api_threads over SQLite or Postgres."""

    def __init__(self, settings: Settings):
        self.engine = "postgres" if settings.database_url else "sqlite"
        self._lock = threading.Lock()
        if self.engine == "postgres":
            from psycopg.rows import dict_row
            from psycopg_pool import ConnectionPool

            self._pool = ConnectionPool(settings.database_url, min_size=1, max_size=4, open=True,
                                        kwargs={"autocommit": True, "row_factory": dict_row})
            ddl = (resources.files("sql") / "postgres" / "002_traces.sql").read_text(encoding="utf-8")
            with self._pool.connection() as conn:
                conn.execute("SELECT pg_advisory_lock(48151623)")  # one migrator at a time
                try:
                    conn.execute(ddl)
                finally:
                    conn.execute("SELECT pg_advisory_unlock(48151623)")
        else:
            settings.home.mkdir(parents=True, exist_ok=True)
            self.path = Path(settings.home) / "traces.sqlite"
            self._conn = sqlite3.connect(self.path, check_same_thread=False, timeout=30,
                                         isolation_level=None)
            self._conn.row_factory = sqlite3.Row
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.executescript(_SQLITE_DDL)

    # -- low level -------------------------------------------------------------------------
    def _exec(self, statements: list[tuple[str, list[Any]]]) -> None:
        if self.engine == "postgres":
            with self._pool.connection() as conn, conn.transaction():
                for sql, params in statements:
                    conn.execute(sql, params)
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
                return [_load(dict(r)) for r in conn.execute(sql, params).fetchall()]
        with self._lock:
            rows = self._conn.execute(sql.replace("%s", "?"), params).fetchall()
        return [_load(dict(r)) for r in rows]

    # -- traces ----------------------------------------------------------------------------
    def save(self, log: dict[str, Any], steps: list[dict[str, Any]]) -> None:
        """One request: its chat_logs row and its steps, in one transaction."""
        now = _now()
        stmts = [(INSERT_LOG, _row(LOG_COLS, log) + [now])]
        stmts += [(INSERT_STEP, _row(STEP_COLS, s) + [now]) for s in steps]
        self._exec(stmts)

    def get(self, request_id: str) -> dict[str, Any] | None:
        logs = self._query("SELECT * FROM chat_logs WHERE request_id = %s", [request_id])
        if not logs:
            return None
        steps = self._query("SELECT * FROM request_traces WHERE request_id = %s ORDER BY seq, id",
                            [request_id])
        for s in steps:
            s.pop("id", None)
        return {**logs[0], "steps": steps}

    def thread_logs(self, thread_id: str) -> list[dict[str, Any]]:
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
    def upsert_thread(self, thread_id: str, metadata: dict[str, Any] | None = None) -> dict[str, Any]:
        now = _now()
        if self.engine == "postgres":
            sql = ("INSERT INTO api_threads (thread_id, metadata, created_at, updated_at) "
                   "VALUES (%s, %s, %s, %s) ON CONFLICT (thread_id) DO UPDATE SET "
                   "metadata = api_threads.metadata || EXCLUDED.metadata, updated_at = EXCLUDED.updated_at")
            self._exec([(sql, [thread_id, _dump(metadata or {}), now, now])])
        else:
            old = self.thread(thread_id)
            merged = {**((old or {}).get("metadata") or {}), **(metadata or {})}
            created = (old or {}).get("created_at") or now
            self._exec([("INSERT OR REPLACE INTO api_threads VALUES (%s, %s, %s, %s)",
                         [thread_id, _dump(merged), created, now])])
        return self.thread(thread_id)  # type: ignore[return-value]

    def thread(self, thread_id: str) -> dict[str, Any] | None:
        rows = self._query("SELECT * FROM api_threads WHERE thread_id = %s", [thread_id])
        return rows[0] if rows else None

    def threads(self, limit: int = 10, offset: int = 0) -> list[dict[str, Any]]:
        return self._query("SELECT * FROM api_threads ORDER BY updated_at DESC LIMIT %s OFFSET %s",
                           [int(limit), int(offset)])

    def close(self) -> None:
        if self.engine == "postgres":
            self._pool.close()
        else:
            self._conn.close()
