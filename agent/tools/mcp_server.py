"""`askbar mcp`: the tool catalogue as an MCP server (official `mcp` SDK), stdio or streamable HTTP.

One server runs as ONE user, the one `--user` named when it started: list_tools shows the tools
that user's plan allows, and call_tool goes through the same ToolExecutor as the CLI, HTTP and the
graph (plan, rate limit, validation, cache, log). Tool arguments never choose the user.

Every tool carries MCP annotations (read-only, destructive, idempotent: agent/tools/exports.py).
A tool that changes something asks the client to confirm first (MCP elicitation, form mode) when
the client declared the elicitation capability; a decline or cancel does nothing. A client
without it gets the annotations only (its host decides, as the protocol leaves it).
"""
from __future__ import annotations

import json
from typing import Any

import mcp_types as types
from mcp.server.lowlevel import Server
from pydantic import BaseModel, Field

from agent.identity.models import User
from agent.tools.exports import mcp_tool

SERVER_NAME = "askbar-tools"


class Confirm(BaseModel):
    confirm: bool = Field(description="do it")


def _can_elicit(ctx: Any) -> bool:
    caps = getattr(ctx.session, "client_capabilities", None)
    return bool(caps is not None and caps.elicitation is not None and ctx.session.can_send_request)


async def _confirmed(ctx: Any, name: str, arguments: dict[str, Any]) -> bool:
    from mcp.server.elicitation import AcceptedElicitation, elicit_with_validation

    shown = json.dumps(arguments, ensure_ascii=False, default=str)
    answer = await elicit_with_validation(ctx.session, f"Run {name} with {shown}? It changes "
                                          "your account.", Confirm, related_request_id=ctx.request_id)
    return isinstance(answer, AcceptedElicitation) and answer.data.confirm


def _text_result(result: dict[str, Any]) -> types.CallToolResult:
    text = json.dumps(result, ensure_ascii=False, default=str)
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                structured_content=result, is_error=not result["success"])


def build_server(executor, user: User) -> Server:
    registry = executor.registry

    async def list_tools(ctx, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[types.Tool.model_validate(mcp_tool(s))
                                            for s in registry.available_for(user.plan)])

    async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        spec = registry.get(params.name)
        args = params.arguments or {}
        if spec is not None and spec.mutates and _can_elicit(ctx) \
                and not await _confirmed(ctx, spec.name, args):
            return _text_result({"success": False, "data": None, "metadata": {"tool_id": spec.id},
                                 "error": {"code": "NOT_CONFIRMED",
                                           "message": f"{spec.name} was not confirmed: nothing "
                                                      "was done"}})
        return _text_result(await executor.aexecute(params.name, args, user))

    return Server(SERVER_NAME, on_list_tools=list_tools, on_call_tool=call_tool)


async def run_stdio(executor, user: User) -> None:
    from mcp.server.stdio import stdio_server

    server = build_server(executor, user)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def http_app(executor, user: User, host: str = "127.0.0.1"):
    """A Starlette app serving streamable HTTP at /mcp."""
    return build_server(executor, user).streamable_http_app(host=host)


def serve(executor, user: User, *, transport: str = "stdio", host: str = "127.0.0.1",
          port: int = 8765) -> None:
    if transport == "stdio":
        import anyio

        anyio.run(run_stdio, executor, user)
        return
    import uvicorn

    uvicorn.run(http_app(executor, user, host), host=host, port=port, log_level="warning")
