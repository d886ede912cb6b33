"""The application database: users, tokens, tool log, watchlists, orders, alerts, news, registry.

Embedded default: one SQLite file `ASKBAR_HOME/app.sqlite` (WAL, several processes may share it).
Production: the Postgres database of `ASKBAR_DATABASE_URL` (a psycopg pool).

SQL is written once with `%s` placeholders (psycopg style); for SQLite they become `?`. Values are
always bound parameters; identifiers are constants in the calling module. Migrations live in
`sql/app/{sqlite,postgres}/NNN_area.sql`, are append-only, applied in name order and recorded in
`app_migrations`. Numbers are reserved per area so parallel work never collides:
010-019 identity, 020-029 tools, 030-039 trading and alerts, 040-049 news/ML/fundamentals,
050-059 memory, 060-069 registry service, 070-079 server operations, 080-089 schedules.
On Postgres the migrations run under an advisory transaction lock, in one transaction, on a single
connection, so several processes starting together on a fresh database apply each file once and
never wait on each other's other connections.
"""
from __future__ import annotations

import random
import re
import sqlite3
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Literal, Sequence

from agent.settings import Settings
from agent.storage import migrations

AppEngine = Literal["sqlite", "postgres"]

SELECT_APPLIED = "SELECT name FROM app_migrations"
INSERT_APPLIED = "INSERT INTO app_migrations (name) VALUES (%s)"

_PLACEHOLDER = re.compile(r"%s")


def app_migration_files(engine: AppEngine) -> list[tuple[str, str]]:
    """(name, text) of every app migration for `engine`, in name order."""
    return migrations.files("app/sqlite" if engine == "sqlite" else "app/postgres")


DEADLOCK_TRIES = 5


def _deadlock(exc: BaseException) -> bool:
    return getattr(exc, "sqlstate", None) in ("40P01", "40001")   # deadlock, serialization failure


class AppDB:
    """A small synchronous facade over SQLite or a psycopg pool; rows come back as dicts."""

    def __init__(self, settings: Settings | None = None, *, url: str | None = None,
                 path: Path | None = None, pool_max: int = 8):
        settings = settings or Settings()
        url = url if url is not None else (None if path else settings.database_url)
        self._lock = threading.RLock()
        if url:
            from psycopg.rows import dict_row
            from psycopg_pool import ConnectionPool

            from agent.storage import pg_check

            self.engine: AppEngine = "postgres"
            # check: a connection the server closed (a Postgres restart) is replaced before use,
            # so the restart costs no request once the database is back
            self._pool = ConnectionPool(url, min_size=1, max_size=pool_max, open=True,
                                        check=pg_check.check,
                                        reconnect_timeout=pg_check.RECONNECT_TIMEOUT_S,
                                        timeout=pg_check.GETCONN_TIMEOUT_S,
                                        kwargs={"row_factory": dict_row, "prepare_threshold": None})
            self._sqlite: sqlite3.Connection | None = None
        else:
            self.engine = "sqlite"
            db_path = path or settings.home / "app.sqlite"
            db_path.parent.mkdir(parents=True, exist_ok=True)
            self.path = db_path
            conn = sqlite3.connect(db_path, check_same_thread=False, timeout=30,
                                   isolation_level=None)
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA busy_timeout=30000")
            conn.execute("PRAGMA foreign_keys=ON")
            self._sqlite = conn
        self.migrate()

    # ---- statements ------------------------------------------------------------------------------
    def sql(self, statement: str) -> str:
        """The statement in this engine's placeholder style."""
        return _PLACEHOLDER.sub("?", statement) if self.engine == "sqlite" else statement

    def execute(self, statement: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Run one statement in its own transaction; rows (if any) as dicts. A statement Postgres
        aborted as a deadlock victim is run again: it had no effect, and two registry workers
        booking overlapping batches of tasks deadlocked under load (the aborted batch's results
        were lost, so its tasks ran again)."""
        for attempt in range(DEADLOCK_TRIES):
            try:
                with self.transaction() as tx:
                    return tx.execute(statement, params)
            except Exception as exc:
                if self.engine != "postgres" or not _deadlock(exc) or attempt == DEADLOCK_TRIES - 1:
                    raise
                time.sleep(random.uniform(0.005, 0.05) * (attempt + 1))
        raise AssertionError("unreachable")

    def one(self, statement: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
        rows = self.execute(statement, params)
        return rows[0] if rows else None

    def read_one(self, statement: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
        """`one` for an idempotent read, tried once more on a lost connection (a Postgres restart
        between the pool's check and the query): the hot path of every request (the token lookup)
        must not fail because one pooled connection died."""
        try:
            return self.one(statement, params)
        except Exception as exc:
            from agent.storage import pg_check

            if self.engine != "postgres" or not pg_check.is_connection_error(exc, waited=False):
                raise
            return self.one(statement, params)

    @contextmanager
    def transaction(self) -> Iterator["Tx"]:
        """One transaction: everything inside commits together or not at all."""
        if self._sqlite is not None:
            with self._lock:
                self._sqlite.execute("BEGIN IMMEDIATE")
                try:
                    yield Tx(self, self._sqlite)
                except BaseException:
                    self._sqlite.execute("ROLLBACK")
                    raise
                self._sqlite.execute("COMMIT")
            return
        with self._pool.connection() as conn, conn.transaction():
            yield Tx(self, conn)

    # ---- migrations ------------------------------------------------------------------------------
    def migrate(self) -> None:
        with self.transaction() as tx:
            if self.engine == "postgres":
                tx.execute(migrations.PG_LOCK)
            tx.execute(migrations.ledger_ddl(self.engine, "app_migrations"))
            done = {r["name"] for r in tx.execute(SELECT_APPLIED)}

            def run(name: str, text: str) -> None:
                for stmt in migrations.statements(text):
                    tx.execute(stmt)
                tx.execute(INSERT_APPLIED, (name,))
            migrations.apply(app_migration_files(self.engine), done, run)

    def close(self) -> None:
        if self._sqlite is not None:
            with self._lock:      # never under a statement of another thread (sqlite3 can crash)
                self._sqlite.close()
        else:
            self._pool.close()


class Tx:
    """Statements inside one AppDB transaction."""

    def __init__(self, db: AppDB, conn: Any):
        self.db, self.conn = db, conn

    def execute(self, statement: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        cur = self.conn.execute(self.db.sql(statement), tuple(params))
        if cur.description is None:
            return []
        return [dict(r) for r in cur.fetchall()]

    def one(self, statement: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
        rows = self.execute(statement, params)
        return rows[0] if rows else None
