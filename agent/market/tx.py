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

    def values(self, template: str, columns: tuple[tuple[str, str], ...], rows: list[dict[str, Any]],
               chunk: int = 500) -> list[dict[str, Any]]:
        """Run `template` (a constant with one `{values}` slot) with a VALUES list of `rows`,
        each value a bound, typed parameter (`columns`: name and SQL type from the caller's
        constants). One statement per `chunk` rows instead of one per row: a statement costs DuckDB
        ~7-10 ms inside a large load transaction. Returns the rows of any RETURNING clause."""
        out: list[dict[str, Any]] = []
        for start in range(0, len(rows), chunk):
            part, params, groups = rows[start:start + chunk], {}, []
            for i, row in enumerate(part):
                cells = []
                for name, sql_type in columns:
                    params[f"v{i}_{name}"] = row[name]
                    cells.append(f"CAST(%(v{i}_{name})s AS {sql_type})")
                groups.append("(" + ", ".join(cells) + ")")
            out += self.rows(template.format(values=", ".join(groups)), params)
        return out

    def columns(self, sql: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """The result as columns (numpy arrays on DuckDB, lists on Postgres)."""
        cur = self._h.execute(self._sql(sql), params or {})
        if self.engine == "duckdb":
            return cur.fetchnumpy()
        names = [d[0] for d in cur.description]
        rows = cur.fetchall()
        return {n: [r[i] for r in rows] for i, n in enumerate(names)}

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
