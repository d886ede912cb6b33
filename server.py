"""The Starlette app (wiring only): AskBar SSE chat and resume, run streams, threads, data, traces,
health and metrics, the LangGraph-compatible API subset, and the chat UI at /.

    askbar serve [--host 127.0.0.1] [--port 8000]       # or: uvicorn server:app
"""
from __future__ import annotations

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Route

from agent.server import (chat_api, lg_api, memory_api, notifications_api, registry_api,
                          tools_api, web)
from agent.server.app import RuntimeMetricsMiddleware, exception_handlers, lifespan_for
from agent.server.metrics import metrics_endpoint


def create_app(settings=None, deps=None, server=None) -> Starlette:
    """settings/deps/server default to the environment (tests pass their own)."""
    routes = [*chat_api.routes, *lg_api.routes, *notifications_api.routes, *tools_api.routes,
              *memory_api.routes, *registry_api.routes, Route("/metrics", metrics_endpoint),
              *web.routes]
    return Starlette(routes=routes, lifespan=lifespan_for(settings, deps, server),
                     exception_handlers=exception_handlers,
                     middleware=[Middleware(RuntimeMetricsMiddleware)])


app = create_app()
