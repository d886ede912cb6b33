"""News-test fixtures: per engine pair (SQLite app DB + DuckDB market store, or Postgres for both),
the S&P 500 daily bars loaded as SPX, and the CNBC headlines loaded keyed to SPX."""
from __future__ import annotations

import pytest

from tests.conftest import DATA

ENGINE_PAIRS = ["embedded", "postgres"]
CNBC = DATA / "news" / "financial_news_headlines" / "cnbc_headlines.csv"
GUARDIAN = DATA / "news" / "financial_news_headlines" / "guardian_headlines.csv"
CRYPTO = DATA / "news" / "crypto_news_2021_2022" / "cryptonews.csv"
SPX_DAILY = DATA / "sp500_daily" / "chainins_GSPC.csv"


def new_appdb(kind: str, tmp_path_factory, pg_database_factory):
    from agent.storage.appdb import AppDB
    from agent.settings import Settings

    if kind == "embedded":
        return AppDB(Settings(home=tmp_path_factory.mktemp("home")))
    return AppDB(url=pg_database_factory())


def new_market(kind: str, tmp_path_factory, pg_database_factory):
    if kind == "embedded":
        from agent.market.duckdb_store import DuckDBStore

        return DuckDBStore(tmp_path_factory.mktemp("market") / "market.duckdb")
    from agent.market.postgres_store import PostgresStore

    return PostgresStore(pg_database_factory(), max_size=2)


@pytest.fixture(params=ENGINE_PAIRS)
def appdb(request, tmp_path_factory, pg_database_factory):
    db = new_appdb(request.param, tmp_path_factory, pg_database_factory)
    yield db
    db.close()


@pytest.fixture(scope="module", params=ENGINE_PAIRS)
def spx_news(request, tmp_path_factory, pg_database_factory):
    """(market store with SPX daily bars, app DB with the CNBC headlines keyed to SPX)."""
    from agent.market.ingest import load_file
    from agent.news.loader import load_news

    store = new_market(request.param, tmp_path_factory, pg_database_factory)
    db = new_appdb(request.param, tmp_path_factory, pg_database_factory)
    load_file(store, SPX_DAILY, "SPX")
    load_news(db, CNBC, symbols=["SPX"])
    yield store, db
    db.close()
    store.close()
