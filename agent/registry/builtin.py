"""AskBar's own tools (agent/tools) as registry tools: listed per plan, run through the tool executor
as the task's user, so permissions, rate limits, validation, cache and the execution log apply."""
from __future__ import annotations

from typing import Any, Protocol

from agent.identity.models import User


class BuiltinTools(Protocol):
    def list(self, user: User) -> list[dict[str, Any]]: ...
    def find(self, tool_id: str) -> dict[str, Any] | None: ...
    def execute(self, user: User, tool_id: str, params: dict[str, Any], *,
                admitted: bool = False) -> dict[str, Any]: ...
    def admit(self, user: User, tool_id: str, params: dict[str, Any]) -> dict[str, Any]: ...
    def close(self) -> None: ...


class NoBuiltinTools:
    """For a registry without the tools system (tests of the queue machinery alone)."""

    def list(self, user: User) -> list[dict[str, Any]]:
        return []

    def find(self, tool_id: str) -> dict[str, Any] | None:
        return None

    def execute(self, user: User, tool_id: str, params: dict[str, Any], *,
                admitted: bool = False) -> dict[str, Any]:
        return self.admit(user, tool_id, params)

    def admit(self, user: User, tool_id: str, params: dict[str, Any]) -> dict[str, Any]:
        return {"success": False, "data": None, "metadata": {},
                "error": {"code": "TOOL_NOT_FOUND", "message": f"no tool {tool_id!r}"}}

    def close(self) -> None:
        return None
