"""DDL and append-only migrations, one folder per engine.

Files are applied in name order (`001_init.sql`, `002_...`); each applied file is recorded in
`schema_migrations` (the app database: `app_migrations`) by the one runner,
`agent/storage/migrations.py`, so a file must never be edited once it has landed: add a new one.
One numbering per engine: on Postgres, `postgres/` and `app/postgres/` share the numbers.
"""
from importlib import resources


def migration_files(engine: str) -> list[tuple[str, str]]:
    """(name, text) of every migration for `engine` ("duckdb" or "postgres"), in order."""
    folder = resources.files(__name__) / engine
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".sql"))
    return [(n, (folder / n).read_text(encoding="utf-8")) for n in names]
