"""What one server process holds: deps (store, provider), the graph compiled with an async
checkpointer, the run event buffer, traces, metrics and the run manager.

Embedded default: AsyncSqliteSaver on ASKBAR_HOME/checkpoints.sqlite (the same file `askbar ask`
uses), in-process buffers, SQLite traces. With ASKBAR_DATABASE_URL: AsyncPostgresSaver; with
ASKBAR_REDIS_URL: Redis Streams buffers, so several processes serve the same threads and runs.
"""
from __future__ import annotations

from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any, AsyncIterator

from agent.server.buffer import EventBuffer
from agent.settings import Settings, get_settings

CHECKPOINT_LOCK_KEY = 48151624


# One settings object: the server's knobs are fields of agent.settings.Settings
# (ServerOptions); ServerSettings names the same class for the server's callers.
ServerSettings = Settings


@asynccontextmanager
async def async_checkpointer(settings: Settings, pool_size: int = 10) -> AsyncIterator[Any]:
    import asyncio

    if settings.database_url:
        from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
        from psycopg import AsyncConnection, Connection
        from psycopg.rows import DictRow, dict_row
        from psycopg_pool import AsyncConnectionPool, ConnectionPool

        from agent.storage import pg_check

        # synchronous_commit=off: a checkpoint commit survives an askbar crash (the database has
        # it) and is lost only if Postgres or the machine crashes within ~0.2 s after it, as the
        # embedded SQLite saver's synchronous=NORMAL below; it no longer waits for the WAL flush
        # before `done` (4.5 ms median on the shared test machine, 0.2 ms without)
        kwargs = {"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row,
                  "options": "-c synchronous_commit=off"}
        # the explicit parameter tells the type checker what row_factory in kwargs does at run time
        # min_size=1 (psycopg's default is 4): each pool of a server keeps one warm connection and
        # grows on demand; at 4, three servers and a test run filled max_connections=100.
        async with AsyncConnectionPool[AsyncConnection[DictRow]](settings.database_url, min_size=1,
                                                                 max_size=pool_size,
                                                                 kwargs=kwargs, open=False,
                                                                 check=pg_check.acheck,
                                                                 reconnect_timeout=pg_check.START_RECONNECT_TIMEOUT_S
                                                                 ) as pool:
            from agent.storage.pg_lock import apg_migration_lock
            from agent.storage.pg_saver import ThreadedPostgresSaver

            async with pool.connection() as conn:  # several processes starting at once: one migrates
                async with apg_migration_lock(conn, CHECKPOINT_LOCK_KEY):
                    await AsyncPostgresSaver(conn).setup()  # on the lock's own connection
            # the graph's threads write checkpoints on a pool of their own (agent/storage/pg_saver.py)
            sync_pool = ConnectionPool[Connection[DictRow]](settings.database_url, min_size=1, max_size=pool_size,
                                                            kwargs=kwargs, open=False, check=pg_check.check,
                                                            reconnect_timeout=pg_check.START_RECONNECT_TIMEOUT_S)
            await asyncio.to_thread(sync_pool.open, True, pg_check.START_RECONNECT_TIMEOUT_S)
            pool.reconnect_timeout = sync_pool.reconnect_timeout = pg_check.RECONNECT_TIMEOUT_S
            try:
                yield ThreadedPostgresSaver(pool, sync_pool)
            finally:
                await asyncio.to_thread(sync_pool.close)
        return
    import aiosqlite
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    settings.home.mkdir(parents=True, exist_ok=True)
    async with aiosqlite.connect(settings.home / "checkpoints.sqlite", timeout=30) as conn:
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=NORMAL")  # WAL: durable across process crashes
        lite_saver = AsyncSqliteSaver(conn)
        await lite_saver.setup()
        yield lite_saver


def make_buffer(settings: Settings, server: ServerSettings) -> EventBuffer:
    from agent.server.buffer import MemoryBuffer

    local = MemoryBuffer(ttl_s=server.run_ttl_s, stale_s=server.run_stale_s)
    if settings.redis_url:
        from agent.server.redis_buffer import HybridBuffer, RedisBuffer

        return HybridBuffer(RedisBuffer(settings.redis_url, ttl_s=server.run_ttl_s,
                                        stale_s=server.run_stale_s), local)
    return local


def warm_deps(deps: Any) -> None:
    """Fills the deps' caches (instruments, coverage) once: each run works on a shallow copy of the
    deps (its own recording provider), and copies made from a warm original share its caches."""
    if hasattr(deps, "context"):
        deps.context()


async def refresh_coverage(deps: Any, every_s: float) -> None:
    """Single-flight (agent/market/catalog.py): runs keep the coverage they have while it reads."""
    import asyncio
    import logging

    while every_s > 0:
        await asyncio.sleep(every_s)
        try:
            await asyncio.to_thread(deps.catalog.check)
        except Exception:  # noqa: BLE001 - keep serving with the previous coverage
            logging.getLogger("askbar.server").exception("coverage refresh failed")


async def retention_sweeps(rt: Any) -> None:
    import asyncio
    import logging

    from agent.server.retention import prune_threads

    while rt.server.thread_retention_days > 0:
        try:
            await prune_threads(rt.graph.checkpointer, rt.traces, rt.server.thread_retention_days)
        except Exception:  # noqa: BLE001 - retry next time
            logging.getLogger("askbar.server").exception("thread retention failed")
        await asyncio.sleep(rt.server.retention_every_s)


class Runtime:
    def __init__(self, settings: Settings, server: ServerSettings, deps: Any, graph: Any,
                 buffer: EventBuffer, traces: Any, appdb: Any = None):
        from agent.server.limits import RunLimiter
        from agent.server.metrics import Metrics
        from agent.server.runs import RunManager

        self.settings, self.server, self.deps = settings, server, deps
        self.graph, self.buffer, self.traces = graph, buffer, traces
        self.appdb = appdb
        self.metrics = Metrics()
        self.runs = RunManager(self)
        self.auth = None
        if appdb is not None:
            from agent.identity.users import UserStore
            from agent.server.auth import Authenticator

            self.auth = Authenticator(UserStore(appdb), server.host, server.jwt_secret, server.auth_cache_s)
        self.limiter = RunLimiter(settings, server)
        self.scheduled: set = set()   # runs of schedules this server claimed (agent/server/scheduler.py)
        from agent.server.registry_owner import SharedRegistry

        # One Tool Registry for the REST/WebSocket API and graph runs, opened by the first user
        self.registry = SharedRegistry(self)
        self.websockets: dict[tuple[str, str], int] = {}   # open WebSockets per (tenant, user)
        deps.open_registry = self.registry.get
        from agent.registry.stats import registry_collector

        # The seed's registry metrics on /metrics in every deployment (workers may be elsewhere)
        self.registry_metrics = registry_collector(settings, lambda: self.registry.opened)
        self.metrics.registry.register(self.registry_metrics)

    def config(self, thread_id: str) -> dict:
        return {"configurable": {"thread_id": thread_id}}

    @classmethod
    @asynccontextmanager
    async def open(cls, settings: Settings | None = None, deps: Any = None,
                   server: ServerSettings | None = None) -> AsyncIterator["Runtime"]:
        import asyncio

        from agent.deps import build_deps
        from agent.server.auth import refuse_without_users
        from agent.storage.saver_adapter import check_saver
        from agent.storage.traces import TraceStore
        from graph import build_graph

        settings = settings or get_settings()
        server = server or ServerSettings()
        deps = deps or await asyncio.to_thread(build_deps, settings)
        async with AsyncExitStack() as stack:
            # the server's world (agent/services.py): closed last, after the runs and the registry
            stack.push_async_callback(asyncio.to_thread, deps.services.close)
            appdb = await asyncio.to_thread(lambda: deps.services.appdb)
            await asyncio.to_thread(refuse_without_users, appdb, server.host)
            saver = await stack.enter_async_context(async_checkpointer(settings, server.pg_checkpoint_pool))
            await check_saver(saver)  # retention/recovery SQL: refuse to start on a saver it cannot use
            traces = await asyncio.to_thread(TraceStore, settings)
            stack.callback(traces.close)
            buffer = make_buffer(settings, server)
            stack.push_async_callback(buffer.close)
            await buffer.warm(server.redis_warm_connections)
            rt = cls(settings, server, deps, build_graph(saver), buffer, traces, appdb)
            stack.push_async_callback(rt.limiter.close)
            await asyncio.to_thread(warm_deps, deps)
            from agent.llm.gemini_check import startup_check  # configured model ids

            await asyncio.to_thread(startup_check, deps.provider)
            refresher = asyncio.create_task(refresh_coverage(deps, server.coverage_refresh_s))
            sweeper = asyncio.create_task(retention_sweeps(rt))
            from agent.server.scheduler import schedule_ticks

            ticker = asyncio.create_task(schedule_ticks(rt))
            try:
                yield rt
            finally:
                refresher.cancel()
                sweeper.cancel()
                ticker.cancel()
                await rt.runs.shutdown(server.shutdown_grace_s)
                if rt.scheduled:   # scheduled runs just ended: their answers' delivery, briefly
                    await asyncio.wait(list(rt.scheduled), timeout=5)
                for task in list(rt.scheduled):
                    task.cancel()
                await asyncio.to_thread(rt.registry.close)
