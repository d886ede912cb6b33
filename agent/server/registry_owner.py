"""The server's one Tool Registry, owned by the Runtime.

Opened lazily (a server whose users never touch tenant tools starts no worker thread) by whichever
comes first: the REST/WebSocket API (agent/server/registry_api.py) or a graph run calling a tenant
tool (agent/tools/tenant_step.py through `Deps.open_registry`). Both get the same object, so a task
the graph enqueues publishes its `tool.completed` on the event bus the WebSocket listens to; two
registries would each have their own in-process bus (embedded default) and the event would be lost.
"""
from __future__ import annotations

import logging
import threading
from typing import Any

log = logging.getLogger("askbar.registry")

class SharedRegistry:
    def __init__(self, rt: Any):
        self._rt = rt
        self._reg: Any = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    @property
    def opened(self) -> Any:
        """The registry if it was opened, else None (nothing is opened by asking)."""
        return self._reg

    def get(self) -> Any:
        """The registry, opened on the first call with its in-process workers (2 without Redis,
        none with Redis where `askbar registry worker` processes run, unless configured)."""
        reg = self._reg
        if reg is not None:
            return reg
        with self._lock:          # the API and graph runs (worker threads) may race to open it
            if self._reg is None:
                self._reg = self._open()
            return self._reg

    def _open(self) -> Any:
        from agent.registry.builtin_tools import ExecutorTools
        from agent.registry.service import Registry
        from agent.registry.worker import start_workers

        rt = self._rt
        services = rt.deps.services       # the server's world: its app database and memory
        builtin = ExecutorTools(rt.settings, rt.deps.store, services.appdb, lambda: services.memory)
        reg = Registry.open(rt.settings, builtin=builtin, db=services.appdb)
        n = rt.settings.registry_workers
        if n is None:
            n = 0 if rt.settings.redis_url else 2
        self._threads = start_workers(reg, n, self._stop)
        return reg

    def close(self, join_s: float = 15.0) -> None:
        """Stops the in-process workers (each polls with a short block) and closes the queues."""
        self._stop.set()
        # a worker winding down waits up to 5 s for its running tasks and then books them: the
        # app database must outlive it (closed under a worker, its results were lost)
        for t in self._threads:
            t.join(join_s)
            if t.is_alive():
                log.warning("registry worker %s still running after %.0f s; closing anyway", t.name, join_s)
        if self._reg is not None:
            self._reg.close()
