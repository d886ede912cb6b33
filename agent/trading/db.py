"""One write transaction on the market store's database, the same API on DuckDB and Postgres.

SQL in agent/trading is written once with psycopg named placeholders (`%(name)s`); on DuckDB they
become `$name`. Values are always bound; identifiers are constants of the calling module.
The ingest hook wraps the store's own open transaction (`Tx(engine, handle)`); tool handlers open
their own with `transaction(store)`.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_NAMED = re.compile(r"%\((\w+)\)s")


class Tx:
    """A DuckDB cursor or psycopg connection inside an open transaction; rows as dicts."""

    def __init__(self, engine: str, handle: Any):
        self.engine, self._h = engine, handle

    def _sql(self, sql: str) -> str:
        return _NAMED.sub(r"$\1", sql) if self.engine == "duckdb" else sql

    def rows(self, sql: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        cur = self._h.execute(self._sql(sql), params or {})
        desc = cur.description
        if not desc:
            return []
        names = [d[0] for d in desc]
        return [dict(zip(names, r)) for r in cur.fetchall()]

    def one(self, sql: str, params: dict[str, Any] | None = None) -> dict[str, Any] | None:
        rows = self.rows(sql, params)
        return rows[0] if rows else None

    def execute(self, sql: str, params: dict[str, Any] | None = None) -> None:
        self._h.execute(self._sql(sql), params or {})

    def lock(self, key: str) -> None:
        """Serialise with other writers of `key` until commit (Postgres; DuckDB has one writer)."""
        if self.engine == "postgres":
            self._h.execute("SELECT pg_advisory_xact_lock(hashtext(%(k)s))", {"k": key})


@contextmanager
def transaction(store: Any) -> Iterator[Tx]:
    """A write transaction on the market store (commit on success, rollback on any error)."""
    with store.write_transaction() as handle:
        yield Tx(store.engine, handle)


def read(store: Any) -> Tx:
    """Read-only access outside a transaction (each statement sees committed data)."""
    return _ReadTx(store)


class _ReadTx(Tx):
    def __init__(self, store: Any):
        super().__init__(store.engine, None)
        self._store = store

    def rows(self, sql: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        return self._store.query(self._sql(sql), params or {})

    def execute(self, sql: str, params: dict[str, Any] | None = None) -> None:
        raise RuntimeError("read-only access: open trading.db.transaction(store) to write")
