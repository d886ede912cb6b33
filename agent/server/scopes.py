"""Which scope each route needs: the one table (DESIGN.md "Identity, tenants and plans"; the
scopes themselves: agent/identity/scopes.py). AuthMiddleware enforces it on every request: a
caller whose token lacks the scope gets 403 before the route runs. tests/server/test_scopes.py
checks every route of the app is listed here and calls each with a read-only JWT.

A requirement is a scope, PUBLIC (no token at all), TOOL_IN_PATH (the scope of the catalogue tool
the path names: `read`, `write` or `trade`, ToolSpec.scope), or BY_HANDLER, where the route
checks more than the table can say (the scope is in the comment and the handler's docstring).
"""
from __future__ import annotations

import re
from typing import Literal

from starlette.routing import compile_path

Requirement = Literal["read", "write", "trade", "admin", "public", "tool_in_path", "by_handler"]
PUBLIC: Requirement = "public"
TOOL_IN_PATH: Requirement = "tool_in_path"
BY_HANDLER: Requirement = "by_handler"

ROUTE_SCOPES: tuple[tuple[str, str, Requirement], ...] = (
    # the UI and health check
    ("GET", "/", PUBLIC), ("GET", "/healthz", PUBLIC), ("GET", "/favicon.ico", PUBLIC),
    ("GET", "/i18n/tables.js", PUBLIC), ("GET", "/vendor/plotly.min.js", PUBLIC),
    ("GET", "/api/ui/features", "read"),
    ("GET", "/metrics", "admin"),   # the operator: everything; a tenant admin: its tenant's series
    # AskBar chat, runs, threads, data, traces (read: GET and chat; a confirmed order in a chat
    # is still `trade`: the tool executor checks the run's scopes)
    ("POST", "/api/chat", "read"), ("POST", "/api/chat/{thread_id}/resume", "read"),
    ("GET", "/api/runs/{run_id}/stream", "read"), ("GET", "/api/threads/{thread_id}", "read"),
    ("GET", "/api/threads/{thread_id}/chart", "read"),
    ("GET", "/api/threads/{thread_id}/details", "read"),
    ("GET", "/api/threads/{thread_id}/turns", "read"), ("GET", "/api/data", "read"),
    ("GET", "/api/traces/{request_id}", "read"), ("GET", "/api/notifications", "read"),
    ("POST", "/api/notifications/{notification_id}/dismiss", "write"),
    # LangGraph-compatible API (chatting and reading threads)
    ("GET", "/info", "read"), ("GET", "/ok", "read"), ("POST", "/assistants/search", "read"),
    ("GET", "/assistants/{assistant_id}", "read"), ("GET", "/assistants/{assistant_id}/graph", "read"),
    ("POST", "/threads", "read"), ("POST", "/threads/search", "read"),
    ("GET", "/threads/{thread_id}", "read"), ("POST", "/threads/{thread_id}/runs/stream", "read"),
    ("GET", "/threads/{thread_id}/runs/{run_id}/stream", "read"),
    ("GET", "/threads/{thread_id}/runs/{run_id}", "read"), ("GET", "/threads/{thread_id}/state", "read"),
    ("GET", "/threads/{thread_id}/state/{checkpoint_id}", "read"),
    ("GET", "/threads/{thread_id}/history", "read"), ("POST", "/threads/{thread_id}/history", "read"),
    ("GET", "/assistants/{assistant_id}/schemas", "read"),
    ("POST", "/threads/{thread_id}/state/checkpoint", "read"),
    ("PATCH", "/threads/{thread_id}", "write"), ("DELETE", "/threads/{thread_id}", "write"),
    ("POST", "/threads/{thread_id}/runs", "read"), ("GET", "/threads/{thread_id}/runs", "read"),
    ("POST", "/threads/{thread_id}/runs/wait", "read"),
    ("POST", "/threads/{thread_id}/runs/{run_id}/cancel", "read"),
    ("GET", "/threads/{thread_id}/runs/{run_id}/join", "read"),
    ("POST", "/runs", "read"), ("POST", "/runs/stream", "read"), ("POST", "/runs/wait", "read"),
    # crons (scheduled questions): making or deleting one is `write`, as alerts; reading is `read`
    ("POST", "/runs/crons", "write"), ("POST", "/threads/{thread_id}/runs/crons", "write"),
    ("POST", "/runs/crons/search", "read"), ("POST", "/runs/crons/count", "read"),
    ("GET", "/runs/crons/{cron_id}", "read"), ("DELETE", "/runs/crons/{cron_id}", "write"),
    # the CLI as a client of the server (agent/server/cli_api.py): the caller's own account and
    # requests are read; loading market data and running an evaluation are the operator's (the
    # handler also requires the local user or a service JWT: a tenant admin is not the operator)
    ("GET", "/api/orders", "read"), ("GET", "/api/alerts", "read"), ("GET", "/api/portfolio", "read"),
    ("GET", "/api/history", "read"), ("POST", "/api/traces/{request_id}/replay", "read"),
    # exports of the caller's answered requests; a plan run again (the notebook export's call)
    ("GET", "/api/requests/{request_id}/export", "read"), ("POST", "/api/plans/run", "read"),
    ("POST", "/api/load", "admin"), ("POST", "/api/demo", "admin"), ("POST", "/api/eval", "admin"),
    ("POST", "/api/bars", "admin"),      # live bars (agent/server/bars_api.py), the operator's too
    ("GET", "/api/bars/last", "read"), ("GET", "/api/quotes", "read"),   # the UI's live price line
    # tools, memory
    ("GET", "/api/tools", "read"), ("GET", "/api/tools/{name}", "read"), ("POST", "/api/tools/{name}", TOOL_IN_PATH),
    ("GET", "/api/memory", "read"), ("DELETE", "/api/memory", "write"),
    # Tool Registry Service
    ("GET", "/api/v1/tools", "read"), ("GET", "/api/v1/tools/{tool_id}", "read"),
    ("POST", "/api/v1/tools", BY_HANDLER),                 # write; admin for a tenant tool (shared)
    ("POST", "/api/v1/tools/execute", BY_HANDLER),         # the scope of the tool in the body
    ("POST", "/api/v1/tools/async-execute", BY_HANDLER),   # the scope of the tool in the body
    ("GET", "/api/v1/tasks/{task_id}", "read"),
    ("POST", "/api/v1/orchestrator/tasks/{task_id}/callback", BY_HANDLER),  # task secret or registry
    ("POST", "/api/v1/orchestrator/service-auth/validate", "read"),
    ("WEBSOCKET", "/api/v1/ws", "read"),
)

_COMPILED = [(method, compile_path(path)[0], need) for method, path, need in ROUTE_SCOPES]
_STATIC = ("/static/",)


def required(method: str, path: str) -> Requirement | None:
    """The requirement of a request, None for a route not in the table (404 or 405 follow)."""
    if path.startswith(_STATIC):
        return PUBLIC
    method = "GET" if method == "HEAD" else method
    for m, regex, need in _COMPILED:
        if m == method and regex.match(path):
            return need
    return None


def tool_scope(name: str) -> str:
    """The scope of a catalogue tool by id or function name (`read` for an unknown one: it is
    refused as not found by the executor anyway)."""
    from agent.tools.registry import get_registry

    spec = get_registry().get(name)
    return spec.scope if spec is not None else "read"


def registry_tool_scope(tool_id: str) -> str:
    """A registry execution: a catalogue tool's own scope; a tenant's external tool may change
    anything on its side, so `write`."""
    from agent.tools.registry import get_registry

    spec = get_registry().get(tool_id)
    return spec.scope if spec is not None else "write"


def path_tool(path: str) -> str:
    return re.sub(r"^/api/tools/", "", path)
