"""Tools over HTTP: `GET /api/tools` (what the caller's plan allows) and `POST /api/tools/{name}`
(the tool's parameters as the JSON body -> the executor's result object; HTTP 429 with Retry-After
for RATE_LIMIT, 200 for every other result, refusals included, as DESIGN.md says).

The caller comes only from `current_user(request)` (the token); a body never picks the user.
A tool that changes something honours an `Idempotency-Key` header (agent/tools/http_idempotency.py):
a retried POST acts once and gets the first response back (`Idempotent-Replayed: true`).
"""
from __future__ import annotations

from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from agent.identity.models import User
from agent.server.caller import current_user
from agent.server.http import HTTPError, read_json

MAX_BODY_BYTES = 64 * 1024


def executor_for(request: Request):
    """The server's ToolExecutor (its world's, agent/services.py): the graph's tool steps share it,
    so one user has one rate-limit window and one cache whichever way a tool is called."""
    from agent.tools.graph_step import executor_for_deps

    return executor_for_deps(request.app.state.runtime.deps)


async def list_tools(request: Request) -> JSONResponse:
    """The catalogue rows, or with `?format=openai|gemini|mcp` the tools in that client's shape;
    always only what the caller's plan allows."""
    from agent.tools.exports import EXPORT_FORMATS, catalogue_entry, export_tools

    user = current_user(request)
    registry = executor_for(request).registry
    fmt = request.query_params.get("format")
    if fmt is not None:
        if fmt not in EXPORT_FORMATS:
            raise HTTPError(400, "bad_parameter", f"format must be one of {', '.join(EXPORT_FORMATS)}")
        return JSONResponse({"format": fmt, "plan": user.plan,
                             "tools": export_tools(registry, user.plan, fmt)})
    # ?all=1: every declared tool, each saying whether the plan allows it (`askbar tools list`
    # beside a server reads it, so the CLI never builds the registry in its own process)
    specs = registry.all() if request.query_params.get("all") in ("1", "true") else registry.available_for(user.plan)
    return JSONResponse({"tools": [catalogue_entry(s, user.plan) for s in specs], "plan": user.plan})


async def show_tool(request: Request) -> JSONResponse:
    """One tool's declaration as `askbar tools show` prints it (agent/tools/describe.py)."""
    from agent.tools.describe import describe

    name = request.path_params["name"]
    info = describe(name, executor_for(request).registry)
    if info is None:
        raise HTTPError(404, "TOOL_NOT_FOUND", f"no tool named {name!r} (see GET /api/tools)")
    return JSONResponse(info)


def _response(result: dict[str, Any]) -> JSONResponse:
    from agent.server.ratelimit_headers import ratelimit_headers

    error = result["error"] or {}
    headers = ratelimit_headers((result.get("metadata") or {}).get("quota"))
    if error.get("code") == "RATE_LIMIT":
        headers["Retry-After"] = str(error.get("retry_after", 1))
        return JSONResponse(result, status_code=429, headers=headers)
    if error.get("code") == "LIMIT_REACHED":      # a per-user cap (agent/settings.py): no retry time
        return JSONResponse(result, status_code=429, headers=headers)
    return JSONResponse(result, headers=headers)


async def call_tool(request: Request) -> Response:
    user = current_user(request)
    body = await read_json(request, MAX_BODY_BYTES, required=False)
    name = request.path_params["name"]
    executor = executor_for(request)
    key = request.headers.get("idempotency-key")
    spec = executor.registry.get(name)
    if key is None or spec is None or not spec.mutates:   # reading twice is harmless
        return _response(await executor.aexecute(name, body, user))
    return await _once(executor, name, body, user, key)


async def _once(executor: Any, name: str, body: Any, user: User, key: str) -> Response:
    """A mutating call under the caller's Idempotency-Key: run once, then the stored response."""
    from agent.tools import http_idempotency as idem

    why = idem.bad_key(key)
    if why:
        raise HTTPError(400, "bad_idempotency_key", why)
    keys = idem.IdempotencyKeys(executor.appdb)
    claim = await anyio.to_thread.run_sync(keys.claim, user, key, idem.fingerprint(name, body))
    if claim.outcome == "mismatch":
        raise HTTPError(422, "idempotency_key_reused",
                        "this Idempotency-Key was used with another tool or body; use a new key")
    if claim.outcome == "in_progress":
        raise HTTPError(409, "idempotency_key_in_progress",
                        "a request with this Idempotency-Key is still running; retry later",
                        headers={"Retry-After": "1"})
    if claim.outcome == "replay":
        return Response(claim.response, status_code=claim.status_code, media_type="application/json",
                        headers={"Idempotent-Replayed": "true"})
    result: dict[str, Any] | None = None
    try:   # the executor key: the order itself is stored once even if this request dies midway
        result = await executor.aexecute(name, body, user,
                                         idempotency_key=idem.EXECUTOR_PREFIX + key)
        response = _response(result)
        if result.get("success"):
            await anyio.to_thread.run_sync(keys.complete, user, key, claim.token,
                                           response.status_code, bytes(response.body).decode())
        return response
    finally:
        if result is None or not result.get("success"):   # refused, failed or cut: a retry runs
            with anyio.CancelScope(shield=True):
                await anyio.to_thread.run_sync(keys.release, user, key, claim.token)


routes = [
    Route("/api/tools", list_tools, methods=["GET"]),
    Route("/api/tools/{name}", call_tool, methods=["POST"]),
    Route("/api/tools/{name}", show_tool, methods=["GET"]),
]
