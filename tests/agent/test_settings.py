"""Settings: ASKBAR_ environment, explicit overrides, engine selection."""
from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from agent.settings import Settings, get_settings


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    import os

    for key in list(os.environ):
        if key.startswith("ASKBAR_"):
            monkeypatch.delenv(key)


def test_defaults_are_the_embedded_engine_under_home():
    s = get_settings()
    assert s.home == Path.home() / ".askbar"
    assert s.engine == "duckdb" and s.duckdb_path == s.home / "market.duckdb"
    assert s.database_url is None and s.pg_pool_max == 8


def test_environment_prefix(monkeypatch, tmp_path):
    monkeypatch.setenv("ASKBAR_HOME", str(tmp_path))
    monkeypatch.setenv("ASKBAR_DATABASE_URL", "postgresql://u@h/db")
    monkeypatch.setenv("ASKBAR_NOW", "2024-03-15")
    monkeypatch.setenv("ASKBAR_PG_POOL_MAX", "3")
    s = get_settings()
    assert (s.home, s.engine, s.pg_pool_max) == (tmp_path, "postgres", 3)
    assert s.today() == date(2024, 3, 15)


def test_explicit_arguments_win_and_none_is_ignored(monkeypatch, tmp_path):
    monkeypatch.setenv("ASKBAR_HOME", "/elsewhere")
    s = get_settings(home=tmp_path, database_url=None)
    assert s.home == tmp_path and s.engine == "duckdb"
    assert Settings(now=date(2020, 1, 2)).today() == date(2020, 1, 2)


def test_open_store_follows_the_settings(tmp_path, pg_database_factory):
    from agent.market.factory import open_store

    duck = open_store(get_settings(home=tmp_path / "new"))
    try:
        assert duck.engine == "duckdb" and (tmp_path / "new" / "market.duckdb").exists()
    finally:
        duck.close()
    pg = open_store(get_settings(database_url=pg_database_factory(), pg_pool_max=2))
    try:
        assert pg.engine == "postgres" and pg.pool.max_size == 2
    finally:
        pg.close()
