"""Shared fixtures: real DuckDB files and a real Postgres database per test session.

Postgres is required (CI starts it). When it is down the tests FAIL with how to start it; they are
never skipped.
"""
from __future__ import annotations

import agent.trading  # noqa: F401 - the stores' after-ingest hook, as the composition roots register it
import os
import time
import uuid
from pathlib import Path

import psycopg
import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = (ROOT.parent / "shared" / "data").resolve()
EVAL = (ROOT.parent / "shared" / "eval").resolve()
PG_ADMIN_URL = os.environ.get("ASKBAR_TEST_PG_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
PG_START = ("pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start")

# The four public data sets, loaded under the symbols the evaluation uses.
SHARED_SETS = [
    ("nq_1min_firstrate/NQ_1min_sample.csv", "NQ"),
    ("spy_1min_2024/SPY_1min.csv", "SPY"),
    ("btc_perp_1min/btc-perp-20211231-20220201_1m.csv", "BTCUSD"),
    ("sp500_daily/chainins_GSPC.csv", "SPX"),
]
ENGINES = ["duckdb", "postgres"]
# a crashed xdist worker's fatal stack and memory high-water marks, printed at the end (tests/crashes.py)
pytest_plugins = ["tests.crashes"]


def _admin_connect() -> psycopg.Connection:
    try:
        return psycopg.connect(PG_ADMIN_URL, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as exc:  # fail loudly, never skip
        pytest.fail(f"PostgreSQL is not reachable at {PG_ADMIN_URL} ({exc}). Start it with: {PG_START}",
                    pytrace=False)


@pytest.fixture(scope="session")
def pg_database_factory():
    """Creates fresh, uniquely named databases and drops them at the end of the session."""
    created: list[str] = []

    def make() -> str:
        name = f"askbar_test_{uuid.uuid4().hex[:12]}"
        with _admin_connect() as conn:
            conn.execute(psycopg.sql.SQL("CREATE DATABASE {}").format(psycopg.sql.Identifier(name)))
            # A commit then returns before its WAL reaches the disk (4 ms -> 0.2 ms per commit
            # here). What tests check is unchanged: a committed row is visible to every other
            # session and process at once; only a crash of PostgreSQL itself (never done by a
            # test) could lose the last commits.
            conn.execute(psycopg.sql.SQL("ALTER DATABASE {} SET synchronous_commit = off").format(
                psycopg.sql.Identifier(name)))
        created.append(name)
        return PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + name

    yield make
    _drop_databases(created)


def _drop_one(name: str) -> None:
    # The server is shared (max_connections 100): when it is momentarily full, wait and retry
    # rather than fail the session's last test in teardown.
    for attempt in range(10):
        try:
            with psycopg.connect(PG_ADMIN_URL, autocommit=True, connect_timeout=10) as conn:
                conn.execute(psycopg.sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    psycopg.sql.Identifier(name)))
            return
        except psycopg.OperationalError as exc:
            if "too many clients" not in str(exc) or attempt == 9:
                raise
            time.sleep(1 + attempt)


def _drop_databases(names: list[str]) -> None:
    """DROP DATABASE waits for a forced checkpoint (PostgreSQL 15), seconds each on a busy machine;
    drops running at the same time share one checkpoint, so they run side by side."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=min(8, len(names) or 1)) as pool:
        list(pool.map(_drop_one, names))


@pytest.fixture
def make_store(tmp_path, pg_database_factory):
    """make_store(engine) -> an empty store of that engine (fresh file or fresh database)."""
    opened = []

    def make(engine: str):
        if engine == "duckdb":
            from agent.market.duckdb_store import DuckDBStore

            store = DuckDBStore(tmp_path / f"m_{uuid.uuid4().hex[:6]}.duckdb")
        else:
            from agent.market.postgres_store import PostgresStore

            store = PostgresStore(pg_database_factory())
        opened.append(store)
        return store

    yield make
    for s in opened:
        s.close()


@pytest.fixture(scope="session", params=ENGINES)
def loaded_store(request, tmp_path_factory, pg_database_factory):
    """A store of each engine with the four shared data sets loaded (NQ, SPY, BTCUSD, SPX)."""
    from agent.market.ingest import load_file

    if request.param == "duckdb":
        from agent.market.duckdb_store import DuckDBStore

        store = DuckDBStore(tmp_path_factory.mktemp("loaded") / "market.duckdb")
    else:
        from agent.market.postgres_store import PostgresStore

        store = PostgresStore(pg_database_factory())
    for rel, symbol in SHARED_SETS:
        load_file(store, DATA / rel, symbol)
    yield store
    store.close()


def _askbar_logging_kept():
    import logging

    log = logging.getLogger("askbar")
    handlers, propagate, level = list(log.handlers), log.propagate, log.level
    yield
    log.handlers[:] = handlers
    log.propagate, log.level = propagate, level


@pytest.fixture(autouse=True)
def _askbar_logging_restored():
    """A server started in process configures the `askbar` loggers for the whole process (JSON lines
    on stderr, no propagation to the root): restored after each test, so a later test on the same
    worker that reads logs with caplog (which listens on the root) still sees them."""
    yield from _askbar_logging_kept()


@pytest.fixture(scope="module", autouse=True)
def _askbar_logging_restored_per_module():
    """The same for a server a module-scoped fixture starts (tests/server/conftest.py's base_url):
    it configures the loggers before any test's own snapshot is taken, so only a snapshot taken
    before the module's fixtures (autouse ones come first in their scope) undoes it, at the
    module's end."""
    yield from _askbar_logging_kept()
