"""The one place that reaches into LangGraph checkpoint savers' internals.

The server deletes checkpoint rows itself (retention: agent/server/retention.py; a dead run's
leftover writes: agent/server/recovery.py). LangGraph has no public API for either, so that SQL
addresses the savers' own tables through their private connection handles:

- AsyncPostgresSaver: `saver._cursor()`; tables checkpoints, checkpoint_writes, checkpoint_blobs
- AsyncSqliteSaver: `saver.lock` + `saver.conn`; tables checkpoints, writes

A new langgraph-checkpoint-* release may rename any of these. `check_saver` runs at server start-up
(agent/server/runtime.py) and refuses to start with one line naming what is missing, instead of
failing (or silently keeping every checkpoint) on the first prune.
"""
from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, Literal

SaverKind = Literal["postgres", "sqlite", "memory"]
# In a run's `configurable`: the server made this thread id for this run (agent/server/runs.py), so
# no checkpoint of it can exist and the run's first read (get_tuple) needs no query
# (agent/storage/pg_saver.py). LangGraph leaves "__" keys out of a checkpoint's metadata.
FRESH_THREAD = "__askbar_fresh_thread"
Rows = list[dict[str, Any]]
Run = Callable[[str, Sequence[Any]], Awaitable[Rows]]

_KINDS: dict[str, SaverKind] = {"AsyncPostgresSaver": "postgres", "ThreadedPostgresSaver": "postgres",
                                "AsyncSqliteSaver": "sqlite",
                                "InMemorySaver": "memory"}
# What the retention and recovery SQL reads and deletes by, per table.
PG_SCHEMA: dict[str, frozenset[str]] = {
    "checkpoints": frozenset({"thread_id", "checkpoint_ns", "checkpoint_id", "checkpoint"}),
    "checkpoint_writes": frozenset({"thread_id", "checkpoint_ns", "checkpoint_id", "task_id"}),
    "checkpoint_blobs": frozenset({"thread_id", "checkpoint_ns", "channel", "version"}),
}
SQLITE_SCHEMA: dict[str, frozenset[str]] = {
    "checkpoints": frozenset({"thread_id", "checkpoint_ns", "checkpoint_id"}),
    "writes": frozenset({"thread_id", "checkpoint_ns", "checkpoint_id", "task_id"}),
}
_ATTRIBUTES: dict[SaverKind, tuple[str, ...]] = {"postgres": ("_cursor",), "sqlite": ("lock", "conn"),
                                                 "memory": ()}
_PG_COLUMNS = ("SELECT table_name, column_name FROM information_schema.columns "
               "WHERE table_schema = ANY(current_schemas(false)) AND table_name = ANY(%s)")
_SQLITE_COLUMNS = "SELECT name FROM pragma_table_info(?)"


class SaverMismatch(RuntimeError):
    """The checkpoint saver lacks what retention/recovery need (one line: what and which saver)."""


def saver_kind(saver: Any) -> SaverKind | None:
    """postgres / sqlite / memory, or None for a saver AskBar does not know."""
    return _KINDS.get(type(saver).__name__)


@asynccontextmanager
async def statements(saver: Any) -> AsyncIterator[Run]:
    """`run(sql, params) -> rows as dicts` on the saver's own connection (postgres or sqlite).
    SQLite statements run under the saver's lock and are committed together at the end."""
    kind = saver_kind(saver)
    if kind == "postgres":
        async with saver._cursor() as cur:
            async def run_pg(sql: str, params: Sequence[Any]) -> Rows:
                await cur.execute(sql, params)
                return [dict(r) for r in await cur.fetchall()] if cur.description else []
            yield run_pg
        return
    if kind != "sqlite":
        raise SaverMismatch(f"checkpoint saver {type(saver).__name__}: no SQL access (postgres or sqlite only)")
    async with saver.lock:
        async def run_lite(sql: str, params: Sequence[Any]) -> Rows:
            cur = await saver.conn.execute(sql, tuple(params))
            names = [d[0] for d in cur.description or []]
            return [dict(zip(names, r)) for r in await cur.fetchall()] if names else []
        yield run_lite
        await saver.conn.commit()


async def check_saver(saver: Any) -> SaverKind:
    """Its kind, when the saver has the attributes, tables and columns AskBar's SQL uses;
    SaverMismatch naming the first thing missing otherwise."""
    name, kind = type(saver).__name__, saver_kind(saver)
    if kind is None:
        raise SaverMismatch(f"checkpoint saver {name} is not supported: AskBar's checkpoint retention and "
                            "recovery know AsyncPostgresSaver, AsyncSqliteSaver and InMemorySaver")
    missing_attrs = [a for a in _ATTRIBUTES[kind] if not hasattr(saver, a)]
    if missing_attrs:
        raise SaverMismatch(f"checkpoint saver {name} has no {', '.join(missing_attrs)}: this "
                            "langgraph-checkpoint version is not one AskBar supports (see pyproject.toml)")
    if kind == "memory":
        return kind
    expected = PG_SCHEMA if kind == "postgres" else SQLITE_SCHEMA
    found = await _columns(saver, kind, list(expected))
    for table, columns in expected.items():
        lacking = sorted(columns - found.get(table, set()))
        if lacking:
            what = f"table {table}" if table not in found else f"column(s) {', '.join(lacking)} of table {table}"
            raise SaverMismatch(f"checkpoint saver {name}: {what} not found; this langgraph-checkpoint "
                                "version's tables are not the ones AskBar's retention and recovery delete from")
    return kind


async def _columns(saver: Any, kind: SaverKind, tables: list[str]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    async with statements(saver) as run:
        if kind == "postgres":
            for row in await run(_PG_COLUMNS, (tables,)):
                found.setdefault(row["table_name"], set()).add(row["column_name"])
            return found
        for table in tables:
            names = {r["name"] for r in await run(_SQLITE_COLUMNS, (table,))}
            if names:
                found[table] = names
    return found
