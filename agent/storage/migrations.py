"""The one migration runner: append-only SQL files applied in name order, recorded in a ledger.

Every database AskBar keeps migrates through `apply()`: the market store (DuckDB `sql/duckdb/`,
Postgres `sql/postgres/`), the app database (`sql/app/sqlite/`, `sql/app/postgres/`, ledger
`app_migrations`) and the traces on Postgres (their files of `sql/postgres/`). One numbering per
engine: on Postgres the market and app folders share a database, so no number repeats across them
(tests/agent/storage/test_migrations.py checks it).

A file that was renumbered keeps working on a database made before: RENAMED maps its new name to
the name that database's ledger holds, so it is never applied twice.
"""
from __future__ import annotations

from importlib import resources
from typing import Callable, Iterable, Literal

Folder = Literal["duckdb", "postgres", "app/sqlite", "app/postgres"]

# new name -> the name a ledger written before the renumbering holds (sql/postgres had
# two 003_* and two 004_* files)
RENAMED: dict[str, str] = {
    "005_trace_owners.sql": "003_trace_owners.sql",
    "006_trace_turn_details.sql": "004_trace_turn_details.sql",
}

LEDGER_DDL = {
    "duckdb": "CREATE TABLE IF NOT EXISTS {ledger} (name VARCHAR PRIMARY KEY, "
              "applied_at TIMESTAMP DEFAULT current_timestamp)",
    "postgres": "CREATE TABLE IF NOT EXISTS {ledger} (name TEXT PRIMARY KEY, "
                "applied_at TIMESTAMP NOT NULL DEFAULT now())",
    "sqlite": "CREATE TABLE IF NOT EXISTS {ledger} (name TEXT PRIMARY KEY, "
              "applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)",
}
LEDGERS = ("schema_migrations", "app_migrations")   # the only ledger names (identifiers, not input)
PG_LOCK = "SELECT pg_advisory_xact_lock(hashtext('askbar.migrations'))"


def files(folder: Folder) -> list[tuple[str, str]]:
    """(name, text) of every migration in `sql/<folder>/`, in name order."""
    root = resources.files("sql")
    for part in folder.split("/"):
        root = root / part
    if not root.is_dir():
        return []
    names = sorted(p.name for p in root.iterdir() if p.name.endswith(".sql"))
    return [(n, (root / n).read_text(encoding="utf-8")) for n in names]


def number(name: str) -> str:
    return name.split("_", 1)[0]


def pending(migrations: Iterable[tuple[str, str]], applied: set[str]) -> list[tuple[str, str]]:
    """The migrations a ledger holding `applied` still needs (a renamed file counts by either name)."""
    return [(n, t) for n, t in migrations if n not in applied and RENAMED.get(n) not in applied]


def statements(script: str) -> list[str]:
    """Statements of a migration file (no semicolons inside literals in our DDL)."""
    return [s.strip() for s in script.split(";") if s.strip() and not _only_comments(s)]


def _only_comments(stmt: str) -> bool:
    return all(not ln.strip() or ln.strip().startswith("--") for ln in stmt.splitlines())


def ledger_ddl(engine: Literal["duckdb", "postgres", "sqlite"], ledger: str = "schema_migrations") -> str:
    if ledger not in LEDGERS:
        raise ValueError(f"unknown migration ledger {ledger!r}")
    return LEDGER_DDL[engine].format(ledger=ledger)


def apply(migrations: list[tuple[str, str]], applied: set[str], run: Callable[[str, str], None]) -> list[str]:
    """Run what the ledger (`applied`) lacks, in name order; returns the names run.

    run(name, text) executes one file and records `name` in the ledger, in the caller's
    transaction (the caller holds it, and on Postgres takes PG_LOCK first, so several processes
    may start at once: the second finds the first's ledger rows)."""
    todo = pending(migrations, applied)
    for name, text in todo:
        run(name, text)
    return [n for n, _ in todo]
