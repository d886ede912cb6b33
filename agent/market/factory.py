"""The one place that picks and opens a market store engine (the engines import store.py's
interface; this module imports the engines, so neither imports the other)."""
from __future__ import annotations

from agent.market.store import MarketStore
from agent.settings import Settings


def open_store(settings: Settings) -> MarketStore:
    """The store the settings select: Postgres when a database URL is set, else the DuckDB file."""
    if settings.engine == "postgres":
        from agent.market.postgres_store import PostgresStore

        assert settings.database_url is not None      # the engine is postgres only when it is set
        return PostgresStore(settings.database_url, max_size=settings.pg_pool_max)
    from agent.market.duckdb_store import DuckDBStore

    settings.home.mkdir(parents=True, exist_ok=True)
    return DuckDBStore(settings.duckdb_path)
