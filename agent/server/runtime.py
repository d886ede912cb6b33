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


class ServerSettings(BaseSettings):
    """Server knobs (environment prefix ASKBAR_)."""
    model_config = SettingsConfigDict(env_prefix="ASKBAR_", extra="ignore")

    run_ttl_s: int = 3600            # how long a finished run's events stay replayable
    run_stale_s: float = 30.0        # a running run without a heartbeat this long is lost (server died)
    max_body_bytes: int = 64_000     # larger request bodies get 413
    max_question_chars: int = 2000
    ping_s: float = 15.0             # SSE keep-alive comment interval
    shutdown_grace_s: float = 20.0   # running runs get this long to finish on shutdown
    pg_checkpoint_pool: int = 10
    coverage_refresh_s: float = 60.0  # re-read symbols and ranges (data loaded while serving)
    redis_warm_connections: int = 32  # opened at startup (a burst would open them one by one)
    max_concurrent_runs: int = 8     # graph runs executing at once; more wait (FIFO) after run_start


@asynccontextmanager
async def async_checkpointer(settings: Settings, pool_size: int = 10) -> AsyncIterator[Any]:
    if settings.database_url:
        from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
        from psycopg.rows import dict_row
        from psycopg_pool import AsyncConnectionPool

        kwargs = {"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row}
        async with AsyncConnectionPool(settings.database_url, max_size=pool_size, kwargs=kwargs,
                                       open=False) as pool:
            saver = AsyncPostgresSaver(pool)
            async with pool.connection() as conn:  # two processes starting at once: one migrates
                await conn.execute("SELECT pg_advisory_lock(48151624)")
                try:
                    await saver.setup()
                finally:
                    await conn.execute("SELECT pg_advisory_unlock(48151624)")
            yield saver
        return
    import aiosqlite
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    settings.home.mkdir(parents=True, exist_ok=True)
    async with aiosqlite.connect(settings.home / "checkpoints.sqlite", timeout=30) as conn:
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=NORMAL")  # WAL: durable across process crashes
        saver = AsyncSqliteSaver(conn)
        await saver.setup()
        yield saver


def make_buffer(settings: Settings, server: ServerSettings):
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
    import asyncio
    import logging

    while every_s > 0:
        await asyncio.sleep(every_s)
        try:
            await asyncio.to_thread(lambda: (deps.refresh(), warm_deps(deps)))
        except Exception:  # noqa: BLE001 - keep serving with the previous coverage
            logging.getLogger("askbar.server").exception("coverage refresh failed")


class Runtime:
    def __init__(self, settings: Settings, server: ServerSettings, deps: Any, graph: Any,
                 buffer: Any, traces: Any):
        from agent.server.metrics import Metrics
        from agent.server.runs import RunManager

        self.settings, self.server, self.deps = settings, server, deps
        self.graph, self.buffer, self.traces = graph, buffer, traces
        self.metrics = Metrics()
        self.runs = RunManager(self)

    def config(self, thread_id: str, deps: Any = None) -> dict:
        return {"configurable": {"thread_id": thread_id, "deps": deps or self.deps}}

    @classmethod
    @asynccontextmanager
    async def open(cls, settings: Settings | None = None, deps: Any = None,
                   server: ServerSettings | None = None) -> AsyncIterator["Runtime"]:
        import asyncio

        from agent.deps import build_deps
        from agent.traces import TraceStore
        from graph import build_graph

        settings = settings or get_settings()
        server = server or ServerSettings()
        async with AsyncExitStack() as stack:
            saver = await stack.enter_async_context(async_checkpointer(settings, server.pg_checkpoint_pool))
            deps = deps or await asyncio.to_thread(build_deps, settings)
            traces = await asyncio.to_thread(TraceStore, settings)
            stack.callback(traces.close)
            buffer = make_buffer(settings, server)
            stack.push_async_callback(buffer.close)
            if hasattr(buffer, "warm"):
                await buffer.warm(server.redis_warm_connections)
            rt = cls(settings, server, deps, build_graph(saver), buffer, traces)
            await asyncio.to_thread(warm_deps, deps)
            from agent.llm.gemini_check import startup_check  # configured model ids (issue 11)

            await asyncio.to_thread(startup_check, deps.provider)
            refresher = asyncio.create_task(refresh_coverage(deps, server.coverage_refresh_s))
            try:
                yield rt
            finally:
                refresher.cancel()
                await rt.runs.shutdown(server.shutdown_grace_s)
