"""What a process knows of its store's contents (instruments, coverage), read once and shared by
every run, refreshed single-flight.

Every question reads the coverage (the planner's prompt, the executor's no-data check), so it is
cached. Refreshes never empty the cache: one caller at a time reads the store (a lock taken
without waiting), every other caller keeps the value it had meanwhile. Only a process that has
no value yet waits, for that one read. A load in this process calls `invalidate()` (the next
caller reads again); a load in another process moves the store's `coverage_version()`, which
`check()` (the server's periodic refresher) compares before reading anything more. Both reads
are small: the coverage comes from the ingests' bookkeeping (symbol_coverage), never from a
count over the one-minute table.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from agent.market.instruments import Instrument
from agent.market.store import SymbolSummary


@dataclass(frozen=True)
class Snapshot:
    instruments: list[Instrument]
    coverage: list[SymbolSummary]
    version: int | None            # the store's coverage_version() when read (None: no such call)


class Catalog:
    def __init__(self, store: Any):
        self.store = store
        self._lock = threading.Lock()        # held by the one caller reading the store
        self._snapshot: Snapshot | None = None
        self._wanted = 0                     # invalidations asked
        self._have = 0                       # invalidations the snapshot includes
        self.reads = 0                       # store reads so far (tests, metrics)

    def get(self) -> Snapshot:
        snap = self._snapshot
        if snap is not None and self._have >= self._wanted:
            return snap
        if snap is None:                     # nothing to serve yet: wait for the one read
            with self._lock:
                if self._snapshot is None or self._have < self._wanted:
                    self._read()
            assert self._snapshot is not None
            return self._snapshot
        if self._lock.acquire(blocking=False):   # stale: one caller reads, the others serve snap
            try:
                if self._have < self._wanted:
                    self._read()
            finally:
                self._lock.release()
        return self._snapshot or snap

    def invalidate(self) -> None:
        """After a load in this process: the next get() reads the store again."""
        self._wanted += 1

    def check(self) -> bool:
        """The periodic refresher: read again when the store's coverage version moved (a load in
        another process) or a reload is owed. True when it read. One refresh at a time: a check
        finding another one under way returns at once."""
        if not self._lock.acquire(blocking=False):
            return False
        try:
            version = self._version()
            snap = self._snapshot
            if snap is not None and self._have >= self._wanted and version == snap.version:
                return False
            self._read(version)
            return True
        finally:
            self._lock.release()

    def _version(self) -> int | None:
        probe = getattr(self.store, "coverage_version", None)
        return probe() if probe is not None else None

    def _read(self, version: int | None = None) -> None:
        """Under the lock. The version is read first: a load committing during the read moves it
        past the one kept, so the next check reads again."""
        wanted = self._wanted
        version = self._version() if version is None else version
        self.reads += 1
        self._snapshot = Snapshot(self.store.instruments(), self.store.summary(), version)
        self._have = wanted
