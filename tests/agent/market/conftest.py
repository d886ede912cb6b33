"""Market-test fixtures: a small store per engine (NQ 1-min and the vendor daily file as NQD)."""
from __future__ import annotations

import pytest

from tests.agent.market.helpers import NQ_1DAY, NQ_1MIN
from tests.conftest import ENGINES


def new_store(engine: str, tmp_path_factory, pg_database_factory):
    if engine == "duckdb":
        from agent.market.duckdb_store import DuckDBStore

        return DuckDBStore(tmp_path_factory.mktemp("store") / "market.duckdb")
    from agent.market.postgres_store import PostgresStore

    return PostgresStore(pg_database_factory(), max_size=2)


@pytest.fixture(scope="module", params=ENGINES)
def seeded_store(request, tmp_path_factory, pg_database_factory):
    """NQ (1-min, CME) and NQD (vendor daily) loaded; tests using it must leave it unchanged."""
    from agent.market.ingest import load_file

    store = new_store(request.param, tmp_path_factory, pg_database_factory)
    load_file(store, NQ_1MIN, "NQ")
    load_file(store, NQ_1DAY, "NQD")
    yield store
    store.close()
