"""ohlcv_1min's partition per symbol on Postgres (sql/postgres/009_ohlcv_1min_by_symbol.sql).

A symbol's first load goes into a table made in the load's transaction with no index: COPY (FREEZE:
the rows are written frozen, no later hint-bit rewrite), then its primary key is built once by a
sort and the table is attached as the symbol's partition. Maintaining the key row by row during
the COPY was ~1.4 s of backend CPU per million bars against ~0.9 s for COPY + build (2M bars,
benchmarks/RESULTS.md). The CHECK on the symbol matches the partition bound, so ATTACH needs no
scan to prove it. Everything is in the load's transaction: a failed load leaves no table behind.

Identifiers: the partition's name is derived from the symbol (md5, hex) and quoted by
psycopg.sql.Identifier; the symbol in DDL (which takes no bind parameters) is a sql.Literal.
"""
from __future__ import annotations

import hashlib

from psycopg import Connection, sql

from agent.market.pg_copy import Columns, copy_columns

_EXISTS = "SELECT to_regclass(%s) IS NOT NULL"
# The symbol is the partition's default, so the COPY leaves it out: 11 bytes a bar less on the
# wire and no text datum to receive per row (5.26M bars: COPY backend CPU 3.09-3.24 -> 2.80-2.93 s).
_CREATE = ("CREATE TABLE {part} (LIKE ohlcv_1min INCLUDING DEFAULTS, CHECK (symbol = {symbol}));"
           "ALTER TABLE {part} ALTER COLUMN symbol SET DEFAULT {symbol}")
_COPY = ("COPY {part} (ts, trading_date, in_session, open, high, low, close, volume) "
         "FROM STDIN (FORMAT BINARY, FREEZE)")
# The key's sort in memory: it needs ~85 bytes a bar (trace_sort: 443 MB for 5.26M bars), so
# 256 MB spilled to disk for 10 years of 1-min bars: key build 2.09-2.13 s at 256 MB against
# 1.44-1.57 s at 1 GB. Memory is only taken as the sort needs it; the default 64 MB
# spilled already at 2M bars (0.60 -> 0.44 s backend CPU).
_SORT_MEMORY = "SET LOCAL maintenance_work_mem = '1GB'"
_KEY = "ALTER TABLE {part} ADD PRIMARY KEY (symbol, ts)"
_ATTACH = "ALTER TABLE ohlcv_1min ATTACH PARTITION {part} FOR VALUES IN ({symbol})"
_ANALYZE = "ANALYZE {part}"


def partition_name(symbol: str) -> str:
    """The symbol's partition: the same name migration 009 gives ('ohlcv_1min_' || md5(symbol))."""
    return "ohlcv_1min_" + hashlib.md5(symbol.encode("utf-8"), usedforsecurity=False).hexdigest()


def _fmt(conn: Connection, template: str, symbol: str) -> str:
    return sql.SQL(template).format(part=sql.Identifier(partition_name(symbol)),
                                    symbol=sql.Literal(symbol)).as_string(conn)


def has_partition(conn: Connection, symbol: str) -> bool:
    row = conn.execute(_EXISTS, (partition_name(symbol),)).fetchone()
    return bool(row and row[0])


def load_new_partition(conn: Connection, symbol: str, columns: Columns) -> None:
    """The symbol's first bars (ts, trading_date, in_session, open, high, low, close, volume
    columns) as its new partition, in the caller's transaction. A duplicate bar fails the key's
    build, as it failed the COPY into the keyed table before."""
    conn.execute(_fmt(conn, _CREATE, symbol))
    copy_columns(conn, _fmt(conn, _COPY, symbol), columns)
    conn.execute(_SORT_MEMORY)
    conn.execute(_fmt(conn, _KEY, symbol))
    conn.execute(_fmt(conn, _ATTACH, symbol))


def analyze(conn: Connection, symbol: str) -> None:
    """Statistics of the symbol's bars (its partition only: the queries all prune to one symbol,
    and ANALYZE of the parent would sample every symbol's partition on each load)."""
    if has_partition(conn, symbol):
        conn.execute(_fmt(conn, _ANALYZE, symbol))
