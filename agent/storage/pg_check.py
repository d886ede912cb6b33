"""The check a pooled Postgres connection passes before it is handed out (psycopg_pool `check=`).

psycopg_pool's own `check_connection` sends an empty query: a round trip on every checkout, for
every market query, trace and memory write (issue 31: ~5 % of a production question's samples,
and under load each round trip waits for the backend to get a core). An idle connection's socket
has nothing to read unless the server spoke unasked: a restart or a terminated backend sends an
error and closes it. So the empty query is sent only when the socket is readable (a zero-timeout
poll: no round trip) or the connection was last handed out more than IDLE_PING_S ago (a silent
network drop says nothing on the socket). Issue 25's guarantee, a restart costs no request once the
database is back, is tests/server/test_db_restart.py.
"""
from __future__ import annotations

import select
import time
import weakref
from typing import Any

import psycopg
from psycopg.pq import ConnStatus

IDLE_PING_S = 30.0
_checked: weakref.WeakKeyDictionary[Any, float] = weakref.WeakKeyDictionary()


def _needs_ping(conn: Any) -> bool:
    """True when the connection must answer an empty query before use: the server sent something
    while it was idle (the socket is readable), or it was last handed out IDLE_PING_S ago."""
    pg = conn.pgconn
    if pg.status != ConnStatus.OK:
        raise psycopg.OperationalError("the pooled connection is closed")
    now = time.monotonic()
    last = _checked.get(conn)
    _checked[conn] = now
    # poll, not select: select() refuses a descriptor >= 1024 (ValueError), and a long-running
    # process (a server with many clients, a test session) reaches such descriptors; every check
    # then failed and the pool gave up after its timeout (PoolTimeout) with the server idle
    poller = select.poll()
    poller.register(pg.socket, select.POLLIN)
    readable = poller.poll(0)
    return bool(readable) or last is None or now - last > IDLE_PING_S


def check(conn: Any) -> None:
    if _needs_ping(conn):
        from psycopg_pool import ConnectionPool

        ConnectionPool.check_connection(conn)


async def acheck(conn: Any) -> None:
    if _needs_ping(conn):
        from psycopg_pool import AsyncConnectionPool

        await AsyncConnectionPool.check_connection(conn)
