"""Tools over HTTP: `GET /api/tools` (what the caller's plan allows) and `POST /api/tools/{name}`
(the tool's parameters as the JSON body -> the executor's result object; HTTP 429 with Retry-After
for RATE_LIMIT, 200 for every other result, refusals included, as DESIGN.md says).

The caller comes only from `current_user(request)` (the token); a body never picks the user.
"""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from agent.server.caller import current_user
from agent.server.http import read_json

MAX_BODY_BYTES = 64 * 1024


def executor_for(request: Request):
    """The process's ToolExecutor for the runtime's store: the graph's tool steps share it, so one
    user has one rate-limit window and one cache whichever way a tool is called."""
    from agent.tools.graph_step import executor_for_deps

    return executor_for_deps(request.app.state.runtime.deps)


async def list_tools(request: Request) -> JSONResponse:
    from agent.tools.exports import catalogue_entry

    user = current_user(request)
    specs = executor_for(request).registry.available_for(user.plan)
    return JSONResponse({"tools": [catalogue_entry(s, user.plan) for s in specs],
                         "plan": user.plan})


async def call_tool(request: Request) -> JSONResponse:
    user = current_user(request)
    body = await read_json(request, MAX_BODY_BYTES, required=False)
    name = request.path_params["name"]
    result = await executor_for(request).aexecute(name, body, user)
    error = result["error"] or {}
    if error.get("code") == "RATE_LIMIT":
        return JSONResponse(result, status_code=429,
                            headers={"Retry-After": str(error.get("retry_after", 1))})
    return JSONResponse(result)


routes = [
    Route("/api/tools", list_tools, methods=["GET"]),
    Route("/api/tools/{name}", call_tool, methods=["POST"]),
]
