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


def test_a_statement_chosen_as_deadlock_victim_is_run_again(tmp_path, pg_database_factory):
    """Two registry workers booking overlapping batches deadlocked under load; Postgres aborts one
    statement, which had no effect, so AppDB runs it again instead of losing the batch. A real
    deadlock: this statement locks row 2 then waits for row 1, held by another transaction that
    then asks for row 2."""
    import time as _time

    import psycopg

    url = pg_database_factory()
    db = AppDB(Settings(home=tmp_path), url=url)
    try:
        db.execute("CREATE TABLE dl (id int PRIMARY KEY, v int NOT NULL)")
        db.execute("INSERT INTO dl VALUES (1, 0), (2, 0)")
        other = psycopg.connect(url)
        other.execute("UPDATE dl SET v = v + 10 WHERE id = 1")        # holds row 1
        out: dict = {}

        def booking() -> None:
            try:
                out["rows"] = db.execute(
                    "WITH a AS (UPDATE dl SET v = v + 1 WHERE id = 2 RETURNING id) "
                    "UPDATE dl SET v = v + 1 WHERE id = 1 AND EXISTS (SELECT 1 FROM a) RETURNING id")
            except Exception as exc:  # noqa: BLE001 - the assertion below names it
                out["error"] = exc

        t = threading.Thread(target=booking)
        t.start()
        _time.sleep(0.3)                       # the booking holds row 2 and waits for row 1
        other.execute("UPDATE dl SET v = v + 10 WHERE id = 2")         # deadlock: one is aborted
        other.commit()
        other.close()
        t.join(30)
        assert "error" not in out, out.get("error")
        assert out["rows"] == [{"id": 1}]
        assert {r["id"]: r["v"] for r in db.execute("SELECT id, v FROM dl")} == {1: 11, 2: 11}
    finally:
        db.close()
