"""What one server process holds: deps (store, provider), the graph compiled with an async
checkpointer, the run event buffer, traces, metrics and the run manager.

Embedded default: AsyncSqliteSaver on ASKBAR_HOME/checkpoints.sqlite (the same file `askbar ask`
uses), in-process buffers, SQLite traces. With ASKBAR_DATABASE_URL: AsyncPostgresSaver; with
ASKBAR_REDIS_URL: Redis Streams buffers, so several processes serve the same threads and runs.
"""
from __future__ import annotations

from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any, AsyncIterator

from pydantic_settings import BaseSettings, SettingsConfigDict

from agent.settings import Settings, get_settings

CHECKPOINT_LOCK_KEY = 48151624


def _csv(value: str) -> list[str]:
    return [v.strip().lower() for v in (value or "").split(",") if v.strip()]


class ServerSettings(BaseSettings):
    """Server knobs (environment prefix ASKBAR_)."""
    model_config = SettingsConfigDict(env_prefix="ASKBAR_", extra="ignore")

    @property
    def host_names(self) -> list[str]:
        """Accepted Host names: the configured ones plus the bound address (unless a wildcard)."""
        names = _csv(self.allowed_hosts)
        if self.host not in ("0.0.0.0", "::", ""):
            names.append(f"[{self.host}]" if ":" in self.host else self.host.lower())
        return names

    @property
    def cors_list(self) -> list[str]:
        return _csv(self.cors_origins)

    run_ttl_s: int = 3600            # how long a finished run's events stay replayable
    run_stale_s: float = 30.0        # a running run without a heartbeat this long is lost (server died)
    max_body_bytes: int = 64_000     # larger request bodies get 413
    registry_max_body_bytes: int = 1_000_000   # /api/v1 bodies (tool schemas are larger): 413 past it
    max_question_chars: int = 2000
    ping_s: float = 15.0             # SSE keep-alive comment interval (0: no pings)
    sse_send_timeout_s: float = 30.0  # a client that takes longer to accept one SSE write is dropped
    sse_drain_s: float = 10.0        # on shutdown, open run streams forward this long, then `reconnect`
    shutdown_grace_s: float = 20.0   # running runs get this long to finish on shutdown
    pg_checkpoint_pool: int = 10
    coverage_refresh_s: float = 60.0  # re-read symbols and ranges (data loaded while serving)
    redis_warm_connections: int = 32  # opened at startup (a burst would open them one by one)
    max_concurrent_runs: int = 8     # graph runs executing at once; more wait (FIFO) after run_start
    # Identity and bounded work (issue 12)
    host: str = "127.0.0.1"          # the address `askbar serve` binds (local mode only on loopback)
    jwt_secret: str | None = None    # HS256 secret for service JWTs; none: JWTs are refused
    allowed_hosts: str = "localhost,127.0.0.1,[::1]"  # Host header names, comma-separated; "*": any
    cors_origins: str = ""           # comma-separated origins allowed cross-site (none: no CORS)
    rate_limit: str = "30/minute"    # chats + resumes per user (limits' moving window)
    max_queued_runs: int = 32        # runs waiting for a slot; past it new runs get 429
    max_user_runs: int = 4           # runs in flight (running or queued) per user
    max_json_depth: int = 32         # nesting of request bodies
    max_plan_steps: int = 20         # steps of a plan a client may send back (confirm_plan edits)
    auth_cache_s: float = 2.0        # how long "are there users?" is cached (local mode check)
    checkpoint_keep: int = 50        # checkpoints kept per thread after each run (0: keep all)
    thread_retention_days: float = 0  # delete threads idle this long (0: keep forever)
    retention_every_s: float = 3600  # how often the thread retention sweep runs


@asynccontextmanager
async def async_checkpointer(settings: Settings, pool_size: int = 10) -> AsyncIterator[Any]:
    if settings.database_url:
        from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
        from psycopg import AsyncConnection
        from psycopg.rows import DictRow, dict_row
        from psycopg_pool import AsyncConnectionPool

        kwargs = {"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row}
        # the explicit parameter tells the type checker what row_factory in kwargs does at run time
        async with AsyncConnectionPool[AsyncConnection[DictRow]](settings.database_url, max_size=pool_size,
                                                                 kwargs=kwargs, open=False,
                                                                 check=AsyncConnectionPool.check_connection
                                                                 ) as pool:
            from agent.pg_lock import apg_migration_lock

            saver = AsyncPostgresSaver(pool)
            async with pool.connection() as conn:  # several processes starting at once: one migrates
                async with apg_migration_lock(conn, CHECKPOINT_LOCK_KEY):
                    await AsyncPostgresSaver(conn).setup()  # on the lock's own connection
            yield saver
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


def make_buffer(settings: Settings, server: ServerSettings):
    from agent.server.buffer import MemoryBuffer

    local = MemoryBuffer(ttl_s=server.run_ttl_s, stale_s=server.run_stale_s)
    if settings.redis_url:
        from agent.server.redis_buffer import HybridBuffer, RedisBuffer

        return HybridBuffer(RedisBuffer(settings.redis_url, ttl_s=server.run_ttl_s,
                                        stale_s=server.run_stale_s), local)
    return local


def _refresh(deps: Any) -> None:
    deps.refresh()
    warm_deps(deps)


def warm_deps(deps: Any) -> None:
    """Fills the deps' caches (instruments, coverage) once: each run works on a shallow copy of the
    deps (its own recording provider), and copies made from a warm original share its caches."""
    if hasattr(deps, "context"):
        deps.context()


async def refresh_coverage(deps: Any, every_s: float) -> None:
    import asyncio
    import logging

    while every_s > 0:
        await asyncio.sleep(every_s)
        try:
            await asyncio.to_thread(_refresh, deps)
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
                 buffer: Any, traces: Any, appdb: Any = None):
        from agent.server.limits import RunLimiter
        from agent.server.metrics import Metrics
        from agent.server.runs import RunManager

        self.settings, self.server, self.deps = settings, server, deps
        self.graph, self.buffer, self.traces = graph, buffer, traces
        self.metrics = Metrics()
        self.runs = RunManager(self)
        self.auth = None
        if appdb is not None:
            from agent.identity.users import UserStore
            from agent.server.auth import Authenticator

            self.auth = Authenticator(UserStore(appdb), server.host, server.jwt_secret, server.auth_cache_s)
        self.limiter = RunLimiter(settings, server)
        from agent.server.registry_owner import SharedRegistry

        # One Tool Registry for the REST/WebSocket API and graph runs, opened by the first user
        self.registry = SharedRegistry(self)
        deps.open_registry = self.registry.get

    def config(self, thread_id: str) -> dict:
        return {"configurable": {"thread_id": thread_id}}

    @classmethod
    @asynccontextmanager
    async def open(cls, settings: Settings | None = None, deps: Any = None,
                   server: ServerSettings | None = None) -> AsyncIterator["Runtime"]:
        import asyncio

        from agent.appdb import open_appdb
        from agent.deps import build_deps
        from agent.saver_adapter import check_saver
        from agent.server.auth import refuse_without_users
        from agent.traces import TraceStore
        from graph import build_graph

        settings = settings or get_settings()
        server = server or ServerSettings()
        appdb = await asyncio.to_thread(open_appdb, settings)
        await asyncio.to_thread(refuse_without_users, appdb, server.host)
        async with AsyncExitStack() as stack:
            saver = await stack.enter_async_context(async_checkpointer(settings, server.pg_checkpoint_pool))
            await check_saver(saver)  # retention/recovery SQL: refuse to start on a saver it cannot use
            deps = deps or await asyncio.to_thread(build_deps, settings)
            traces = await asyncio.to_thread(TraceStore, settings)
            stack.callback(traces.close)
            buffer = make_buffer(settings, server)
            stack.push_async_callback(buffer.close)
            if hasattr(buffer, "warm"):
                await buffer.warm(server.redis_warm_connections)
            rt = cls(settings, server, deps, build_graph(saver), buffer, traces, appdb)
            stack.push_async_callback(rt.limiter.close)
            await asyncio.to_thread(warm_deps, deps)
            from agent.llm.gemini_check import startup_check  # configured model ids (issue 11)

            await asyncio.to_thread(startup_check, deps.provider)
            refresher = asyncio.create_task(refresh_coverage(deps, server.coverage_refresh_s))
            sweeper = asyncio.create_task(retention_sweeps(rt))
            try:
                yield rt
            finally:
                refresher.cancel()
                sweeper.cancel()
                await rt.runs.shutdown(server.shutdown_grace_s)
                await asyncio.to_thread(rt.registry.close)
