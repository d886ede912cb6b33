"""`askbar mcp` beside a running server: the MCP server runs here (stdio or HTTP, as in process) and
each tool call goes to the server's POST /api/tools/{name} as the CLI's user, so the market store is
opened by the server alone. The tool list comes from the declarations and the plan the server reports."""
from __future__ import annotations

import argparse
import asyncio
from typing import Any

from agent.cli.client import Client, ServerError, segment


class RemoteExecutor:
    """What agent.tools.mcp_server needs of an executor: the registry and aexecute()."""

    def __init__(self, client: Client):
        from agent.tools.registry import get_registry

        self.client, self.registry = client, get_registry()

    def _call(self, name: str, params: dict[str, Any]) -> dict[str, Any]:
        try:
            result = self.client.call("POST", f"/api/tools/{segment(name)}", params, ok=(200, 429))
        except ServerError as exc:   # the MCP client gets the refusal as a tool error, not a crash
            return {"success": False, "data": None, "error": {"code": exc.code, "message": exc.message},
                    "metadata": {}}
        return result

    async def aexecute(self, name: str, params: dict[str, Any], user: Any = None, **_: Any) -> dict[str, Any]:
        return await asyncio.to_thread(self._call, name, params)


def serve_remote(client: Client, args: argparse.Namespace) -> None:
    from agent.identity.models import LOCAL_USER
    from agent.tools.mcp_server import serve

    plan = client.call("GET", "/api/tools")["plan"]
    user = LOCAL_USER.model_copy(update={"plan": plan})   # only the plan is read: the server knows the user
    serve(RemoteExecutor(client), user, transport=args.transport, host=args.host, port=args.port)
