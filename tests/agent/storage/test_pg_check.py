"""The pooled-connection check (agent/storage/pg_check.py): no round trip for a connection in use
(issue 31), a connection the server closed is found before it is handed out (issue 25), on a
private Postgres restarted here."""
from __future__ import annotations

import asyncio

import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool, ConnectionPool

from agent.storage import pg_check
from tests.server.private_pg import PrivatePostgres

def test_a_connection_in_use_is_handed_out_without_a_round_trip(monkeypatch):
    sent: list[str] = []
    real = ConnectionPool.check_connection
    monkeypatch.setattr(ConnectionPool, "check_connection", staticmethod(lambda c: (sent.append("ping"), real(c))))
    pg = PrivatePostgres()
    try:
        with ConnectionPool(pg.url, min_size=1, max_size=1, check=pg_check.check, open=True) as pool:
            for _ in range(50):
                with pool.connection() as conn:
                    conn.execute("SELECT 1")
            assert sent == ["ping"]          # only the first hand-out: never checked before
            pg.stop()
            pg.start()
            with pool.connection() as conn:  # the dead connection was replaced, no error here
                assert conn.execute("SELECT 1").fetchone() == (1,)
    finally:
        pg.close()


def test_the_async_pool_replaces_a_connection_the_server_closed():
    pg = PrivatePostgres()

    async def go():
        async with AsyncConnectionPool(pg.url, min_size=1, max_size=1, check=pg_check.acheck, open=False) as pool:
            async with pool.connection() as conn:
                await conn.execute("SELECT 1")
            await asyncio.to_thread(pg.stop)
            await asyncio.to_thread(pg.start)
            async with pool.connection() as conn:
                assert await (await conn.execute("SELECT 1")).fetchone() == (1,)
    try:
        asyncio.run(go())
    finally:
        pg.close()


def test_a_closed_connection_fails_the_check():
    pg = PrivatePostgres()
    try:
        conn = psycopg.connect(pg.url)
        pg_check.check(conn)
        pg.stop()
        with pytest.raises(psycopg.OperationalError):
            pg_check.check(conn)
    finally:
        pg.close()


def test_a_connection_on_a_descriptor_above_1024_is_handed_out(pg_database_factory):
    # A long-lived process (a server, a test session) holds more than 1,024 descriptors: select()
    # refuses those (ValueError), so every check failed and the pool timed out with the server idle.
    import os
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 2048:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(4096, hard), hard))
    filler = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        with ConnectionPool(pg_database_factory(), min_size=1, max_size=1, check=pg_check.check, open=True,
                            timeout=5) as pool:
            with pool.connection() as conn:
                assert conn.pgconn.socket >= 1024
                assert conn.execute("SELECT 1").fetchone() == (1,)
    finally:
        for fd in filler:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
