"""The seed's registry metrics (seed 003 7.3) in every deployment, whichever process ran the task.

Workers count executions locally and flush them every second (and at the end of each batch) into
one Redis hash per deployment (`tool_registry:stats[:namespace]`, HINCRBY in one pipeline), or into
the registry's own in-process table without Redis. The server's `/metrics` reads that hash at scrape time through
`RegistryCollector`, so separate `askbar registry worker` processes are seen without a push gateway
and the numbers survive a worker restart.

Names are the seed's exactly: `tool_execution_duration_ms` (histogram), `tool_execution_success_rate`
(gauge), `tool_execution_error_count` (counter, exposed under that name: prometheus_client's
Counter appends `_total`, which made it `tool_execution_error_count_total`),
`tool_registry_queue_depth` (gauge per queue); every series carries `tenant_id`, so a tenant admin
is shown its own tenant's series only (agent/server/metrics.py). `tool_registry_redelivered_tasks`
counts tasks taken over from a worker that died holding them: their external call may have run
once already (the same Idempotency-Key, the task id, is sent again).
"""
from __future__ import annotations

import threading
from collections import Counter
from typing import Any, Callable

from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)

BUCKETS_MS = (5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 30000, 60000)
STATS_KEY = "tool_registry:stats"
_SEP = "\x1f"                      # field separator: tool ids never contain it


def stats_key(namespace: str) -> str:
    return f"{STATS_KEY}:{namespace}" if namespace else STATS_KEY


def _fields(tenant: str, tool_id: str, ms: float, code: str | None
            ) -> tuple[Counter[str], dict[str, float]]:
    t = f"{tenant}{_SEP}{tool_id}"
    counts: Counter[str] = Counter({f"d{_SEP}{tenant}": 1, f"k{_SEP}{tenant}": 0 if code else 1,
                                    f"c{_SEP}{t}": 1})
    for b in BUCKETS_MS:
        if ms <= b:
            counts[f"b{_SEP}{t}{_SEP}{b}"] += 1
    if code:
        counts[f"e{_SEP}{t}{_SEP}{code}"] += 1
    return counts, {f"s{_SEP}{t}": ms}


class MemoryStats:
    """The table for one process (embedded default): workers and /metrics share it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._data: dict[str, float] = {}

    def apply(self, counts: Counter[str], sums: dict[str, float]) -> None:
        with self._lock:
            for k, v in [*counts.items(), *sums.items()]:
                self._data[k] = self._data.get(k, 0) + v

    def read(self) -> dict[str, float]:
        with self._lock:
            return dict(self._data)


class RedisStats:
    def __init__(self, url: str, namespace: str = "", client: Any = None):
        from agent.storage.redis_client import redis_client

        self.r: Any = client or redis_client(url)
        self.key = stats_key(namespace)

    def apply(self, counts: Counter[str], sums: dict[str, float]) -> None:
        pipe = self.r.pipeline(transaction=False)
        for k, v in counts.items():
            if v:
                pipe.hincrby(self.key, k, v)
        for k, f in sums.items():
            pipe.hincrbyfloat(self.key, k, f)
        pipe.execute()

    def read(self) -> dict[str, float]:
        return {k: float(v) for k, v in self.r.hgetall(self.key).items()}


def open_stats(settings: Any) -> MemoryStats | RedisStats:
    """Redis: the deployment's shared table. Without: the registry's own (its in-process workers
    and the server that opened it share that Registry object)."""
    if settings.redis_url:
        return RedisStats(settings.redis_url, settings.registry_namespace)
    return MemoryStats()


class StatsBuffer:
    """A worker's local counts, flushed as one pipeline (never one Redis call per task)."""

    def __init__(self, sink: MemoryStats | RedisStats):
        self.sink = sink
        self._lock = threading.Lock()
        self._counts: Counter[str] = Counter()
        self._sums: dict[str, float] = {}

    def finished(self, tenant: str, tool_id: str, ms: float, code: str | None) -> None:
        counts, sums = _fields(tenant, tool_id, ms, code)
        with self._lock:
            self._counts.update(counts)
            for k, v in sums.items():
                self._sums[k] = self._sums.get(k, 0.0) + v

    def redelivered(self, tenant: str, n: int = 1) -> None:
        with self._lock:
            self._counts[f"r{_SEP}{tenant}"] += n

    def flush(self) -> None:
        with self._lock:
            counts, sums = self._counts, self._sums
            self._counts, self._sums = Counter(), {}
        if counts or sums:
            self.sink.apply(counts, sums)


class RegistryCollector:
    """Prometheus collector: the four seed metrics from the shared table and the queues, plus the
    redelivered tasks. `for_tenant(t)` is the same collector showing tenant t's series only."""

    def __init__(self, read: Callable[[], dict[str, float]],
                 depths: Callable[[str | None], dict[str, int]] | None = None,
                 tenant: str | None = None):
        self._read, self._depths, self._tenant = read, depths, tenant

    def for_tenant(self, tenant: str) -> "RegistryCollector":
        return RegistryCollector(self._read, self._depths, tenant)

    def _mine(self, tenant: str) -> bool:
        return self._tenant is None or tenant == self._tenant

    def collect(self):
        try:
            data = self._read()
        except Exception:  # noqa: BLE001 - a scrape must not fail when Redis is down
            data = {}
        split = [(k.split(_SEP), v) for k, v in sorted(data.items()) if _SEP in k]
        split = [(parts, v) for parts, v in split if self._mine(parts[1])]
        yield self._duration(data, split)
        # A counter (it only grows) exposed untyped: prometheus_client names a typed counter
        # `..._total`, and the seed's name is `tool_execution_error_count`.
        errors = Metric("tool_execution_error_count", "tool execution errors by tool and code "
                        "(a counter)", "unknown")
        for parts, v in split:
            if parts[0] == "e":
                errors.add_sample("tool_execution_error_count",
                                  {"tenant_id": parts[1], "tool_id": parts[2], "code": parts[3]}, v)
        yield errors
        rate = GaugeMetricFamily("tool_execution_success_rate",
                                 "share of finished executions that succeeded")
        done = sum(v for parts, v in split if parts[0] == "d")
        ok = sum(v for parts, v in split if parts[0] == "k")
        rate.add_metric([], ok / done if done else 1.0)
        yield rate
        again = CounterMetricFamily("tool_registry_redelivered_tasks", "tasks taken over from a "
                                    "worker that died holding them (their external call may run "
                                    "twice, with the same Idempotency-Key)", labels=["tenant_id"])
        for parts, v in split:
            if parts[0] == "r":
                again.add_metric([parts[1]], v)
        yield again
        depth = GaugeMetricFamily("tool_registry_queue_depth", "messages waiting or unacknowledged",
                                  labels=["queue"])
        try:
            for name, n in sorted((self._depths(self._tenant) if self._depths else {}).items()):
                depth.add_metric([name], n)
        except Exception:  # noqa: BLE001 - same: Redis down must not fail the scrape
            pass
        yield depth

    @staticmethod
    def _duration(data: dict[str, float], split: list) -> HistogramMetricFamily:
        h = HistogramMetricFamily("tool_execution_duration_ms", "tool execution time in ms",
                                  labels=["tenant_id", "tool_id"])
        for parts, count in split:
            if parts[0] != "c":
                continue
            t = f"{parts[1]}{_SEP}{parts[2]}"
            buckets = [(str(b), data.get(f"b{_SEP}{t}{_SEP}{b}", 0)) for b in BUCKETS_MS]
            h.add_metric(parts[1:3], buckets + [("+Inf", count)], data.get(f"s{_SEP}{t}", 0.0))
        return h


def registry_collector(settings: Any, opened: Callable[[], Any]) -> RegistryCollector:
    """The collector a server registers at start-up, whether or not it ever opens its registry:
    with Redis it reads the shared table and the streams (workers are other processes); without,
    the in-process table and the opened registry's queues."""
    queues = ("tool_execution", "tool_registration", "tool_discovery")
    if settings.redis_url:
        from agent.registry.queues import RedisStreamQueue

        stats = RedisStats(settings.redis_url, settings.registry_namespace)
        q = RedisStreamQueue(settings.redis_url, settings.registry_namespace)

        def depths(tenant: str | None) -> dict[str, int]:
            return {name: sum(q.depth(s) for s in q.streams(name) if _of(s, tenant))
                    for name in queues}
        return RegistryCollector(stats.read, depths)

    def read() -> dict[str, float]:
        reg = opened()
        return reg.stats.read() if reg is not None else {}

    def local_depths(tenant: str | None) -> dict[str, int]:
        reg = opened()
        return reg.depths(tenant) if reg is not None else {name: 0 for name in queues}
    return RegistryCollector(read, local_depths)


def _of(stream: str, tenant: str | None) -> bool:
    """A stream `queue:tenant` is shown to that tenant (to everyone when tenant is None)."""
    return tenant is None or stream.split(":", 1)[1] == tenant
