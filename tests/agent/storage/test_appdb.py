"""The application database facade on both engines: migrations once, transactions, placeholders."""
from __future__ import annotations

import threading

import pytest

from agent.storage.appdb import AppDB
from agent.settings import Settings


@pytest.fixture(params=["sqlite", "postgres"])
def appdb(request, tmp_path, pg_database_factory):
    if request.param == "sqlite":
        db = AppDB(Settings(home=tmp_path))
    else:
        db = AppDB(url=pg_database_factory())
    yield db
    db.close()


def test_roundtrip_and_rollback(appdb):
    appdb.execute("CREATE TABLE IF NOT EXISTS t_probe (k TEXT PRIMARY KEY, v INTEGER)")
    appdb.execute("INSERT INTO t_probe (k, v) VALUES (%s, %s)", ("a", 1))
    with pytest.raises(RuntimeError):
        with appdb.transaction() as tx:
            tx.execute("INSERT INTO t_probe (k, v) VALUES (%s, %s)", ("b", 2))
            raise RuntimeError("boom")
    assert appdb.execute("SELECT k, v FROM t_probe ORDER BY k") == [{"k": "a", "v": 1}]
    assert appdb.one("SELECT v FROM t_probe WHERE k = %s", ("a",)) == {"v": 1}


def test_migrations_recorded_once(appdb):
    before = appdb.execute("SELECT name FROM app_migrations ORDER BY name")
    appdb.migrate()
    assert appdb.execute("SELECT name FROM app_migrations ORDER BY name") == before


def test_concurrent_start_on_fresh_postgres(pg_database_factory):
    url = pg_database_factory()
    errors: list[BaseException] = []

    def start():
        try:
            AppDB(url=url).close()
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors and not any(t.is_alive() for t in threads)
