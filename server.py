"""The Starlette app (wiring only): AskBar SSE chat and resume, run streams, threads, data, traces,
health and metrics, the LangGraph-compatible API subset, and the chat UI at /.

    askbar serve [--host 127.0.0.1] [--port 8000]       # or: uvicorn server:app

Middleware, outermost first: browser safety (Host, Origin, JSON bodies, security headers), CORS
(only when ASKBAR_CORS_ORIGINS is set), authentication (bearer token -> request.state.user),
metrics.
"""
from __future__ import annotations

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.routing import Route

from agent.deps import Deps
from agent.server import (
    bars_api,
    chat_api,
    cli_api,
    dismissed,
    exports_api,
    lg_api,
    memory_api,
    notifications_api,
    registry_api,
    tools_api,
    web,
)
from agent.server.app import RuntimeMetricsMiddleware, exception_handlers, lifespan_for, runtime_auth
from agent.server.auth import AuthMiddleware
from agent.server.guard import GuardMiddleware
from agent.server.metrics import metrics_endpoint
from agent.server.runtime import ServerSettings
from agent.settings import Settings


def create_app(settings: Settings | None = None, deps: Deps | None = None,
               server: ServerSettings | None = None) -> Starlette:
    """settings/deps/server default to the environment (tests pass their own)."""
    server = server or ServerSettings()
    routes = [*chat_api.routes, *lg_api.routes, *notifications_api.routes, *dismissed.routes, *tools_api.routes,
              *memory_api.routes, *registry_api.routes, *cli_api.routes, *exports_api.routes, *bars_api.routes,
              Route("/metrics", metrics_endpoint),
              *web.routes]
    middleware = [Middleware(GuardMiddleware, server_settings=server)]
    if server.cors_list:
        middleware.append(Middleware(CORSMiddleware, allow_origins=server.cors_list, allow_credentials=False,
                                     allow_methods=["GET", "POST", "PATCH", "DELETE"],
                                     allow_headers=["Authorization", "X-Api-Key", "Content-Type", "Last-Event-ID"],
                                     expose_headers=["X-Run-Id", "X-Thread-Id", "X-Request-Id", "Location",
                                                     "Content-Location"]))
    middleware += [Middleware(AuthMiddleware, authenticator_of=runtime_auth),
                   Middleware(RuntimeMetricsMiddleware)]
    return Starlette(routes=routes, lifespan=lifespan_for(settings, deps, server),
                     exception_handlers=exception_handlers,
                     middleware=middleware)


app = create_app()
