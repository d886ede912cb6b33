"""ohlcv_1min's partition per symbol on Postgres (issue 31, load speed): a first load makes and
keys the symbol's partition in its transaction; a failed one leaves none; a reload changes nothing;
migration 009 moves the bars of a store made before into their partitions."""
from __future__ import annotations

import psycopg
import pytest

import sql
from agent.market import hooks
from agent.market.ingest import load_file
from agent.market.pg_partitions import partition_name
from agent.market.postgres_store import PostgresStore
from agent.storage import migrations
from tests.agent.market.helpers import NQ_1MIN, fingerprint

PARTITIONS = """
SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bound,
       (SELECT count(*) FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary) AS keys
FROM pg_inherits h JOIN pg_class c ON c.oid = h.inhrelid
WHERE h.inhparent = 'ohlcv_1min'::regclass ORDER BY c.relname
"""


def _partitions(store) -> list[dict]:
    return store.query(PARTITIONS)


def test_a_first_load_is_the_symbols_keyed_partition_and_a_reload_changes_nothing(pg_database_factory):
    store = PostgresStore(pg_database_factory(), max_size=2)
    try:
        report = load_file(store, NQ_1MIN, "NQ")
        assert report.inserted == report.rows > 0
        parts = _partitions(store)
        assert parts == [{"relname": partition_name("NQ"), "bound": "FOR VALUES IN ('NQ')", "keys": 1}]
        counted = store.query(f'SELECT count(*) AS n FROM "{partition_name("NQ")}"')[0]["n"]
        assert counted == report.rows == store.query("SELECT count(*) AS n FROM ohlcv_1min")[0]["n"]
        before = fingerprint(store)
        again = load_file(store, NQ_1MIN, "NQ")
        assert (again.inserted, again.updated, again.unchanged) == (0, 0, report.rows)
        assert fingerprint(store) == before and _partitions(store) == parts
        # the key is the table's: a bar stored twice is refused through the parent
        with pytest.raises(psycopg.errors.UniqueViolation):
            store.query("INSERT INTO ohlcv_1min SELECT * FROM ohlcv_1min WHERE symbol = 'NQ' LIMIT 1")
    finally:
        store.close()


def test_a_failed_first_load_leaves_no_partition(pg_database_factory):
    store = PostgresStore(pg_database_factory(), max_size=2)

    def fail(tx, instrument, report):
        raise RuntimeError("an after-ingest hook failed")
    hooks.register_after_ingest("test_fail", fail)
    try:
        before = fingerprint(store)
        with pytest.raises(RuntimeError, match="hook failed"):
            load_file(store, NQ_1MIN, "NQ")
        assert _partitions(store) == [] and fingerprint(store) == before
        assert store.query("SELECT to_regclass(%(p)s) AS r", {"p": partition_name("NQ")})[0]["r"] is None
    finally:
        hooks._AFTER_INGEST.pop("test_fail", None)
        store.close()
    store = PostgresStore(store.url, max_size=2)     # and the next load of the symbol works
    try:
        assert load_file(store, NQ_1MIN, "NQ").inserted > 0 and len(_partitions(store)) == 1
    finally:
        store.close()


def test_migration_009_moves_a_stores_bars_into_their_partitions(pg_database_factory):
    url = pg_database_factory()
    rows = [("NQ", "2024-01-02 14:30", 100.0), ("NQ", "2024-01-02 14:31", 101.0),
            ("O'X.B", "2024-01-02 14:30", 7.5)]              # a quote and a dot in the symbol
    with psycopg.connect(url, autocommit=True) as conn:     # a store as migration 008 left it
        conn.execute(migrations.ledger_ddl("postgres"))
        for name, text in sql.migration_files("postgres"):
            if name < "009":
                conn.execute(text)
                conn.execute("INSERT INTO schema_migrations (name) VALUES (%s)", (name,))
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO ohlcv_1min VALUES (%s, %s, '2024-01-02', true, %s, %s, %s, %s, 1)",
                            [(s, ts, px, px, px, px) for s, ts, px in rows])
    store = PostgresStore(url, max_size=2)
    try:
        assert [p["relname"] for p in _partitions(store)] == sorted([partition_name("NQ"), partition_name("O'X.B")])
        got = store.query("SELECT symbol, to_char(ts, 'YYYY-MM-DD HH24:MI') AS ts, close FROM ohlcv_1min "
                          "ORDER BY symbol, ts")
        assert [(r["symbol"], r["ts"], r["close"]) for r in got] == rows
        assert store.query("SELECT to_regclass('ohlcv_1min_unpartitioned') AS r")[0]["r"] is None
    finally:
        store.close()
