"""The check a pooled Postgres connection passes before it is handed out (psycopg_pool `check=`).

psycopg_pool's own `check_connection` sends an empty query: a round trip on every checkout, for
every market query, trace and memory write (~5 % of a production question's samples,
and under load each round trip waits for the backend to get a core). An idle connection's socket
has nothing to read unless the server spoke unasked: a restart or a terminated backend sends an
error and closes it. So the empty query is sent only when the socket is readable (a zero-timeout
poll: no round trip) or the connection was last handed out more than IDLE_PING_S ago (a silent
network drop says nothing on the socket).'s guarantee, a restart costs no request once the
database is back, is tests/server/test_db_restart.py.
"""
from __future__ import annotations

import select
import time
from typing import Any

import psycopg
from psycopg.pq import ConnStatus

IDLE_PING_S = 30.0
# psycopg_pool retries a failed new connection with a doubling pause (1, 2, 4, 8, 16 s...) for up
# to `reconnect_timeout` (5 minutes by default), and that attempt holds a slot of the pool: after an
# outage of ~30 s the first request waited for the next try and got PoolTimeout after 30 s. A short
# attempt gives the slot back, so a request once Postgres is back opens a connection at once.
RECONNECT_TIMEOUT_S = 2.0
# At start-up a server may find Postgres momentarily full ("too many clients", seen when the test
# suite's servers start together): its pools keep trying this long before the first use, then
# switch to RECONNECT_TIMEOUT_S (the pools read the attribute at each attempt).
START_RECONNECT_TIMEOUT_S = 60.0
# How long a request waits for a pooled connection (psycopg_pool's default, 30 s, held a request
# for a minute while Postgres was down: the lookup and its retry); past it a told 503.
GETCONN_TIMEOUT_S = 10.0
# When a connection was last handed out lives on the connection itself: it is that connection's
# fact, goes away with it, and no table shared by every pool of the process is needed.
_CHECKED_AT = "_askbar_checked_at"


def _needs_ping(conn: Any) -> bool:
    """True when the connection must answer an empty query before use: the server sent something
    while it was idle (the socket is readable), or it was last handed out IDLE_PING_S ago."""
    pg = conn.pgconn
    if pg.status != ConnStatus.OK:
        raise psycopg.OperationalError("the pooled connection is closed")
    now = time.monotonic()
    last = getattr(conn, _CHECKED_AT, None)
    setattr(conn, _CHECKED_AT, now)
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


def is_connection_error(exc: BaseException, *, waited: bool = True) -> bool:
    """A lost or refused connection, not a statement's own failure (a timeout, a constraint).
    `waited=False`: not the pool's timeout either (a retry would wait that long again)."""
    from psycopg_pool import PoolTimeout

    if isinstance(exc, psycopg.errors.QueryCanceled):
        return False
    return isinstance(exc, psycopg.OperationalError) or (waited and isinstance(exc, PoolTimeout))
