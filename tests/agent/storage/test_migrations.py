"""One migration runner, one numbering per engine (issue 23 item 6), and a database made by the
code before the renumbering upgrades cleanly: nothing applied twice, the same schema as a fresh one."""
from __future__ import annotations

import psycopg
import pytest

import sql
from agent.market.postgres_store import PostgresStore
from agent.settings import Settings
from agent.storage import migrations
from agent.storage.appdb import AppDB
from agent.storage.traces import TraceStore

# What a database made before the renumbering holds in its ledger (sql/postgres had two 003_* and
# two 004_* files; the market store applied every file of the folder).
LEGACY_POSTGRES = ["001_init.sql", "002_traces.sql", "003_trace_owners.sql", "003_trading.sql",
                   "004_trace_turn_details.sql", "004_trading_keys.sql"]
SCHEMA = """
SELECT table_name, column_name, data_type FROM information_schema.columns
WHERE table_schema = 'public' AND table_name <> 'schema_migrations' ORDER BY 1, 2
"""


def test_one_numbering_per_engine():
    # Postgres: the market and the app folders migrate one database
    groups = {"duckdb": ["duckdb"], "postgres": ["postgres", "app/postgres"], "sqlite": ["app/sqlite"]}
    for engine, folders in groups.items():
        numbers = [migrations.number(n) for f in folders for n, _ in migrations.files(f)]
        assert numbers, engine
        assert len(numbers) == len(set(numbers)), f"{engine}: a number repeats: {sorted(numbers)}"


def test_renamed_files_map_to_files_that_existed():
    names = {n for n, _ in sql.migration_files("postgres")}
    for new, old in migrations.RENAMED.items():
        assert new in names and old not in names


def test_pending_counts_a_renamed_file_by_either_name():
    files = [("005_trace_owners.sql", "x"), ("007_new.sql", "y")]
    assert migrations.pending(files, {"003_trace_owners.sql"}) == [("007_new.sql", "y")]
    assert migrations.pending(files, {"005_trace_owners.sql", "007_new.sql"}) == []


def _schema(url: str) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(SCHEMA).fetchall()


def _legacy_database(url: str) -> None:
    """The schema and ledger today's code made before this change: every file's DDL under its old name."""
    by_old = {migrations.RENAMED.get(n, n): t for n, t in sql.migration_files("postgres")}
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, "
                     "applied_at TIMESTAMP NOT NULL DEFAULT now())")
        for old in LEGACY_POSTGRES:
            conn.execute(by_old[old])
            conn.execute("INSERT INTO schema_migrations (name) VALUES (%s)", (old,))


def test_a_database_made_before_upgrades_cleanly(pg_database_factory):
    fresh, old = pg_database_factory(), pg_database_factory()
    PostgresStore(fresh).close()
    _legacy_database(old)
    store = PostgresStore(old)                     # today's runner on yesterday's database
    ledger = [r["name"] for r in store.query("SELECT name FROM schema_migrations ORDER BY name")]
    store.close()
    # files added after the renumbering (neither a legacy name nor a new name of one) are new to it
    added = [n for n, _ in sql.migration_files("postgres") if migrations.RENAMED.get(n, n) not in LEGACY_POSTGRES]
    assert sorted(ledger) == sorted(LEGACY_POSTGRES + added)   # nothing applied again, only the new files
    assert _schema(old) == _schema(fresh)
    TraceStore(Settings(database_url=old)).close()  # the traces' runner reads the same ledger
    with psycopg.connect(old) as conn:
        count = conn.execute("SELECT count(*) FROM schema_migrations").fetchone()[0]
        assert count == len(LEGACY_POSTGRES) + len(added)


@pytest.mark.parametrize("engine", ["sqlite", "postgres"])
def test_app_database_migrates_once(engine, tmp_path, pg_database_factory):
    kw = {"path": tmp_path / "app.sqlite"} if engine == "sqlite" else {"url": pg_database_factory()}
    AppDB(Settings(home=tmp_path), **kw).close()
    db = AppDB(Settings(home=tmp_path), **kw)      # a second start applies nothing
    names = [r["name"] for r in db.execute("SELECT name FROM app_migrations ORDER BY name")]
    db.close()
    assert names == [n for n, _ in migrations.files(f"app/{engine}")]
