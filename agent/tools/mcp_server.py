"""`askbar mcp`: the tool catalogue as an MCP server (official `mcp` SDK), stdio or streamable HTTP.

One server runs as ONE user, the one `--user` named when it started: list_tools shows the tools
that user's plan allows, and call_tool goes through the same ToolExecutor as the CLI, HTTP and the
graph (plan, rate limit, validation, cache, log). Tool arguments never choose the user.
"""
from __future__ import annotations

import json
from typing import Any

import mcp_types as types
from mcp.server.lowlevel import Server

from agent.identity.models import User
from agent.tools.exports import inline_schema

SERVER_NAME = "askbar-tools"


def build_server(executor, user: User) -> Server:
    registry = executor.registry

    async def list_tools(ctx, params) -> types.ListToolsResult:
        tools = []
        for spec in registry.available_for(user.plan):
            schema = inline_schema(spec.params)
            schema.pop("title", None)
            tools.append(types.Tool(name=spec.name, description=spec.description,
                                    input_schema=schema))
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        result: dict[str, Any] = await executor.aexecute(params.name, params.arguments or {}, user)
        text = json.dumps(result, ensure_ascii=False, default=str)
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                    structured_content=result, is_error=not result["success"])

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
