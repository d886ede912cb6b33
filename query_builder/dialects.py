"""One SQL builder, two engines: statements are composed with `psycopg.sql` and rendered per engine.

- Identifiers (tables, columns) come ONLY from the allowlists below and are quoted by psycopg.
- Values are ONLY bound parameters: `Params.__call__` records the value and returns the engine's
  placeholder (`$name` for DuckDB, `%(name)s` for psycopg). Nothing user-supplied is ever spliced
  into the SQL text; the few literals in templates are code constants.
- The SQL text must not contain a bare `%` (psycopg would read it as a placeholder).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from psycopg import sql

EngineName = Literal["duckdb", "postgres"]
ENGINES: tuple[str, ...] = ("duckdb", "postgres")

TABLES: frozenset[str] = frozenset({"ohlcv_1min", "ohlcv_1h", "ohlcv_1d", "instruments"})
COLUMNS: frozenset[str] = frozenset({
    "symbol", "ts", "ts_local", "trading_date", "in_session", "open", "high", "low", "close",
    "volume", "bars", "first_ts", "last_ts",
})
_PARAM_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


class DialectError(ValueError):
    """A builder bug: an identifier or parameter name outside the allowlists."""


@dataclass(frozen=True)
class Dialect:
    name: EngineName

    def placeholder(self, name: str) -> sql.Composable:
        if not _PARAM_NAME.match(name):
            raise DialectError(f"bad parameter name {name!r}")
        if self.name == "duckdb":
            return sql.SQL("$" + name)
        return sql.Placeholder(name)

    @staticmethod
    def table(name: str) -> sql.Identifier:
        if name not in TABLES:
            raise DialectError(f"table {name!r} is not allowed")
        return sql.Identifier(name)

    @staticmethod
    def column(name: str) -> sql.Identifier:
        if name not in COLUMNS:
            raise DialectError(f"column {name!r} is not allowed")
        return sql.Identifier(name)

    def to_local(self, ts: sql.Composable, tz: sql.Composable) -> sql.Composable:
        """Naive UTC timestamp expression -> naive local wall-clock timestamp in zone `tz`."""
        if self.name == "duckdb":
            return sql.SQL("timezone({tz}, timezone('UTC', {ts}))").format(tz=tz, ts=ts)
        return sql.SQL("(({ts} AT TIME ZONE 'UTC') AT TIME ZONE CAST({tz} AS TEXT))").format(
            tz=tz, ts=ts)

    def render(self, query: sql.Composable) -> str:
        text = query.as_string(None)
        if self.name == "duckdb" and "%" in text:
            raise DialectError("a '%' slipped into DuckDB SQL")
        return text


def get_dialect(engine: str) -> Dialect:
    if engine not in ENGINES:
        raise DialectError(f"unknown engine {engine!r}; expected one of {ENGINES}")
    return Dialect(engine)  # type: ignore[arg-type]


@dataclass
class Params:
    """Collects bound values while a statement is composed: `p("symbol", "NQ")` -> placeholder."""
    dialect: Dialect
    values: dict[str, Any] = field(default_factory=dict)

    def __call__(self, name: str, value: Any) -> sql.Composable:
        if name in self.values and self.values[name] != value:
            raise DialectError(f"parameter {name!r} bound twice with different values")
        self.values[name] = value
        return self.dialect.placeholder(name)

