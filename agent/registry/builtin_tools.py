"""AskBar's catalogue tools (agent/tools) behind the registry: listed in the seed's ToolSummary
shape for the caller's plan, run by the one tool executor as the task's user (so plan permission,
rate limits, validation, cache and the execution log are the executor's, never bypassed)."""
from __future__ import annotations

import threading
from typing import Any, Callable

from agent.identity.models import User
from agent.settings import Settings


class ExecutorTools:
    """The registry's own ToolExecutor, made on first use over the world's app database and memory
    (agent/services.py): apart from the graph's, so registry tasks keep their own in-process rate
    limits and cache. Without a market store (a worker process) it opens one when a tool first runs."""

    def __init__(self, settings: Settings, store: Any, appdb: Any, memory: Callable[[], Any] | None = None):
        self._settings, self._store, self._appdb, self._memory = settings, store, appdb, memory
        self._executor: Any = None
        self._own_store: Any = None
        self._lock = threading.Lock()

    def _ex(self) -> Any:
        with self._lock:
            if self._executor is None:
                from agent.market.factory import open_store
                from agent.tools.executor import ToolExecutor

                store = self._store
                if store is None:
                    store = self._own_store = open_store(self._settings)
                self._executor = ToolExecutor(self._settings, store, self._appdb, memory=self._memory)
            return self._executor

    def list(self, user: User) -> list[dict[str, Any]]:
        from agent.tools.exports import inline_schema

        out = []
        for spec in self._ex().registry.available_for(user.plan):
            schema = inline_schema(spec.params)
            schema.pop("title", None)
            out.append({"tool_id": spec.id, "tool_name": spec.name, "description": spec.description,
                        "category": spec.category, "version": "1.0.0",
                        "required_plan": spec.required_plan, "parameters_schema": schema})
        return out

    def find(self, tool_id: str) -> dict[str, Any] | None:
        spec = self._ex().registry.get(tool_id) or self._ex().registry.by_id(tool_id)
        return {"tool_id": spec.id, "tool_name": spec.name} if spec else None

    def _name(self, tool_id: str) -> str:
        reg = self._ex().registry
        spec = reg.by_id(tool_id) or reg.get(tool_id)
        return spec.name if spec else tool_id

    def execute(self, user: User, tool_id: str, params: dict[str, Any], *,
                admitted: bool = False) -> dict[str, Any]:
        return self._ex().execute(self._name(tool_id), params, user, admitted=admitted)

    def admit(self, user: User, tool_id: str, params: dict[str, Any]) -> dict[str, Any]:
        """The executor's checks before the task is queued; counts the call when admitted."""
        return self._ex().admit(self._name(tool_id), params, user)

    def close(self) -> None:
        """Store the execution log's queued rows (before the app database closes) and close the
        market store opened here."""
        with self._lock:
            if self._executor is not None:
                self._executor.close()
            if self._own_store is not None:
                self._own_store.close()
            self._executor = self._own_store = None
