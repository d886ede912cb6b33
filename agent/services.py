"""One world's services: the app database, the tool executor, the tenant Tool Registry and memory.

A composition root builds one container (the server's Runtime, the CLI per command, the registry
worker, `build_deps` for graph callers) and every part of that world reads its services from it:
`Deps.services` in graph nodes, `ToolContext.memory` in tool handlers. Nothing lives in a module
global, so two containers (two Deps) in one process share no service: tests and replicas can hold
two independent worlds side by side.

Each service is opened on first use and kept for the container's life: an app database is a
Postgres pool or a SQLite connection plus its migration check, an executor holds its rate limiter
and result cache, the registry its queues and workers, memory its writer thread and store pool;
building any of them per call would cost a connection (and on Postgres a round trip or more) per
request. `close()` closes what was opened, in reverse order of dependence.
"""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from agent.settings import Settings

if TYPE_CHECKING:
    from agent.memory.service import Memory
    from agent.registry.service import Registry
    from agent.storage.appdb import AppDB
    from agent.tools.executor import ToolExecutor


class Services:
    """Built lazily: a command that lists users opens no memory, a run that calls no tool builds no
    executor, and the one lock makes two threads asking at once get the same object."""

    def __init__(self, settings: Settings, store: Any = None) -> None:
        self.settings = settings
        self.store = store                 # the market store the tool executor reads
        self._lock = threading.RLock()
        self._appdb: AppDB | None = None
        self._memory: Memory | None = None
        self._executor: ToolExecutor | None = None
        self._registry: Registry | None = None
        self._workers: list[threading.Thread] = []
        self._started = False
        self._stop = threading.Event()

    def __enter__(self) -> Services:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def appdb(self) -> AppDB:
        """The world's app database (one pool or connection: users, tools log, registry, ...)."""
        with self._lock:
            if self._appdb is None:
                from agent.storage.appdb import AppDB

                self._appdb = AppDB(self.settings)
            return self._appdb

    @property
    def memory(self) -> Memory:
        """One Memory per world: its writer thread orders a user's writes, and a read waits for
        the writes queued on this object, so every reader of the world must share it."""
        with self._lock:
            if self._memory is None:
                from agent.memory.service import Memory

                self._memory = Memory(self.settings)
            return self._memory

    @property
    def executor(self) -> ToolExecutor:
        """The world's ToolExecutor over its market store: rate limits and cache are shared by
        every run of the world."""
        with self._lock:
            if self._executor is None:
                if self.store is None:
                    raise RuntimeError("Services.executor: no market store was given to this world")
                from agent.tools.executor import ToolExecutor

                self._executor = ToolExecutor(self.settings, self.store, self.appdb,
                                              memory=lambda: self.memory)
            return self._executor

    def registry(self, *, run: bool = False) -> Registry:
        """The world's tenant Tool Registry on its app database. With `run`, in-process workers
        are started the first time (2 without Redis, none with Redis where `askbar registry
        worker` runs, unless configured); listing tools needs none, so a world that calls no
        tenant tool starts no thread."""
        with self._lock:
            if self._registry is None:
                from agent.registry.service import Registry

                self._registry = Registry.open(self.settings, db=self.appdb)
            if run and not self._started:
                from agent.registry.worker import start_workers

                s = self.settings
                n = s.registry_workers if s.registry_workers is not None else (0 if s.redis_url else 2)
                self._workers, self._started = start_workers(self._registry, n, self._stop), True
            return self._registry

    @property
    def opened(self) -> dict[str, bool]:
        """Which services this world has opened (nothing is opened by asking)."""
        return {"appdb": self._appdb is not None, "memory": self._memory is not None,
                "executor": self._executor is not None, "registry": self._registry is not None}

    def close(self, join_s: float = 15.0) -> None:
        """Stops the registry's workers, lets memory finish its queued writes, closes the rest."""
        with self._lock:
            self._stop.set()
            for t in self._workers:   # a worker books its last tasks before the database closes
                t.join(join_s)
            if self._registry is not None:
                self._registry.close()
            if self._executor is not None:       # its call log writes to the app database
                self._executor.close()
            if self._memory is not None:
                self._memory.close()
            if self._appdb is not None:
                self._appdb.close()
            self._appdb = self._memory = self._executor = self._registry = None
            self._workers, self._started, self._stop = [], False, threading.Event()
