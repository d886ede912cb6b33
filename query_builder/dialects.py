"""One SQL builder, two engines: statements are composed with `psycopg.sql` and rendered per engine.

- Identifiers (tables, columns) come ONLY from the allowlists below and are quoted by psycopg.
- Values are ONLY bound parameters: `Params.__call__` records the value and returns the engine's
  placeholder (`$name` for DuckDB, `%(name)s` for psycopg). Nothing user-supplied is ever spliced
  into the SQL text; the few literals in templates are code constants.
- Postgres SQL must not contain a bare `%` (psycopg would read it as a placeholder); render()
  refuses it. DuckDB SQL may (strftime).
- Dates and timestamps leave the database as ISO text (iso_date / iso_ts): rows are JSON-able as
  fetched, and parsing ISO text into numpy is far cheaper than building Python date objects.
  Columns a post-processor turns into arrays anyway may leave as day numbers (epoch_day): an
  integer is the cheapest value to fetch on both engines (see query_builder/actions/period.py).
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
_PG_PLACEHOLDER = re.compile(r"%\([a-z_][a-z0-9_]*\)s")


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

    def bucket(self, local: sql.Composable, minutes: sql.Composable) -> sql.Composable:
        """A local wall-clock timestamp floored to its N-minute bar start, bars aligned to local
        midnight (N divides a day, so every day's bars start at 00:00 and 09:30 starts a 5, 15 or
        30-minute bar). `minutes` is a bound parameter."""
        if self.name == "duckdb":
            return sql.SQL("time_bucket(to_minutes(CAST({n} AS BIGINT)), {ts}, TIMESTAMP '2000-01-01')").format(
                n=minutes, ts=local)
        return sql.SQL("date_bin(make_interval(mins => CAST({n} AS INTEGER)), {ts}, TIMESTAMP '2000-01-01')").format(
            n=minutes, ts=local)

    def first_by(self, col: sql.Composable, order: sql.Composable) -> sql.Composable:
        """The aggregate's first `col` by `order` (a bar's open)."""
        if self.name == "duckdb":
            return sql.SQL("arg_min({}, {})").format(col, order)
        return sql.SQL("(array_agg({} ORDER BY {}))[1]").format(col, order)

    def last_by(self, col: sql.Composable, order: sql.Composable) -> sql.Composable:
        """The aggregate's last `col` by `order` (a bar's close)."""
        if self.name == "duckdb":
            return sql.SQL("arg_max({}, {})").format(col, order)
        return sql.SQL("(array_agg({} ORDER BY {} DESC))[1]").format(col, order)

    def iso_date(self, expr: sql.Composable) -> sql.Composable:
        """DATE -> 'YYYY-MM-DD' text (results are JSON-able as fetched, and cheap to parse)."""
        if self.name == "duckdb":
            return sql.SQL("CAST({} AS VARCHAR)").format(expr)
        return sql.SQL("to_char({}, 'YYYY-MM-DD')").format(expr)

    def epoch_day(self, expr: sql.Composable) -> sql.Composable:
        """DATE -> days since 1970-01-01 (an integer; numpy reads it as datetime64[D])."""
        return sql.SQL("({} - DATE '1970-01-01')").format(expr)

    def iso_ts(self, expr: sql.Composable) -> sql.Composable:
        """TIMESTAMP -> 'YYYY-MM-DDTHH:MM:SS' text (Python's isoformat for whole seconds)."""
        if self.name == "duckdb":
            return sql.SQL("strftime({}, '%Y-%m-%dT%H:%M:%S')").format(expr)
        return sql.SQL("to_char({}, 'YYYY-MM-DD\"T\"HH24:MI:SS')").format(expr)

    def render(self, query: sql.Composable) -> str:
        text = query.as_string(None)
        if self.name == "postgres" and "%" in _PG_PLACEHOLDER.sub("", text):
            raise DialectError("a bare '%' in Postgres SQL would be read as a placeholder")
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

