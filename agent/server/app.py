"""App factory pieces used by server.py: lifespan (opens a Runtime), error handlers, middleware."""
from __future__ import annotations

import logging
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse

from agent.server.http import HTTPError, http_error_handler

log = logging.getLogger("askbar.server")


def lifespan_for(settings: Any = None, deps: Any = None, server: Any = None):
    """A Starlette lifespan that opens the Runtime (checkpointer, store, buffer, traces)."""
    from agent.server.logs import setup_logging
    from agent.server.runtime import Runtime

    @asynccontextmanager
    async def lifespan(app: Starlette):
        setup_logging()
        async with Runtime.open(settings=settings, deps=deps, server=server) as rt:
            app.state.runtime = rt
            log.info("server ready", extra={"status": rt.settings.engine})
            yield
    return lifespan


async def _starlette_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
    return await http_error_handler(request, HTTPError(exc.status_code, code, str(exc.detail)))


async def _internal_error(request: Request, exc: Exception) -> JSONResponse:
    if _is_redis_error(exc):
        # Redis down: what has no fallback (the registry's queues) says so and when
        # to retry, instead of a 500 with the connection's text
        log.warning("Redis unavailable: %s", " ".join(str(exc).split())[:200],
                    extra={"path": request.url.path})
        return await http_error_handler(request, HTTPError(
            503, "redis_unavailable", "a service this request needs (Redis) is unavailable; "
            "retry in a few seconds", headers={"Retry-After": "5"}))
    if _is_db_connection_error(exc):
        log.warning("database unavailable: %s", type(exc).__name__, extra={"path": request.url.path})
        return await http_error_handler(request, HTTPError(
            503, "database_unavailable", "the database is unavailable; retry in a few seconds",
            headers={"Retry-After": "5"}))
    log.exception("unhandled error", extra={"path": request.url.path})
    # The exception's text stays in the log (it can name internal hosts and ports)
    return await http_error_handler(request, HTTPError(
        500, "internal_error", f"internal error ({type(exc).__name__}); the server log has the details"))


def _is_redis_error(exc: BaseException) -> bool:
    try:
        import redis
    except ImportError:
        return False
    return isinstance(exc, redis.RedisError)


def _is_db_connection_error(exc: BaseException) -> bool:
    try:
        from agent.storage.pg_check import is_connection_error
    except ImportError:
        return False
    return is_connection_error(exc)


def _redis_error_class() -> type[BaseException] | None:
    try:
        import redis
    except ImportError:
        return None
    return redis.RedisError


exception_handlers: dict[Any, Any] = {HTTPError: http_error_handler, StarletteHTTPException: _starlette_error,
                                      Exception: _internal_error}
# Redis errors by their own class: Starlette answers those in its exception middleware. The catch-all
# `Exception` handler runs in ServerErrorMiddleware, which sends the 503 and then re-raises, and
# uvicorn closes the keep-alive connection: the client's next request on it was reset (seen in CI).
if (_redis_error := _redis_error_class()) is not None:
    exception_handlers[_redis_error] = _internal_error
try:   # the same for a lost database connection (a Postgres restart): a told 503, never a reset
    import psycopg
    from psycopg_pool import PoolTimeout

    exception_handlers[psycopg.OperationalError] = _internal_error
    exception_handlers[PoolTimeout] = _internal_error
except ImportError:
    pass


async def _cap_reached(request: Request, exc: Exception) -> JSONResponse:
    from agent.settings import CapReached

    assert isinstance(exc, CapReached)
    return await http_error_handler(request, HTTPError(429, "limit_reached", str(exc),
                                                       limit=exc.limit, kind=exc.kind))


def _add_cap_handler() -> None:
    from agent.settings import CapReached

    exception_handlers[CapReached] = _cap_reached


_add_cap_handler()


def runtime_auth(scope) -> Any:
    """The running app's Authenticator (None before startup: nothing is served then anyway)."""
    rt = getattr(getattr(scope.get("app"), "state", None), "runtime", None)
    return getattr(rt, "auth", None)


class RuntimeMetricsMiddleware:
    """MetricsMiddleware bound lazily: the Runtime (and its registry) exists only after startup."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        rt = getattr(getattr(scope.get("app"), "state", None), "runtime", None)
        if scope["type"] != "http" or rt is None:
            return await self.app(scope, receive, send)
        from agent.server.metrics import MetricsMiddleware

        return await MetricsMiddleware(self.app, rt.metrics)(scope, receive, send)
